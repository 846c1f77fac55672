"""A value of each run's own has the shape of the recording's: a digit then a letter in turn, in the session
and in every run. Directus titles a collection's name by its words, capitalising a word that starts with a
letter: the recording's token began with a digit ("notes_8e94d23d" shown as "Notes 8e94d23d", which the
agent checked), and each run's ``secrets.token_hex(4)`` began with a letter six times in sixteen
("Notes Eeae02c7"): the check failed in those runs, and proving called it state the app kept. The token
made by the session and by each target's test (the Python line run here; the TypeScript one under node)
is of the one shape; in Real Chromium, a page that titles what was typed (tests/generation_apps.py
``/titled/``) is recorded, exported and run by pytest three times."""

from __future__ import annotations

import re
import secrets
import shutil
import subprocess
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.unique import new_token

pytestmark = pytest.mark.anyio
SHAPE = re.compile(r"^(?:\d[a-f]){4}$")
DRAWS = 200


def made_by_node(statement: str) -> list[str]:
    """The tokens the spec's own statement makes, run ``DRAWS`` times by node."""
    script = f'const {{ randomInt }} = require("node:crypto"); for (let n = 0; n < {DRAWS}; n++) {{ {statement} console.log(unique); }}'
    return subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout.split()


async def test_a_name_the_app_titles_is_checked_as_shown_in_every_run(tmp_path):
    recording = tmp_path / "titled.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/titled/")
            await agent.fill("textbox", "Name", "notes_{unique}")
            await agent.click("button", "Create")
            await agent.verify_text("Notes {unique}")
        python = runner.export_python(recording, tmp_path, "titled")
        source = python.read_text(encoding="utf-8")
        assert 'get_by_text(f"Notes {unique}", exact=True)' in source, source
        assert all(SHAPE.match(new_token()) for _ in range(DRAWS))
        made = re.search(r"^    unique = (.+)$", source, re.MULTILINE).group(1)
        assert all(SHAPE.match(eval(made, {"secrets": secrets})) for _ in range(DRAWS)), made  # noqa: S307
        spec = runner.export_typescript(recording, tmp_path, "titled").read_text(encoding="utf-8")
        statement = re.search(r"^  const unique = .+?;$", spec, re.MULTILINE | re.DOTALL).group(0)
        if shutil.which("node"):
            made_in_spec = made_by_node(statement)
            assert len(made_in_spec) == DRAWS and all(SHAPE.match(t) for t in made_in_spec), made_in_spec[:5]
        for _ in range(3):
            done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{source}\n{done.tail()}"
