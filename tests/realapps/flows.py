"""Flows on the real apps, each driven by the scripted agent of tests/flows/agent.py: it reads the
snapshot text verdex returns and picks refs from it by role and name, as a model would.

Every flow starts from the app's freshly seeded data. ``FLOWS`` maps "app/flow" to the flow; the
first flow of each app is the one the suite runs (tests/test_realapps.py and test_realapps_kinds.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from tests.flows.agent import Agent, AgentError, recording_client
from tests.realapps.apps import APPS, RealApp


@dataclass(frozen=True)
class Flow:
    app: RealApp
    name: str
    what: str
    steps: Callable[[Agent, str], Awaitable[None]]

    @property
    def key(self) -> str:
        return f"{self.app.name}/{self.name}"

    async def record(self, base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
        async with recording_client(recording_path) as client:
            agent = Agent(client, verbose=verbose)
            await agent.navigate(base_url + self.app.path)
            await self.steps(agent, base_url)
            return agent


# ------------------------------------------------------------------------------------ Flask-Admin
async def flask_admin_delete(agent: Agent, base_url: str) -> None:
    """Delete one book from the list: its row has no name of its own, only its cells."""
    await agent.click("button", "Delete Record", after=("row", "Select record Frank Herbert Dune 9.99"))
    await agent.answer_dialog(accept=True)
    await agent.verify_text("Record was successfully deleted.")


async def flask_admin_sort(agent: Agent, base_url: str) -> None:
    """Sort the list by price: only the query string changes."""
    sorted_ = await agent.click("link", "Price")
    await agent.verify_url(agent.proposal(sorted_, "url"))


async def flask_admin_edit(agent: Agent, base_url: str) -> None:
    """Open one book's edit form from its row's pencil icon, change the price, save."""
    await agent.click("link", "Edit Record", after=("row", "Select record Jane Austen Emma 4.50"))
    await agent.fill("spinbutton", "Price", "5.25")
    await agent.click("button", "Save")
    await agent.verify_text("Record was successfully saved.")


# ------------------------------------------------------------------------------------ NiceGUI
async def nicegui_delete(agent: Agent, base_url: str) -> None:
    """Delete one todo with its card's icon button, which has no name: only its card tells it apart."""
    await agent.click("button", "", after=("text", "Walk the dog"), expect_text="1 of 2 left")
    await agent.verify_text("1 of 2 left")


async def nicegui_complete(agent: Agent, base_url: str) -> None:
    """Tick the first todo's unlabelled checkbox: the list is redrawn by the server over a websocket."""
    await agent.click("checkbox", "", expect_text="1 of 3 left")
    await agent.verify_text("1 of 3 left")


async def nicegui_add(agent: Agent, base_url: str) -> None:
    """Add a todo: a new card appears with the same unnamed controls as the others."""
    await agent.fill("textbox", "New todo", "Call mum")
    await agent.click("button", "Add", expect_text="3 of 4 left")
    await agent.verify_text("3 of 4 left")


# ------------------------------------------------------------------------------------ MLflow
async def mlflow_experiments(agent: Agent, base_url: str) -> None:
    """Open the experiments list from the sidebar: only the hash changes (#/experiments)."""
    opened = await agent.click("link", "Experiments")
    await agent.verify_url(agent.proposal(opened, "url"))
    await agent.verify_element("link", "churn-model", "visible")


async def mlflow_open_experiment(agent: Agent, base_url: str) -> None:
    """Open one experiment from the list: its id is in the hash route (#/experiments/1)."""
    await agent.click("link", "Experiments")
    opened = await agent.click("link", "price-forecast")
    await agent.verify_url(agent.proposal(opened, "url"))


# ------------------------------------------------------------------------------------ Streamlit
async def streamlit_dataframe(agent: Agent, base_url: str) -> None:
    """Open the DataFrame demo from the sidebar: the page is rendered over a websocket after the URL changes
    (its data comes from the internet, so offline the demo shows its error: the flow checks the page, not the data)."""
    await agent.wait_for_text("Welcome to Streamlit")      # the app has drawn its first page over the websocket
    await agent.click("link", "DataFrame demo")
    await agent.verify_url("/dataframe_demo")          # where the snapshot said the link goes
    await agent.verify_element("link", "UN Data Explorer", "visible")


async def streamlit_collapse_sidebar(agent: Agent, base_url: str) -> None:
    """Collapse the sidebar with its icon button and open it again: the same spot holds another button after."""
    await agent.wait_for_text("Welcome to Streamlit")
    await agent.click("button", "Collapse sidebar")
    await agent.click("button", "Expand sidebar")
    await agent.verify_element("link", "Plotting demo", "visible")


