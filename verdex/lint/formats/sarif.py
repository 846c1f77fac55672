"""SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards.

Each rule carries its explanation as `help` (text and Markdown) and a `helpUri` into docs/lint.md;
each result carries `partialFingerprints`, which stay the same when lines above it move, so a
dashboard does not report a moved finding as fixed and new. A file that could not be linted is a
tool notification, placed at the syntax error when there is one.
"""

import json
from pathlib import PurePath

from verdex.lint.models import LintResult
from verdex.lint.rules import ALL_RULES

_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
DOCS = "docs/lint.md"       # no public URL yet: the path in the repository
FINGERPRINT = "verdexFindingHash/v1"


def render(results: list[LintResult]) -> str:
    rules = [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.message},
            "fullDescription": {"text": (rule.__doc__ or rule.name).strip()},
            "help": {"text": rule.explanation, "markdown": rule.explanation},
            "helpUri": f"{DOCS}#{rule.code.lower()}",
            "defaultConfiguration": {"level": rule.severity},
            "properties": {"fixable": rule.fixable, "recommended": rule.recommended},
        }
        for rule in ALL_RULES
    ]
    index = {rule.code: position for position, rule in enumerate(ALL_RULES)}
    findings = [
        {
            "ruleId": finding.rule,
            "ruleIndex": index[finding.rule],
            "level": finding.severity,
            "message": {"text": finding.message},
            "locations": [_location(finding.path, finding.line, finding.col, finding.end_line, finding.end_col)],
            "partialFingerprints": {FINGERPRINT: finding.fingerprint},
        }
        for result in results
        for finding in result.findings
    ]
    notifications = [
        {
            "level": "error",
            "message": {"text": result.error},
            "locations": [_location(result.path, result.error_line, result.error_col)],
        }
        for result in results
        if result.error is not None
    ]
    driver = {"name": "verdex lint", "version": _version(), "informationUri": DOCS, "rules": rules}
    document = {
        "$schema": _SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": driver},
                "results": findings,
                "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": notifications}],
            }
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _location(path: str, line: int | None, col: int | None, end_line: int | None = None, end_col: int | None = None):
    physical: dict = {"artifactLocation": {"uri": _uri(path)}}
    if line is not None:
        region = {"startLine": line, "startColumn": col or 1}
        if end_line is not None:
            region |= {"endLine": end_line, "endColumn": end_col}
        physical["region"] = region
    return {"physicalLocation": physical}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version      # only for SARIF: it costs a tenth of a second

    try:
        return version("verdex")
    except PackageNotFoundError:        # run from a source tree that was never installed
        return "0+unknown"


def _uri(path: str) -> str:
    pure = PurePath(path)
    return pure.as_uri() if pure.is_absolute() else pure.as_posix()
