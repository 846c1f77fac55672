"""marimo's notebook editor (``marimo edit``) on a small seeded notebook: each cell a CodeMirror editor,
run by the app's Python kernel, outputs redrawn over a websocket. Only the notebook is ours, copied
fresh into a new folder (marimo saves edits into it) with a fresh home (its caches) whose config says
one thing: run the notebook when it opens (marimo's ``auto_instantiate``), as its author would.
Usage: python marimo_notebook.py PORT"""

import os
import sys
import tempfile
from pathlib import Path

NOTEBOOK = '''import marimo

app = marimo.App()


@app.cell
def _():
    price = 12
    quantity = 3
    return price, quantity


@app.cell
def _(price, quantity):
    total = price * quantity
    print(f"Order total: {total}")
    return (total,)


if __name__ == "__main__":
    app.run()
'''

folder = Path(tempfile.mkdtemp(prefix="marimo-"))
(folder / "orders.py").write_text(NOTEBOOK)
(folder / ".config" / "marimo").mkdir(parents=True)
(folder / ".config" / "marimo" / "marimo.toml").write_text("[runtime]\nauto_instantiate = true\n")
os.environ.update(HOME=str(folder), XDG_CONFIG_HOME=str(folder / ".config"), XDG_CACHE_HOME=str(folder / ".cache"))
os.chdir(folder)
os.execv(sys.executable, [sys.executable, "-m", "marimo", "edit", "orders.py", "--headless", "--host", "127.0.0.1",
                          "--port", sys.argv[1], "--no-token", "--skip-update-check", "--no-sandbox"])
