"""Fields whose ids hold their row's index (a script-made form builder's order lines: ``items-1-qty``, no name
attribute; ``fixtures/apps/aria/indexed-ids.html``). ``#items-1-qty`` names the line's place, which "Add line"
moves; such a field is found by the end of its id that names its column (``input[id$="-qty"]``) in the row its
text tells apart, or by its role and label where the label is the row's one; it was found by its place among
the page's spinbuttons (``get_by_role("spinbutton").nth(3)``). An id that names a field (``city``) is used as
it is; one that is only a number (``3``), or that holds a row's index, is never taken, by a locator nor by the
selector of a hidden field whose value a click set."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_formset_rows import _code
from tests.test_locator_names import _refs
from verdex import actions, assertions, locators

pytestmark = pytest.mark.anyio
NILGIRI = 'page.get_by_role("row").filter(has=page.get_by_role("cell", name="Nilgiri", exact=True))'


async def test_a_field_whose_id_holds_its_rows_index_is_found_by_its_columns_end_of_the_id_in_its_row(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/indexed-ids.html")
    qty, price = (await _refs(tab, r"- spinbutton"))[2:]
    note = (await _refs(tab, r'- textbox "Note"'))[1]
    codes = [await _code(tab, ref) for ref in (qty, price, note)]
    assert codes == [NILGIRI + '.locator("input[id$=\\"-qty\\"]")',
                     NILGIRI + '.locator("input[id$=\\"-price\\"]")',
                     NILGIRI + '.get_by_role("textbox", name="Note", exact=True)'], codes
    await tab.page.click("#add")                        # a line first: Nilgiri's fields are items-2-… now
    found = tab.page.get_by_role("row").filter(has=tab.page.get_by_role("cell", name="Nilgiri", exact=True))
    assert await found.locator('input[id$="-qty"]').get_attribute("id") == "items-2-qty"


async def test_an_id_that_names_a_field_is_used_and_a_number_is_not(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/indexed-ids.html")
    city, coupon = (await _refs(tab, r"- textbox \[ref="))[-2:]
    assert await _code(tab, city) == 'page.locator("#city")'
    choice = await locators.choose(tab.page, await tab.candidates(coupon), tab.test_id_attribute)
    assert "#" not in choice.code and "33" not in choice.code, choice.code


async def test_a_hidden_fields_selector_names_no_index_and_no_number(session):
    """The fields a click set and a test waits on by a selector (hidden: no role, no ref): ``#3`` and
    ``#items-2-ab`` named the builder's count and the row's place."""
    tab = await session.tab()
    await tab.page.set_content(
        '<input type="hidden" id="3"><input type="hidden" id="items-2-ab"><input type="hidden" id="items-2-total">'
        '<input type="hidden" id="total"><button onclick="for (const i of document.querySelectorAll(\'input\')) '
        'i.value = \'9\'">Sum</button>')
    result = await actions.click(tab, (await _refs(tab, r'button "Sum"'))[0])
    selectors = {change.field: change.selector for change in result.effects.values}
    assert selectors == {"input[type=hidden]#3": None, "input[type=hidden]#items-2-ab": None,
                         "input[type=hidden]#items-2-total": 'input[id$="-total"]',
                         "input[type=hidden]#total": "#total"}, selectors


async def test_an_order_lines_flow_is_written_without_an_index_or_a_position_and_its_test_passes(
        session, apps, tmp_path):
    recording = tmp_path / "lines.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/indexed-ids.html")
    await actions.click(tab, (await _refs(tab, r'button "Add line"'))[0])
    qty, price = (await _refs(tab, r"- spinbutton"))[4:]
    await actions.fill(tab, qty, "3")
    await actions.fill(tab, price, "4.50")
    await actions.fill(tab, (await _refs(tab, r"- textbox \[ref="))[-2], "Leeds")
    await actions.click(tab, (await _refs(tab, r'button "Save"'))[0])
    assert (await assertions.text_visible(tab, "Saved Nilgiri 3 at 4.50 () to Leeds")).passed
    session.record(None)
    source = exported_and_passed(recording, "lines")
    code = "\n".join(line for line in source.splitlines() if not line.strip().startswith("#"))
    assert ".nth(" not in code and not re.search(r"-\d+-", code), source
