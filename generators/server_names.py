"""Names the server made: a thing the flow created (a document, a folder) is named by the server, often
with a counter (``Untitled.doc``, then ``Untitled1.doc`` on the next run). A URL segment or query value
that holds such a name is written as "any name" in a test's URL pattern and response glob; a name the
test typed, or one it went to itself, stays literal.

The evidence, all in the recording: the answer to a request that made or changed something gave the
name (``RequestEffect.named``: a JSON answer's strings, a ``Location``) — or, when the page left for
what it made before its answer could be read, the action's request was answered ``201 Created`` and the
page went to a URL that ends in the name — no URL of the flow held it before, and the test did not
type it."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlsplit


def made_names(steps: list[dict[str, Any]]) -> list[frozenset[str]]:
    """For each step (by its position), the names the server had made by the end of it."""
    seen: set[str] = set()         # every segment and query value of a URL the flow saw, as text
    typed: set[str] = set()
    made: set[str] = set()
    out = []
    for record in steps:
        args = record.get("args") or {}
        typed.update(_typed(record.get("tool"), args))
        effects = record.get("effects") or {}
        requests = [*(record.get("startup") or {}).get("requests", []), *effects.get("requests", [])]
        named = {name for request in requests for name in request.get("named") or []} | _created_at(effects)
        made |= {name for name in named if name not in seen and name not in typed}
        made -= typed
        for url in [args.get("url") or "", record.get("url") or "", record.get("url_after") or "",
                    effects.get("url_after") or "", *(r.get("url", "") for r in requests)]:
            seen.update(_parts(url))
        out.append(frozenset(made))
    return out


def is_made(part: str, made: frozenset[str]) -> bool:
    """Does a URL's path segment or query value (as it stands in the URL, percent-encoded) name a thing the
    server made?"""
    return bool(made) and (unquote(part) in made or unquote(part.replace("+", " ")) in made)


def _created_at(effects: dict[str, Any]) -> set[str]:
    """The last segment of the URL an action led to, when its request created something (201 Created):
    where an app shows the thing it made."""
    after = effects.get("url_after") or ""
    created = any(r.get("status") == 201 and r.get("method") in ("POST", "PUT") for r in effects.get("requests", []))
    if not created or not after or after == effects.get("url_before"):
        return set()
    last = [part for part in urlsplit(after).path.split("/") if part][-1:]
    return {unquote(part) for part in last}


def _typed(tool: str | None, args: dict[str, Any]) -> list[str]:
    if tool not in ("browser_fill", "browser_type", "browser_select"):
        return []
    values = [args.get("value"), args.get("text"), *(args.get("labels") or []), *(args.get("values") or [])]
    return [v for v in values if isinstance(v, str) and v]


def _parts(url: str) -> set[str]:
    parts = urlsplit(url)
    out = {unquote(p) for p in parts.path.split("/") if p}
    for pair in parts.query.split("&"):
        out.add(unquote(pair.partition("=")[2].replace("+", " ")))
    return out - {""}
