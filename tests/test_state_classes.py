"""A class the page's script puts on a field for its state is no name of it (a database admin's column
definitions, ``fixtures/apps/aria/column-definitions.html``, as Adminer's "Create table" draws them: the length a
varchar needs is marked ``required``, the one an int does not need is not). ``input.required`` finds the field
only while the type chosen beside it asks for a length, and every row whose type does: the test finds the length
by what it is (its header's name, in the table), never by what the page says of it now. The flow's test passes."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.snapshot_refs import refs
from verdex import actions, assertions

pytestmark = pytest.mark.anyio


async def test_a_length_marked_required_by_the_script_is_not_found_by_that_class(session, apps, tmp_path):
    recording = tmp_path / "columns.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/column-definitions.html")
    table_name, column = (await refs(tab, r"- textbox"))[:2]
    await actions.fill(tab, table_name, "books")
    await actions.fill(tab, column, "title")
    await actions.select(tab, (await refs(tab, r'- combobox "Type"'))[0], labels=["varchar"])
    length = (await refs(tab, r'- textbox "Length"'))[0]
    typed = await actions.fill(tab, length, "80")
    assert "required" not in typed.locator.code, typed.locator.code
    await actions.click(tab, (await refs(tab, r'button "Save"'))[0])
    assert (await assertions.text_visible(tab, "Table books: title varchar(80)")).passed
    session.record(None)
    source = exported_and_passed(recording, "columns")
    assert ".required" not in source, source
