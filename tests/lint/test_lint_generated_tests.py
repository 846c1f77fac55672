"""Tests the generator writes lint clean, apart from `nth()` fallbacks it marks with a comment."""

from pathlib import Path

import pytest

from verdex.lint import lint_paths

REPO = Path(__file__).resolve().parents[2]
GENERATED = sorted(path for path in (REPO / "examples" / "generated").rglob("test_*.py"))  # not examples/naive: bad on purpose


@pytest.mark.skipif(not GENERATED, reason="no generated Python tests under examples/ yet")
@pytest.mark.parametrize("path", GENERATED, ids=[str(path.relative_to(REPO)) for path in GENERATED])
def test_generated_test_lints_clean(path: Path) -> None:
    [result] = lint_paths([str(path)])
    assert result.error is None
    lines = path.read_text().splitlines()
    for finding in result.findings:
        assert (
            finding.rule == "VDX001" and "#" in lines[finding.line - 1]
        ), f"{finding.path}:{finding.line}: {finding.rule} {finding.message}"
