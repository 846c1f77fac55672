"""The heal loop: run the test; on a failure, map the failing line to its recorded step, diagnose it
from fresh facts, patch the file, and run again — until it passes, or until the facts show no fix."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from verdex.generators import RecordingError, build_plan, read_recording
from verdex.generators.plan import Action

from verdex import unique
from verdex.browser.session import BrowserOptions, Session
from verdex.errors import CannotHeal
from verdex.heal.diagnosis import Fix, diagnose
from verdex.heal.patch import apply
from verdex.heal.runner import TestRun, run_test
from verdex.heal.source import TestSource, read_test
from verdex.recording_format import Step

MAX_FIXES = 5
DEFAULT_ACTION_TIMEOUT_MS = 5_000


@dataclass
class HealReport:
    passed: bool
    fixes: list[Fix] = field(default_factory=list)
    runs: list[TestRun] = field(default_factory=list)


def heal(test_file: str | Path, recording: str | Path, *, base_url: str | None = None,
         action_timeout_ms: int | None = DEFAULT_ACTION_TIMEOUT_MS, max_fixes: int = MAX_FIXES,
         browser: BrowserOptions | None = None, progress: Callable[[str], None] = print) -> HealReport:
    """Heal the test in place. Raises ``CannotHeal`` (with the facts) when a failure has no fix."""
    path = Path(test_file).resolve()
    try:
        recorded = read_recording(recording)
    except RecordingError as exc:
        raise CannotHeal(str(exc)) from exc
    plan = build_plan(recorded, path.stem)
    base_url = base_url or recorded.header.base_url or plan.base_url
    if not base_url:
        raise CannotHeal("no base URL: pass one (the recording does not say where the app ran)")
    action_steps = [s.step for s in plan.statements if isinstance(s, Action)]
    # a value of each run's own: heal's replay makes its own too (the recording's may be taken), and reads the
    # test's {unique} literals with it
    token = unique.new_token() if recorded.header.unique else None
    records = unique.respelled(recorded.records, recorded.header.unique, token)
    report = HealReport(passed=False)
    while True:
        run = run_test(path, base_url=base_url, action_timeout_ms=action_timeout_ms)
        report.runs.append(run)
        if run.passed:
            progress(f"run {len(report.runs)}: passed" + (f" after {len(report.fixes)} fix(es)" if report.fixes else ""))
            report.passed = True
            return report
        failure = run.failure
        progress(f"run {len(report.runs)}: failed at line {failure.line}: {failure.summary()}")
        if len(report.fixes) >= max_fixes:
            raise CannotHeal(f"still failing after {len(report.fixes)} fixes", failure=failure.summary())
        code = path.read_text(encoding="utf-8")
        test = read_test(code, failure.line, token)
        if len(test.actions) != len(action_steps):
            raise CannotHeal(f"the test has {len(test.actions)} actions and its recording {len(action_steps)}: "
                             "it no longer follows the recording", failure=failure.summary())
        failing = test.action_at(failure.line)
        progress(f"  line {failure.line} belongs to action {failing + 1}, recorded step {action_steps[failing]}")
        fix = asyncio.run(_diagnose(browser, test, failing, action_steps, records, base_url, progress,
                                    failure.summary()))
        if fix in report.fixes:
            raise CannotHeal(f"{fix.reason}, but that fix is already in the file and the test still fails",
                             failure=failure.summary())
        path.write_text(apply(code, test, fix, token), encoding="utf-8")
        report.fixes.append(fix)
        progress(f"  fixed: {fix.reason}" if fix.kind == "locator" else f"  fixed: waits first: {fix.reason}")


async def _diagnose(browser: BrowserOptions | None, test: TestSource, failing: int, action_steps: list[int],
                    steps: list[Step], base_url: str, progress: Callable[[str], None], failure: str) -> Fix:
    async with Session(browser, record=False) as session:      # diagnosing is not a session to record
        try:
            return await diagnose(await session.tab(), test, failing, action_steps, steps, base_url, progress)
        except CannotHeal as exc:
            exc.facts.setdefault("failure", failure)
            raise
