"""Requests a page makes on a timer (a usage ping, an autosave, a poll): the page made the same method
and path while no action ran — between actions, or twice as it loaded (``RequestEffect.on_its_own``, read
by the tab's network log). Such a request may come before, during or after any action, so it is never an
action's response wait; once the recording saw the page make it on its own, at any step, each of its
sightings is the timer's."""

from __future__ import annotations

from urllib.parse import urlsplit

from verdex.facts import RequestEffect
from verdex.recording_format import Step


def timer_requests(steps: list[Step]) -> frozenset[tuple[str, str]]:
    """Method and path of every request the recording saw the page make on its own."""
    return frozenset(_place(request) for record in steps
                     for request in [*(record.effects.requests if record.effects else []),
                                     *(record.startup.requests if record.startup else [])]
                     if request.on_its_own)


def on_a_timer(request: RequestEffect, timers: frozenset[tuple[str, str]]) -> bool:
    return _place(request) in timers


def _place(request: RequestEffect) -> tuple[str, str]:
    return request.method, urlsplit(request.url).path
