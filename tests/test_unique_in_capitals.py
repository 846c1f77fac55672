"""A value of each run's own that the app shows in capitals. Shops keep voucher and coupon codes upper-case:
pretix kept the code typed as "BIRD{unique}" ("BIRD1c0e9d6c") as "BIRD1C0E9D6C", in the notice that it was
made and in the list's link. The test wrote that text as the recording's ("BIRD1C0E9D6C" in the link's name),
and the agent's check of the notice as the element's whole text with its digits as any number
(``BIRD\\d+C\\d+E…``): another run's code has other letters, so no run after the recording passed. The token,
as made or in capitals, is the test's own value there, in capitals too (``unique.upper()``,
``unique.toUpperCase()``; generators/unique_literals.py), and a replay's or heal's own token in capitals there
(verdex/unique.py ``respelled``); in Real Chromium a page that keeps codes in capitals
(tests/generation_apps.py ``/codes/``) is recorded, exported and run by pytest three times, each run with a
code of its own."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.generators import read_recording
from verdex.unique import respelled

pytestmark = pytest.mark.anyio


async def test_a_code_the_app_keeps_in_capitals_is_the_runs_own_in_capitals(tmp_path):
    recording = tmp_path / "codes.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/codes/")
            token = await agent.fill_unique("textbox", "Code", "bird{unique}")
            await agent.click("button", "Save")
            await agent.verify_text("The new voucher has been created:")
            code = f"BIRD{token.upper()}"
            await agent.click("link", code, after=("cell", code))
            await agent.verify_element("link", code, "visible", after=("cell", code))
        python = runner.export_python(recording, tmp_path, "codes")
        source = python.read_text(encoding="utf-8")
        for _ in range(3):
            done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{source}\n{done.tail()}"
        literals = re.findall(r'"[^"\n]*"', re.sub(r"(?m)^\s*#.*$", "", source))
        assert not [text for text in literals if token in text.lower()], source   # the recording's, in no string
        assert 'f"The new voucher has been created: BIRD{unique.upper()}"' in source, source
        assert 'name=f"BIRD{unique.upper()}"' in source, source
        spec = runner.export_typescript(recording, tmp_path, "codes").read_text(encoding="utf-8")
        assert "`BIRD${unique.toUpperCase()}`" in spec, spec
    replayed = "".join(step.model_dump_json() for step in respelled(read_recording(recording).records, token, "2d4e6f8a"))
    assert token not in replayed.lower() and "BIRD2D4E6F8A" in replayed      # a replay's own token, in capitals too
