"""A value of each run's own. A flow that creates something (a todo, a user, a page) fails its second run
when the app keeps what the first made and a name must be new: "that name is taken", or two rows where the
test expects one. ``{unique}`` in what the agent types, waits for or checks stands for a token the session
made once (eight hex digits, the same all session long); the recording holds the token, and the test
exported from it makes its own each run and puts it wherever the recording had it
(``verdex/generators/unique_literals.py``): ``fill("Buy milk {unique}")`` and a check of the
"Buy milk 3fa2c1d9" the page then shows become ``f"Buy milk {unique}"`` both.
"""

from __future__ import annotations

import secrets

PLACEHOLDER = "{unique}"
TOKEN_BYTES = 4                   # 8 hex digits; the test makes its own with the same call (secrets.token_hex)


def new_token() -> str:
    return secrets.token_hex(TOKEN_BYTES)


def spelled(text: str | None, token: str) -> str | None:
    """The text with each ``{unique}`` replaced by the token."""
    return text.replace(PLACEHOLDER, token) if text is not None else None
