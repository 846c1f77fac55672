"""A generated test runs in the language and time zone its recording's browser had: the recording's
header keeps the language the browser asked servers for (the document's ``Accept-Language``: none for a
browser without a locale, as verdex's) and its time zone, and the generated conftest.py
(``browser_context_args``) and playwright.config.ts (``use``) pin them whenever they were recorded —
pytest-playwright leaves both to the machine and Playwright Test says en-US, so no one value is "the
default" of both. A browser that asked for no language is pinned as such in Playwright Test
(``locale: ""``: no Accept-Language) and left so in pytest. On a page that greets by
``navigator.language`` and ``Accept-Language`` and names its time zone, a test recorded in Asia/Tokyo
passes on a machine in UTC, in both targets, and the server sees no Accept-Language in either."""

from __future__ import annotations

import json
import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.generators import export

pytestmark = pytest.mark.anyio


async def test_a_test_recorded_in_another_time_zone_runs_in_it_in_both_targets(tmp_path, monkeypatch):
    recording = tmp_path / "language.jsonl"
    with generation_apps() as (url, _):
        monkeypatch.setenv("TZ", "Asia/Tokyo")          # the recording's machine (its browser follows TZ)
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/language/")
            await agent.wait_for_text("The server says Hello (asked for no language)")
            await agent.verify_text("Time zone: Asia/Tokyo")
            await agent.verify_text("Hello (en-US)")
        monkeypatch.setenv("TZ", "UTC")                 # the machine the tests run on
        header = json.loads(recording.read_text(encoding="utf-8").splitlines()[0])
        assert (header["locale"], header["timezone_id"]) == ("", "Asia/Tokyo"), header
        python = runner.export_python(recording, tmp_path, "language")
        conftest = (tmp_path / "conftest.py").read_text(encoding="utf-8")
        assert 'return {**browser_context_args, "timezone_id": "Asia/Tokyo"}' in conftest, conftest
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, done.tail()
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "language") as spec:
            config = (spec.parent / "playwright.config.ts").read_text(encoding="utf-8")
            assert 'locale: "",\n    timezoneId: "Asia/Tokyo",' in config, config
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, done.tail()


def test_a_recorded_language_is_pinned_in_both_configs(tmp_path):
    lines = (runner.EXAMPLES / "recordings" / "login.jsonl").read_text(encoding="utf-8").splitlines()
    header = {**json.loads(lines[0]), "locale": "de-DE"}
    recording = tmp_path / "german.jsonl"
    recording.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    export(recording, target="python", path=tmp_path / "py" / "test_german.py", name="german")
    conftest = (tmp_path / "py" / "conftest.py").read_text(encoding="utf-8")
    assert 'return {**browser_context_args, "locale": "de-DE"}' in conftest and "timezone_id" not in conftest
    export(recording, target="typescript", path=tmp_path / "ts" / "german.spec.ts", name="german")
    config = (tmp_path / "ts" / "playwright.config.ts").read_text(encoding="utf-8")
    assert 'locale: "de-DE",' in config and "timezoneId" not in config, config


def test_a_recording_that_did_not_say_its_language_pins_nothing(tmp_path):
    export(runner.EXAMPLES / "recordings" / "login.jsonl", target="python", path=tmp_path / "test_login.py",
           name="login")
    assert "locale" not in (tmp_path / "conftest.py").read_text(encoding="utf-8")
