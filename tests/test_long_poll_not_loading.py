"""A long poll is no loading: Syncthing's GUI asks ``GET /rest/events?since=N`` as soon as the answer before it
came, and its server holds each one open for up to a minute. The first answer comes at once (the events so far),
so its renewal renewed no request the server had held, and every snapshot for ten seconds said "still loading
… take a snapshot again" of it. A request the page asked again as soon as the one before was answered, held by
the server a second or itself the renewal of such a one, is the page's poll (verdex/browser/network.py,
``loading_now``); a request for data held as long is still loading."""

from __future__ import annotations

import asyncio
import threading

import pytest

from tests.answering_server import Request, answering
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

HELD_S = 1.5            # how long the renewal has been held when the snapshot is taken (more than a second)
EVENTS = ("""<p id="members">…</p>""",
          """async function poll(since) {
  const events = await (await fetch("/api/events?since=" + since)).json();
  poll(events.length ? events[events.length - 1].id : since);
}
poll(0);
fetch("/api/members").then((answer) => answer.json()).then((members) => {
  document.querySelector("#members").textContent = members.join(", ");
});""")


class Events:
    def __init__(self, at_once: int) -> None:
        self.at_once = at_once                 # the answers the server gives at once (an event each)
        self.renewed = threading.Event()       # the page asked for the events after those
        self.release = threading.Event()       # the held answers come

    def answer(self, request: Request) -> tuple[int, str, str]:
        since = int(request.path.partition("since=")[2] or 0) if request.path.startswith("/api/events") else 0
        if request.path.startswith("/api/events") and since < self.at_once:
            return 200, "application/json", f'[{{"id": {since + 1}, "type": "Starting"}}]'
        if request.path.startswith("/api/events"):
            self.renewed.set()
            self.release.wait(30)
            return 200, "application/json", "[]"
        if request.path == "/api/members":
            self.release.wait(30)
            return 200, "application/json", '["Ada", "Grace"]'
        return 200, "text/html; charset=utf-8", PAGE.format(title="Events", body=EVENTS[0], script=EVENTS[1])


@pytest.mark.parametrize(("at_once", "held_s"), [(1, HELD_S), (2, 0)],
                         ids=["held-a-second", "renewed-twice-at-once"])
async def test_a_request_renewed_as_soon_as_it_was_answered_is_no_loading(session, at_once, held_s):
    """Renewed once and held a second; or the renewal of a renewal, however long held (no wait at all)."""
    app = Events(at_once)
    with answering(app.answer) as url:
        try:
            tab = await session.tab()
            await tab.navigate(url + "/events/")
            assert await asyncio.to_thread(app.renewed.wait, 10)
            await asyncio.sleep(held_s)
            held = await tab.snapshot()
        finally:
            app.release.set()
    assert held.requests_open == ["GET /api/members"], held.requests_open
    assert "still loading: 1 of the page's requests unanswered (GET /api/members)" in held.to_text()
