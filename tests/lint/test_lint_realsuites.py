"""The real-suite sample: excerpts of public suites with every finding labelled by hand (issue #16's bar)."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "tests" / "lint" / "realsuites"


@pytest.fixture
def scores(label_scores) -> dict:
    return label_scores("lint_realsuites.py")


def test_sample_is_big_enough_and_from_five_suites(scores: dict) -> None:
    assert scores["errors"] == {}
    assert scores["total"]["true_positives"] >= 150
    sources = {path.parent.name for path in SAMPLE.rglob("*.py") if "expect: VDX" in path.read_text()}
    assert len(sources) >= 5
    assert not sources & {"streamlit", "panel", "py-shiny", "shiny"}   # kept for an independent check


def test_every_file_names_its_source_and_licence() -> None:
    for path in SAMPLE.rglob("*.py"):
        header = path.read_text().splitlines()[:2]
        assert header[0].startswith("# Excerpt of ") and " at commit " in header[0], path
        assert header[1].startswith("# Licence: "), path


def test_default_rules_are_precise(scores: dict) -> None:
    rules = scores["rules"]
    below = {code: row for code, row in rules.items() if row["default"] and row["precision"] < 0.95}
    assert below == {}


def test_implemented_rules_find_what_they_claim(scores: dict) -> None:
    for code, row in scores["rules"].items():
        if row["implemented"]:
            assert row["recall"] >= 0.95, (code, row)
