"""``verdex replay RECORDING``: run a recording again against the live app and report drift — a
locator that no longer matches exactly one element, an action that fails, an effect that no longer
happens (a request, a navigation, a notice) or a new one, a dialog that no longer opens or says
something else, an assertion that no longer holds. Back, forward and reload are gone through again; a
step replay does not do (a drag, a wait, tabs, roles, a loaded state) is said, not passed over.
"""

from __future__ import annotations

import asyncio
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Awaitable
from typing import Any
from urllib.parse import urljoin, urlsplit

from playwright.async_api import expect

from verdex.generators.plan import ARIA_STATES
from verdex.generators.recording import read_recording
import verdex.locators as locators
from verdex.actions import give_files
from verdex.artifacts.secrets import TypedSecrets
from verdex.browser.session import Session
from verdex.browser.tab import Tab
from verdex.effects import EffectsWatch
import verdex.unique as unique
from verdex.errors import VerdexError
from verdex.facts import Effects, RequestEffect
from verdex.recording_format import (BackStep, CheckStep, ClickStep, DialogStep, FillStep, ForwardStep, NavigateStep,
                                     PressStep, ReloadStep, SecretValue, SelectStep, Step, TypeStep, UploadStep,
                                     VerifyElementStep, VerifyTextStep, VerifyUrlStep)

STEP_TIMEOUT_MS = 5_000
POLL_S = 0.05


@dataclass
class StepReport:
    index: int
    tool: str
    drift: list[str] = field(default_factory=list)
    skipped: bool = False              # a step replay does not do

    @property
    def ok(self) -> bool:
        return not self.drift


async def replay(path: str, *, base_url: str | None = None, session: Session | None = None) -> list[StepReport]:
    recording = read_recording(path)
    owned = session is None
    session = session or Session(record=False)         # replaying is not a session to record
    reports: list[StepReport] = []
    steps = list(unique.respelled(recording.records, recording.header.unique, session.unique))
    after_acting = transient_checks(steps)
    checked: dict[int, list[str]] = {}                  # a transient check's drift, found right after its action
    try:
        tab = await session.tab()
        recorded_base = None
        acting: asyncio.Future[list[str]] | None = None    # an action held by the dialog it opened
        acted: int | None = None                            # the last action, its transient checks still to make
        for index, step in enumerate(steps, 1):
            if acted is not None and acting is None:
                checked |= {check: await _drift_of(_verify(tab, steps[check - 1]))
                            for check in after_acting.get(acted, [])}
                acted = None
            if step.outcome != "done":
                continue
            report = StepReport(index, step.tool)
            reports.append(report)
            if index in checked:                        # checked where the test checks it: right after its action
                report.drift += checked.pop(index)
                continue
            try:
                if isinstance(step, NavigateStep):
                    url = step.args.url
                    parts = urlsplit(url)
                    recorded_base = recorded_base or f"{parts.scheme}://{parts.netloc}"
                    if base_url and url.startswith(recorded_base):
                        url = urljoin(base_url, url[len(recorded_base):])
                    await tab.navigate(url)
                elif isinstance(step, (BackStep, ForwardStep, ReloadStep)):
                    await {"browser_back": tab.back, "browser_forward": tab.forward, "browser_reload": tab.reload}[step.tool]()
                elif isinstance(step, DialogStep):
                    report.drift += await _answer(tab, step, acting)
                    acting = None
                elif isinstance(step, (VerifyTextStep, VerifyElementStep, VerifyUrlStep)):
                    await _verify(tab, step)
                elif step.locators is not None:
                    acted = index
                    acting = await _act(tab, step, report)
                else:
                    report.skipped = True
            except (VerdexError, AssertionError) as exc:
                report.drift.append(f"failed: {str(exc).splitlines()[0]}")
    finally:
        if acting is not None:
            acting.cancel()
        if owned:
            await session.end()
    return reports


