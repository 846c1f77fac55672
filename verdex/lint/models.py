"""The shape of what the linter reports: findings per file, or why a file could not be linted."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

Severity = Literal["error", "warning"]


class Finding(BaseModel):
    """One place where a rule matched. Lines and columns are 1-based; the end is exclusive."""

    model_config = ConfigDict(frozen=True)

    rule: str
    message: str
    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    fixable: bool
    severity: Severity


class LintResult(BaseModel):
    """Everything found in one file. `error` says why the file was not linted (then `findings` is empty)."""

    model_config = ConfigDict(frozen=True)

    path: str
    findings: list[Finding] = []
    error: str | None = None
