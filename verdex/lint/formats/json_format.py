"""`{"findings": [Finding …], "errors": [{"path", "error", "line", "col"} …]}`, Finding as in verdex.lint.models
(its `message` one line, its `explanation` the rule's long text); an error's line and col are null when the
problem has no place in the file."""

import json

from verdex.lint.models import LintResult


def render(results: list[LintResult]) -> str:
    document = {
        "findings": [finding.model_dump() for result in results for finding in result.findings],
        "errors": [
            {"path": result.path, "error": result.error, "line": result.error_line, "col": result.error_col}
            for result in results
            if result.error is not None
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
