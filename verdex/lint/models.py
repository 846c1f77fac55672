"""The shape of what the linter reports: findings per file, or why a file could not be linted."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

Severity = Literal["error", "warning"]


class Finding(BaseModel):
    """One place where a rule matched. Lines and columns are 1-based; the end is exclusive."""

    model_config = ConfigDict(frozen=True)

    rule: str
    message: str        # one line
    explanation: str    # the rule's explanation: why the pattern flakes and what to write instead
    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    fixable: bool
    severity: Severity
    fingerprint: str    # stable while lines above move: rule, path, the line's text, occurrence


class LintResult(BaseModel):
    """Everything found in one file. `error` says why the file was not linted (then `findings` is empty),
    and `error_line` / `error_col` where in the file, when the problem has a place (a syntax error)."""

    model_config = ConfigDict(frozen=True)

    path: str
    findings: list[Finding] = []
    error: str | None = None
    error_line: int | None = None
    error_col: int | None = None
