"""Viewport screenshots, masked where secrets are typed; the page picture kept after a navigation.
Comparing two of them (``action_capture.py``) needs Pillow, the ``images`` extra; taking them does not."""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from verdex.artifacts.masking import MASK_COLOR, sensitive_fields
from verdex.artifacts.options import ArtifactOptions

SCREENSHOT_TIMEOUT_MS = 5_000


async def screenshot(page: Page) -> bytes | None:
    """The viewport in CSS pixels with sensitive fields painted over; None if the page cannot give one
    (closed, or frozen by a dialog): a missing picture never fails the action it illustrates."""
    try:
        return await page.screenshot(mask=sensitive_fields(page), mask_color=MASK_COLOR, scale="css",
                                     timeout=SCREENSHOT_TIMEOUT_MS)
    except PlaywrightError:
        return None


async def page_picture(page: Page, options: ArtifactOptions) -> dict[str, bytes]:
    """The page after a step that is not an action on an element (a navigation), when pictures are kept."""
    png = await screenshot(page) if options.screenshots else None
    return {"page": png} if png is not None else {}
