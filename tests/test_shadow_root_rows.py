"""Settings rows drawn by web components, as Home Assistant draws its profile page
(``fixtures/apps/components/settings-rows.html``): each row a component of its own whose shadow root holds one
``ha-settings-row`` (no role, no test id, no sibling of its kind), its heading slotted in, and a nameless switch
deep in Material's markup (thumb, underlay, switch: classes that every switch has) or a "Change" button. The row
that the heading tells apart is the switch's 5th ancestor; only the nearest three class-named ancestors were
tried, the switch's own parts, none of which tells one switch from another, and the switch was found by its
place among the page's switches (``get_by_role("switch").nth(1)``), which a row added above it moves. Now the
nearest three class-named ancestors that tell the target apart are kept: the switch is found in its row, by
the row's heading, and a recorded flow's exported test passes."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_component_rows import _refs
from tests.test_formset_rows import _code
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
PAGE = "/components/settings-rows.html"
ROW = 'page.locator("ha-settings-row").filter(has_text="{heading}")'


async def test_a_nameless_switch_in_a_components_row_is_found_by_the_rows_heading(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    switches = await _refs(tab, r"- switch \[ref=(e\d+)\]")
    codes = [await _code(tab, ref) for ref in switches]
    assert codes == [ROW.format(heading=heading) + '.get_by_role("switch")'
                     for heading in ("Vibrate", "Advanced mode", "Kiosk mode")], codes
    changes = await _refs(tab, r'- button "Change" \[ref=(e\d+)\]')
    assert await _code(tab, changes[1]) == ROW.format(heading="Theme") + \
        '.get_by_role("button", name="Change", exact=True)'


async def test_a_settings_flow_is_written_without_a_place_and_its_test_passes(session, apps, tmp_path):
    recording = tmp_path / "settings.jsonl"
    session.record(recording)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + PAGE)
    advanced = (await _refs(tab, r"- switch \[ref=(e\d+)\]"))[1]
    result = await actions.set_checked(tab, advanced, True)
    assert ".nth(" not in result.locator.code, result.locator.code
    assert (await assertions.text_visible(tab, "Advanced mode: on")).passed
    await actions.click(tab, (await _refs(tab, r'- button "Change" \[ref=(e\d+)\]'))[1])
    assert (await assertions.text_visible(tab, "Theme: changing")).passed
    session.record(None)
    source = exported_and_passed(recording, "settings")
    assert ".nth(" not in source, source
