"""A URL whose query is there and empty (``/console/?#terminal``: a form with no named field sent by GET,
then a tab's fragment) is asserted with its ``?``: the browser keeps it in the page's URL, so a pattern
without it (``/console/#terminal$``) never held, and the generated test failed on the URL its own
recording saw (OctoPrint's login lands on ``/?``, its tabs on ``/?#term``). Real Chromium, and the
generated test run by pytest (tests/generation_apps.py ``/console/``)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.generators.waits import url_pattern

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("before,after", [("http://h/console/", "http://h/console/?"),
                                          ("http://h/console/?", "http://h/console/?#terminal"),
                                          ("http://h/login", "http://h/?#term")])
def test_an_empty_query_is_kept_in_the_pattern(before, after):
    pattern = url_pattern(before, after)
    assert re.search(pattern, after), pattern
    assert not re.search(pattern, before), pattern


async def test_a_test_checks_the_url_of_a_tab_after_a_form_sent_with_no_field(tmp_path):
    recording = tmp_path / "console.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/console/")
            await agent.click("button", "Sign in")
            await agent.click("link", "Terminal")
            await agent.verify_text("Terminal ready")
        python = runner.export_python(recording, tmp_path, "console")
        source = python.read_text(encoding="utf-8")
        assert r'to_have_url(re.compile(r"/console/\?#terminal$"))' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
