"""Rows of fields with no label that a script grows (a database admin's filter: Adminer's "Search" on a table's
data, a query builder's conditions; ``fixtures/apps/aria/condition-rows.html``): each row holds a column, an
operator and a value, named by the row's index (``where[0][op]``), and an empty row is added as soon as the last
one's column is chosen. Once it is, nothing but its place tells the first row's operator from the second's. That
place is counted where it means something: inside the group that holds the rows ("Filter"), among the fewest of
the target's kind there (the fields of its column, by the end of their name, where the role finds more), never
among every combobox or search box of the page, whose count changes with any other fieldset opened before it. The flow's test passes."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.snapshot_refs import refs
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
FILTER = 'page.get_by_role("group", name="Filter", exact=True)'


async def test_the_first_conditions_fields_are_counted_among_their_columns_kin_in_the_filter(session, apps, tmp_path):
    recording = tmp_path / "conditions.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/condition-rows.html")
    column, operator = (await refs(tab, r"- combobox"))[2:4]
    value, = await refs(tab, r"- searchbox")
    chosen = await actions.select(tab, column, labels=["name"])
    assert chosen.locator.code == FILTER + '.locator("select[name$=\\"][col]\\"]")', chosen.locator.code
    assert len(await refs(tab, r"- searchbox")) == 2           # the next condition's row, added by the script
    by_operator = await actions.select(tab, operator, labels=["LIKE %%"])
    assert by_operator.locator.code == FILTER + '.locator("select[name$=\\"][op]\\"]").nth(0)', by_operator.locator.code
    typed = await actions.fill(tab, value, "plate")
    assert typed.locator.code == FILTER + '.get_by_role("searchbox").nth(0)', typed.locator.code
    await actions.click(tab, (await refs(tab, r'button "Select"'))[0])
    assert (await assertions.text_visible(tab, "SELECT * FROM products WHERE name LIKE %% 'plate'")).passed
    session.record(None)
    source = exported_and_passed(recording, "conditions")
    assert 'page.get_by_role("combobox").nth(' not in source and 'page.get_by_role("searchbox").nth(' not in source
