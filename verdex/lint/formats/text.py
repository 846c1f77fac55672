"""`path:line:col: VDX001 message`, one per line; `[*]` marks what `--fix` can fix; a file that could
not be linted is `path:line:col: error: why` (or `path: error: why` when the problem has no place)."""

from collections import Counter

from verdex.lint.models import LintResult
from verdex.lint.rules import ALL_RULES

_NAMES = {rule.code: rule.name for rule in ALL_RULES}


def render(results: list[LintResult]) -> str:
    lines = []
    for result in results:
        if result.error is not None:
            lines.append(error_line(result))
        for finding in result.findings:
            marker = "[*] " if finding.fixable else ""
            lines.append(f"{finding.path}:{finding.line}:{finding.col}: {finding.rule} {marker}{finding.message}")
    return "".join(line + "\n" for line in lines)


def error_line(result: LintResult) -> str:
    where = f"{result.path}:{result.error_line}:{result.error_col or 1}" if result.error_line else result.path
    return f"{where}: error: {result.error}"


def summary(results: list[LintResult], fixed: int = 0) -> str:
    findings = [finding for result in results for finding in result.findings]
    errors = sum(1 for result in results if result.error is not None)
    lines = []
    if fixed:
        lines.append(f"Fixed {fixed} finding{'s' * (fixed != 1)}.")
    if findings:
        fixable = sum(finding.fixable for finding in findings)
        files = len({finding.path for finding in findings})
        line = f"Found {len(findings)} finding{'s' * (len(findings) != 1)} in {files} file{'s' * (files != 1)}."
        if fixable:
            line += f"\n[*] {fixable} fixable with the `--fix` option."
        lines.append(line)
    elif not errors:
        lines.append("All checks passed!")
    if errors:
        lines.append(f"{errors} file{'s' * (errors != 1)} could not be linted.")
    return "".join(line + "\n" for line in lines)


def statistics(results: list[LintResult]) -> str:
    counts = Counter(finding.rule for result in results for finding in result.findings)
    fixable = Counter(finding.rule for result in results for finding in result.findings if finding.fixable)
    return "".join(
        f"{count:>5}\t{code}\t{'[*] ' if fixable[code] else ''}{_NAMES.get(code, '')}\n"
        for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    )
