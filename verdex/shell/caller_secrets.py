"""The secrets a shell session's export proves its test with: those set where ``verdex export`` is typed.

A test reads what the agent typed into a sensitive field from the environment (``VERDEX_SECRET_…``), and
proving runs it in the session process, which has the environment of the shell that opened the session.
An agent that sets the variable when the export answers that it is missing, then exports again, sets it
in the shell it types the export in: the client sends the ``VERDEX_SECRET_…`` variables set there with the
export, and the session process sets them for that export alone (a variable the caller has not set keeps
the session's own value)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from verdex.secret_names import SECRET_ENV_PREFIX


def callers_secrets() -> dict[str, str]:
    """The ``VERDEX_SECRET_…`` variables set in this process's environment."""
    return {name: value for name, value in os.environ.items() if name.startswith(SECRET_ENV_PREFIX)}


@contextmanager
def secrets_set(given: dict[str, str]) -> Iterator[None]:
    """``given``'s secrets in the environment while the block runs (names without the prefix are ignored),
    then the environment as it was."""
    given = {name: value for name, value in given.items()
             if isinstance(name, str) and name.startswith(SECRET_ENV_PREFIX) and isinstance(value, str)}
    before = {name: os.environ.get(name) for name in given}
    os.environ.update(given)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
