"""Writing a fix into the test file with libcst: a locator chain replaced in place, or a wait inserted
before the action's statement. Everything else keeps its bytes: when the file was black-formatted,
black re-formats it (a no-op on untouched code); otherwise the new code is left as written.
"""

from __future__ import annotations

import black
import libcst as cst

from verdex.generators import unique_literals
from verdex.generators.targets.python_pytest import comments, literal
from verdex import locators
from verdex.heal.diagnosis import Fix
from verdex.heal.source import TestSource

BLACK_LINE_LENGTHS = (100, 88, 120)
POSITIONAL_NOTE = "# noqa: VDX001 positional fallback: nothing else told it apart (healed)"


def apply(code: str, test: TestSource, fix: Fix, unique: str | None = None) -> str:
    """The code with the fix in it; ``unique``: the token heal's replay typed, written as the test's own."""
    site = test.actions[fix.action]
    page = site.chain.page if site.chain is not None else "page"
    with unique_literals.unique_token(unique):
        expression = locators.python_expression(fix.steps, literal).replace("page", page, 1)
    if fix.kind == "locator":
        patched = test.module.visit(_ReplaceLocator(site.calls(), cst.parse_expression(expression), fix.positional))
    else:
        wait = cst.parse_statement(f"expect({expression}).to_be_hidden()\n")
        wait = wait.with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(line))
                                                    for line in comments(f"healed: {fix.reason}")])
        patched = test.module.visit(_InsertBefore(site.statement, wait))
    return _formatted_like(code, patched.code)


class _ReplaceLocator(cst.CSTTransformer):
    """The locator of each call of one recorded step (a fill, the focus() before it, the Enter after it)."""

    def __init__(self, calls: list[cst.Call], locator: cst.BaseExpression, positional: bool) -> None:
        self.calls, self.locator, self.positional = calls, locator, positional
        self.inside = False

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.inside = False

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if not any(original is call for call in self.calls):
            return updated
        self.inside = True
        return updated.with_changes(func=updated.func.with_changes(value=self.locator))

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
        if not self.inside:
            return updated
        self.inside = False
        trailing = updated.trailing_whitespace
        if self.positional:
            return updated.with_changes(trailing_whitespace=trailing.with_changes(
                whitespace=cst.SimpleWhitespace("  "), comment=cst.Comment(POSITIONAL_NOTE)))
        if trailing.comment is not None and "VDX001" in trailing.comment.value:
            return updated.with_changes(trailing_whitespace=trailing.with_changes(
                whitespace=cst.SimpleWhitespace(""), comment=None))      # no longer positional
        return updated


class _InsertBefore(cst.CSTTransformer):
    def __init__(self, statement: cst.BaseStatement, new: cst.BaseStatement) -> None:
        self.statement, self.new = statement, new

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        if not any(s is self.statement for s in original.body):
            return updated
        body = []
        for old, new in zip(original.body, updated.body):
            if old is self.statement:
                body.append(self.new)
            body.append(new)
        return updated.with_changes(body=body)


def _formatted_like(original: str, patched: str) -> str:
    for line_length in BLACK_LINE_LENGTHS:
        mode = black.Mode(line_length=line_length)
        try:
            if black.format_str(original, mode=mode) == original:
                return black.format_str(patched, mode=mode)
        except black.InvalidInput:
            return patched
    return patched
