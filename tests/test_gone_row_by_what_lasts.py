"""A check that a row the flow removed is gone finds it by what lasts of it, not by its name as the snapshot
showed it: a row's name is all its cells' text, and a cell that moves on with the clock or the app's use makes that
name a bad witness.

On JupyterHub's token page a revoked token's row was named "ci token 3a8f3b0b Never a few seconds ago in a day
revoke": the check was refused (``STALE_REF``: a way by a time would find nothing on every run, gone or not), and no
other check says a row is gone. It is found by its cell that holds the run's ``{unique}`` value now. On its admin
page a deleted user's row was checked by ``get_by_role("row", name="dora… Never Never Start Server …")``: once the
user has signed in, "Never" reads "a minute ago", and the check holds whether the row went or not. A row with a
test id of its own is found by that (``user-row-dora…``). Fixture ``/aria/rows-timed.html``. A revoke takes away
what the flow made, as a delete does: proving does not say that each run leaves its token behind.""" 

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def _add_remove_and_check_gone(session, apps, recording, field: str, value: str, add: str, row: str,
                                     remove: str) -> None:
    """Type ``value`` into ``field`` and ``add`` it; ``remove`` the row whose name starts with ``row``, and check
    that row hidden (passed)."""
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/aria/rows-timed.html")
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_fill", ref=ref_of(snapshot, f'textbox "{field}"'), value=value)
    await call(session, "browser_click", ref=ref_of(snapshot, f'button "{add}"'))
    snapshot = (await call(session, "browser_snapshot")).text
    added = ref_of(snapshot, f'row "{row}')
    await call(session, "browser_click", ref=ref_of(snapshot.split(f'row "{row}')[1], f'button "{remove}"'))
    checked = await call(session, "verify_element", ref=added, state="hidden")
    assert checked.data["passed"], checked.text


async def test_a_revoked_token_row_named_by_times_is_checked_gone_by_the_cell_the_flow_typed(session, apps, tmp_path):
    recording = tmp_path / "tokens.jsonl"
    await _add_remove_and_check_gone(session, apps, recording, "Note", "ci token {unique}", "Request new token",
                                     "ci token ", "revoke")
    exported = await call(session, "export_test", target="python", path=str(tmp_path / "test_revoked.py"), name="revoked",
                          prove=3)
    session.record(None)
    # a revoke takes away what the flow made: the answer does not say that runs add up in the app
    assert "proved 3/3" in exported.text and "leaves what it makes" not in exported.text, exported.text
    source = exported_and_passed(recording, "tokens")
    # the row, as the revoke found it, is what the check finds gone
    assert re.search(r'row = page\.get_by_role\("row"\)\.filter\(\s*has=page\.get_by_role\("cell", '
                     r'name=f"ci token \{unique\}", exact=True\)\s*\)', source), source
    assert "expect(row).to_be_hidden(" in source, source


async def test_a_deleted_user_row_with_a_test_id_is_checked_gone_by_it(session, apps, tmp_path):
    recording = tmp_path / "users.jsonl"
    await _add_remove_and_check_gone(session, apps, recording, "User name", "eve{unique}", "Add user", "eve", "Delete")
    session.record(None)
    source = exported_and_passed(recording, "users")
    assert 'expect(page.get_by_test_id(f"user-row-eve{unique}")).to_be_hidden(' in source, source
