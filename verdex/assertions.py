"""The agent's assertions: checked on the live page with Playwright's own ``expect`` (so that a recorded
assertion is one that held), then recorded for the generated test.

    await assertions.text_visible(tab, "Added Pixel 8 to cart")
    await assertions.element(tab, "e42", "text", "Cart (1)")
    await assertions.url(tab, "/shop/cart")
"""

from __future__ import annotations

import re
from typing import Any, Literal

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import expect

from verdex import locators
from verdex.browser.tab import Tab
from verdex.errors import InvalidArgument
from verdex.facts import Verification
from verdex.recorder import Recorder

CHECK_TIMEOUT_MS = 5_000
ElementState = Literal["visible", "hidden", "enabled", "disabled", "checked", "unchecked", "value", "text", "count"]
NEEDS_VALUE = ("value", "text", "count")


async def text_visible(tab: Tab, text: str, *, recorder: Recorder | None = None) -> Verification:
    if not text.strip():
        raise InvalidArgument("text is empty")
    tab.ensure_no_dialog()
    # the same strict locator the generated test will use: text that several elements show is ambiguous
    matches = tab.page.get_by_text(text)
    passed = await _holds(expect(matches).to_be_visible(timeout=CHECK_TIMEOUT_MS))
    actual = None if passed else f"{await matches.count()} elements show this text"
    result = Verification(kind="text_visible", passed=passed, expected=f"text {text!r} visible", actual=actual)
    _record(recorder, tab, result, {"text": text})
    return result


async def element(tab: Tab, ref: str, state: ElementState, value: str | int | None = None, *,
                  recorder: Recorder | None = None) -> Verification:
    if state in NEEDS_VALUE and value is None:
        raise InvalidArgument(f"state {state!r} needs a value")
    tab.ensure_no_dialog()
    choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    target = locators.build(tab.page, choice.chosen.steps)
    check = {
        "visible": lambda: expect(target).to_be_visible(timeout=CHECK_TIMEOUT_MS),
        "hidden": lambda: expect(target).to_be_hidden(timeout=CHECK_TIMEOUT_MS),
        "enabled": lambda: expect(target).to_be_enabled(timeout=CHECK_TIMEOUT_MS),
        "disabled": lambda: expect(target).to_be_disabled(timeout=CHECK_TIMEOUT_MS),
        "checked": lambda: expect(target).to_be_checked(timeout=CHECK_TIMEOUT_MS),
        "unchecked": lambda: expect(target).not_to_be_checked(timeout=CHECK_TIMEOUT_MS),
        "value": lambda: expect(target).to_have_value(str(value), timeout=CHECK_TIMEOUT_MS),
        "text": lambda: expect(target).to_have_text(str(value), timeout=CHECK_TIMEOUT_MS),
        "count": lambda: expect(target).to_have_count(int(value), timeout=CHECK_TIMEOUT_MS),
    }[state]
    passed = await _holds(check())
    actual = None
    if not passed and state in ("text", "value"):
        actual = await (target.inner_text() if state == "text" else target.input_value())
    expected = f"{choice.code} {state}" + (f" {value!r}" if value is not None else "")
    result = Verification(kind="element", passed=passed, expected=expected, actual=actual, locator=choice)
    _record(recorder, tab, result, {"ref": ref, "state": state, "value": value})
    return result


async def url(tab: Tab, expected: str, *, recorder: Recorder | None = None) -> Verification:
    """The page's URL ends with (or, given as /regex/, matches) the expected text."""
    if expected.startswith("/") and expected.endswith("/") and len(expected) > 2:
        pattern = re.compile(expected[1:-1])
    else:
        pattern = re.compile(re.escape(expected) + r"$")
    passed = await _holds(expect(tab.page).to_have_url(pattern, timeout=CHECK_TIMEOUT_MS))
    result = Verification(kind="url", passed=passed, expected=f"URL matching {pattern.pattern!r}", actual=tab.page.url)
    _record(recorder, tab, result, {"url": expected, "pattern": pattern.pattern})
    return result


async def _holds(check: Any) -> bool:
    try:
        await check
        return True
    except (AssertionError, PlaywrightError):      # a strict-mode violation is a failed check too
        return False


def _record(recorder: Recorder | None, tab: Tab, result: Verification, args: dict[str, Any]) -> None:
    if recorder is not None and result.passed:
        recorder.step({"tool": f"verify_{result.kind}", "outcome": "done", "tab": tab.id, "args": args,
                       "locators": result.locator.model_dump(mode="json") if result.locator else None})
