"""Test generation: recording → target-neutral test plan → one renderer per target (pytest-playwright,
@playwright/test) → a formatted file that parsed before it was written. Works on recorded data only
and never imports Playwright (DESIGN.md).

    from verdex.generators import export
    export("session.jsonl", target="python", path=Path("tests/test_checkout.py"), name="checkout")
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from verdex.generators.plan import UPLOADS_FOLDER
from verdex.generators.planner import build_plan
from verdex.generators.recording import Recording, RecordingError, read_recording
from verdex.generators.revisions import Revision, apply_revisions
from verdex.generators.targets import GenerationError, renderer_for

__all__ = ["GenerationError", "Recording", "RecordingError", "Revision", "build_plan", "export", "foreign_origin",
           "read_recording"]


def export(recording: str | Path, *, target: str, path: Path, name: str, overwrite_support: bool = False,
           revisions: list[Revision] | None = None) -> list[Path]:
    """Write the test (and the files it needs beside it, unless they exist). Returns the paths written.
    ``revisions``: choices proving changed (generators/revisions.py)."""
    renderer = renderer_for(target)
    read = read_recording(recording)
    plan = apply_revisions(build_plan(read, name), read.records, revisions or [])
    if not overwrite_support:
        plan = plan.model_copy(update={"own_origin": foreign_origin(path.parent, target, plan.base_url)})
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


SUPPORT_FILE = {"python": "conftest.py", "typescript": "playwright.config.ts"}


def foreign_origin(folder: Path, target: str, base_url: str | None) -> str:
    """Why the test must carry its recorded origin: the folder's conftest.py / playwright.config.ts is
    there already (export keeps it) and does not name that origin. Empty when it does, or is not there."""
    support = folder / SUPPORT_FILE[target]
    if not base_url or not support.is_file():
        return ""
    try:
        text = support.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    if json.dumps(base_url) in text:
        return ""
    named = re.search(r"(?:RECORDED_BASE_URL = |baseURL: [^\n]*?)\"(https?://[^\"]+)\"", text)
    return (f"{support.name} beside this test points at {named.group(1) if named else 'another app or none'}; "
            f"this test was recorded on {base_url} and carries that origin (--base-url or BASE_URL still choose)")
