"""Requests a page makes on a timer (a usage ping, an autosave, a poll): the page made the same method
and path while no action ran — between actions, or twice as it loaded (``RequestEffect.on_its_own``, read
by the tab's network log). Such a request may come before, during or after any action, so it is never an
action's response wait; once the recording saw the page make it on its own, at any step, each of its
sightings is the timer's."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit


def timer_requests(steps: list[dict[str, Any]]) -> frozenset[tuple[str, str]]:
    """Method and path of every request the recording saw the page make on its own."""
    return frozenset(_place(request) for record in steps
                     for request in [*(record.get("effects") or {}).get("requests", []),
                                     *(record.get("startup") or {}).get("requests", [])]
                     if request.get("on_its_own"))


def on_a_timer(request: dict[str, Any], timers: frozenset[tuple[str, str]]) -> bool:
    return _place(request) in timers


def _place(request: dict[str, Any]) -> tuple[str, str]:
    return request.get("method", ""), urlsplit(request.get("url", "")).path
