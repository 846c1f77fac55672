"""The names a server gave in its answer to a request that made or changed something: the strings of a
JSON answer (``{"name": "Untitled1.doc", "path": "docs/Untitled1.doc"}``), a ``Location`` header and, in a
``201 Created`` answer, the number it gave what it made (``{"id": 2, …}``). A
URL of the flow that holds one of them names a thing the server made, which another run of the test
finds under another name (generators/server_names.py). A GraphQL query is sent with POST, and reads: its
answer names what is there already (dagster's asset list), not what the request made. Nor is a string the page
sent in the request's body and the answer gave back a name the server made: Label Studio's new view is sent with
its settings (``"target": "tasks"``, its columns, ``"conjunction": "and"``) and answered with them and its
number; ``tasks`` then stood for any name in ``POST /api/tasks/2/annotations``."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Request

CHANGING_METHODS = ("POST", "PUT", "PATCH")
DATA_TYPES = ("fetch", "xhr")
MAX_BODY = 256 * 1024
MAX_NAMES = 100
MAX_NAME = 200
READ_BOUND_S = 2.0
CREATED_ID_KEYS = ("id", "pk")            # where a created thing's answer says its number
# a GraphQL document's first operation, after its comments: "query", "subscription", "{" (a query) or "mutation"
GRAPHQL_OPERATION = re.compile(r"^(?:\s|#[^\n]*\n)*(query|subscription|mutation|\{)")


def names_read(method: str, resource_type: str, status: int | None, request: Request) -> asyncio.Task | None:
    """Start reading the names of the answer to a request that made or changed something and was answered
    (2xx), as soon as its headers came: the page may leave for the thing it made as soon as it has read
    the answer, and the answer's body goes with the page (then only a 201's Location and new URL tell,
    generators/server_names.py). None for any other request."""
    if method not in CHANGING_METHODS or resource_type not in DATA_TYPES or status is None or not 200 <= status < 300:
        return None
    if graphql_reads(_sent(request)):
        return None
    return asyncio.get_running_loop().create_task(_bounded(request))


def graphql_reads(body: str | None) -> bool:
    """Is the body a GraphQL request (``{"query": …}``, or a batch of them) whose operations all read —
    queries and subscriptions, no mutation?"""
    try:
        sent = json.loads(body) if body and body.lstrip()[:1] in "{[" else None
    except ValueError:
        return False
    operations = sent if isinstance(sent, list) else [sent]
    documents = [op.get("query") if isinstance(op, dict) else None for op in operations]
    if not documents or not all(isinstance(document, str) for document in documents):
        return False                       # not GraphQL, or a persisted query that names no operation type
    kinds = [GRAPHQL_OPERATION.match(document) for document in documents]
    return all(kind is not None and kind.group(1) != "mutation" for kind in kinds)


def _sent(request: Request) -> str | None:
    try:
        return request.post_data
    except (PlaywrightError, UnicodeDecodeError, ValueError):
        return None                        # not text (an upload)


async def names_of(task: asyncio.Task | None) -> list[str]:
    """The names a reading started by :func:`names_read` found (none when it failed or found none)."""
    if task is None:
        return []
    try:
        return await asyncio.wait_for(asyncio.shield(task), READ_BOUND_S)
    except (PlaywrightError, asyncio.TimeoutError, asyncio.CancelledError):
        return []


async def _bounded(request: Request) -> list[str]:
    try:
        return await asyncio.wait_for(_read(request), READ_BOUND_S)
    except (PlaywrightError, asyncio.TimeoutError):
        return []                          # the answer is gone (the page moved on): no names to speak of


async def _read(request: Request) -> list[str]:
    response = await request.response()
    if response is None:
        return []
    names: list[str] = []
    location = response.headers.get("location")
    if location:
        names += _segments(urlsplit(location).path)
    if "json" in (response.headers.get("content-type") or "").lower():
        body = await response.body()
        if len(body) <= MAX_BODY:
            try:
                answer = json.loads(body)
            except ValueError:
                answer = None
            echoed = _sent_strings(request)
            names += [name for name in _strings(answer, []) if name not in echoed]
            if response.status == 201:
                names += _created_number(answer)
    return list(dict.fromkeys(n for n in names if 0 < len(n) <= MAX_NAME))[:MAX_NAMES]


def _created_number(answer: Any) -> list[str]:
    """The number a ``201 Created`` answer gave the thing it made (``{"id": 7, …}``), as a URL spells it."""
    if not isinstance(answer, dict):
        return []
    return [str(value) for key in CREATED_ID_KEYS
            if isinstance(value := answer.get(key), int) and not isinstance(value, bool)]


def _sent_strings(request: Request) -> set[str]:
    """The strings the page sent in the request's body (a JSON body's, a form's values): what an answer gives back
    of them is an echo, no name the server made."""
    sent = _sent(request)
    if not sent or len(sent) > MAX_BODY:
        return set()
    try:
        body = json.loads(sent)
    except ValueError:
        return {value for _key, value in parse_qsl(sent)}
    return set(_strings(body, [], limit=None))


def _strings(value: Any, out: list[str], limit: int | None = MAX_NAMES) -> list[str]:
    """Every string of a JSON value (``limit`` at most), and the last segment of each that is a path
    (``docs/Untitled.doc``)."""
    if limit is not None and len(out) >= limit:
        return out
    if isinstance(value, str):
        out.append(value)
        if "/" in value.strip("/"):
            out += _segments(value)[-1:]
    elif isinstance(value, list):
        for item in value:
            _strings(item, out, limit)
    elif isinstance(value, dict):
        for item in value.values():
            _strings(item, out, limit)
    return out


def _segments(path: str) -> list[str]:
    return [unquote(part) for part in path.split("/") if part]
