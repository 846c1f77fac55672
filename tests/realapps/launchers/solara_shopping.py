"""Solara's own server (``solara run --production``) on a small shopping list of our own: an input, an
Add button, a filter of toggle buttons and a checkbox per item, each a Vuetify component drawn in the
browser and run by the app's Python side over a Jupyter kernel's websocket (every click a message to the
server, the page redrawn from its answer). Only the app file is ours, written into a new folder; solara-
assets serves the JavaScript and CSS (no CDN); telemetry off. Usage: python solara_shopping.py PORT"""

import os
import sys
import tempfile
from pathlib import Path

APP = '''import solara

items = solara.reactive([])
text = solara.reactive("")
shown = solara.reactive("all")


@solara.component
def Page():
    solara.Title("Shopping list")
    with solara.Card("Shopping list"):
        solara.InputText("New item", value=text, continuous_update=False)

        def add():
            if text.value.strip():
                items.value = [*items.value, {"name": text.value.strip(), "done": False}]
                text.value = ""

        solara.Button("Add", on_click=add, color="primary")
        solara.ToggleButtonsSingle(value=shown, values=["all", "open", "done"])
        for index, item in enumerate(items.value):
            if shown.value != "all" and (shown.value == "done") != item["done"]:
                continue

            def toggle(value, index=index):
                changed = list(items.value)
                changed[index] = {**changed[index], "done": value}
                items.value = changed

            solara.Checkbox(label=item["name"], value=item["done"], on_value=toggle)
        solara.Markdown(f"{sum(not item['done'] for item in items.value)} open")
'''

folder = Path(tempfile.mkdtemp(prefix="solara-"))
(folder / "shopping.py").write_text(APP)
os.environ.update(HOME=str(folder), SOLARA_TELEMETRY_MIXPANEL_ENABLE="False")
os.chdir(folder)
os.execv(sys.executable, [sys.executable, "-m", "solara", "run", "shopping.py", "--host", "127.0.0.1",
                          "--port", sys.argv[1], "--production"])
