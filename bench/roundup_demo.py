"""Roundup's demo tracker (the classic template over SQLite) on 127.0.0.1, for trying verdex on it as a new
user would (docs/realapps.md, "Roundup"). Only the start is ours; every page is Roundup's.

Roundup is not in the corpus: install it in a virtualenv of its own (`python3 -m venv /tmp/roundup-venv &&
/tmp/roundup-venv/bin/pip install roundup`) and run this with that python. `roundup-demo` makes the tracker
(users admin/admin and demo/demo) and then refuses to serve as root, so the tracker is made with
`roundup.demo.install_demo`, its web URL set to the address it is served on (Roundup refuses a form posted from
another origin), and served by `roundup-server` (as `nobody` when run as root).

    /tmp/roundup-venv/bin/python bench/roundup_demo.py 8917 /tmp/roundup-home    # http://127.0.0.1:8917/demo/
"""

import os
import shutil
import sys
from pathlib import Path


def make_tracker(home: Path, port: int) -> None:
    from roundup.admin import AdminTool
    from roundup.demo import install_demo
    classic = AdminTool().listTemplates()["classic"]["path"]
    install_demo(str(home), "sqlite", classic, use_port=port, use_host="127.0.0.1")


def serve(port: int, home: Path) -> None:
    if not (home / "config.ini").exists():
        make_tracker(home, port)
    server = [str(Path(sys.executable).with_name("roundup-server")), "-n", "127.0.0.1", "-p", str(port), "-t", "thread"]
    if os.getuid() == 0:
        shutil.chown(home, "nobody", "nogroup")
        for path in home.rglob("*"):
            shutil.chown(path, "nobody", "nogroup")
        server += ["-u", "nobody", "-g", "nogroup"]
    os.execv(server[0], server + [f"demo={home}"])


if __name__ == "__main__":
    serve(int(sys.argv[1]), Path(sys.argv[2]).resolve())