# ------------------------------------------------------------------------------------ Dash
async def dash_delete_row(agent: Agent, base_url: str) -> None:
    """Delete Mars from the table: the "×" is a cell Dash wires up by script, with no role of a control."""
    await agent.click("clickable", "×", after=("row", "× Mars rocky 2"), expect_text="7 planets shown")
    await agent.verify_text("7 planets shown")


async def dash_filter(agent: Agent, base_url: str) -> None:
    """Show only the giant planets with the dropdown: the table and the count are redrawn by a server callback."""
    await agent.click("button", "all")
    await agent.click("option", "giant", expect_text="4 planets shown")
    await agent.verify_text("4 planets shown")


# ------------------------------------------------------------------------------------ marimo
async def marimo_edit_cell(agent: Agent, base_url: str) -> None:
    """Change the price in the first cell's code editor and run it with Shift+Enter: marimo's kernel
    reruns the cell that uses it, and its printed total changes."""
    await agent.wait_for_text("Order total: 36")          # the notebook ran when it opened
    await agent.fill("textbox", "", "price = 20\nquantity = 3")
    await agent.press("textbox", "", "Shift+Enter", expect_text="Order total: 60")
    await agent.verify_text("Order total: 60")


async def marimo_find_replace(agent: Agent, base_url: str) -> None:
    """Rename a variable across the notebook with marimo's find-and-replace panel (Control+F in a cell's
    editor): every cell's code editor changes."""
    await agent.wait_for_text("Order total: 36")
    await agent.press("textbox", "", "Control+f")
    await agent.fill("textbox", "Find", "quantity")
    await agent.fill("textbox", "Replace", "count")
    await agent.click("button", "Replace All")
    await agent.verify_text("total = price * count")


# ------------------------------------------------------------------------------------ I Hate Money
async def ihatemoney_add_bill(agent: Agent, base_url: str) -> None:
    """Add a bill in the app's modal form (every page under its strict Content-Security-Policy)."""
    await agent.click("link", "Add a new bill")
    await agent.fill("textbox", "What?", "Cinema")
    await agent.select("combobox", "Who paid? Payer", "Georg")
    await agent.fill("textbox", "How much?", "36")
    await agent.click("button", "Submit")
    await agent.verify_text("The bill has been added")
    await agent.verify_text("Cinema")


async def ihatemoney_delete_bill(agent: Agent, base_url: str) -> None:
    """Delete one bill: its row's delete button asks again ("Are you sure?") before the form is sent."""
    await agent.click("button", "delete", after=("cell", "Beer !"))
    await agent.click("button", "Are you sure?", after=("cell", "Beer !"))
    await agent.verify_text("The bill has been deleted")


async def ihatemoney_language(agent: Agent, base_url: str) -> None:
    """Switch the app to German from its Languages menu: every label of the page changes."""
    await agent.click("button", "Languages")
    await agent.click("link", "Deutsch")
    await agent.verify_element("link", "Neue Ausgabe", "visible")


# ------------------------------------------------------------------------------------ Node-RED
async def node_red_language(agent: Agent, base_url: str) -> None:
    """Switch the editor to German in its user settings (Control+Comma) and open it again: every label
    comes from the i18next catalogue of the chosen language, which the page loads as it starts."""
    await agent.wait_for_text("New order")                 # the seeded flow is drawn
    await agent.press_key("Control+Comma")
    await agent.select("combobox", "Language", "Deutsch")
    await agent.click("button", "Close")
    await agent.navigate(base_url + "/")
    await agent.wait_for_text("New order")                 # drawn again, in the editor's new language
    await agent.verify_element("textbox", "Nodes filtern", "visible")


async def node_red_filter_palette(agent: Agent, base_url: str) -> None:
    """Filter the palette of nodes by name, typed (the palette filters on key presses, not on a filled
    value): only the matching node stays listed."""
    await agent.wait_for_text("New order")
    await agent.type("textbox", "filter nodes", "json")
    await agent.verify_element("clickable", "json", "visible")

# ------------------------------------------------------------------------------------ Wagtail
async def wagtail_edit_body(agent: Agent, base_url: str) -> None:
    """Add a sentence to a post's body in Draftail, the rich-text editor (a contenteditable with no label
    of its own, only its panel's heading), and save a draft."""
    await agent.click("link", "Spring walks")
    await agent.type("textbox", "", " Bring boots.", after=("heading", "Body"))
    await agent.click("button", "Save draft")
    await agent.verify_text("Page 'Spring walks' has been updated.")


