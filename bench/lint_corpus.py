"""Precision and recall of each `verdex lint` rule over the marked corpus in tests/lint/corpus.

Every line where a finding is expected ends with `# expect: VDX001` (a code per expected finding).
A finding counts as a true positive when its rule is expected on the line where it starts.

    python bench/lint_corpus.py            # the table
    python bench/lint_corpus.py --details  # and every false positive and miss
    python bench/lint_corpus.py --json     # machine-readable, for tests
"""

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

from verdex.lint import ALL_RULES, LintConfig, lint_paths

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "lint" / "corpus"
_MARKER = re.compile(r"#.*?\bexpect:\s*(?P<codes>VDX\d{3}(?:[\s,]+VDX\d{3})*)")


def expected_findings(path: Path) -> Counter[tuple[str, int, str]]:
    """(path, line, rule) of every finding the file's markers expect, with multiplicity."""
    expected: Counter[tuple[str, int, str]] = Counter()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = _MARKER.search(line)
        if match:
            for code in re.split(r"[\s,]+", match.group("codes")):
                expected[(str(path), number, code)] += 1
    return expected


def score(corpus: Path = CORPUS) -> dict:
    results = lint_paths([str(corpus)], LintConfig(select=("ALL",)))      # every rule, the opt-in ones too
    errors = {result.path: result.error for result in results if result.error}
    found: Counter[tuple[str, int, str]] = Counter(
        (str(Path(finding.path)), finding.line, finding.rule) for result in results for finding in result.findings
    )
    expected: Counter[tuple[str, int, str]] = Counter()
    for path in sorted(corpus.rglob("*.py")):
        expected += expected_findings(path)
    true_positives = found & expected
    false_positives = found - expected
    misses = expected - found
    rules = {}
    for rule in ALL_RULES:
        tp = sum(n for key, n in true_positives.items() if key[2] == rule.code)
        fp = sum(n for key, n in false_positives.items() if key[2] == rule.code)
        fn = sum(n for key, n in misses.items() if key[2] == rule.code)
        rules[rule.code] = {
            "name": rule.name,
            "true_positives": tp,
            "false_positives": fp,
            "misses": fn,
            "precision": tp / (tp + fp) if tp + fp else 1.0,
            "recall": tp / (tp + fn) if tp + fn else 1.0,
        }
    tp, fp, fn = sum(true_positives.values()), sum(false_positives.values()), sum(misses.values())
    return {
        "files": len(results),
        "lines": sum(len(p.read_text(encoding="utf-8").splitlines()) for p in corpus.rglob("*.py")),
        "errors": errors,
        "rules": rules,
        "total": {
            "true_positives": tp,
            "false_positives": fp,
            "misses": fn,
            "precision": tp / (tp + fp) if tp + fp else 1.0,
            "recall": tp / (tp + fn) if tp + fn else 1.0,
        },
        "false_positives": sorted(f"{p}:{line}: {code}" for (p, line, code) in false_positives.elements()),
        "misses": sorted(f"{p}:{line}: {code}" for (p, line, code) in misses.elements()),
    }


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
        for line in scores["false_positives"]:
            print(f"false positive: {line}")
        for line in scores["misses"]:
            print(f"miss: {line}")
        for path, error in scores["errors"].items():
            print(f"error: {path}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
