"""Fields with no label in the rows of a form (a Django formset: django-oscar's stock records, an order's lines;
``fixtures/apps/aria/formset.html``): the table's header cells name the columns, and each field's name holds the
row's index (``stockrecords-0-partner_sku``). Such a field is found by the end of its name that names its
column (``input[name$="-partner_sku"]``), inside the table its caption names or the row its text tells apart,
never by its position among the page's textboxes nor by the index in its name; a cell or a row is never found by
the name Chromium and Playwright give it from the values its fields hold (the cell "GBP", the row "Tea Co GBP"),
nor a column header by what its filter box holds. A combobox a script draws over the row's select, named by
the choice it shows ("---------" until one is made), is no more found by that name or as the page's only
combobox than a field with no name is: the table tells it apart."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from verdex import actions, assertions, locators

pytestmark = pytest.mark.anyio
STOCK = 'page.get_by_role("table", name="Stock and pricing", exact=True)'


async def _refs(tab, pattern: str) -> list[str]:
    return [re.search(r"\[ref=(e\d+)\]", row).group(1) for row in (await tab.snapshot(mode="full", max_bytes=None))
            .text.splitlines() if re.search(pattern, row) and "[ref=" in row]


async def _code(tab, ref: str) -> str:
    choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    assert not choice.fallback, choice.code
    return choice.code


async def test_a_formset_rows_fields_are_found_by_their_columns_name_in_the_table(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/formset.html")
    partner, = await _refs(tab, r"- combobox")
    title, sku, currency = await _refs(tab, r"- textbox")
    stock, price = (await _refs(tab, r"- spinbutton"))[:2]
    delete, = await _refs(tab, r"- checkbox")
    codes = [await _code(tab, ref) for ref in (partner, sku, stock, currency, price, delete)]
    assert codes == [STOCK + '.get_by_role("combobox")',
                     STOCK + '.locator("input[name$=\\"-partner_sku\\"]")',
                     STOCK + '.locator("input[name$=\\"-num_in_stock\\"]")',
                     STOCK + '.locator("input[name$=\\"-price_currency\\"]")',
                     STOCK + '.locator("input[name$=\\"-price\\"]")',
                     STOCK + '.get_by_role("checkbox")'], codes
    assert await _code(tab, title) == 'page.get_by_role("textbox", name="Title", exact=True)'


async def test_a_lines_field_is_found_in_its_row_by_its_text_wherever_the_row_comes(session, apps):
    """The line's index is its place: a line sorted before it makes "lines-1-quantity" "lines-2-quantity"."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/formset.html")
    nilgiri = (await _refs(tab, r"- spinbutton"))[4]
    code = await _code(tab, nilgiri)
    assert code == ('page.get_by_role("row").filter(has=page.get_by_role("cell", name="Nilgiri", exact=True))'
                    '.locator("input[name$=\\"-quantity\\"]")'), code
    await tab.page.evaluate('drawLines(["Assam", "Darjeeling", "Nilgiri"])')
    found = (tab.page.get_by_role("row").filter(has=tab.page.get_by_role("cell", name="Nilgiri", exact=True))
             .locator('input[name$="-quantity"]'))
    assert await found.get_attribute("name") == "lines-2-quantity"


async def test_a_column_header_is_not_found_by_what_its_filter_box_holds(session):
    """Chromium and Playwright name a header cell by its title and its filter box's value ("Name An"): a grid
    that keeps its filters shows the last one typed, and the next run's is another."""
    tab = await session.tab()
    await tab.page.set_content('<input aria-label="Search"><table><thead><tr><th>Name<br><input value="An"></th>'
                               '<th>Last Name<br><input></th></tr></thead><tbody><tr><td>Ann</td><td>Lee</td></tr>'
                               '</tbody></table>')
    codes = [await _code(tab, ref) for ref in (await _refs(tab, r"- textbox"))[1:]]
    assert codes == ['page.get_by_role("columnheader").filter(has=page.get_by_text("Name", exact=True))'
                     '.get_by_role("textbox")',
                     'page.get_by_role("columnheader").filter(has_text="Last Name").get_by_role("textbox")'], codes


async def test_a_formset_flow_is_written_without_positions_and_its_test_passes(session, apps, tmp_path):
    recording = tmp_path / "formset.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/formset.html")
    await actions.click(tab, (await _refs(tab, r"- combobox"))[0])
    await actions.click(tab, (await _refs(tab, r'option "Kettle Works"'))[0])
    await actions.fill(tab, (await _refs(tab, r"- textbox"))[1], "KW-1")
    stock, price = (await _refs(tab, r"- spinbutton"))[:2]
    await actions.fill(tab, stock, "5")
    await actions.fill(tab, price, "12.50")
    await actions.fill(tab, (await _refs(tab, r"- spinbutton"))[4], "3")
    await actions.click(tab, (await _refs(tab, r'button "Save"'))[0])
    assert (await assertions.text_visible(tab, "Saved Kettle Works KW-1: 5 at 12.50, Nilgiri 3")).passed
    session.record(None)
    source = exported_and_passed(recording, "formset")
    code = "\n".join(line for line in source.splitlines() if not line.strip().startswith("#"))
    assert ".nth(" not in code and not re.search(r"-\d+-", code), source
    assert 'get_by_role("combobox", name=' not in source and 'name="Tea Co' not in source, source
    assert 'page.get_by_role("combobox").click()' not in source, source
