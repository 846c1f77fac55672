"""A text that keeps changing by itself, with no role=timer to say so, is no action's change.

Real pages rarely mark their clocks: a run's "Elapsed 00:01.37" told again every 50 ms in a bare span
(``fixtures/apps/settling/elapsed.html``), an editor's "Last saved 3 seconds ago" told again each second
(``fixtures/apps/settling/saved-ago.html``). Such a text is known by what it does: it changed by itself, while no
action was under way, three times with no action between, each time to a text holding a figure. From then on,
for as long as it goes on, it is treated as a ``role=timer`` is: an action beside it settles once its own changes
are quiet, a click that changed nothing is said to, no answer is taken to have drawn its tick, and it is no text
the action added. A count that only a click changes ("3 items") still is each click's effect. Nor do its ticks
before verdex's first call push what the app drew as it started out of the changes kept since then.

What drives the change tells a clock from a status the page polls (``fixtures/apps/settling/polled-status.html``:
"Checked 3 times", asked of the server on the page's timer and drawn as each answer comes): that one changes by
itself too, with a figure, again and again, but each time after an answer to one of the page's requests. It is
that answer's drawing, as the answers' facts say (the startup's requests, an action's), never a tick: each of its
answers changed the page, before verdex's first call as after it, and a click that asks for it at once is said to
have changed the page.

The 50 ms clock runs on the page's own time; the test waits until it has ticked before it acts. The second's
line runs on Playwright's clock, which the test holds and moves on: three seconds before the action, one while
Sync's request is open (the server answers it after 2 s), so the tick comes inside that action's watch."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from tests.proof_apps import proof_apps
from tests.test_watch import call, ref_of
from verdex.browser.network import changed_the_page
from verdex.browser.session import Session

pytestmark = pytest.mark.anyio
CLOCK_START = 1_767_225_600_000   # the held page's clock (2026-01-01), standing still until the test moves it on


async def _elapsed_running(session: Session, apps) -> str:
    """The elapsed-time page, once its clock has ticked by itself a few times."""
    await call(session, "browser_navigate", url=apps.url + "/settling/elapsed.html")
    page = (await session.tab()).page
    await page.wait_for_function("document.querySelector('#elapsed').textContent >= '00:00.30'")
    return (await call(session, "browser_snapshot")).text


async def test_clicks_beside_a_running_elapsed_time_say_what_they_did_and_not_what_the_clock_did(session, apps):
    """Check changes nothing, and is said to; Ping's answer, read and not drawn, is not taken to have drawn a tick."""
    opened = await _elapsed_running(session, apps)
    checked = await call(session, "browser_click", ref=ref_of(opened, 'button "Check"'))
    pinged = await call(session, "browser_click", ref=ref_of(opened, 'button "Ping"'))
    assert "no observable effect" in checked.text, checked.text
    [ping] = [r for r in pinged.data["effects"]["requests"] if "/live/slug" in r["url"]]
    assert ping["changed_page"] is False and "Elapsed" not in pinged.text, pinged.text


async def test_a_count_only_clicks_change_is_each_clicks_effect_beside_a_running_elapsed_time(session, apps):
    opened = await _elapsed_running(session, apps)
    add = ref_of(opened, 'button "Add item"')
    for count in ("1 item", "2 items", "3 items"):
        added = await call(session, "browser_click", ref=add)
        texts = added.data["effects"].get("texts_added", [])
        assert any(count in text for text in texts), added.text
        assert not any("Elapsed" in text for text in texts) and "no observable effect" not in added.text, added.text


@pytest.fixture(scope="module")
async def held() -> AsyncIterator[Session]:
    """A browser of the module's own whose page's timers stand still until the test moves its clock on."""
    async with Session() as session:
        page = (await session.tab()).page
        await page.clock.install(time=CLOCK_START)
        await page.clock.pause_at(CLOCK_START + 1)
        yield session


async def _polled(page, times: range) -> None:
    """Move the held clock on to each of the status's polls in ``times``, and wait for each answer's drawing."""
    for checked in times:
        await page.clock.run_for(1000)
        await page.get_by_text(f"Checked {checked} times").wait_for()


