"""The session's recording written out: as a test (pytest-playwright or @playwright/test) or as an HTML
report. The same calls for every face; they write files, so they are medium-tier calls."""

from __future__ import annotations

import asyncio
import os
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from verdex.artifacts.report import write_report
from verdex.browser.session import Session
from verdex.errors import InvalidArgument, Unproven
from verdex.generators import GenerationError, RecordingError
from verdex.proof import DEFAULT_RUNS, Proof, mark_unproven, prove_export, raise_unproven
from verdex.proof_runs import node_missing

PROVE_ENV = "VERDEX_PROVE"
_LOCKS: weakref.WeakKeyDictionary[Session, asyncio.Lock] = weakref.WeakKeyDictionary()


def _recording(session: Session, what: str) -> Path:
    session.guard().check_tier(what, "medium")
    recorder = session.recorder
    if recorder.path is None:
        raise InvalidArgument("this session records nothing (it was started with recording off)")
    if recorder.steps == 0:
        raise InvalidArgument("nothing is recorded yet: navigate and act first, then export")
    return recorder.path


@dataclass(frozen=True)
class Exported:
    """What ``export_test`` wrote and what proving it found."""

    files: list[Path]
    proof: Proof

    def summary(self) -> str:
        """``wrote …; proved 3/3 (1 plain, 2 under chaos, 14 s)`` and what proving revised or why it failed."""
        return f"wrote {', '.join(str(p) for p in self.files)}; {self.proof.summary()}"


def default_runs() -> int:
    """How many runs prove an export when the caller does not say: ``VERDEX_PROVE`` (0 skips), else 3."""
    given = os.environ.get(PROVE_ENV, "").strip()
    if not given:
        return DEFAULT_RUNS
    if not given.isdigit():
        raise InvalidArgument(f"{PROVE_ENV} must be a number of runs (0 skips proving)", value=given)
    return int(given)


async def export_test(session: Session, *, target: str, path: str | Path, name: str,
                      prove: int | None = None) -> Exported:
    """Write what the session recorded as a wait-aware test and prove it: run it against the app the
    session is on, once as it is and ``prove - 1`` times under chaos (``prove=0`` skips), revising
    verdex's own choices when a run fails on one. Raises UNPROVEN when it still fails (the file is
    written, marked unproven)."""
    runs = default_runs() if prove is None else prove
    if runs < 0:
        raise InvalidArgument("prove is a number of runs: 0 skips proving", prove=prove)
    recording = _recording(session, "export_test")
    if target == "typescript" and node_missing():
        raise Unproven(f"{Path(path).name}: TypeScript is neither written nor proven: {node_missing()}; "
                       "the Python target needs no Node", target=target, path=str(path))
    async with _exporting(session):
        try:
            files, proof = await asyncio.to_thread(prove_export, recording, target=target, path=Path(path),
                                                   name=name, runs=runs)
        except (GenerationError, RecordingError, OSError) as exc:
            raise InvalidArgument(f"could not export the test: {exc}") from exc
    if proof.verdict == "unproven":
        mark_unproven(proof)
        raise_unproven(proof, files)
    return Exported(files, proof)


@asynccontextmanager
async def _exporting(session: Session) -> AsyncIterator[None]:
    """One export at a time per session: two at once would prove against each other's files."""
    lock = _LOCKS.setdefault(session, asyncio.Lock())
    async with lock:
        yield


async def export_report(session: Session, path: str | Path) -> Path:
    """Write what the session recorded as a self-contained HTML report; returns the file written."""
    recording = _recording(session, "export_report")
    try:
        return await asyncio.to_thread(write_report, recording, path)
    except (RecordingError, OSError) as exc:
        raise InvalidArgument(f"could not write the report: {exc}") from exc
