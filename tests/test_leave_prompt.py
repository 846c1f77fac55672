"""A page that asks before it is left (a ``beforeunload`` handler on a draft with unsaved words): the
agent's navigation is recorded as asked, its answer (browser_dialog) is the next step, and the exported
test answers the page's question the way the agent did, before the navigation: ``page.once("dialog",
…)`` then ``goto`` in both targets. The generated tests run for real with pytest and ``npx playwright
test`` against the fixture page; the same test answering the other way fails, so the page really asks
in the test's run and the test's answer is what lets it go. A page the agent chose to stay on cannot be
written (a test's navigation does not stay): the export is refused, naming the step."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.flows import runner
from tests.test_watch import call, ref_of
from verdex.browser.session import Session
from verdex.generators import export, read_recording
from verdex.generators.targets.errors import UnrenderableStep

pytestmark = pytest.mark.anyio
ACCEPT = 'page.once("dialog", lambda dialog: dialog.accept())'


async def record_leaving(session: Session, apps, path: Path, *, accept: bool) -> None:
    """Type into the draft, go elsewhere: the page asks; the agent answers (and, when it left, checks it arrived)."""
    session.record(path, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/settling/leave.html")
    draft = ref_of((await call(session, "browser_snapshot")).text, 'textbox "Draft"')
    await call(session, "browser_type", ref=draft, text="unsaved words")
    asked = await call(session, "browser_navigate", url=apps.url + "/settling/slider.html")
    assert asked.data["dialog"] == {"type": "beforeunload", "message": ""}, asked.data
    await call(session, "browser_dialog", accept=accept)
    await call(session, "verify_text_visible", text="Volume" if accept else "Draft")
    session.record(None)


async def test_a_navigation_the_page_asked_about_is_exported_with_the_agents_answer_and_runs(session, apps, tmp_path):
    recording = tmp_path / "leave.jsonl"
    await record_leaving(session, apps, recording, accept=True)
    asked, answered = read_recording(recording).records[2:4]
    assert (asked.tool, asked.dialog.type, answered.tool, answered.args.accepted) == (
        "browser_navigate", "beforeunload", "browser_dialog", True)

    python, source = exported_and_run(recording, tmp_path, "leave", 'page.goto("/settling/slider.html")',
                                      'await page.goto("/settling/slider.html");')
    python.write_text(source.replace(ACCEPT, 'page.once("dialog", lambda dialog: dialog.dismiss())'), encoding="utf-8")
    stayed = runner.run_pytest(python, None)
    assert not stayed.passed, "the page did not ask in the test's run: the answer decided nothing"


async def test_a_page_the_agent_stayed_on_is_refused_naming_the_step(session, apps, tmp_path):
    recording = tmp_path / "stay.jsonl"
    await record_leaving(session, apps, recording, accept=False)
    for target, name in (("python", "test_stay.py"), ("typescript", "stay.spec.ts")):
        with pytest.raises(UnrenderableStep, match=r"step 4 \(browser_dialog\).*stayed on the page"):
            export(recording, target=target, path=tmp_path / name, name="stay", overwrite_support=True)
        assert not (tmp_path / name).exists()


async def test_a_back_the_page_asked_about_is_exported_with_the_agents_answer_and_runs(session, apps, tmp_path):
    """The same question on a move in the page's history: the back is recorded as asked (not waited out),
    and the test answers before its go_back as it does before a goto."""
    recording = tmp_path / "back.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/settling/slider.html")
    await call(session, "browser_navigate", url=apps.url + "/settling/leave.html")
    draft = ref_of((await call(session, "browser_snapshot")).text, 'textbox "Draft"')
    await call(session, "browser_type", ref=draft, text="unsaved words")
    asked = await call(session, "browser_back")
    assert asked.data["dialog"] == {"type": "beforeunload", "message": ""}, asked.data
    await call(session, "browser_dialog", accept=True)
    await call(session, "verify_text_visible", text="Volume")
    session.record(None)

    exported_and_run(recording, tmp_path, "back", "page.go_back()", "await page.goBack();")


def exported_and_run(recording: Path, folder: Path, name: str, python_move: str, typescript_move: str
                     ) -> tuple[Path, str]:
    """Export both targets, check each accepts the page's question just before its move, run both."""
    python = folder / f"test_{name}.py"
    export(recording, target="python", path=python, name=name, overwrite_support=True)
    source = python.read_text(encoding="utf-8")
    assert f"    {ACCEPT}\n    {python_move}\n" in source, source
    run = runner.run_pytest(python, None)
    assert run.passed, run.tail()
    with runner.exported_spec(recording, name) as spec:
        typescript = spec.read_text(encoding="utf-8")
        assert f'  page.once("dialog", (dialog) => dialog.accept());\n  {typescript_move}\n' in typescript, typescript
        ts_run = runner.run_typescript(spec.parent)
    assert ts_run.passed, ts_run.tail()
    return python, source
