"""The component-library SPA: our team page (tests/realapps/element-plus/index.html) on Element Plus and
Vue, both installed from npm into that folder by ./dev; every control on it is Element Plus's. Served as
static files: the team lives in the page, so every page load starts from the seeded four members.
Usage: python element_plus_team.py PORT"""

import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SITE = Path(__file__).resolve().parents[1] / "element-plus"

class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

if __name__ == "__main__":
    if not (SITE / "node_modules" / "element-plus").is_dir():
        sys.exit(f"{SITE}/node_modules is missing: `./dev setup` installs Element Plus there (npm ci)")
    handler = functools.partial(QuietHandler, directory=str(SITE))
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), handler).serve_forever()
