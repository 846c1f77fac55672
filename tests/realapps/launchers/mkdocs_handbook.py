"""MkDocs with the Material theme, as a documentation site ships: built once per start from a small
handbook of our own (in a temporary folder) and served as static files. The search box (lunr in a web
worker, answering key by key), the content tabs, the collapsible notes, the code blocks' copy button and
the light/dark switch are Material's. Usage: python mkdocs_handbook.py PORT"""

import functools
import signal
import sys
import tempfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CONFIG = """\
site_name: Garden Handbook
theme:
  name: material
  features: [navigation.tabs, search.suggest, search.highlight, content.tabs.link, content.code.copy]
  palette:
    - scheme: default
      toggle: {icon: material/brightness-7, name: Switch to dark mode}
    - scheme: slate
      toggle: {icon: material/brightness-4, name: Switch to light mode}
plugins: [search]
markdown_extensions:
  - admonition
  - pymdownx.details
  - pymdownx.superfences
  - pymdownx.tabbed: {alternate_style: true}
nav:
  - Home: index.md
  - Plants: [plants/tomatoes.md, plants/basil.md, plants/thyme.md]
  - Soil: soil.md
"""

PAGES = {
    "index.md": """# Garden Handbook

Growing vegetables and herbs on a balcony: what to plant, when to water, which soil to use.

??? note "Watering schedule"
    Water the tomatoes every morning and the herbs every other day.
""",
    "plants/tomatoes.md": """# Tomatoes

Tomatoes need six hours of sun. Pinch out the side shoots every week.

=== "Cherry"
    Cherry tomatoes ripen in 60 days.

=== "Beefsteak"
    Beefsteak tomatoes ripen in 85 days.

```bash
pip install tomato-tracker
```
""",
    "plants/basil.md": "# Basil\n\nBasil likes warmth. Harvest the top leaves to keep it bushy.\n",
    "plants/thyme.md": "# Thyme\n\nThyme wants little water and a sunny, dry corner.\n",
    "soil.md": "# Soil\n\nUse a peat-free compost mixed with perlite for drainage.\n",
}


def build(folder: Path) -> Path:
    """The handbook's sources in ``folder``, built into ``folder/site`` by MkDocs."""
    (folder / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for name, text in PAGES.items():
        page = folder / "docs" / name
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(text, encoding="utf-8")
    from mkdocs.commands.build import build as build_site
    from mkdocs.config import load_config
    build_site(load_config(str(folder / "mkdocs.yml"), site_dir=str(folder / "site")))
    return folder / "site"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:      # noqa: A002 - the base class's name
        pass


if __name__ == "__main__":
    with tempfile.TemporaryDirectory(prefix="verdex-mkdocs-") as folder:
        site = build(Path(folder))
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))   # so the folder is removed
        server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), functools.partial(QuietHandler, directory=str(site)))
        server.daemon_threads = True
        server.serve_forever()
