"""Precision and recall of each `verdex lint` rule over the two hand-labelled real-suite samples.

tests/lint/realsuites/ (the first sample) and tests/lint/realsuites2/ (the second, from suites the first
never used) hold excerpts of public Python Playwright suites (each README lists them, pinned to commits),
each line where a finding is right labelled `# expect: VDX…` (bench/lint_labels.py). Nothing is fetched
at run time. Codes that are labelled but not implemented yet are reported as such.

    python bench/lint_realsuites.py                  # both tables
    python bench/lint_realsuites.py --sample second  # one of them
    python bench/lint_realsuites.py --details        # and every false positive and miss
    python bench/lint_realsuites.py --json           # machine-readable, for tests: {"first": …, "second": …}
    python bench/lint_realsuites.py --check          # exit 1 if a default rule is under the bars on a sample
"""

import argparse
import json
import sys
from pathlib import Path

from lint_labels import compare, labelled_lines, lint_all_rules, print_details

from verdex.lint import ALL_RULES

LINT_TESTS = Path(__file__).resolve().parent.parent / "tests" / "lint"
SAMPLES = {"first": LINT_TESTS / "realsuites", "second": LINT_TESTS / "realsuites2"}
PRECISION_BAR = 0.95
RECALL_BAR = 0.9


def score(sample: Path) -> dict:
    found, errors = lint_all_rules(sample)
    expected, files, lines = labelled_lines(sample)
    implemented = {rule.code: rule for rule in ALL_RULES}
    labelled_only = sorted({code for (_, _, code) in expected} - implemented.keys())
    scores = compare(found, expected, [*implemented, *labelled_only])
    for code, row in scores["rules"].items():
        rule = implemented.get(code)
        row.update(
            name=rule.name if rule else "",
            implemented=rule is not None,
            default=bool(rule and rule.recommended),
            findings=row["true_positives"] + row["false_positives"],
        )
    return {"files": files, "lines": lines, "errors": errors, **scores}


def below_bar(scores: dict) -> list[str]:
    """The default rules whose precision or recall on the sample is under the bars."""
    return [
        code for code, row in scores["rules"].items()
        if row["default"] and (row["precision"] < PRECISION_BAR or row["recall"] < RECALL_BAR)
    ]


def print_table(name: str, scores: dict) -> None:
    print(f"{name} sample: {scores['files']} files, {scores['lines']} lines, {len(scores['errors'])} errors")
    print(
        f"{'rule':<8} {'name':<26} {'set':<8} {'found':>5} {'TP':>4} {'FP':>4} {'FN':>4}"
        f" {'precision':>10} {'recall':>8}"
    )
    for code, row in scores["rules"].items():
        where = "default" if row["default"] else "opt-in" if row["implemented"] else "-"
        figures = (
            f"{row['precision']:>10.2f} {row['recall']:>8.2f}"
            if row["implemented"]
            else f"{'not yet implemented':>19}"
        )
        print(
            f"{code:<8} {row['name']:<26} {where:<8} {row['findings']:>5} {row['true_positives']:>4}"
            f" {row['false_positives']:>4} {row['misses']:>4} {figures}"
        )
    implemented = [row for row in scores["rules"].values() if row["implemented"]]
    tp = sum(row["true_positives"] for row in implemented)
    fp = sum(row["false_positives"] for row in implemented)
    fn = sum(row["misses"] for row in implemented)
    print(
        f"{'all implemented':<35} {tp + fp:>14} {tp:>4} {fp:>4} {fn:>4}"
        f" {tp / (tp + fp) if tp + fp else 1.0:>10.2f} {tp / (tp + fn) if tp + fn else 1.0:>8.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--details", action="store_true", help="list every false positive and miss")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 if a default rule's precision < {PRECISION_BAR} or recall < {RECALL_BAR}")
    parser.add_argument("--sample", choices=sorted(SAMPLES), help="only this sample")
    args = parser.parse_args(argv)
    names = [args.sample] if args.sample else list(SAMPLES)
    scores = {name: score(SAMPLES[name]) for name in names}
    if args.json:
        print(json.dumps(scores, indent=2))
    failing = []
    for name, sample_scores in scores.items():
        if not args.json:
            print_table(name, sample_scores)
            print()
        if args.details:
            print_details(sample_scores)
        failing += [f"{code} ({name})" for code in below_bar(sample_scores)]
    if args.check and failing:
        print(f"under the bars (precision {PRECISION_BAR}, recall {RECALL_BAR}): {', '.join(failing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
