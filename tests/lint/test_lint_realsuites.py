"""The real-suite samples: excerpts of public suites with every finding labelled by hand (issue #16's bar,
and issue #29's second sample, from suites the first never used)."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLES = {"first": REPO / "tests" / "lint" / "realsuites", "second": REPO / "tests" / "lint" / "realsuites2"}
HELD_OUT = {"streamlit", "panel", "holoviz", "py-shiny", "shiny"}   # kept for an independent check


@pytest.fixture
def samples(label_scores) -> dict:
    return label_scores("lint_realsuites.py")


def test_samples_are_big_enough_and_from_several_suites(samples: dict) -> None:
    for name, scores in samples.items():
        assert scores["errors"] == {}, name
        assert scores["total"]["true_positives"] >= 150, name
        sources = {path.parent.name for path in SAMPLES[name].rglob("*.py") if "expect: VDX" in path.read_text()}
        assert len(sources) >= 4, name
        assert not sources & HELD_OUT


def test_the_second_sample_shares_no_suite_with_the_first() -> None:
    first, second = ({path.parent.name for path in SAMPLES[name].rglob("*.py")} for name in ("first", "second"))
    assert not first & second


def test_every_file_names_its_source_and_licence() -> None:
    for sample in SAMPLES.values():
        for path in sample.rglob("*.py"):
            header = path.read_text().splitlines()[:2]
            assert header[0].startswith("# Excerpt of ") and " at commit " in header[0], path
            assert header[1].startswith("# Licence: "), path


def test_default_rules_are_precise_and_find_what_they_claim_on_each_sample(samples: dict) -> None:
    for name, scores in samples.items():
        below = {code: (round(row["precision"], 2), round(row["recall"], 2)) for code, row in scores["rules"].items()
                 if row["default"] and (row["precision"] < 0.95 or row["recall"] < 0.9)}
        assert below == {}, name


def test_implemented_rules_find_what_they_claim_on_the_first_sample(samples: dict) -> None:
    for code, row in samples["first"]["rules"].items():
        if row["implemented"]:
            assert row["recall"] >= 0.95, (code, row)
