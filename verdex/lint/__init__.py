"""verdex lint: finds flaky selectors, hard waits and non-retrying assertions in Playwright tests for Python.

    from verdex.lint import lint_source, lint_paths, fix_source, load_config

    result = lint_source(code, path="tests/test_cart.py")
    for finding in result.findings:
        print(finding.rule, finding.line, finding.message)

The rules live in `verdex.lint.rules`, one small class each; `docs/lint.md` lists them.
"""

from verdex.lint.config import ConfigError, LintConfig, load_config
from verdex.lint.fixes import fix_source
from verdex.lint.linter import lint_source
from verdex.lint.models import Finding, LintResult
from verdex.lint.rules import ALL_RULES
from verdex.lint.runner import lint_paths
from verdex.lint.source_files import SourceError

__all__ = [
    "ALL_RULES",
    "ConfigError",
    "Finding",
    "LintConfig",
    "LintResult",
    "SourceError",
    "fix_source",
    "lint_paths",
    "lint_source",
    "load_config",
]