async def wagtail_publish_post(agent: Agent, base_url: str) -> None:
    """Write a new post and publish it from the footer's menu: Wagtail fills the slug from the title, and
    its autosave may store a draft first (then its message says "has been published", not "created and
    published"), so the flow checks where it lands and that the post is listed there."""
    await agent.click("link", "Add child page")
    await agent.fill("textbox", "Title*", "Autumn colours")
    await agent.type("textbox", "", "Where the maples turn first.", after=("heading", "Body"))
    await agent.click("button", "More actions")
    published = await agent.click("button", "Publish")
    await agent.verify_url(agent.proposal(published, "url"))
    await agent.verify_element("link", "Autumn colours", "visible")


# ------------------------------------------------------------------------------------ Element Plus
async def element_plus_add_member(agent: Agent, base_url: str) -> None:
    """Add a member with the form: the role's options open in a pop-up at the end of the page, the result is a
    toast that goes away by itself."""
    await agent.fill("textbox", "* Name", "Barbara Liskov")     # the label's "*" (CSS) is part of its name
    await agent.click("clickable", "Choose a role")     # the select's box: its input lies under the placeholder
    await agent.click("option", "Manager")
    await agent.click("button", "Add member", expect_text="Added Barbara Liskov")
    await agent.verify_text("Added Barbara Liskov")


async def element_plus_remove_member(agent: Agent, base_url: str) -> None:
    """Remove one member: every row has the same Remove button, and its pop-confirm asks first."""
    await agent.click("button", "Remove", after=("row", "Ada Lovelace Developer Remove"))
    await agent.click("button", "Yes", expect_text="Removed Ada Lovelace")
    await agent.verify_text("Removed Ada Lovelace")


async def element_plus_filter_role(agent: Agent, base_url: str) -> None:
    """Show only the designers with the Role column's header filter (a pop-up of checkboxes)."""
    await agent.click("button", "Filter by Role")
    await agent.click("checkbox", "Designer")
    await agent.click("button", "Confirm")
    await agent.verify_element("row", "Alan Kay Designer Remove", "visible")


# ------------------------------------------------------------------------------------ Datasette
async def datasette_filter(agent: Agent, base_url: str) -> None:
    """Show only the novels with the filter row: a column, an operator and a value, none of them labelled."""
    await agent.select("combobox", "", "genre")
    await agent.fill("textbox", "", "novel")
    filtered = await agent.click("button", "Apply")
    await agent.verify_url(agent.proposal(filtered, "url"))
    await agent.verify_text("Middlemarch")


async def datasette_facet(agent: Agent, base_url: str) -> None:
    """Facet the books by author from the author column's menu, then narrow them to one author."""
    await agent.click("clickable", "dropdown-menu-icon", after=("columnheader", "author"))
    await agent.click("link", "Facet by this")
    narrowed = await agent.click("link", "Jane Austen")
    await agent.verify_url(agent.proposal(narrowed, "url"))


async def datasette_sort(agent: Agent, base_url: str) -> None:
    """Sort the books newest first from the year column's menu."""
    await agent.click("clickable", "dropdown-menu-icon", after=("columnheader", "year"))
    sorted_ = await agent.click("link", "Sort descending")
    await agent.verify_url(agent.proposal(sorted_, "url"))


# ------------------------------------------------------------------------------------ MkDocs Material
async def mkdocs_search(agent: Agent, base_url: str) -> None:
    """Search the handbook and open the one page found: the search box answers key by key (its handlers
    listen for keys), from an index a web worker loads; a result is a link holding its page's heading."""
    await agent.fill("textbox", "Search", "perlite")
    await agent.click("link", "", after=("text", "1 matching document"))
    await agent.verify_text("Use a peat-free compost mixed with perlite for drainage.")


async def mkdocs_tabs(agent: Agent, base_url: str) -> None:
    """Open the tomatoes page from the navigation tabs and switch its content tab to Beefsteak."""
    await agent.click("link", "Plants")
    await agent.click("link", "Beefsteak")
    await agent.verify_text("Beefsteak tomatoes ripen in 85 days.")


# ------------------------------------------------------------------------------------------ Solara
# The input's name is what Chromium and Playwright read from Vuetify's field: its label, then its legend.
SOLARA_INPUT = "New item New item"


