"""A form the browser's own validation lets through only once the page's script has run: a checkout's "Who are
you?" form sends its password field ``required`` and enabled, and the page's script disables it while "Checkout as
a guest" is checked (django-oscar's checkout gateway). A disabled field is barred from validation, so the
recording's "Continue" sent the form; a test that clicks as soon as the page a link opened has committed, before that
script has come, has its click refused by the browser in silence (the empty required password) and goes on on the
page it began on. The click's preflight names the form's empty required fields that were disabled
(``disabled_required``, format 23) and the test waits for each to be disabled before it clicks, in pytest and in
``npx playwright test``. ``/gateway/`` of tests/generation_apps.py holds its script while the test it wrote runs;
the recording without the fact (as format 22 wrote it) fails there at the URL check after the click."""

from __future__ import annotations

import json
import re
import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio

PASSWORD = 'get_by_role("textbox", name="Password", exact=True)'
HELD_S = 1.5            # the script comes this long after it was asked for: after the test's click, unless it waits
HELD_LONG_S = 10.0      # held so long, a test that does not wait has surely clicked before it comes


def _without_the_fact(recording, older) -> None:
    """The recording as format 22 wrote it: no disabled required fields."""
    lines = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
    lines[0]["format"] = 22
    for line in lines[1:]:
        line.pop("disabled_required", None)
        form = ((line.get("preflight") or {}).get("navigation") or {}).get("form")
        if form:
            form.pop("disabled_required", None)
    older.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


async def test_a_required_field_the_script_disables_is_waited_for_before_the_form_is_sent(tmp_path):
    recording = tmp_path / "gateway.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/gateway/")
            await agent.click("link", "Checkout now")
            await agent.fill("textbox", "Email", "ada@example.test")
            await agent.click("button", "Continue")
            await agent.verify_text("Where should we ship to?")
        steps = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
        click = [s for s in steps if s.get("tool") == "browser_click"][-1]
        assert [f["name"] for f in click["preflight"]["navigation"]["form"]["disabled_required"]] == ["password"]
        assert click["disabled_required"][0]["chosen"]["steps"][0]["args"] == ["textbox"], click["disabled_required"]
        fill = next(s for s in steps if s.get("tool") == "browser_fill")
        assert fill.get("disabled_required", []) == []          # a fill sends no form

        python = runner.export_python(recording, tmp_path / "python", "gateway")
        source = python.read_text(encoding="utf-8")
        waited = re.search(rf"expect\(page\.{re.escape(PASSWORD)}\)\.to_be_disabled\(\)", source)
        continued = source.index('get_by_role("button", name="Continue", exact=True).click()')
        assert waited and source.index('name="Email", exact=True).fill(') < waited.start() < continued, source
        apps.page_script_hold_s = HELD_S          # the page commits, its password still required and enabled
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.failure()}"

        older = tmp_path / "older" / "gateway.jsonl"
        older.parent.mkdir()
        _without_the_fact(recording, older)
        unwaited = runner.export_python(older, tmp_path / "older", "gateway")
        assert "to_be_disabled(" not in unwaited.read_text(encoding="utf-8")
        apps.page_script_hold_s = HELD_LONG_S
        done = runner.run_pytest(unwaited, None, serve=lambda _seed: nullcontext(url))
        assert not done.passed and f"Actual value: {url}/gateway/who" in done.output, done.failure()

        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        apps.page_script_hold_s = HELD_S
        with runner.exported_spec(recording, "gateway") as spec:
            typescript = spec.read_text(encoding="utf-8")
            waited = re.search(r'await expect\(\s*page\.getByRole\("textbox", \{ name: "Password", exact: true \}\),?'
                               r'\s*\)\.toBeDisabled\(\);', typescript)
            assert waited and waited.start() < typescript.index('"Continue", exact: true }).click()'), typescript
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.failure()}"
