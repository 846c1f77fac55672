"""A value of each run's own. A flow that creates something (a todo, a user, a page) fails its second run
when the app keeps what the first made and a name must be new: "that name is taken", or two rows where the
test expects one. ``{unique}`` in what the agent types, waits for or checks stands for a token the session
made once (eight hex digits of one shape, below; the same all session long); the recording holds the token, and the test
exported from it makes its own each run and puts it wherever the recording had it
(``verdex/generators/unique_literals.py``): ``fill("Buy milk {unique}")`` and a check of the
"Buy milk 3fa2c1d9" the page then shows become ``f"Buy milk {unique}"`` both.
"""

from __future__ import annotations

import re
import secrets

from verdex.recording_format import STEP, Step

PLACEHOLDER = "{unique}"
# Eight hex digits, a digit then a letter in turn ("3b0f4a1e"), in the session and in every run the same:
# an app that changes what it shows of a name by its characters' kinds (Directus titles "notes_3b0f4a1e" as
# "Notes 3b0f4a1e" but "notes_eb0f4a1e" as "Notes Eb0f4a1e", capitalising a word that starts with a letter)
# shows every run's token as it showed the recording's, so what the agent checked holds in each run.
TOKEN_LENGTH = 8
DIGITS, LETTERS = "0123456789", "abcdef"
# the expression each test makes its own token with, in each target's language
PYTHON_TOKEN = f'"".join(secrets.choice("{LETTERS}" if i % 2 else "{DIGITS}") for i in range({TOKEN_LENGTH}))'
TYPESCRIPT_TOKEN = (f'Array.from({{ length: {TOKEN_LENGTH} }}, (_, i) => (i % 2 ? "{LETTERS}" : "{DIGITS}"))'
                    '.map((kind) => kind[randomInt(kind.length)]).join("")')


# a token of that shape ending a word, alone or after letters only: a name some run of a test made
# ("reports-3b0f4a1e"; "eve3b0f4a1e", where a name may hold no separator: a JupyterHub or Unix user name). Never
# inside a word with a digit before it (a hash, an id), where eight such characters come by chance; the token
# itself is the group
RUN_TOKEN = re.compile(rf"(?<![0-9A-Za-z])[A-Za-z]*((?:[{DIGITS}][{LETTERS}]){{{TOKEN_LENGTH // 2}}})(?![0-9A-Za-z])")


def made_by_another_run(text: str, token: str | None) -> bool:
    """The text holds a name a run of a test made other than this session's: what an earlier run left (a folder
    in a file list), data the next run may not find, never a sign the page has loaded."""
    return any(found != token for found in RUN_TOKEN.findall(text))


def new_token() -> str:
    return "".join(secrets.choice(LETTERS if i % 2 else DIGITS) for i in range(TOKEN_LENGTH))


def spelled(text: str | None, token: str) -> str | None:
    """The text with each ``{unique}`` replaced by the token."""
    return text.replace(PLACEHOLDER, token) if text is not None else None


def respelled(steps: list[Step], recorded: str | None, token: str | None) -> list[Step]:
    """The steps with the recording's token replaced by another (a replaying session's own, heal's), in capitals
    where the app showed it so: what the recording created with it is made anew, as the exported test does. A
    token is eight hex digits, which JSON spells as they are."""
    if not recorded or not token:
        return steps
    return [STEP.validate_json(step.model_dump_json().replace(recorded, token).replace(recorded.upper(), token.upper()))
            for step in steps]
