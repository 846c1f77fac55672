"""Rows that are the direct children of a shadow root (``fixtures/apps/components/shadow-list.html``): a Lit list
component whose render() returns its rows and nothing around them, as Home Assistant draws its entities and
automations, each row holding a name and a control every row has (a nameless switch, a "⋮" menu, an "Edit"
button), and a card of favourites listing some of the lights again in the same rows. Such a row has no parent
element (its parent is the shadow root), so the rows were never seen as siblings of one kind, nor found inside
the card around them; and a group's name, the text alone in a shadow root of its own, had no parent to read it
by. A light listed twice was found by its place among the page's switches, ``.nth(3)``, which a light added
above it moves, and the ancestors reading said the list component had no children. Now the shadow root is the
rows' parent and its host is its text's: a row's control is found in its row, by the row's name (inside its
card where the favourites list it too), a recorded flow's exported test passes, and the list component counts
the rows its shadow root shows and reads their text."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_component_rows import _refs
from tests.test_formset_rows import _code
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
PAGE = "/components/shadow-list.html"
LIGHT = '.locator("hui-toggle-entity-row").filter(has_text="{name}")'
FAVOURITES = 'page.get_by_role("region", name="Favourites", exact=True)'
LIGHTS = 'page.get_by_role("region", name="Lights", exact=True)'
AUTOMATION = 'page.locator("div.automation-row").filter(has_text="{name}")'


async def test_a_rows_control_is_found_by_the_rows_name(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    switches = await _refs(tab, r"- switch \[ref=(e\d+)\]")
    assert [await _code(tab, ref) for ref in switches] == [
        FAVOURITES + LIGHT.format(name="Hallway lights") + '.get_by_role("switch")',
        FAVOURITES + LIGHT.format(name="Porch light") + '.get_by_role("switch")',
        "page" + LIGHT.format(name="Kitchen light") + '.get_by_role("switch")',
        LIGHTS + LIGHT.format(name="Hallway lights") + '.get_by_role("switch")',
        "page" + LIGHT.format(name="Living room lamp") + '.get_by_role("switch")',
        LIGHTS + LIGHT.format(name="Porch light") + '.get_by_role("switch")']
    menus = await _refs(tab, r'- button "⋮" \[ref=(e\d+)\]')
    assert await _code(tab, menus[3]) == LIGHTS + LIGHT.format(name="Hallway lights") + \
        '.get_by_text("⋮", exact=True)'
    edits = await _refs(tab, r'- button "Edit" \[ref=(e\d+)\]')
    assert [await _code(tab, ref) for ref in edits] == [
        AUTOMATION.format(name=name) + '.get_by_role("button", name="Edit", exact=True)'
        for name in ("Morning routine", "Night mode", "Away mode")]


async def test_a_flow_in_the_second_rows_is_written_without_a_place_and_its_test_passes(session, apps, tmp_path):
    recording = tmp_path / "home.jsonl"
    session.record(recording)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + PAGE)
    hallway = (await _refs(tab, r"- switch \[ref=(e\d+)\]"))[3]        # the Lights card's second row
    result = await actions.set_checked(tab, hallway, True)
    assert ".nth(" not in result.locator.code, result.locator.code
    assert (await assertions.text_visible(tab, "Hallway lights: on")).passed
    await actions.click(tab, (await _refs(tab, r'- button "Edit" \[ref=(e\d+)\]'))[1])
    assert (await assertions.text_visible(tab, "Editing: Night mode")).passed
    session.record(None)
    source = exported_and_passed(recording, "home")
    assert ".nth(" not in source, source


async def test_the_ancestors_reading_counts_the_rows_a_list_component_shows(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    switch = (await _refs(tab, r"- switch \[ref=(e\d+)\]"))[3]
    row, lights = (await tab.ancestors(switch)).ancestors[:2]
    assert (row.tag, lights.tag) == ("hui-toggle-entity-row", "entity-list")
    # the row shows its style, badge, name, switch and menu; the list its style and its 4 rows, and their controls
    assert "children=5 refs=2" in row.to_line(), row.to_line()
    assert "children=5 refs=8" in lights.to_line(), lights.to_line()
    # and the text each shows, its shadow root's as Playwright's has_text reads it (a group's name in a further one)
    assert row.text == "Hallway lights ⋮", row.text
    assert lights.text.startswith("Kitchen light ⋮ Hallway lights ⋮ Living room lamp ⋮"), lights.text