async def test_a_status_the_page_polls_is_each_answers_drawing_not_a_clocks_tick(held, apps):
    """Five polls by itself, each drawn once its answer came; then "Check now" asks at once: the status it draws
    is the click's effect, as the first poll's was the page's (ticking.js took it for a clock by the answers'
    figures alone and said "no observable effect")."""
    await call(held, "browser_navigate", url=apps.url + "/settling/polled-status.html")
    page = (await held.tab()).page
    await page.get_by_text("Checked 1 time", exact=True).wait_for()
    opened = (await call(held, "browser_snapshot")).text
    await _polled(page, range(2, 7))
    checked = await call(held, "browser_click", ref=ref_of(opened, 'button "Check now"'))
    [asked] = [r for r in checked.data["effects"]["requests"] if "/live/slug" in r["url"]]
    assert asked["changed_page"] is True and "no observable effect" not in checked.text, checked.text
    assert any("Checked 7 times" in text for text in checked.data["effects"].get("texts_added", [])), checked.text


async def test_a_line_told_again_each_second_is_no_text_the_action_added_and_a_count_still_is(held, apps):
    await call(held, "browser_navigate", url=apps.url + "/settling/saved-ago.html?after_ms=2000")
    page = (await held.tab()).page
    opened = (await call(held, "browser_snapshot")).text
    await page.clock.run_for(3000)                     # "Last saved 3 seconds ago", by itself
    asked = asyncio.ensure_future(page.wait_for_event("request", lambda request: "/live/slug" in request.url))
    syncing = asyncio.ensure_future(call(held, "browser_click", ref=ref_of(opened, 'button "Sync"')))
    await asyncio.wait_for(asked, 30)
    await page.clock.run_for(1000)                     # "4 seconds ago", while Sync's request is open
    synced = await syncing
    assert "Last saved 4 seconds ago" in (await call(held, "browser_snapshot")).text
    assert not any("Last saved" in text for text in synced.data["effects"].get("texts_added", [])), synced.text
    await page.clock.run_for(1000)
    added = await call(held, "browser_click", ref=ref_of(opened, 'button "Add item"'))
    assert any("1 item" in text for text in added.data["effects"].get("texts_added", [])), added.text


# A clock in a bare span, put in the page as its document starts, that a busy app's page ticks for seconds before
# verdex's first call: each tick a change of the page, every 5 ms
ELAPSED_CLOCK = """document.addEventListener('DOMContentLoaded', () => {
    const line = document.createElement('p'), elapsed = document.createElement('span');
    line.append('Elapsed ', elapsed);
    document.body.prepend(line);
    window.ticked = 0;
    setInterval(() => { window.ticked += 1; elapsed.textContent = '00:00.' + String(window.ticked).padStart(3, '0'); }, 5);
});"""


async def test_a_bare_clock_ticking_before_verdexs_first_call_leaves_the_startups_evidence_in_its_log():
    """The document's changes are kept from its first moment, the newest 400 (verdex/bridge/early.js): a clock
    that ticked hundreds of times before verdex's first call pushed out what the app's answer drew (the startup
    wait's evidence). Only its first ticks are kept, enough to tell that it ticks."""
    with proof_apps() as (url, _):
        async with Session(record=False) as session:
            tab = await session.tab()
            await tab.bridge.watch_from_document_start()
            await tab.page.add_init_script(ELAPSED_CLOCK)
            await tab.page.goto(url + "/users/")                 # no call into the page on the way
            await tab.page.get_by_text("Grace Hopper").wait_for()
            await tab.page.wait_for_function("window.ticked > 600")
            changed = await tab.bridge.call("changedTexts", {"since": 0, "until": 10 ** 9})
    texts = [said["text"] for said in changed["texts"]]
    assert "Grace Hopper" in texts and not any("Elapsed" in text for text in texts), texts


async def test_each_answer_of_a_status_polled_before_verdexs_first_call_changed_the_page(apps):
    """The status polled six times before verdex's first call, each answer drawn: early.js keeps every drawing,
    and the page script adopts them as answers' drawings, not a clock's ticks (it kept three and took the status
    for a clock, and the startup said that the later answers did not change the page)."""
    async with Session(record=False) as session:
        tab = await session.tab()
        await tab.bridge.watch_from_document_start()
        await tab.page.clock.install(time=CLOCK_START)
        await tab.page.clock.pause_at(CLOCK_START + 1)
        await tab.page.goto(apps.url + "/settling/polled-status.html")        # no call into the page on the way
        await tab.page.get_by_text("Checked 1 time", exact=True).wait_for()
        await _polled(tab.page, range(2, 7))
        activity = await tab.bridge.call("activity", {"since": 0})
        answers = (await tab.bridge.call("answersEnded", {}))["answers"]
    ends = [answer["end"] for answer in answers if "/live/slug" in answer["url"]]
    assert len(ends) == 6, answers
    drew = [changed_the_page(end, activity["mutation_times"], activity["stalls"]) for end in ends]
    assert drew == [True] * 6, (drew, ends, activity["mutation_times"])
