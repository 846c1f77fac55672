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

from verdex.recording_format import STEP, Step

PLACEHOLDER = "{unique}"
TOKEN_BYTES = 4                   # 8 hex digits; the test makes its own with the same call (secrets.token_hex)


def new_token() -> str:
    return secrets.token_hex(TOKEN_BYTES)


def spelled(text: str | None, token: str) -> str | None:
    """The text with each ``{unique}`` replaced by the token."""
    return text.replace(PLACEHOLDER, token) if text is not None else None


def respelled(steps: list[Step], recorded: str | None, token: str | None) -> list[Step]:
    """The steps with the recording's token replaced by another (a replaying session's own, heal's): what the
    recording created with it is made anew, as the exported test does. A token is eight hex digits, which JSON
    spells as they are."""
    if not recorded or not token:
        return steps
    return [STEP.validate_json(step.model_dump_json().replace(recorded, token)) for step in steps]
