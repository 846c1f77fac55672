"""Hand-made labels in linted sample code, and precision and recall of each rule against them.

A line where a finding is right ends with `# expect: VDX001` (a code per expected finding, so a
line may name a rule twice). Only comments count: the same text inside a string is not a label.
A finding counts as a true positive when its rule is expected on the line where it starts; a
finding on a line without its label is a false positive; a label without its finding is a miss.
Shared by bench/lint_corpus.py (the in-house corpus) and bench/lint_realsuites.py (real suites).
"""

import io
import re
import tokenize
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from verdex.lint import LintConfig, lint_paths

Key = tuple[str, int, str]          # (path, line, rule code)

_MARKER = re.compile(r"\bexpect:\s*(?P<codes>VDX\d{3}(?:[\s,]+VDX\d{3})*)")


def expected_findings(path: Path) -> Counter[Key]:
    """(path, line, rule) of every finding the file's labels expect, with multiplicity."""
    expected: Counter[Key] = Counter()
    source = io.StringIO(path.read_text(encoding="utf-8"))
    for token in tokenize.generate_tokens(source.readline):
        match = _MARKER.search(token.string) if token.type == tokenize.COMMENT else None
        if match:
            for code in re.split(r"[\s,]+", match.group("codes")):
                expected[(str(path), token.start[0], code)] += 1
    return expected


def lint_all_rules(root: Path) -> tuple[Counter[Key], dict[str, str]]:
    """Every finding of every rule (the opt-in ones too) under `root`, and the files that failed."""
    results = lint_paths([str(root)], LintConfig(select=("ALL",)))
    found: Counter[Key] = Counter(
        (str(Path(finding.path)), finding.line, finding.rule) for result in results for finding in result.findings
    )
    return found, {result.path: result.error for result in results if result.error}


def _ratios(tp: int, fp: int, fn: int) -> dict:
    return {
        "true_positives": tp,
        "false_positives": fp,
        "misses": fn,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
    }


def compare(found: Counter[Key], expected: Counter[Key], codes: Iterable[str]) -> dict:
    """Per rule and in total: true positives, false positives, misses, precision and recall."""
    true_positives, false_positives, misses = found & expected, found - expected, expected - found

    def count(keys: Counter[Key], code: str) -> int:
        return sum(n for key, n in keys.items() if key[2] == code)

    return {
        "rules": {
            code: _ratios(count(true_positives, code), count(false_positives, code), count(misses, code))
            for code in codes
        },
        "total": _ratios(sum(true_positives.values()), sum(false_positives.values()), sum(misses.values())),
        "false_positives": sorted(f"{p}:{line}: {code}" for (p, line, code) in false_positives.elements()),
        "misses": sorted(f"{p}:{line}: {code}" for (p, line, code) in misses.elements()),
    }


def labelled_lines(root: Path) -> tuple[Counter[Key], int, int]:
    """The labels of every file under `root`, the number of files and of lines."""
    expected: Counter[Key] = Counter()
    files = sorted(root.rglob("*.py"))
    for path in files:
        expected += expected_findings(path)
    return expected, len(files), sum(len(path.read_text(encoding="utf-8").splitlines()) for path in files)


def print_details(scores: dict) -> None:
    """Every false positive, miss and file that could not be linted, a line each."""
    for line in scores["false_positives"]:
        print(f"false positive: {line}")
    for line in scores["misses"]:
        print(f"miss: {line}")
    for path, error in scores["errors"].items():
        print(f"error: {path}: {error}")