async def solara_add(agent: Agent, base_url: str) -> None:
    """Add two items to the shopping list: each Add is a message to the app's Python side, which answers
    with the list drawn again and the input emptied."""
    await agent.fill("textbox", SOLARA_INPUT, "milk")
    await agent.click("button", "Add", expect_text="1 open")
    await agent.fill("textbox", SOLARA_INPUT, "eggs")
    await agent.click("button", "Add", expect_text="2 open")
    await agent.verify_text("2 open")


async def solara_filter(agent: Agent, base_url: str) -> None:
    """Add an item, tick it and show only what is done."""
    await agent.fill("textbox", SOLARA_INPUT, "bread")
    await agent.click("button", "Add", expect_text="1 open")
    await agent.click("checkbox", "bread", expect_text="0 open")
    await agent.click("button", "done")
    await agent.verify_element("checkbox", "bread", "checked")


FLOWS = {flow.key: flow for flow in (
    Flow(APPS["flask-admin"], "delete", "delete the book Dune from the list", flask_admin_delete),
    Flow(APPS["flask-admin"], "sort", "sort the books by price", flask_admin_sort),
    Flow(APPS["flask-admin"], "edit", "edit the price of Emma", flask_admin_edit),
    Flow(APPS["dash"], "delete-row", "delete the row of Mars", dash_delete_row),
    Flow(APPS["dash"], "filter", "show only the giant planets", dash_filter),
    Flow(APPS["nicegui"], "delete", "delete the todo Walk the dog", nicegui_delete),
    Flow(APPS["nicegui"], "complete", "tick the first todo", nicegui_complete),
    Flow(APPS["nicegui"], "add", "add a todo", nicegui_add),
    Flow(APPS["mlflow"], "experiments", "open the experiments list", mlflow_experiments),
    Flow(APPS["mlflow"], "open-experiment", "open the experiment price-forecast", mlflow_open_experiment),
    Flow(APPS["streamlit"], "dataframe", "open the DataFrame demo from the sidebar", streamlit_dataframe),
    Flow(APPS["streamlit"], "sidebar", "collapse the sidebar and open it again", streamlit_collapse_sidebar),
    Flow(APPS["marimo"], "edit-cell", "change the price in the first cell and run it", marimo_edit_cell),
    Flow(APPS["marimo"], "find-replace", "rename quantity to count with find and replace", marimo_find_replace),
    Flow(APPS["ihatemoney"], "add-bill", "add a bill of 36 for the cinema", ihatemoney_add_bill),
    Flow(APPS["ihatemoney"], "delete-bill", "delete the bill Beer !", ihatemoney_delete_bill),
    Flow(APPS["ihatemoney"], "language", "switch the app to German", ihatemoney_language),
    Flow(APPS["node-red"], "language", "switch the editor to German", node_red_language),
    Flow(APPS["node-red"], "filter-palette", "filter the palette to the json node", node_red_filter_palette),
    Flow(APPS["wagtail"], "edit-body", "add a sentence to the body of Spring walks", wagtail_edit_body),
    Flow(APPS["wagtail"], "publish-post", "write and publish the post Autumn colours", wagtail_publish_post),
    Flow(APPS["element-plus"], "remove-member", "remove Ada Lovelace", element_plus_remove_member),
    Flow(APPS["element-plus"], "add-member", "add Barbara Liskov as a manager", element_plus_add_member),
    Flow(APPS["element-plus"], "filter-role", "show only the designers", element_plus_filter_role),
    Flow(APPS["datasette"], "filter", "show only the novels", datasette_filter),
    Flow(APPS["datasette"], "facet", "facet by author and keep Jane Austen's", datasette_facet),
    Flow(APPS["datasette"], "sort", "sort the books newest first", datasette_sort),
    Flow(APPS["mkdocs-material"], "search", "search for perlite and open the page found", mkdocs_search),
    Flow(APPS["mkdocs-material"], "tabs", "show the beefsteak tomatoes' tab", mkdocs_tabs),
    Flow(APPS["solara"], "add", "add milk and eggs to the shopping list", solara_add),
    Flow(APPS["solara"], "filter", "tick bread and show what is done", solara_filter),
)}


def first_flow_of_each_app() -> list[Flow]:
    seen: dict[str, Flow] = {}
    for flow in FLOWS.values():
        seen.setdefault(flow.app.name, flow)
    return list(seen.values())


__all__ = ["FLOWS", "AgentError", "Flow", "first_flow_of_each_app"]
