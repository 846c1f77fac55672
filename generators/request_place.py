"""Where a request goes, as the same request made again goes (``RequestEffect.place``): its method and path,
the words its query holds (``?op=Poll``, which one endpoint serves every operation by), and a GraphQL
operation's name in its body (``POST /graphql`` for every query and mutation). A poll is one place, the
action's request to the same endpoint another (generators/periodic.py); the operation's name is what a
response wait then tells them apart by (generators/waits.py)."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

# a query value that says which thing is asked for (an operation's name, ``?op=Poll``), not a cursor, an id or
# a time that changes each time the same request is made again (``?since=42``, ``?_=1732870000``)
QUERY_WORD = re.compile(r"[A-Za-z][A-Za-z_.:-]{0,39}")
GRAPHQL_NAME = re.compile(r'"operationName"\s*:\s*"(\w{1,80})"')


def query_words(url: str) -> list[str]:
    """The ``key=value`` pairs of a URL's query whose value is a word (``op=Save``), in the URL's order:
    what one endpoint that serves every operation tells them apart by."""
    return [f"{key}={value}" for key, value in parse_qsl(urlsplit(url).query) if QUERY_WORD.fullmatch(value)]


def place_of(method: str, url: str, body: str | None) -> str:
    """``POST /graphql Launch``, ``POST /api/rpc ?op=Save``: method, path, query words, operation."""
    words = sorted(query_words(url))
    operation = GRAPHQL_NAME.search(body or "")
    return " ".join([method, urlsplit(url).path or "/", *(["?" + "&".join(words)] if words else []),
                     *([operation.group(1)] if operation else [])])


def operation_of(place: str) -> str | None:
    """The GraphQL operation's name a place holds, if any (a place recorded before places: none)."""
    named = [part for part in place.split(" ")[2:] if not part.startswith("?")]
    return named[-1] if named else None
