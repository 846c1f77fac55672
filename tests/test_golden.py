"""Golden tests: each recorded flow in examples/recordings/ exports exactly the files committed in
examples/generated/ — the examples a reader sees are what the generator writes today."""

from __future__ import annotations

from pathlib import Path

import pytest

from verdex.generators import export

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RECORDINGS = sorted((EXAMPLES / "recordings").glob("*.jsonl"))


def test_there_are_recorded_examples():
    assert len(RECORDINGS) >= 6


@pytest.mark.parametrize("recording", RECORDINGS, ids=[r.stem for r in RECORDINGS])
@pytest.mark.parametrize("target,relative", [("python", "python/test_{}.py"), ("typescript", "typescript/{}.spec.ts")])
def test_a_recording_exports_its_committed_example(recording: Path, target: str, relative: str, tmp_path: Path):
    golden = EXAMPLES / "generated" / relative.format(recording.stem)
    written = export(recording, target=target, path=tmp_path / golden.name, name=recording.stem)
    assert written[0].read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")