def transient_checks(steps: list[Step]) -> dict[int, list[int]]:
    """The agent's checks of a text the action before showed and the page took away by itself (``transient``,
    format 20: a toast its timer dismisses, a button's "Saved" for a moment; format 24: that button's own text
    checked), by the action they are checked
    right after — where the generated test checks them (generators/planner.py), not where the agent did, when
    the text may be gone. Step numbers from 1."""
    out: dict[int, list[int]] = {}
    action = None
    for index, step in enumerate(steps, 1):
        if step.outcome != "done":
            continue
        if step.locators is not None and not isinstance(step, (VerifyTextStep, VerifyElementStep, VerifyUrlStep)):
            action = index
        elif isinstance(step, (VerifyTextStep, VerifyElementStep)) and step.args.transient and action is not None:
            out.setdefault(action, []).append(index)
    return out


async def _drift_of(check: Awaitable[None]) -> list[str]:
    try:
        await check
    except (VerdexError, AssertionError) as exc:
        return [f"failed: {str(exc).splitlines()[0]}"]
    return []


def _locator(tab: Tab, step: Step) -> Any:
    assert step.locators is not None, "a step without a locator is not replayed on one"
    return locators.build(tab.page, step.locators.chosen.steps)


async def _act(tab: Tab, step: Step, report: StepReport) -> asyncio.Future[list[str]] | None:
    """The action, with its effects compared; when it opens a dialog, the action is held by it (as a
    user's click is) until the recording's dialog step answers it: returned, to be awaited then."""
    locator = _locator(tab, step)
    await expect(locator).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    watch = EffectsWatch(tab)
    await watch.start()
    dialogs = len(tab.dialog_log)
    acting = asyncio.ensure_future(perform(locator, step, secrets=tab.secrets))
    while not acting.done() and len(tab.dialog_log) == dialogs:
        await asyncio.wait({acting}, timeout=POLL_S)
    now = await watch.finish()                  # (with a dialog open, at once: the page is frozen)
    if not acting.done():
        return acting                           # its effects come after the dialog: not compared
    report.drift += acting.result()
    if step.effects is not None:                # an action recorded without watching its effects has none to compare
        report.drift += _effect_drift(step.effects, now)
    return None


async def _answer(tab: Tab, step: DialogStep, acting: asyncio.Future[list[str]] | None) -> list[str]:
    """The open dialog answered as recorded; drift when none opened or it says something else."""
    if not tab.pending_dialogs:
        return [f"no dialog opened (recorded: {step.args.type} {step.args.message!r})"]
    dialog = tab.pending_dialogs.pop(0)
    drift = [] if (dialog.type, dialog.message) == (step.args.type, step.args.message) else [
        f"the dialog says {dialog.type} {dialog.message!r}, recorded {step.args.type} {step.args.message!r}"]
    if step.args.accepted:
        await (dialog.accept(step.args.prompt_text) if step.args.prompt_text is not None else dialog.accept())
    else:
        await dialog.dismiss()
    if acting is not None:
        drift += await acting
    return drift


async def perform(locator: Any, step: Step, timeout_ms: float = STEP_TIMEOUT_MS,
                  secrets: TypedSecrets | None = None) -> list[str]:
    """Do a recorded action's tool call on a Playwright locator, with its recorded arguments (a secret
    from its environment variable, told to ``secrets``). Returns what could not be done as recorded."""
    notes = []
    if isinstance(step, ClickStep):
        await (locator.dblclick if step.args.click_count == 2 else locator.click)(timeout=timeout_ms)
    elif isinstance(step, (FillStep, TypeStep)):
        value = step.args.value if isinstance(step, FillStep) else step.args.text
        if isinstance(value, SecretValue):
            notes += [] if os.environ.get(value.env) else [f"secret {value.env} is not set"]
            value = os.environ.get(value.env, "")
            if secrets is not None:
                secrets.add(value)              # a secret: masked in the session's trace
        await locator.fill(value, timeout=timeout_ms)
        if step.args.submit:
            await locator.press("Enter")
    elif isinstance(step, SelectStep):
        await locator.select_option(value=step.args.values, label=step.args.labels, timeout=timeout_ms)
    elif isinstance(step, CheckStep):
        act = {"browser_check": locator.check, "browser_uncheck": locator.uncheck, "browser_hover": locator.hover}
        await act[step.tool](timeout=timeout_ms)
    elif isinstance(step, PressStep):
        await locator.press(step.args.key, timeout=timeout_ms)
    elif isinstance(step, UploadStep):
        gone = [path for path in step.args.paths if not Path(path).is_file()]
        if gone:
            return notes + [f"uploaded file no longer there: {', '.join(gone)}"]
        await give_files(locator, step.args.paths, via=step.args.via, timeout_ms=timeout_ms)
    return notes


