"""Requests a page makes on a timer (a usage ping, an autosave, a poll): the page made the same request
— the same place: method, path, the words of its query, a GraphQL operation's name
(``RequestEffect.place``) — while no action ran, between actions or twice as it loaded
(``RequestEffect.on_its_own``, read by the tab's network log); or between steps, after a sighting inside an
action (``timers_before``: a timer whose first tick fell inside the action), when the action asked something
else to wait for. One endpoint that serves every operation
(``POST /graphql?op=Poll`` on a timer, ``?op=Launch`` the action's) is as many places as operations. Such a request may come before, during or after any action, so it is never an
action's response wait; once the recording saw the page make it on its own, at any step, each of its
sightings is the timer's.

Nor is a realtime transport's own request: a socket.io (engine.io) long-poll, ``POST /socket.io/?EIO=4&
transport=polling&sid=…``, carries the page's messages until the transport upgrades to a websocket, which one
run does before the action and another after it (NocoDB's sign-in waited for that POST, which a run already on
the websocket never sends); SockJS's ``…/xhr_send`` likewise."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from verdex.facts import RequestEffect
from verdex.recording_format import Step


def timer_requests(steps: list[Step]) -> frozenset[str]:
    """The place of every request the recording saw the page make on its own, in an action's effects or its
    startup: after a sighting while no action ran."""
    return frozenset(_place(request) for record in steps
                     for request in [*(record.effects.requests if record.effects else []),
                                     *(record.startup.requests if record.startup else [])]
                     if request.on_its_own)


def asked_between_steps(steps: list[Step], but_after: int | None = None) -> frozenset[str]:
    """The places the page asked on its own between steps (``timers_before``): a timer whose first tick fell
    inside an action, its next ones after it — or a request of the action's own handler asked again after it
    settled, which the planner tells apart by whether the action asked anything else. ``but_after``: not
    counting what the page asked right after that step (1-based) settled, before the next one: a handler asks
    again then, never once another action has come and gone — the page asked that on its own (Syncthing's
    status poll every ten seconds, whose tick fell inside a click on a menu that asks nothing)."""
    return frozenset(place for number, record in enumerate(steps, 1) if number != (but_after or 0) + 1
                     for place in record.timers_before)


# engine.io's query (socket.io's transport) and SockJS's transport paths
LONG_POLL_QUERY = re.compile(r"(?:^|&)(?:EIO=\d|transport=polling)")
LONG_POLL_PATH = re.compile(r"/\d{1,3}/[^/]+/(?:xhr|xhr_send|xhr_streaming|eventsource|htmlfile)$")


def not_the_actions(request: RequestEffect, timers: frozenset[str]) -> bool:
    """A request no action of the page is answered by: one it makes on a timer, or its realtime transport's."""
    parts = urlsplit(request.url)
    return (_place(request) in timers or bool(LONG_POLL_QUERY.search(parts.query))
            or bool(LONG_POLL_PATH.search(parts.path)))


def _place(request: RequestEffect) -> str:
    """Its place, or for a recording made before places were kept, its method and path."""
    return request.place or f"{request.method} {urlsplit(request.url).path}"
