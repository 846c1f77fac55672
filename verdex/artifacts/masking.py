"""The fields whose pixels a screenshot never shows: password, payment (``autocomplete=cc-*``) and
one-time-code fields — the same rule as the bridge's ``isSensitive`` (bridge/names.js), written as a CSS
selector so that Playwright's ``mask=`` paints them over."""

from __future__ import annotations

from playwright.async_api import Locator, Page

_AUTOCOMPLETE_PREFIXES = ("cc-", "one-time-code", "current-password", "new-password")
SENSITIVE_SELECTOR = ", ".join(
    ["input[type=password i]"]
    + [f'{tag}[autocomplete^="{prefix}" i]' for tag in ("input", "textarea") for prefix in _AUTOCOMPLETE_PREFIXES])
MASK_COLOR = "#FF00FF"


def sensitive_fields(page: Page) -> list[Locator]:
    """One locator per frame (iframes included) for Playwright's ``mask=``."""
    return [frame.locator(SENSITIVE_SELECTOR) for frame in page.frames]
