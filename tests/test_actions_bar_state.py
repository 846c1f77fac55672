"""A card whose actions bar differs from its peers' only by a control its state shows
(``fixtures/apps/components/device-cards.html``, drawn as ESPHome's dashboard draws its devices): a device that has
not taken its configuration yet shows "Update" beside the Edit and Logs every card has, until a status check says
otherwise. The actions bar (``div.card-actions``, the nearest container) holds nothing but controls; told apart by
"Update", it was the new card's only while no other device waited for an update and the check had not come, and the
exported test clicked another card's Edit (or none) once it had. A container told apart only by which controls it
holds is told apart by its state: the card is found by its name, as a user tells it, and the test passes after the
check took "Update" away."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_component_rows import _refs
from tests.test_formset_rows import _code
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
PAGE = "/components/device-cards.html"

async def test_the_new_cards_edit_is_found_by_the_cards_name_not_by_its_update_button(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    await actions.fill(tab, (await _refs(tab, r'- textbox "Name" \[ref=(e\d+)\]'))[0], "cellar")
    await actions.click(tab, (await _refs(tab, r'- button "Add device" \[ref=(e\d+)\]'))[0])
    edits = await _refs(tab, r'- button "Edit" \[ref=(e\d+)\]')
    code = await _code(tab, edits[0])
    assert "Update" not in code and "cellar" in code, code

async def test_the_exported_test_finds_the_card_after_its_update_button_went(session, apps, tmp_path):
    recording = tmp_path / "devices.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    await actions.fill(tab, (await _refs(tab, r'- textbox "Name" \[ref=(e\d+)\]'))[0], "cellar")
    await actions.click(tab, (await _refs(tab, r'- button "Add device" \[ref=(e\d+)\]'))[0])
    await actions.click(tab, (await _refs(tab, r'- button "Edit" \[ref=(e\d+)\]'))[0])
    assert (await assertions.text_visible(tab, "Edit cellar")).passed
    await actions.click(tab, (await _refs(tab, r'- button "Check status" \[ref=(e\d+)\]'))[0])
    await actions.click(tab, (await _refs(tab, r'- button "Logs" \[ref=(e\d+)\]'))[0])
    assert (await assertions.text_visible(tab, "Logs cellar")).passed
    session.record(None)
    source = exported_and_passed(recording, "devices")
    assert ".nth(" not in source and 'name="Update"' not in source, source

