"""GitHub Actions workflow commands: each finding becomes an annotation on the pull request."""

from verdex.lint.models import LintResult
from verdex.lint.rules import ALL_RULES

_NAMES = {rule.code: rule.name for rule in ALL_RULES}


def render(results: list[LintResult]) -> str:
    lines = []
    for result in results:
        if result.error is not None:
            place = f",line={result.error_line},col={result.error_col or 1}" if result.error_line else ""
            lines.append(f"::error file={_property(result.path)}{place},title=verdex lint::{_data(result.error)}")
        for finding in result.findings:
            title = f"{finding.rule} {_NAMES.get(finding.rule, '')}".strip()
            properties = ",".join(
                [
                    f"file={_property(finding.path)}",
                    f"line={finding.line}",
                    f"col={finding.col}",
                    f"endLine={finding.end_line}",
                    f"endColumn={finding.end_col}",
                    f"title={_property(title)}",
                ]
            )
            text = f"{finding.message}\n\n{finding.explanation}"      # a pull request shows no --explain
            lines.append(f"::{finding.severity} {properties}::{_data(text)}")
    return "".join(line + "\n" for line in lines)


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")