def _effect_drift(recorded: Effects, now: Effects) -> list[str]:
    drift = []
    def calls(requests: list[RequestEffect]) -> set[str]:
        return {f"{r.method} {urlsplit(r.url).path}" for r in requests}
    before, after = calls(recorded.requests), calls(now.requests)
    if recorded.navigated and now.navigated:
        # the new document's own loading (GET) may or may not fall in the effects window, by timing;
        # where it ends up is compared below. What the action sent (POST, …) is still compared.
        before, after = ({c for c in found if not c.startswith("GET ")} for found in (before, after))
    drift += [f"request no longer made: {c}" for c in sorted(before - after)]
    drift += [f"new request: {c}" for c in sorted(after - before)]
    if urlsplit(recorded.url_after).path != urlsplit(now.url_after).path:
        drift.append(f"ends on {urlsplit(now.url_after).path}, recorded {urlsplit(recorded.url_after).path}")
    gone = set(recorded.appeared) - set(now.appeared)
    drift += [f"no longer appears: {a}" for a in sorted(gone)]
    if recorded.no_effect != now.no_effect:
        drift.append("had no effect" if now.no_effect else "now has an effect (it had none)")
    return drift


async def _verify(tab: Tab, step: VerifyTextStep | VerifyElementStep | VerifyUrlStep) -> None:
    if isinstance(step, VerifyTextStep):
        # where the check held: through the iframe or the component (a text in its shadow root) it found it in
        shown = _locator(tab, step) if step.locators is not None else tab.page.get_by_text(step.args.text).first
        await expect(shown).to_be_visible(timeout=STEP_TIMEOUT_MS)
    elif isinstance(step, VerifyUrlStep):
        await expect(tab.page).to_have_url(re.compile(step.args.pattern), timeout=STEP_TIMEOUT_MS)
    elif step.locators is not None:
        locator = _locator(tab, step)
        state, value = step.args.state, step.args.value
        checks = {"visible": lambda: expect(locator).to_be_visible(timeout=STEP_TIMEOUT_MS),
                  "hidden": lambda: expect(locator).to_be_hidden(timeout=STEP_TIMEOUT_MS),
                  "enabled": lambda: expect(locator).to_be_enabled(timeout=STEP_TIMEOUT_MS),
                  "disabled": lambda: expect(locator).to_be_disabled(timeout=STEP_TIMEOUT_MS),
                  "checked": lambda: expect(locator).to_be_checked(timeout=STEP_TIMEOUT_MS),
                  "unchecked": lambda: expect(locator).not_to_be_checked(timeout=STEP_TIMEOUT_MS),
                  "value": lambda: expect(locator).to_have_value(str(value), timeout=STEP_TIMEOUT_MS),
                  "text": lambda: expect(locator).to_have_text(str(value), timeout=STEP_TIMEOUT_MS),
                  "count": lambda: expect(locator).to_have_count(int(value), timeout=STEP_TIMEOUT_MS),
                  **{aria: (lambda said=said: expect(locator).to_have_attribute(*said, timeout=STEP_TIMEOUT_MS))
                     for aria, said in ARIA_STATES.items()}}
        await checks[state]()


def render(reports: list[StepReport]) -> str:
    lines = []
    for r in reports:
        said = "skip " if r.skipped else "ok   " if r.ok else "DRIFT"
        lines.append(f"{said} step {r.index:>3} {r.tool}" + (" (replay does not do this step)" if r.skipped else ""))
        lines += [f"        {d}" for d in r.drift]
    drifted = sum(not r.ok for r in reports)
    skipped = sum(r.skipped for r in reports)
    lines.append(f"{len(reports) - skipped} steps replayed, {drifted} drifted"
                 + (f", {skipped} not replayed" if skipped else ""))
    return "\n".join(lines)
