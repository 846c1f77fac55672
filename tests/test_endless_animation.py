"""A target that moves round after round of an animation that repeats forever (``/races/pulse.html``: a call
to action's pulse, a slight scale that never stops, as a publish dialog's button has): Playwright's click waits
for its target to stand still and never sees it do so. The preflight says the movement is for good, and
``wait`` does not wait for it in vain; the agent forces the click, and the tests made from the recording
click with force too, saying why, or they would wait for the target until they time out. One that repeats but
has only just begun (``/races/attention.html``: a card just added scales to and fro until the page takes its
class off, as ESPHome's dashboard calls attention to a new device for 2 s) is said as that, not as moving for
good: ``wait`` waits for it to stop and the click lands, where the agent was told to force it."""

from __future__ import annotations

import re
import time

import pytest

from tests.flows import runner
from verdex import actions, assertions
from verdex.errors import NotActionable
from verdex.generators import plan as test_plan
from verdex.generators.plan import Action, Goto, Locator, Step
from verdex.generators.targets import renderer_for
from verdex.lint.linter import lint_source

pytestmark = pytest.mark.anyio


async def _open(session, apps, page: str, button: str):
    """The race page and the ref of its button, read from its snapshot as an agent does."""
    tab = await session.tab()
    await actions.navigate(tab, f"{apps.url}/races/{page}")
    text = (await tab.snapshot()).text
    return tab, re.search(rf'button "{button}" \[ref=(e\d+)\]', text).group(1)


async def test_a_target_that_moves_for_good_is_refused_at_once_and_said_so(session, apps):
    tab, ref = await _open(session, apps, "pulse.html", "Publish now")
    # the pulse has gone on for longer than a page's call for attention lasts
    await tab.page.get_by_test_id("target").evaluate(
        "(button) => { button.getAnimations()[0].currentTime = 6000; }")
    started = time.monotonic()
    with pytest.raises(NotActionable) as refused:
        await actions.click(tab, ref, wait=True)
    said = str(refused.value).splitlines()[0]
    assert "moving: CSSAnimation race-pulse on the target, repeating forever" in said, said
    assert "force acts at once" in said and said.endswith("(not waited for: it moves for good)"), said
    assert time.monotonic() - started < actions.WAIT_BOUND_S     # refused without waiting for the bound


async def test_the_click_forced_past_it_is_forced_in_the_generated_tests(session, apps, tmp_path):
    recording = tmp_path / "pulse.jsonl"
    recorder = session.record(recording, base_url=apps.url)
    tab, ref = await _open(session, apps, "pulse.html", "Publish now")
    await actions.click(tab, ref, force=True)
    await assertions.text_visible(tab, "Clicked: Publish now")
    recorder.close()

    python = runner.export_python(recording, tmp_path / "python", "pulse")
    python_run = runner.run_pytest(python, seed=None)
    assert python_run.passed, python_run.tail()
    source = python.read_text()
    assert '.get_by_test_id("target").click(\n        force=True,  # noqa: VDX005 it never stands still\n    )' in source, \
        source
    linted = lint_source(source)
    assert not linted.findings and linted.error is None, linted      # the force is said, and silenced
    assert "CSSAnimation race-pulse repeats forever" in source, source
    with runner.exported_spec(recording, "pulse") as spec:
        assert '.getByTestId("target").click({ force: true });' in spec.read_text(), spec.read_text()
        typescript_run = runner.run_typescript(spec.parent)
    assert typescript_run.passed, typescript_run.tail()


async def test_a_click_forced_past_a_cover_is_not_forced_in_the_test(session, apps, tmp_path):
    """Force past anything else is the agent's alone: the test waits as a user would (for the overlay to go)."""
    recording = tmp_path / "cover.jsonl"
    recorder = session.record(recording, base_url=apps.url)
    tab, ref = await _open(session, apps, "overlay-opaque.html?ms=600000", "Save")
    result = await actions.click(tab, ref, force=True)
    recorder.close()
    assert result.forced and any(b.startswith("covered") for b in result.verdict.blocking), result
    source = runner.export_python(recording, tmp_path / "python", "cover").read_text()
    assert "force=True" not in source, source


def test_the_forced_click_stays_silenced_however_long_its_locator_is() -> None:
    """black wraps a call past 100 columns and moves a comment after it to the closing parenthesis; the linter
    reports ``force=True`` where it stands (Ghost's "Publish post, right now" in its dialog), so the ``noqa``
    stands there too."""
    button = Step(method="get_by_role", args=["button"],
                  kwargs={"name": "Publish post, right now, to every member of the newsletter", "exact": True})
    plan = test_plan.TestPlan(name="publish", base_url="http://127.0.0.1:8000", statements=[
        Goto(page="page", url="/"),
        Action(page="page", kind="click", locator=Locator(steps=[button]), force="it moves for good", step=2)])
    source = renderer_for("python").test_file(plan)
    assert "force=True,  # noqa: VDX005 it never stands still\n" in source, source
    linted = lint_source(source)
    assert not linted.findings and linted.error is None, (source, linted)


async def test_a_repeating_animation_just_begun_is_waited_for_and_not_said_to_move_for_good(session, apps):
    tab, add = await _open(session, apps, "attention.html", "Add device")
    await actions.click(tab, add)
    text = (await tab.snapshot()).text
    ref = re.findall(r'button "Edit" \[ref=(e\d+)\]', text)[0]
    with pytest.raises(NotActionable) as refused:
        await actions.click(tab, ref)
    said = str(refused.value).splitlines()[0]
    assert "repeating, for " in said and "s so far" in said and "forever" not in said, said
    result = await actions.click(tab, ref, wait=True)
    assert result.waited is not None and not result.forced, result
    assert (await assertions.text_visible(tab, "Clicked: Edit Porch light")).passed
