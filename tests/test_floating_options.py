"""A list of options a click put over the page is no notice: the answer does not call it a toast, and proposes
none of its options as an outcome to check.

On Kolibri's new-user form the "User type" select is Keen UI's UiSelect: a click puts its options, a plain list
with no roles, into a raised layer at the end of the body. The answer said ``appeared: toast "Learner Coach
Admin"`` and proposed ``verify: text "Learner" visible | text "Coach" visible | text "Admin" visible`` — a menu of
choices read as the app's message about what the click did. Fixture ``/aria/floating-options.html``."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_floating_list_of_options_is_no_toast(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/aria/floating-options.html")
    shown = ref_of((await call(session, "browser_snapshot")).text, 'clickable "Learner"')
    opened = (await call(session, "browser_click", ref=shown)).text
    assert "toast" not in opened, opened
    assert 'verify: text "Coach"' not in opened, opened


async def test_a_hidden_field_named_by_a_count_is_not_how_the_test_finds_it(session, apps, tmp_path):
    """The select's hidden field is named ``ui-select-379``: the library counts its instances, so the next page
    (another row, a select more above it) names it otherwise. Kolibri's test waited for
    ``page.locator('input[name="ui-select-379"]')`` to have "coach"; a name a number is part of finds no field
    for such a wait, as an id of that shape does not."""
    recording = tmp_path / "kind.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/aria/floating-options.html")
    shown = ref_of((await call(session, "browser_snapshot")).text, 'clickable "Learner"')
    opened = (await call(session, "browser_click", ref=shown)).text
    picked = (await call(session, "browser_click", ref=ref_of(opened, 'clickable "Coach"'))).text
    assert 'value set: input[type=hidden][name="ui-select-379"]' in picked, picked     # still said
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_fill", ref=ref_of(snapshot, 'textbox "Full name"'), value="Ada")
    session.record(None)
    source = exported_and_passed(recording, "kind")
    assert "ui-select-379" not in source, source
