"""A target told apart by a name its container shows, not by a name of its own (tests/naming_apps.py),
recorded in a real Chromium, exported and run by pytest:

- a list item's clickable title (a ``div`` whose name is in a child ``span``, beside an icon) is found by
  the name it shows — the one the flow typed — not by the control beside it that only its kind has
  (OctoPrint's folder, scoped by its "Move" link while it was the only folder: the second run, with a
  second folder, met a strict mode violation); its click reaches it through that name's span;
- a welcome page's tile, whose words are its link's whole text, is clicked through that link, not by the
  icon it shares with the sidebar's entries and a position (pgAdmin's "Add New Server");
- a field with no name, in a group whose label is a part of its neighbour's ("Email" beside "Confirm
  Email"), is scoped by the label's whole text, not filled by position (OctoPrint's first-run wizard:
  ``get_by_role("textbox").nth(3)``).

Every flow is recorded once on the module's server (``naming``), and the tests they give run together on
that server, as it is after the recordings (``named_runs``: one pytest run of them all, then one of those
that meet one more entry like their own on each run, then one ``npx playwright test`` run): the folder's
test runs three times on the server the recording made its folder on (pytest twice, then
``npx playwright test``), each run meeting one more folder like its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import anyio
import pytest

from tests.flows import runner
from tests.flows.agent import agent_at
from tests.flows.runner import Run
from tests.naming_apps import NamingApps, naming_apps
from tests.recorded_flows import (
    Recorded, assert_passed, exported_python, exported_spec_source, record_each, recorded_flow, recordings,
)
from verdex import actions, locators
from verdex.generators import read_recording
from verdex.errors import NotActionable

pytestmark = pytest.mark.anyio

TOKEN = re.compile(r"\{unique\} is ([0-9a-f]{8}) in this session")
RUN_TWICE = ("folder", "member")        # each run adds an entry like the recording's: the second meets one more
IN_BOTH_TARGETS = ("folder", "budget")  # run by ``npx playwright test`` too
NAMED_FLOWS = ("folder", "signup", "tiles", "grid", "record", "later", "ledger", "budget", "picker", "member",
               "events", "menu", "budgets", "categories", "export")      # the module's flows, by their tests' names


@pytest.fixture(scope="module")
def naming() -> Iterator[tuple[str, NamingApps]]:
    """The module's naming apps: every flow is recorded there and its test run there."""
    with naming_apps() as served:
        yield served


@pytest.fixture(scope="module")
async def named_flows(naming, tmp_path_factory) -> dict[str, Recorded | Exception]:
    """Each flow recorded once on the module's server, by its test's name (a flow clicking a control and checking
    what it said: by the page's name)."""
    url, _apps = naming
    flows = {"folder": record_folder, "signup": record_signup, "tiles": record_tiles, "grid": record_grid,
             "record": record_record, "later": record_later, "ledger": record_ledger, "budget": record_budget,
             "picker": record_picker, "member": record_member, "events": record_events,
             "menu": partial(record_click, page="/menu/", name="Save", said="Saved from the menu"),
             "budgets": partial(record_click, page="/budgets/", name="My Finances Available for download",
                                said="Opening My Finances"),
             "categories": partial(record_click, page="/categories/", name="Natural Language Processing",
                                   said="Showing Natural Language Processing"),
             "export": partial(record_click, page="/export/", name="Export", said="Exported the report",
                               role="button")}
    assert tuple(flows) == NAMED_FLOWS
    return await record_each({name: partial(record, url) for name, record in flows.items()},
                             tmp_path_factory.mktemp("named"))


@dataclass(frozen=True)
class NamedRuns:
    by_flow: dict[str, dict[str, Run]]     # each flow's runs: "python", "python again", "typescript"
    folders: int                           # the server's folders after the pytest runs
    members: int                           # and its members


