"""Precision and recall of each `verdex lint` rule over the marked corpus in tests/lint/corpus.

Every line where a finding is expected ends with `# expect: VDX001`; bench/lint_labels.py reads the
labels and scores the findings against them.

    python bench/lint_corpus.py            # the table
    python bench/lint_corpus.py --details  # and every false positive and miss
    python bench/lint_corpus.py --json     # machine-readable, for tests
"""

import argparse
import json
import sys
from pathlib import Path

from lint_labels import compare, labelled_lines, lint_all_rules, print_details

from verdex.lint import ALL_RULES

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "lint" / "corpus"


def score(corpus: Path = CORPUS) -> dict:
    found, errors = lint_all_rules(corpus)
    expected, files, lines = labelled_lines(corpus)
    scores = compare(found, expected, [rule.code for rule in ALL_RULES])
    for rule in ALL_RULES:
        scores["rules"][rule.code] = {"name": rule.name, **scores["rules"][rule.code]}
    return {"files": files, "lines": lines, "errors": errors, **scores}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--details", action="store_true", help="list every false positive and miss")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    args = parser.parse_args(argv)
    scores = score()
    if args.json:
        print(json.dumps(scores, indent=2))
        return 0
    print(f"corpus: {scores['files']} files, {scores['lines']} lines, {len(scores['errors'])} errors")
    print(f"{'rule':<8} {'name':<26} {'TP':>4} {'FP':>4} {'FN':>4} {'precision':>10} {'recall':>8}")
    for code, row in scores["rules"].items():
        print(
            f"{code:<8} {row['name']:<26} {row['true_positives']:>4} {row['false_positives']:>4} {row['misses']:>4}"
            f" {row['precision']:>10.2f} {row['recall']:>8.2f}"
        )
    total = scores["total"]
    print(
        f"{'all':<8} {'':<26} {total['true_positives']:>4} {total['false_positives']:>4} {total['misses']:>4}"
        f" {total['precision']:>10.2f} {total['recall']:>8.2f}"
    )
    if args.details:
        print_details(scores)
    return 0


if __name__ == "__main__":
    sys.exit(main())
