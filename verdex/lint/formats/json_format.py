"""`{"findings": [Finding …], "errors": [{"path", "error"} …]}`, Finding as in verdex.lint.models."""

import json

from verdex.lint.models import LintResult


def render(results: list[LintResult]) -> str:
    document = {
        "findings": [finding.model_dump() for result in results for finding in result.findings],
        "errors": [{"path": result.path, "error": result.error} for result in results if result.error is not None],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