@pytest.fixture(scope="module")
def named_runs(named_flows, naming, tmp_path_factory) -> NamedRuns:
    """The test each flow gives, run on the module's server: all of them in one pytest run, those of
    ``RUN_TWICE`` in a second, those of ``IN_BOTH_TARGETS`` then in one ``npx playwright test`` run."""
    url, apps = naming
    apps.orders["spring"] += 1                  # a ticket sold in the shop since the events' recording
    served, folder = (lambda _seed: nullcontext(url)), tmp_path_factory.mktemp("named-runs")
    runs = runner.run_exported(recordings(named_flows), folder / "first", ("python",), serve=served)
    again = runner.run_exported(recordings(named_flows, RUN_TWICE), folder / "again", ("python",), serve=served)
    folders, members = sum(entry["type"] == "folder" for entry in apps.files), len(apps.members)
    specs = runner.run_exported(recordings(named_flows, IN_BOTH_TARGETS), folder, ("typescript",), serve=served)
    for name, ran in again.items():
        runs[name]["python again"] = ran["python"]
    for name, ran in specs.items():
        runs[name].update(ran)
    return NamedRuns(runs, folders, members)


def source_of(named_flows, name: str) -> str:
    """The flow's exported pytest file: its source."""
    return exported_python(recorded_flow(named_flows, name).recording, name)


