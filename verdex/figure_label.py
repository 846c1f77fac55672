"""A figure the agent checks, found beside the label it is shown with.

A figure — a number and no word ("6", "4.22", "15%") — that one element of the page shows now is one
element by chance on a page of figures: Locust's header shows "Users" and "6", and the statistics table
under it shows a 6 on the next run (a median, a count), so ``get_by_text("6", exact=True)`` fails there on
strict mode. The element around it that also shows words is what a reader reads it by ("Users6": the
label and the figure, as Playwright reads their text): the check finds that one, with the figure in it.
"""

from __future__ import annotations

import re

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

WORD = re.compile(r"[^\W\d_]")
LEVELS = 3               # how far up a label is looked for: a figure's tile, not the page
LONGEST = 80             # a label and its figure, not a section


def is_figure(text: str) -> bool:
    return bool(re.search(r"\d", text)) and not WORD.search(text)


async def labelled_figure(page: Page, text: str) -> str | None:
    """The whole text of the nearest element around the one showing ``text`` that shows a word too and
    that Playwright finds once by it; None when there is none within a few levels."""
    around = page.get_by_text(text, exact=True).filter(visible=True)
    try:
        for _ in range(LEVELS):
            around = around.locator("xpath=..")
            shown = " ".join((await around.text_content(timeout=1_000) or "").split())
            if len(shown) > LONGEST:
                return None
            if WORD.search(shown):
                whole = page.get_by_text(shown, exact=True).filter(visible=True)
                return shown if await whole.count() == 1 else None
    except PlaywrightError:          # redrawn or gone meanwhile: the figure is checked alone
        return None
    return None
