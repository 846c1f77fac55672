"""The recording's ``{unique}`` token in the test: every literal that holds it holds the test's own variable
there instead (verdex/unique.py). A token is eight hex digits the session made; nothing else in a test's
literals spells it by chance, so each literal the generator writes is split around it, whatever it is: a
typed value, a checked text, a locator's name, a URL pattern. An app may show it in capitals (a voucher or
coupon code: pretix keeps "BIRD1c0e9d6c" as "BIRD1C0E9D6C"): there the test's own variable stands in capitals
too (``unique.upper()``, ``unique.toUpperCase()``).

The targets render literals in many places; they ask :func:`around_token` while :func:`unique_token` holds
the plan's token, so no statement has to carry it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

VARIABLE = "unique"                      # the test's own token, made as the test starts
AS_MADE, UPPER = "", "upper"             # how a literal spells the token: as the session made it, in capitals
COMMENT = ("a value of this run's own, where the recording had {token} ({{unique}}): what the flow "
           "creates is new to the app on every run")

_TOKEN: ContextVar[str | None] = ContextVar("unique_token", default=None)


@contextmanager
def unique_token(token: str | None) -> Iterator[None]:
    """Render with ``token`` replaced by the test's variable (None: nothing replaced)."""
    held = _TOKEN.set(token)
    try:
        yield
    finally:
        _TOKEN.reset(held)


def holds(text: str, token: str | None) -> bool:
    """Does the text hold the token, as made or in capitals?"""
    return bool(token) and (token in text or token.upper() in text)


def joined(pieces: list[str]) -> str | None:
    """The text a test's literal makes of its pieces around its own variable, read with the token held (None:
    none held): the inverse of :func:`around_token`."""
    token = _TOKEN.get()
    if not token:
        return None
    return "".join(piece if at % 2 == 0 else spelled(token, piece) for at, piece in enumerate(pieces))


def around_token(text: str) -> list[str] | None:
    """The text split around the token, when the text holds it (else None): its pieces at even places, and
    between each two how the token stood there (:data:`AS_MADE` or :data:`UPPER`)."""
    token = _TOKEN.get()
    if not holds(text, token):
        return None
    return [part if at % 2 == 0 else AS_MADE if part == token else UPPER
            for at, part in enumerate(split_at_token(text, token))]


def split_at_token(text: str, token: str) -> list[str]:
    """The text around the token as made or in capitals, the token as it stood at each odd place."""
    return re.split(f"({re.escape(token)}|{re.escape(token.upper())})", text)


def spelled(token: str, spelling: str) -> str:
    return token.upper() if spelling == UPPER else token
