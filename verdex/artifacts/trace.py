"""A Playwright trace of a role's context (actions, DOM snapshots, screencast), started with the
context and written when the session closes; ``playwright show-trace trace.zip`` opens it.

Playwright records what it saw, secrets included (the value passed to fill, DOM snapshots, request
bodies, screencast frames). When verdex typed into a sensitive field during the session, the trace
is written to a private temporary folder first and rewritten to PATH with every form of those values
masked (``trace_redaction.py``): PATH never holds one (``docs/artifacts.md``).
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from pathlib import Path

from playwright.async_api import BrowserContext
from playwright.async_api import Error as PlaywrightError

from verdex.artifacts.secrets import SecretForms
from verdex.artifacts.trace_redaction import redact_trace
from verdex.errors import translate_playwright_errors


async def start_trace(context: BrowserContext, *, title: str) -> None:
    with translate_playwright_errors("starting the trace"):
        await context.tracing.start(screenshots=True, snapshots=True, sources=False, title=title)


async def stop_trace(context: BrowserContext, path: Path | None, secrets: SecretForms) -> None:
    """Write the trace, with the session's secrets masked. A browser that went away first (crashed,
    killed) leaves no trace to write; a trace that cannot be rewritten is not written."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="verdex-trace-") as private:   # mode 0700
        raw = Path(private) / "raw.zip" if secrets else path
        try:
            await context.tracing.stop(path=str(raw))
        except PlaywrightError:
            return
        if secrets:
            masked = path.with_name(path.name + ".partial")     # then renamed: PATH is whole or absent
            try:
                redact_trace(raw, masked, secrets)
                os.replace(masked, path)
            except (OSError, ValueError, zipfile.BadZipFile):
                masked.unlink(missing_ok=True)                  # no trace rather than one with a secret
