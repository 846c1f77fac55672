"""A look-alike hidden by a stylesheet alone (Calibre-Web's second file input, ``class="hide"`` under
Bootstrap's ``.hide {display: none !important}``): the target's role and name are unique on the styled page
the recording saw, but a test acts as soon as the page a click loaded has committed, before its stylesheet
has come, and Playwright's role engine finds both; the action fails at once on strict mode (it retries
actionability, never a strict violation). The recording counts the look-alikes a stylesheet alone hides
(``styled_twins``, format 13) and the test waits for the locator to find one before it acts
(``to_have_count(1)``), in pytest and in ``npx playwright test``. ``/styled/`` of tests/generation_apps.py
holds the stylesheet while the test it wrote runs; the recording without the fact (as format 12 wrote it)
fails there on strict mode."""

from __future__ import annotations

import json
import re
import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.generation_apps import STYLESHEET_HOLD_S, generation_apps
from verdex import actions, assertions

pytestmark = pytest.mark.anyio

CHOOSE = 'get_by_role("button", name="Choose File", exact=True)'


def _ref(text: str, pattern: str) -> str:
    match = re.search(pattern + r".*?\[ref=(e\d+)\]", text)
    assert match, f"{pattern!r} not in\n{text}"
    return match.group(1)


async def _record(session, url: str, recording, upload) -> None:
    recorder = session.record(recording, base_url=url)
    try:
        tab = await session.tab()
        await actions.navigate(tab, f"{url}/styled/")
        await actions.click(tab, _ref((await tab.snapshot()).text, r'button "Sign in"'))
        await actions.upload(tab, _ref((await tab.snapshot()).text, r'button "Choose File"'), [str(upload)])
        await assertions.text_visible(tab, "Chosen: notes.txt")
    finally:
        recorder.close()


def _without_the_fact(recording, older) -> None:
    """The recording as format 12 wrote it: no count of the look-alikes."""
    lines = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
    lines[0]["format"] = 12
    for line in lines[1:]:
        if line.get("locators"):
            for ranked in [line["locators"]["chosen"], *line["locators"]["candidates"]]:
                ranked.pop("styled_twins", None)
    older.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


async def test_a_look_alike_a_stylesheet_hides_is_waited_out_before_the_action(session, tmp_path):
    recording, upload = tmp_path / "styled.jsonl", tmp_path / "notes.txt"
    upload.write_text("shelf")
    with generation_apps() as (url, apps):
        await _record(session, url, recording, upload)
        steps = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
        assert steps[0]["format"] >= 13              # format 13 keeps styled_twins
        chosen = next(s for s in steps if s.get("tool") == "browser_upload")["locators"]["chosen"]
        assert chosen["styled_twins"] == 1 and chosen["steps"][0]["args"] == ["button"], chosen
        assert "styled_twins" not in next(s for s in steps if s.get("tool") == "browser_click")["locators"]["chosen"]

        python = runner.export_python(recording, tmp_path / "python", "styled")
        source = python.read_text(encoding="utf-8")
        waited = re.search(rf"expect\(page\.{re.escape(CHOOSE)}\)\.to_have_count\(\s*1, timeout=30_000\s*\)", source)
        assert waited and waited.start() < source.index(f"page.{CHOOSE}.set_input_files("), source
        apps.stylesheet_hold_s = STYLESHEET_HOLD_S         # the page commits unstyled, its twin shown
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.failure()}"

        older = tmp_path / "older" / "styled.jsonl"
        older.parent.mkdir()
        _without_the_fact(recording, older)
        unwaited = runner.export_python(older, tmp_path / "older", "styled")
        assert "to_have_count(" not in unwaited.read_text(encoding="utf-8")
        done = runner.run_pytest(unwaited, None, serve=lambda _seed: nullcontext(url))
        assert not done.passed and "strict mode violation" in done.output, done.failure()

        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "styled") as spec:
            typescript = spec.read_text(encoding="utf-8")
            waited = re.search(r'await expect\(\s*page\.getByRole\("button", \{ name: "Choose File", exact: true \}\),?'
                               r'\s*\)\.toHaveCount\(1, \{\s*timeout: 30_000,?\s*\}\);', typescript)
            assert waited and waited.start() < typescript.index(".setInputFiles("), typescript
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.failure()}"