async def record_folder(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/files/", recording) as agent:
        typed = await agent.fill("textbox", "Folder name", "prints-{unique}")
        name = "prints-" + TOKEN.search(typed.text).group(1)
        await agent.click("button", "Create folder", expect_text=name)
        await agent.click("clickable", name, expect_text=f"Currently in {name}")
        await agent.verify_text(f"Currently in {name}")
    return Recorded(recording, {})


async def test_a_list_item_is_found_by_the_name_it_shows_as_the_list_grows_by_items_like_it(named_flows):
    source = source_of(named_flows, "folder")
    spec_source = exported_spec_source(recorded_flow(named_flows, "folder").recording, "folder")
    # the title's name is its span's whole text, and its icon only its kind: a click reaches it through the name
    assert 'page.get_by_text(f"prints-{unique}", exact=True).click()' in source, source
    assert "getByText(`prints-${unique}`, { exact: true })" in spec_source, spec_source
    assert "Move" not in source and ".nth(" not in source, source


async def record_signup(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/signup/", recording) as agent:
        snapshot = await agent.snapshot()
        fields = re.findall(r"textbox \[ref=(e\d+)\]", snapshot)
        assert len(fields) == 3, snapshot                    # no field has a name
        for ref in fields[1:]:
            await agent.must("browser_fill", ref=ref, value="ada@example.org")
        await agent.click("button", "Sign up", expect_text="Emails match")
        await agent.verify_text("Emails match")
    return Recorded(recording, {})


async def test_a_field_whose_label_is_a_part_of_its_neighbours_is_found_by_the_whole_label(named_flows):
    source = source_of(named_flows, "signup")
    assert 'page.locator("div.form-group").filter(has=page.get_by_text("Email", exact=True))' in source, source
    assert 'filter(has_text="Confirm Email")' in source and ".nth(" not in source, source


PANELS = """<button type="button">Go</button><style>.over .footer{position:fixed;inset:0;background:#eee}</style>
<div class="panel over"><h3>Set up access</h3><div class="footer"><a href="#" aria-hidden="true">Close</a></div></div>
<div class="panel"><h3>Log in</h3><div class="footer"><a href="#" aria-hidden="true">Cancel</a></div></div>"""


async def test_the_text_of_a_control_inside_the_target_is_not_a_name_it_shows(session):
    """A dialog's footer, met as what covers a button, has no name and shows only the text of the link it
    holds: "Close" tells only this dialog's kind apart, as "Move" did; its heading tells the dialog apart
    (OctoPrint's message dialog, whose "Close" link is hidden from the accessibility tree)."""
    tab = await session.tab()
    await tab.page.set_content(PANELS)
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    with pytest.raises(NotActionable) as covered:
        await actions.click(tab, re.search(r'button "Go" \[ref=(e\d+)\]', text).group(1))
    footer = re.search(r"div.footer \[ref=(e\d+)\]", str(covered.value)).group(1)
    choice = await locators.choose(tab.page, await tab.candidates(footer), tab.test_id_attribute)
    assert choice.code == ('page.locator("div.panel").filter(has=page.get_by_role("heading", name="Set up access", '
                           'exact=True)).locator("div.footer")'), choice.code


async def record_tiles(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/tiles/", recording) as agent:
        await agent.click("clickable", "Add New Server")
        await agent.verify_text("Register a server")
    return Recorded(recording, {})


async def test_a_tile_whose_words_are_its_link_s_whole_text_is_clicked_by_them_not_by_position(named_flows):
    """pgAdmin's "Add New Server" quick link: the snapshot's clickable is the tile (a div with a hand cursor),
    its words are the whole text of the link that fills it, and the icon it holds is also the sidebar's; the
    click was ``page.locator("div:has(.fa-server)").nth(20)``. A click reaches the tile through the link, which
    its words find: the icon tells only its kind."""
    source = source_of(named_flows, "tiles")
    assert 'page.get_by_text("Add New Server", exact=True).click()' in source, source
    assert ".nth(" not in source, source


async def record_grid(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/grid/", recording) as agent:
        await agent.wait_for_text("Tasks 1")
        more = re.search(r'button \[ref=(e\d+)\]\n(?!.*button \[ref=e\d+\]\n)', await agent.snapshot(), re.S)
        assert more, agent.last_snapshot
        await agent.call("browser_click", ref=more[1])
        await agent.verify_text("New record - Form")
    return Recorded(recording, {})


async def test_an_icon_button_is_found_by_its_own_class_not_by_its_library_s_and_a_position(named_flows):
    """NocoDB's "New record" menu button (Ant Design): no name, an icon every icon button shows, and the
    classes ``ant-btn … nc-add-record-more-info``; the class taken was the first, the library's, which every
    button has, so the click was ``page.get_by_role("button").nth(18)``, and each run's new table adds a
    button before it. The class that tells it apart is the one fewest buttons share."""
    source = source_of(named_flows, "grid")
    assert '.locator("button.add-record-more").click()' in source, source
    assert ".nth(" not in source, source


async def record_record(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/record/", recording) as agent:
        with anyio.fail_after(30):   # a user looking again until the form shows the record
            while "This is a list of the projects" not in (snapshot := await agent.snapshot()):
                await anyio.sleep(0.1)
        body = re.search(r'textbox \[ref=(e\d+)\]: "This is a list', snapshot)
        assert body, snapshot
        await agent.must("browser_fill", ref=body[1], value="Edited by QA {unique}")
        await agent.click("button", "Save Changes", expect_text="Saved")
        await agent.verify_text("Saved")
    return Recorded(recording, {})


async def test_a_field_s_own_text_is_its_value_not_what_tells_its_container_apart(named_flows):
    """Lektor's record form: the body's ``textarea`` has no name, and the page draws its value as its text
    (React's ``defaultValue``); that text told its field apart — ``locator("dl.field").filter(has=
    get_by_text("This is a list of the projects: …"))`` — so the run after the recording's save, whose body
    the server kept, found no such field. A field's text is data the flow types over; its term tells it
    apart. The test runs on the server that keeps the recording's body."""
    source = source_of(named_flows, "record")
    assert 'page.locator("dl.field").filter(has_text="Body").get_by_role("textbox")' in source, source
    assert "This is a list" not in source, source


async def record_later(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/record/later/", recording) as agent:
        await agent.click("button", "Edit Projects", expect_text="This is a list of the projects")
        body = re.search(r'textbox \[ref=(e\d+)\]: "This is a list', await agent.snapshot())
        assert body, agent.last_snapshot
        await agent.must("browser_fill", ref=body[1], value="Edited by QA {unique}")
        await agent.click("button", "Save Changes", expect_text="Saved")
        await agent.verify_text("Saved")
    return Recorded(recording, {})


async def test_a_value_the_page_loaded_into_a_field_the_flow_types_over_is_waited_for_as_any_value(
        named_flows):
    """Lektor's admin fills a page's form once its record has come, after the click that picked the page:
    the test waited for the body the recording saw, ``to_have_value("This is a list of the projects: …")``,
    a value the flow itself types over and saves, so every later run met the body the run before saved.
    The test waits for the form to be filled, whatever with; it runs on the server that keeps the
    recording's body."""
    source = source_of(named_flows, "later")
    assert "This is a list" not in source, source
    assert 'body_dl_field.get_by_role("textbox")).to_have_value(re.compile(r"\\S"))' in source, source


async def record_ledger(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/ledger/", recording) as agent:
        first = re.search(r'button "Add account" \[ref=(e\d+)\]', await agent.snapshot())
        assert first, agent.last_snapshot
        await agent.must("browser_click", ref=first[1])
        await agent.verify_text("Create Local Account")
    return Recorded(recording, {})


async def test_a_control_whose_words_are_in_a_child_is_told_from_a_button_that_is_its_words(named_flows):
    """Actual Budget's sidebar "Add account" (a ``div role=button`` whose words are in a child ``div``) beside
    the empty state's ``<button>Add account</button>``: the bridge counted
    ``get_by_role("button").filter(has=page.get_by_text("Add account", exact=True))`` as one, leaving out a
    peer that is itself the text, which Playwright's text engine tries too; the click then failed on strict
    mode (2 elements) and nothing was recorded. Counted as Playwright counts it, the way finds 2, and the
    click goes on to what does tell them apart."""
    source = source_of(named_flows, "ledger")
    # nothing but the order tells them apart here: the marked positional fallback, proven to reach it
    assert 'get_by_text("Add account", exact=True))' not in source, source
    assert "positional fallback" in source, source


async def record_budget(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/budget/", recording) as agent:
        buttons = re.findall(r"button \[ref=(e\d+)\]", await agent.snapshot())
        assert len(buttons) == 4, agent.last_snapshot           # one nameless menu button a row
        await agent.must("browser_click", ref=buttons[1])
        await agent.verify_text("Menu of Usual Expenses")
    return Recorded(recording, {})


async def test_a_button_in_a_row_that_shares_its_test_id_is_scoped_by_the_row_s_own_text(named_flows):
    """Actual Budget's category groups: every row is ``data-testid="row"``, its cells are ``div``s, its menu
    button has no name. The row was told apart by its cells' texts joined by spaces ("Usual Expenses 0.00
    0.00 0.00"), which Playwright's ``has_text`` never matches (it reads "Usual Expenses0.000.000.00"): the
    click went to the positional fallback. A row that shares its test id is told apart as a role or a class
    is, by one steady text of its own (its name cell), as Playwright reads it."""
    source = source_of(named_flows, "budget")
    spec_source = exported_spec_source(recorded_flow(named_flows, "budget").recording, "budget")
    assert 'page.get_by_test_id("row").filter(has_text="Usual Expenses").get_by_role("button")' in source, source
    assert ".nth(" not in source and "0.00" not in source, source
    assert 'getByTestId("row").filter({ hasText: "Usual Expenses" })' in spec_source, spec_source


async def test_a_text_an_input_buttons_value_also_shows_is_one_of_two_and_scoped_by_its_container(
        named_flows):
    """An editor's menu item "Save" (a ``span`` wired up by script, found by its text) over a form whose submit
    is ``<input type="submit" value="Save">``: Playwright's text engine reads the input's value as its text, the
    bridge read only text nodes and counted ``get_by_text("Save", exact=True)`` as one, looked for no container,
    and the click went to ``.nth(0)``. Counted as Playwright counts it (checked here against Playwright's own
    count), the text is one of two and the menu's landmark scopes it."""
    source = source_of(named_flows, "menu")
    assert 'page.get_by_role("navigation").get_by_text("Save", exact=True).click()' in source, source
    assert ".nth(" not in source, source


async def test_the_bridge_counts_an_input_buttons_value_as_its_text_as_playwright_does(session, naming):
    url, _apps = naming
    tab = await session.tab()
    await tab.navigate(url + "/menu/")
    snapshot = (await tab.snapshot(mode="full", max_bytes=None)).text
    ref = re.search(r'clickable "Save" \[ref=(e\d+)\]', snapshot)
    assert ref, snapshot
    info = await tab.candidates(ref[1])
    text = next(c for c in info.candidates if c.kind == "text")
    playwright_count = await tab.page.get_by_text("Save", exact=True).count()
    assert (text.value, text.estimate, playwright_count) == ("Save", 2, 2)
    choice = await locators.choose(tab.page, info, tab.test_id_attribute)
    assert choice.code == 'page.get_by_role("navigation").get_by_text("Save", exact=True)', choice.code
    assert choice.chosen.matches == 1 and not choice.fallback


async def test_a_clickable_of_two_blocks_is_named_with_a_space_between_them_and_found_once(
        session, naming, named_flows):
    """A budget file's card (a ``div`` wired up by script) holds its name and its state in two blocks: the snapshot
    named it "My FinancesAvailable for download", the blocks' text run together as ``textContent`` holds it,
    where a reader, Chromium and ``innerText`` see two lines. Its name is spaced where its boxes end; the locator
    the test finds it by is the text as Playwright's text engine reads it, counted once by Playwright."""
    url, _apps = naming
    tab = await session.tab()
    await tab.navigate(url + "/budgets/")
    snapshot = (await tab.snapshot(mode="full", max_bytes=None)).text
    shown = re.findall(r'clickable "([^"]*)" \[ref=e\d+\]', snapshot)
    read = [" ".join(text.split()) for text in await tab.page.locator("div.file").all_inner_texts()]
    assert shown == read == ["My Finances Available for download", "Old Budget Local only"], snapshot
    source = source_of(named_flows, "budgets")
    recording = recorded_flow(named_flows, "budgets").recording
    clicked = next(r for r in read_recording(recording).records if r.tool == "browser_click")
    assert clicked.locators.chosen.matches == 1 and clicked.locators.chosen.is_target, clicked.locators
    assert f"{clicked.locators.code}.click()" in source and ".nth(" not in source, source


async def test_a_clickable_that_shows_words_beside_an_icon_is_named_by_its_words_not_the_icons_title(
        session, naming, named_flows):
    """A template browser's categories: each item shows its words beside an arrow, an SVG titled "Arrow Icon".
    The snapshot named every item "Arrow Icon" (Label Studio's ten categories, one name), which tells none
    apart; an icon's title names an item that shows no words of its own."""
    url, _apps = naming
    tab = await session.tab()
    await tab.navigate(url + "/categories/")
    snapshot = (await tab.snapshot(mode="full", max_bytes=None)).text
    shown = re.findall(r'clickable "([^"]*)" \[ref=e\d+\]', snapshot)
    assert shown == ["Computer Vision", "Natural Language Processing"], snapshot
    source = source_of(named_flows, "categories")
    assert ".nth(" not in source, source


async def record_click(url: str, recording: Path, page: str, name: str, said: str, role: str = "clickable") -> Recorded:
    """A click on a control of ``page`` and a check of what it said."""
    async with agent_at(url + page, recording) as agent:
        await agent.click(role, name, expect_text=said)
        await agent.verify_text(said)
    return Recorded(recording, {})


async def test_a_control_whose_twin_a_closed_accordion_holds_is_found_by_its_role_and_name_alone(
        session, naming, named_flows):
    """A toolbar's "Export" above a closed ``<details>`` whose panel holds an "Export" of its own: the browser does
    not draw it and Playwright's role engine (``checkVisibility``) does not find it, but the bridge counted it,
    so the toolbar's button, which ``get_by_role`` alone finds once, was narrowed to the one shown
    (``.filter(visible=True)``) or scoped by a container. Counted as Playwright counts it, the role and name
    alone find it; the closed one is still listed (preflight names the container that holds it shut)."""
    url, _apps = naming
    tab = await session.tab()
    await tab.navigate(url + "/export/")
    snapshot = (await tab.snapshot(mode="full", max_bytes=None)).text
    shown, closed = re.findall(r'button "Export" \[ref=(e\d+)\]', snapshot)
    role = next(c for c in (await tab.candidates(shown)).candidates if c.kind == "role" and c.name == "Export")
    assert role.estimate == await tab.page.get_by_role("button", name="Export", exact=True).count() == 1
    assert (await tab.preflight(closed)).closed_container.tag == "details"
    source = source_of(named_flows, "export")
    assert 'page.get_by_role("button", name="Export", exact=True).click()' in source, source


async def record_picker(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/picker/", recording) as agent:
        snapshot = await agent.snapshot()
        item = re.search(r'clickable[^\n]*\[ref=(e\d+)\]:\n\s+- img\n\s+- text: On a schedule\n', snapshot)
        assert item, snapshot
        clicked = await agent.call("browser_click", ref=item[1])
        assert not clicked.error, clicked.text
        await agent.verify_text("Added On a schedule")
    return Recorded(recording, {})


async def test_an_item_whose_words_are_a_name_over_a_description_is_clicked_by_its_name(named_flows):
    """n8n's node panel: each item a ``div`` wired up by script holding an icon, then its name over a
    description, no child holding all of its words and those words too long to be a text to find it by. The
    click was refused (``NO_LOCATOR: no locator reaches the target``) where Playwright clicks the item's name,
    inside it, as a user does."""
    source = source_of(named_flows, "picker")
    assert 'page.get_by_text("On a schedule", exact=True).click()' in source, source


async def record_member(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/members/", recording) as agent:
        typed = await agent.fill("textbox", "Name", "Wren {unique}")
        name = "Wren " + TOKEN.search(typed.text).group(1)
        await agent.fill("textbox", "Email", "wren-{unique}@example.com")
        await agent.click("button", "Save", expect_text=name)
        await agent.click("link", f"{name} {name.lower().replace(' ', '-')}@example.com",
                          expect_text=f"Showing {name}")
        await agent.verify_text(f"Showing {name}")
    return Recorded(recording, {})


async def test_a_link_named_by_the_lines_it_holds_is_found_by_its_name_as_the_list_grows(named_flows):
    """A member's link is named by its heading and the email below it, on lines of their own in the markup
    (Ghost's members list): the bridge counts that name as Playwright does, once, so the link is found by it
    — the flow's own value — and not by the column attribute every row's link carries, unique only while the
    list had one row (the second run, with a second member, met a strict mode violation)."""
    source = source_of(named_flows, "member")
    assert 'page.get_by_role("link", name=f"Wren {unique} wren-{unique}@example.com", exact=True).click()' in source, \
        source


async def record_events(url: str, recording: Path) -> Recorded:
    async with agent_at(url + "/events/", recording) as agent:
        await agent.wait_for_text("Spring Walk 2027")
        await agent.click("link", "Spring Walk 2027 Jan. 29, 2027 13:17", expect_text="Showing Spring Walk 2027")
        await agent.verify_text("Showing Spring Walk 2027")
    return Recorded(recording, {})


async def test_a_tile_is_told_apart_by_no_count_it_shows(named_flows):
    """A dashboard's event tiles (pretix's back office): each holds the event's link, named with its date and
    time, a link that counts its orders ("5 orders") and its state ("On sale"). The event's link was found
    through the tile that holds the link "5 orders", a count the shop changes with every ticket sold: once one
    more was sold, the test's click found no tile. A count tells no container apart; the tile is found by
    what does not count (the module's runs come after a ticket sold since the recording: ``named_runs``, below)."""
    source = source_of(named_flows, "events")
    assert "orders" not in source, source


@pytest.mark.parametrize("name", NAMED_FLOWS)
def test_the_test_each_flow_gives_passes_on_the_server_it_was_recorded_on(named_runs, name):
    """Its own file's outcome in each of the module's runs (``named_runs``; they come after the tests above,
    so that no test's time holds both the recordings and the runs)."""
    assert_passed(named_runs.by_flow, name)


def test_each_run_of_a_flow_that_adds_an_entry_meets_one_more_like_its_own(named_runs):
    """The folder's and the member's flows ran twice by pytest after their recording: 2, then 3 entries."""
    assert (named_runs.folders, named_runs.members) == (3, 3)
