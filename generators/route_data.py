"""A URL the app moved to only once answers had come: a route that waits for its data (Ember's model hook, a
data router's loader, a data manager that adds its view to the URL once it has read its views). The recording
keeps when, on the page's clock, the URL moved and when each of the action's answers ended
(``Effects.url_moved_ms``, ``RequestEffect.answered_ms``); the URL comes as late as the last of those answers,
at the server's and the network's pace. A check of it waits as long as the test waits for an answer, not an
assertion's 5 s — unless the test already waits for each of them (the action's own response wait): then the URL
moves at once after what the test waited for.

The URL check keeps the URL it checks; only its time is the answers'. Waiting for the answers themselves instead
was not chosen: they are the app's reads of the next page (a list asked page by page, with a query of the
moment), which it may skip when it holds a fresh copy (docs/matchers.md, "a read the app repeats"), and the URL is
what the agent saw and what the route's end is."""

from __future__ import annotations

import re
from collections import Counter
from urllib.parse import urlsplit

from verdex.facts import Effects, RequestEffect
from verdex.generators.periodic import not_the_actions
from verdex.generators.plan import ResponseMatch
from verdex.generators.playwright_glob import glob_matches
from verdex.generators.request_place import operation_of

NAMED_AT_MOST = 3


def moved_once_answered(effects: Effects | None, response: ResponseMatch | None,
                        timers: frozenset[str] = frozenset()) -> str | None:
    """Why the URL check after the action waits as long as for an answer: the URL moved within the document only
    once answers had come that the test does not wait for (``response`` is the action's response wait); None when
    it moved at once, or the recording has no times for it."""
    if effects is None:
        return None
    answered = [r for r in effects.answered_before_moving() if r.status is not None and not r.failed
                and r.resource_type in ("fetch", "xhr") and not not_the_actions(r, timers)]
    waited = response.answers if response is not None else 0
    unwaited = []
    for request in answered:
        if waited and _waited_for(response, request):
            waited -= 1
        else:
            unwaited.append(request)
    if not unwaited:
        return None
    counted = Counter(f"{r.method} {urlsplit(r.url).path}" for r in unwaited)
    named = [f"{place} (×{times})" if times > 1 else place for place, times in counted.items()]
    if len(named) > NAMED_AT_MOST:
        named = [*named[:NAMED_AT_MOST], f"{len(named) - NAMED_AT_MOST} more"]
    after = urlsplit(effects.url_after)
    shown = after.path + (f"?{after.query}" if after.query else "") + (f"#{after.fragment}" if after.fragment else "")
    return (f"the app moved to {shown} only once {', '.join(named)} had answered (a route "
            "that waits for its data): the URL comes at the server's pace, so the check waits as long as "
            "for an answer")


def _waited_for(response: ResponseMatch, request: RequestEffect) -> bool:
    """The action's response wait ends on this request's answer (by its predicate, or its glob)."""
    if response.by_predicate:
        return (request.method == response.method and re.search(response.path_pattern, urlsplit(request.url).path)
                is not None and (response.operation is None or operation_of(request.place) == response.operation))
    return glob_matches(response.url_glob, request.url)
