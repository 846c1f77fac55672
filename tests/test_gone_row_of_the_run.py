"""The agent checked that a row the flow made is gone: its name holds the id the server numbered and the
``{unique}`` token the flow typed ("42 Crate 4d2c9f2a 3.00 Delete"). Found by the name's shape, its numbers as
any number, the token's digits were taken for numbers too and its letters kept: ``Crate\\s+\\d+d\\d+c…``, which no
other run's token matches, so the check held on every run whether the row went or not (phpMyAdmin's deleted row).
The row is found by what lasts of it now, the cell that shows the run's own token (verdex/shown_locator.py; a row's
name is all its cells' text, tests/test_gone_row_by_what_lasts.py), as the Delete in it was."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_python
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_gone_rows_name_shape_holds_the_runs_own_token(session, apps, tmp_path):
    recording = tmp_path / "rows.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/aria/rows-made.html")
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_fill", ref=ref_of(snapshot, 'textbox "Name"'), value="Crate {unique}")
    await call(session, "browser_click", ref=ref_of(snapshot, 'button "Add"'))
    snapshot = (await call(session, "browser_snapshot")).text
    row = ref_of(snapshot, 'row "42 Crate ')
    token = re.search(r'row "42 Crate (\w+) ', snapshot).group(1)
    await call(session, "browser_click", ref=ref_of(snapshot.split(f'row "42 Crate {token}')[1], 'button "Delete"'))
    checked = await call(session, "verify_element", ref=row, state="hidden")
    assert checked.data["passed"], checked.text
    session.record(None)
    source = exported_python(recording, "rows")
    cell = re.search(r'get_by_role\("row"\)\.filter\(\s*has=page\.get_by_role\("cell", name=(f?"[^"]*"), exact=True\)', source)
    assert cell and cell.group(1) == 'f"Crate {unique}"', source
    assert "expect(row).to_be_hidden(" in source, source
