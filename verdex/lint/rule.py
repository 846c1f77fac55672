"""The rule framework, in the style of Fixit: one small class per rule, whose examples are its tests.

A rule declares its code, a one-line `message` (what was found, as ruff shows it), an
`explanation` that says why the pattern flakes and what to write instead (shown by
`verdex lint --explain`, in SARIF's `help` and in JSON), and `valid` / `invalid` examples. It implements `visit_<Node>` (or `leave_<Node>`) methods for the
libcst node types it cares about; one walk over the file calls every rule's methods in turn, and
`self.context` answers questions about names (see context.py). A rule calls `self.report(node)`,
with a `Fix` when the rewrite is provably safe.

Examples are snippets that run inside a sync pytest-playwright test, unless they import or define
something at the top level themselves (see `example_source`).
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import libcst as cst

from verdex.lint.models import Severity
from verdex.lint.values import PLACEHOLDER

if TYPE_CHECKING:
    from verdex.lint.context import FileContext


@dataclass(frozen=True)
class Valid:
    code: str


@dataclass(frozen=True)
class Invalid:
    code: str
    fixed: str | None = None
    count: int = 1


@dataclass(frozen=True)
class Fix:
    """Replace `node` with `replacement`; a `None` replacement deletes the statement `node`.

    `imports` lists the (module, name) pairs the replacement uses, added when missing.
    """

    node: cst.CSTNode
    replacement: cst.CSTNode | None
    imports: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Report:
    rule: type["LintRule"]
    node: cst.CSTNode
    message: str
    fix: Fix | None
    statement: int  # index of the statement the walk was in, for positions.located_ranges


class LintRule:
    code: ClassVar[str]
    name: ClassVar[str]
    message: ClassVar[str]                  # one line, at most MAX_MESSAGE characters
    explanation: ClassVar[str]              # why it flakes and what to write instead
    severity: ClassVar[Severity] = "warning"
    recommended: ClassVar[bool] = True      # in the default set; the others run when selected (or with ALL)
    fixable: ClassVar[bool] = False
    valid: ClassVar[tuple[Valid, ...]] = ()
    invalid: ClassVar[tuple[Invalid, ...]] = ()

    def __init__(self, context: "FileContext") -> None:
        self.context = context

    def report(self, node: cst.CSTNode, message: str | None = None, fix: Fix | None = None) -> None:
        """Report `node`; `message` (one line) says more precisely than the rule's message what was found."""
        context = self.context
        shown = (message or self.message).replace(PLACEHOLDER, "{…}")   # an f-string's holes, as written
        context.reports.append(Report(type(self), node, shown, fix, len(context.statements) - 1))


MAX_MESSAGE = 100


def snippet(node: cst.CSTNode, limit: int = 60) -> str:
    """The node's code on one line, shortened to `limit` characters, for messages."""
    code = " ".join(cst.Module([]).code_for_node(node).split())
    return code if len(code) <= limit else code[: limit - 1] + "…"


EXAMPLE_HEADER = "from playwright.sync_api import Page, expect\n\n\ndef test_example(page: Page) -> None:\n"


_WHOLE_FILE_STARTS = ("import ", "from ", "def ", "async def ", "class ")


def example_source(code: str) -> str:
    """An example as a whole file: snippets that import or define nothing become the body of a sync test."""
    if any(line.startswith(_WHOLE_FILE_STARTS) for line in code.splitlines()):
        return code
    body = "".join(f"    {line}\n" if line.strip() else "\n" for line in code.strip("\n").splitlines())
    return EXAMPLE_HEADER + body
