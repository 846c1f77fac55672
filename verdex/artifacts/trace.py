"""A Playwright trace of a role's context (actions, DOM snapshots, screencast), started with the
context and written when the session closes; ``playwright show-trace trace.zip`` opens it.

A trace holds what Playwright saw, unredacted: the values passed to fill/type (secrets included) and
DOM snapshots with the fields' values. Treat a trace file as a secret (``docs/artifacts.md``).
"""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import BrowserContext
from playwright.async_api import Error as PlaywrightError

from verdex.errors import translate_playwright_errors


async def start_trace(context: BrowserContext, *, title: str) -> None:
    with translate_playwright_errors("starting the trace"):
        await context.tracing.start(screenshots=True, snapshots=True, sources=False, title=title)


async def stop_trace(context: BrowserContext, path: Path | None) -> None:
    """Write the trace. A browser that went away first (crashed, killed) leaves no trace to write."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        await context.tracing.stop(path=str(path))
    except PlaywrightError:
        pass
