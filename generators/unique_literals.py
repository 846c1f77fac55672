"""The recording's ``{unique}`` token in the test: every literal that holds it holds the test's own variable
there instead (verdex/unique.py). A token is eight hex digits the session made; nothing else in a test's
literals spells it by chance, so each literal the generator writes is split around it, whatever it is: a
typed value, a checked text, a locator's name, a URL pattern.

The targets render literals in many places; they ask :func:`around_token` while :func:`unique_token` holds
the plan's token, so no statement has to carry it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

VARIABLE = "unique"                      # the test's own token, made as the test starts
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


def joined(pieces: list[str]) -> str | None:
    """The text a test's literal makes of its pieces around its own variable, read with the token held (None:
    none held): the inverse of :func:`around_token`."""
    token = _TOKEN.get()
    return token.join(pieces) if token else None


def around_token(text: str) -> list[str] | None:
    """The text's pieces around the token, when the text holds it; else None."""
    token = _TOKEN.get()
    return text.split(token) if token and token in text else None
