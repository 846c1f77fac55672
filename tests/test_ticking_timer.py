"""A page with a timer that ticks faster than an action's quiet time (``fixtures/apps/settling/stopwatch.html``:
a stopwatch counting hundredths, ``role=timer``, as a job runner's elapsed time or a recording's counter).
A tick is the page's own pace, no one's change: before, every action beside it waited out the whole settling
bound (the DOM was never quiet), a click that changed nothing was not said to, and every answer was taken to
have drawn the page (a tick came within its window). Now ticks are not logged as the page's changes."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def _opened(session, apps) -> str:
    await call(session, "browser_navigate", url=apps.url + "/settling/stopwatch.html")
    return (await call(session, "browser_snapshot")).text


async def test_a_click_that_changes_nothing_beside_a_ticking_timer_is_said_to_have_no_effect(session, apps):
    opened = await _opened(session, apps)
    checked = await call(session, "browser_click", ref=ref_of(opened, 'button "Check"'))
    assert "no observable effect" in checked.text, checked.text


async def test_an_answer_the_page_does_not_draw_is_not_taken_to_have_drawn_a_tick(session, apps):
    opened = await _opened(session, apps)
    pinged = await call(session, "browser_click", ref=ref_of(opened, 'button "Ping"'))
    [ping] = [r for r in pinged.data["effects"]["requests"] if "/live/slug" in r["url"]]
    assert ping["changed_page"] is False, pinged.text

