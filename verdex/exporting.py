"""The session's recording written out: as a test (pytest-playwright or @playwright/test) or as an HTML
report. The same calls for every face; they write files, so they are medium-tier calls."""

from __future__ import annotations

import asyncio
from pathlib import Path

from verdex.artifacts.report import write_report
from verdex.browser.session import Session
from verdex.errors import InvalidArgument
from verdex.generators import GenerationError, RecordingError, export


def _recording(session: Session, what: str) -> Path:
    session.guard().check_tier(what, "medium")
    recorder = session.recorder
    if recorder.path is None:
        raise InvalidArgument("this session records nothing (it was started with recording off)")
    if recorder.steps == 0:
        raise InvalidArgument("nothing is recorded yet: navigate and act first, then export")
    return recorder.path


async def export_test(session: Session, *, target: str, path: str | Path, name: str) -> list[Path]:
    """Write what the session recorded as a wait-aware test; returns the files written."""
    recording = _recording(session, "export_test")
    try:
        return await asyncio.to_thread(export, recording, target=target, path=Path(path), name=name)
    except (GenerationError, RecordingError, OSError) as exc:
        raise InvalidArgument(f"could not export the test: {exc}") from exc


async def export_report(session: Session, path: str | Path) -> Path:
    """Write what the session recorded as a self-contained HTML report; returns the file written."""
    recording = _recording(session, "export_report")
    try:
        return await asyncio.to_thread(write_report, recording, path)
    except (RecordingError, OSError) as exc:
        raise InvalidArgument(f"could not write the report: {exc}") from exc
