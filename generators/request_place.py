"""Where a request goes, as the same request made again goes (``RequestEffect.place``): its method and path,
the words its query holds (``?op=Poll``, which one endpoint serves every operation by; ``?route=/table/replace``,
which a front controller serves every page by), and the operation its
body names: a GraphQL operation's name (``POST /graphql`` for every query and mutation) or a JSON-RPC call's
method (``POST /json`` with ``{"method": "web.connect", "params": […]}``). A poll is one place, the
action's request to the same endpoint another (generators/periodic.py); the operation's name is what a
response wait then tells them apart by (generators/waits.py)."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

# a query value that says which thing is asked for (an operation's name, ``?op=Poll``; a front controller's route,
# words between slashes: phpMyAdmin's ``index.php?route=/table/replace``, Yii's ``?r=site/login``), not a cursor,
# an id or a time that changes each time the same request is made again (``?since=42``, ``?_=1732870000``)
QUERY_WORD = re.compile(r"(?=.{1,80}$)/?[A-Za-z][A-Za-z_.:-]{0,39}(?:/[A-Za-z][A-Za-z_.:-]{0,39})*/?")
GRAPHQL_NAME = re.compile(r'"operationName"\s*:\s*"(\w{1,80})"')
# a JSON-RPC call (1.0 and 2.0 alike, and Transmission's dialect, whose arguments are ``arguments``): the method
# it names beside its params or its protocol's version (``web.update_ui``, ``torrent-get``); a "method" in any
# other JSON body (a payment's) is data, not an operation
RPC_METHOD = re.compile(r'"method"\s*:\s*"([A-Za-z_][\w.:/-]{0,79})"')
RPC_SHAPE = re.compile(r'"(?:params|jsonrpc|arguments)"\s*:')


def query_words(url: str) -> list[str]:
    """The ``key=value`` pairs of a URL's query whose value is a word (``op=Save``), in the URL's order:
    what one endpoint that serves every operation tells them apart by."""
    return [f"{key}={value}" for key, value in parse_qsl(urlsplit(url).query) if QUERY_WORD.fullmatch(value)]


def place_of(method: str, url: str, body: str | None) -> str:
    """``POST /graphql Launch``, ``POST /api/rpc ?op=Save``: method, path, query words, operation."""
    words = sorted(query_words(url))
    operation = operation_named(body or "")
    return " ".join([method, urlsplit(url).path or "/", *(["?" + "&".join(words)] if words else []),
                     *([operation] if operation else [])])


def operation_named(body: str) -> str | None:
    """The operation a request's body names: a GraphQL operation's name, else a JSON-RPC call's method."""
    named = GRAPHQL_NAME.search(body)
    if named is None and RPC_SHAPE.search(body):
        named = RPC_METHOD.search(body)
    return named.group(1) if named else None


def operation_of(place: str) -> str | None:
    """The operation's name a place holds, if any (a place recorded before places: none)."""
    named = [part for part in place.split(" ")[2:] if not part.startswith("?")]
    return named[-1] if named else None
