"""A Dash app built from Dash's own components: a dropdown that filters a DataTable whose rows can be
sorted from the header and deleted from their first cell (Dash draws both as script-wired cells and
icons, with no test ids). Only the data and the layout are ours. Usage: python dash_table.py PORT"""

import sys

from dash import Dash, Input, Output, dash_table, dcc, html

PLANETS = [
    {"planet": "Mercury", "kind": "rocky", "moons": 0}, {"planet": "Venus", "kind": "rocky", "moons": 0},
    {"planet": "Earth", "kind": "rocky", "moons": 1}, {"planet": "Mars", "kind": "rocky", "moons": 2},
    {"planet": "Jupiter", "kind": "giant", "moons": 95}, {"planet": "Saturn", "kind": "giant", "moons": 146},
    {"planet": "Uranus", "kind": "giant", "moons": 28}, {"planet": "Neptune", "kind": "giant", "moons": 16},
]

app = Dash(__name__, title="Planets")
app.layout = html.Main([
    html.H1("Planets"),
    html.Label("Kind", htmlFor="kind"),
    dcc.Dropdown(id="kind", options=["all", "rocky", "giant"], value="all", clearable=False),
    dash_table.DataTable(id="planets", columns=[{"name": c.title(), "id": c} for c in ("planet", "kind", "moons")],
                         data=PLANETS, sort_action="native", row_deletable=True),
    html.P(id="count"),
])


@app.callback(Output("planets", "data"), Input("kind", "value"))
def filter_planets(kind: str) -> list[dict]:
    return [p for p in PLANETS if kind == "all" or p["kind"] == kind]


@app.callback(Output("count", "children"), Input("planets", "data"))
def count_planets(rows: list[dict]) -> str:
    return f"{len(rows)} planets shown"


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]), debug=False)
