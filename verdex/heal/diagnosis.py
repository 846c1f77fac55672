"""Why an action of a test fails, from fresh facts: replay the recorded flow up to the action with
verdex in a real browser, find each target by its recorded identity, and compare it with what the
test's own locator reaches. The first action whose locator reaches nothing, several elements or
another element gets a new locator proven unique with Playwright (``verdex.locators``); when the
failing action's locator is right but something covers its target, the test gets a wait for that
element to be hidden (as ``generators/waits.py`` writes for a blocker seen while recording).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urljoin, urlsplit

from playwright.async_api import expect

from verdex import locators
from verdex.actions import blocker_locator
from verdex.browser.tab import Tab
from verdex.errors import CannotHeal, translate_playwright_errors
from verdex.facts import LocatorChoice, LocatorStep
from verdex.heal.identity import find, identity_of
from verdex.heal.source import ActionSite, TestSource
from verdex.preflight import judge
from verdex.recording_format import NavigateStep, PressStep, Step
from verdex.replay import perform

ACTION_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class Fix:
    action: int                               # which action of the test (0-based)
    step: int                                 # the recorded step it was generated from
    kind: Literal["locator", "wait"]
    steps: list[LocatorStep]                  # the new locator, or the element to wait for
    positional: bool
    reason: str


async def diagnose(tab: Tab, test: TestSource, failing: int, action_steps: list[int], recorded: list[Step],
                   base_url: str, progress: Callable[[str], None]) -> Fix:
    """Replay up to the failing action and name the fix; ``CannotHeal`` when the facts show none."""
    recorded_origin = None
    last = action_steps[failing]
    for index, record in enumerate(recorded[:last], 1):
        if isinstance(record, NavigateStep):
            url = record.args.url
            parts = urlsplit(url)
            recorded_origin = recorded_origin or f"{parts.scheme}://{parts.netloc}"
            await tab.navigate(urljoin(base_url, url[len(recorded_origin):]) if url.startswith(recorded_origin) else url)
            progress(f"  replay step {index}: navigated to {urlsplit(url).path}")
            continue
        if index not in action_steps:
            continue                                  # not in the test: a refused or ineffective attempt
        number = action_steps.index(index)
        site = test.actions[number]
        await _run_waits(tab, site)
        fix = await _check(tab, site, number, record, index, failing=index == last)
        if fix is not None:
            return fix
        if index < last:
            with translate_playwright_errors(f"replaying step {index}"):
                if site.chain is None:          # a key press on whatever has focus (an unread locator raised above)
                    assert isinstance(record, PressStep) and record.args.key, "only a key press has no locator"
                    await tab.page.keyboard.press(record.args.key)
                else:
                    await perform(locators.build(tab.page, site.chain.steps), record, ACTION_TIMEOUT_MS)
            progress(f"  replay step {index}: {record.tool} done with the test's locator")
    raise CannotHeal(f"step {last}: the test's locator reaches the recorded target and nothing covers it; "
                     "the failure is not a locator or a missing wait", step=last)


async def _run_waits(tab: Tab, site: ActionSite) -> None:
    """The test's own waits before the action, so the page is where the test would have it."""
    for wait in site.waits:
        if wait.args is None:
            continue
        assertion = getattr(expect(locators.build(tab.page, wait.chain.steps)), wait.matcher, None)
        if assertion is None:
            continue
        try:
            await assertion(*wait.args, **wait.kwargs)
        except AssertionError as exc:
            raise CannotHeal(f"the test's wait {locators.python_expression(wait.chain.steps)}.{wait.matcher}() "
                             f"does not hold on the live page", detail=str(exc).splitlines()[0]) from exc


async def _check(tab: Tab, site: ActionSite, number: int, record: Step, index: int, *,
                 failing: bool) -> Fix | None:
    if site.unread is not None:
        raise CannotHeal(f"step {index} ({_recorded(record)}): heal cannot read the test's locator, "
                         f"{site.unread}", step=index, action=site.what())
    if site.chain is None:
        if record.locators is not None:
            raise CannotHeal(f"step {index} ({_recorded(record)}) is {site.what()} in the test: it no longer "
                             "follows the recording", step=index)
        if failing:
            raise CannotHeal(f"step {index}: a key press on the focused element has no locator to heal", step=index)
        return None
    identity = identity_of(record)
    found = await find(tab, identity)
    ref = found.ref
    # what covers the target, read and its locator proven as soon as the target is found: the moment the test
    # acted (a promo that covers the page for a few seconds may be gone once the target's locator is proven)
    cover = await _cover(tab, ref) if failing else None
    choice = await locators.locate(tab.page, lambda: tab.candidates(ref), tab.test_id_attribute)
    target = locators.build(tab.page, choice.chosen.steps)
    current = locators.build(tab.page, site.chain.steps)
    with translate_playwright_errors(f"counting the test's locator of step {index}"):
        count = await current.count()
        same = count == 1 and await current.evaluate("(found, target) => found === target",
                                                     await target.element_handle())
    if not same:
        what = f"matches {count} elements" if count != 1 else "matches another element"
        return Fix(number, index, "locator", choice.chosen.steps, choice.fallback,
                   f"step {index}: the test's locator {what}; the recorded target, {found.describe(identity)}, "
                   f"is reached by {locators.python_expression(choice.chosen.steps)}")
    if cover is None:
        return None
    covered, blocker = cover
    if blocker is None or blocker.fallback:
        raise CannotHeal(f"step {index}: the target is {covered}, and that element has no locator to wait for",
                         step=index)
    if any(w.chain.steps == blocker.chosen.steps and w.matcher == "to_be_hidden" for w in site.waits):
        raise CannotHeal(f"step {index}: the test already waits for {blocker.code} to be hidden, and it still "
                         f"covers the target", step=index)
    return Fix(number, index, "wait", blocker.chosen.steps, False,
               f"step {index}: the target was {covered.split(' [ref=')[0]}")


async def _cover(tab: Tab, ref: str) -> tuple[str, LocatorChoice | None] | None:
    """What covers the target now, and the locator of the element that does (None: none proven)."""
    facts = await tab.preflight(ref)
    covered = next((b for b in judge(facts, "click").blocking if b.startswith("covered")), None)
    if covered is None:
        return None
    return covered, await blocker_locator(tab, facts)


def _recorded(record: Step) -> str:
    """A recorded step as a person names it: ``browser_click on button "Buy"``."""
    if record.target is None or not record.target.role:
        return record.tool
    return f"{record.tool} on {record.target.role} {json.dumps(record.target.name or '')}"
