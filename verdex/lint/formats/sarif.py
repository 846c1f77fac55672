"""SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards."""

import json
from pathlib import PurePath

from verdex.lint.models import LintResult
from verdex.lint.rules import ALL_RULES

_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def render(results: list[LintResult]) -> str:
    rules = [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": (rule.__doc__ or rule.name).strip()},
            "fullDescription": {"text": rule.message},
            "defaultConfiguration": {"level": rule.severity},
            "properties": {"fixable": rule.fixable},
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
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(finding.path)},
                        "region": {
                            "startLine": finding.line,
                            "startColumn": finding.col,
                            "endLine": finding.end_line,
                            "endColumn": finding.end_col,
                        },
                    }
                }
            ],
        }
        for result in results
        for finding in result.findings
    ]
    notifications = [
        {
            "level": "error",
            "message": {"text": result.error},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(result.path)}}}],
        }
        for result in results
        if result.error is not None
    ]
    document = {
        "$schema": _SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": "verdex lint", "rules": rules}},
                "results": findings,
                "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": notifications}],
            }
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _uri(path: str) -> str:
    pure = PurePath(path)
    return pure.as_uri() if pure.is_absolute() else pure.as_posix()
