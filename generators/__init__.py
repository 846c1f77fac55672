"""Test generation: recording → target-neutral test plan → one renderer per target (pytest-playwright,
@playwright/test) → a formatted file that parsed before it was written. Works on recorded data only
and never imports Playwright (DESIGN.md).

    from verdex.generators import export
    export("session.jsonl", target="python", path=Path("tests/test_checkout.py"), name="checkout")
"""

from __future__ import annotations

import shutil
from pathlib import Path

from verdex.generators.plan import UPLOADS_FOLDER
from verdex.generators.planner import build_plan
from verdex.generators.recording import Recording, RecordingError, read_recording
from verdex.generators.targets import GenerationError, renderer_for

__all__ = ["GenerationError", "Recording", "RecordingError", "build_plan", "export", "read_recording"]


def export(recording: str | Path, *, target: str, path: Path, name: str, overwrite_support: bool = False) -> list[Path]:
    """Write the test (and the files it needs beside it, unless they exist). Returns the paths written."""
    renderer = renderer_for(target)
    plan = build_plan(read_recording(recording), name)
    source = renderer.test_file(plan)             # raises GenerationError before anything is written
    missing = [uploaded for uploaded in plan.uploads.values() if not Path(uploaded).is_file()]
    if missing:
        raise GenerationError(f"the test uploads files that are no longer there: {', '.join(missing)}")
    gone = [f"role {c.role!r}: {c.storage_state}" for c in plan.contexts
            if c.storage_state and not Path(c.storage_state).is_file()]
    if gone:
        raise GenerationError(f"the test starts roles from storage state files that are no longer there: {'; '.join(gone)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source, encoding="utf-8")
    written = [path]
    for filename, content in renderer.support_files(plan).items():
        support = path.parent / filename
        if overwrite_support or not support.exists():
            support.write_text(content, encoding="utf-8")
            written.append(support)
    for name, uploaded in plan.uploads.items():     # the files the test uploads, beside it
        copy = path.parent / UPLOADS_FOLDER / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(uploaded, copy)
        written.append(copy)
    return written
