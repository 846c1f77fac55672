"""Names the server made: a thing the flow created (a document, a folder) is named by the server, often
with a counter (``Untitled.doc``, then ``Untitled1.doc`` on the next run). A URL segment or query value
that holds such a name is written as "any name" in a test's URL pattern and response glob; a name the
test typed, or one it went to itself, stays literal.

The evidence, all in the recording: the answer to a request that made or changed something gave the
name (``RequestEffect.named``: a JSON answer's strings, a ``Location``, a ``201 Created`` answer's number
for what it made) — or, when the page left for
what it made before its answer could be read, the action's request was answered ``201 Created`` and the
page went to a URL that ends in the name — no URL of the flow held it before, and the test did not
type it. Or the server wrote it into the page: a number in the link a click followed that the link's name does
not show (``linked_numbers``). Or the server sent the page there: a segment that a redirect's target holds and
the redirected URL did not, which no URL of the flow held before and which is no word (``redirected_to``:
pretalx answers ``GET /event/submit/`` with ``302 /event/submit/mpYPsL/info/``, a new proposal's draft)."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from verdex.facts import Effects, RequestEffect
from verdex.recording_format import FillStep, NavigateStep, SecretValue, SelectStep, Step, TypeStep


# a segment that is no word of a route: a capital after its first letter, or digits between letters (``mpYPsL``,
# ``a3f9k``); a slug with a year (``labconf26``) is a word
NO_WORD = re.compile(r".[A-Z]|[A-Za-z]\d+[A-Za-z]")


def made_names(steps: list[Step]) -> list[frozenset[str]]:
    """For each step (by its position), the names the server had made by the end of it."""
    seen: set[str] = set()         # every segment and query value of a URL the flow saw, as text
    typed: set[str] = set()
    made: set[str] = set()
    out = []
    for record in steps:
        typed.update(_typed(record))
        effects = record.effects
        requests = [*(record.startup.requests if record.startup else []), *(effects.requests if effects else [])]
        seen.update(_parts(record.url or ""))
        # the page went to what it made: a URL after the action (a request for it included) may hold it
        made |= {name for name in _created_at(effects) if name not in seen and name not in typed}
        made |= {name for name in _redirected_to(requests) if name not in seen and name not in typed}
        for request in requests:               # a request's own URL came before its answer: not the server's name
            seen.update(_parts(request.url))
            made |= {name for name in request.named
                     if (name not in seen or _numbered(request, name)) and name not in typed}
        made -= typed
        went = record.args.url if isinstance(record, NavigateStep) else ""
        for url in [went, record.url_after or "", effects.url_after if effects else ""]:
            seen.update(_parts(url))
        out.append(frozenset(made))
    return out


def is_made(part: str, made: frozenset[str]) -> bool:
    """Does a URL's path segment or query value (as it stands in the URL, percent-encoded) name a thing the
    server made?"""
    return bool(made) and (unquote(part) in made or unquote(part.replace("+", " ")) in made)


def linked_numbers(record: Step) -> frozenset[str]:
    """The numbers in the URL of the link a click followed that its name does not show: the server wrote them
    into the page it drew (a wiki history's "cur" link, ``?diff=17&oldid=13``: the latest revision and the one
    on its row, which the next edit changes). The agent chose the link by its name, not by them; a number the
    name shows (a page "2" of a pager, ``?page=2``) is the agent's choice and stays."""
    link = record.preflight.navigation.link if record.preflight is not None else None
    if record.tool != "browser_click" or link is None or record.target is None:
        return frozenset()
    shown = set(re.findall(r"\d+", record.target.name))
    return frozenset(part for part in _parts(link.href) if part.isdigit() and part not in shown)


def _numbered(request: RequestEffect, name: str) -> bool:
    """The number a ``201 Created`` answer gave what it made: new, though the same digits may have named
    something else in a URL before (project 1, then its view 1)."""
    return request.status == 201 and name.isdigit()


def _created_at(effects: Effects | None) -> set[str]:
    """The last segment of the URL an action led to, when its request created something (201 Created) and
    its answer could not be read (the page left with it): where an app shows the thing it made. An answer
    that was read says the names it gave; a word of the route after them is the app's own."""
    if effects is None:
        return set()
    after = effects.url_after
    created = any(r.status == 201 and r.method in ("POST", "PUT") and not r.named for r in effects.requests)
    if not created or not after or not effects.moved:
        return set()
    last = [part for part in urlsplit(after).path.split("/") if part][-1:]
    return {unquote(part) for part in last}


def _redirected_to(requests: list[RequestEffect]) -> set[str]:
    """The segments of a redirect's target that the redirected URL did not hold and that are no word: the
    server chose them (a draft's key, a session's). The target is the next request of the same kind after the
    one answered 3xx. A word (``login``, ``info``, ``de``) is the app's route and stays."""
    out: set[str] = set()
    for at, request in enumerate(requests):
        if request.status is None or not 300 <= request.status < 400:
            continue
        target = next((r for r in requests[at + 1:] if r.resource_type == request.resource_type), None)
        if target is not None:
            asked = _path_parts(request.url)
            out |= {part for part in _path_parts(target.url) if part not in asked and NO_WORD.search(part)}
    return out


def _path_parts(url: str) -> set[str]:
    return {unquote(part) for part in urlsplit(url).path.split("/") if part}


def _typed(record: Step) -> list[str]:
    if isinstance(record, FillStep):
        values = [record.args.value]
    elif isinstance(record, TypeStep):
        values = [record.args.text]
    elif isinstance(record, SelectStep):
        values = [*(record.args.labels or []), *(record.args.values or [])]
    else:
        return []
    return [v for v in values if isinstance(v, str) and not isinstance(v, SecretValue) and v]


def _parts(url: str) -> set[str]:
    parts = urlsplit(url)
    out = {unquote(p) for p in parts.path.split("/") if p}
    for pair in parts.query.split("&"):
        out.add(unquote(pair.partition("=")[2].replace("+", " ")))
    return out - {""}
