"""What a click put on the page that no control holds is said in its answer (``text added: …``), so an agent
reads what it did without taking another snapshot: a lap added to a list beside a ticking stopwatch, a table's new
row and the count under it. Not the stopwatch's own ticks, not the text of a toast already said as appeared, and
nothing of a dialog that opened (its lines are the dialog's: the agent reads it in a snapshot). Before, a click that
only added text was answered with its locator alone, neither an effect nor "no observable effect"."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def _clicked(session, apps, page: str, button: str):
    await call(session, "browser_navigate", url=apps.url + page)
    opened = (await call(session, "browser_snapshot")).text
    return await call(session, "browser_click", ref=ref_of(opened, f'button "{button}"'))


async def test_a_lap_added_beside_a_ticking_stopwatch_is_said_without_its_ticks(session, apps):
    lapped = await _clicked(session, apps, "/settling/stopwatch.html", "Lap")
    [added] = lapped.data["effects"]["texts_added"]
    assert added.startswith("listitem: Lap at "), lapped.text
    assert "text added: listitem: Lap at " in lapped.text, lapped.text


async def test_a_new_row_and_the_count_it_changed_are_said(session, apps):
    added = await _clicked(session, apps, "/settling/notices.html", "Add row")
    assert added.data["effects"]["texts_added"] == ['cell "Q4 report"', 'contentinfo: "Reports: 2"'], added.text


async def test_a_toasts_text_is_said_once_as_it_appeared(session, apps):
    saved = await _clicked(session, apps, "/settling/notices.html", "Save")
    assert saved.data["effects"]["appeared"] == ['toast "Saved"'], saved.text
    assert not saved.data["effects"].get("texts_added"), saved.text


async def test_nothing_of_a_dialog_that_opened_is_said_as_text_added(session, apps):
    opened = await _clicked(session, apps, "/settling/notices.html", "Details")
    assert opened.data["effects"]["appeared"][0].startswith("dialog "), opened.text
    assert not opened.data["effects"].get("texts_added"), opened.text
