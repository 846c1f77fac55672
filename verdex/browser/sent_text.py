"""What a request sent, as text, and whether it carries a value the test or the agent typed: read by each
tab's network log and by proving's runs (verdex/proof_plugin.py), whose pytest processes load it at every
start, so it imports nothing of verdex's (the facts' models alone cost a proof run 0.25 s of CPU)."""

from __future__ import annotations

import json
import re
from urllib.parse import quote_plus, unquote_plus

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Request

BODY_KEPT = 4096


def request_body(request: Request) -> str | None:
    """The request's body as text, as far as it is kept; None for none, or one that is not text."""
    try:
        body = request.post_data
    except (PlaywrightError, UnicodeDecodeError, ValueError):
        return None                       # not text (an upload)
    return body[:BODY_KEPT] if body else None


def carries(url: str, body: str | None, text: str) -> bool:
    """A request to ``url`` with ``body`` carries ``text``: in its URL or body, as typed, URL-encoded or as a
    JSON string."""
    sent = [unquote_plus(url)] + ([body, unquote_plus(body)] if body else [])
    return any(text in part or json.dumps(text)[1:-1] in part for part in sent)


def carries_whole(url: str, body: str | None, value: str) -> bool:
    """A request carries ``value`` as a whole value: a JSON string (``{"value":"teal"}``), or a query or form
    field (``theme=teal``) — not as a part of another word."""
    field = re.compile(r"=" + re.escape(quote_plus(value)) + r"(?:&|$)")
    sent = [url.partition("?")[2]] + ([body] if body else [])
    return any(json.dumps(value) in part or field.search(part) for part in sent)
