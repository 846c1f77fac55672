"""Reading a Playwright test file with libcst: its test function's actions in order, each with its
locator chain, the ``expect(...)`` waits just before it and the lines it spans, so that a failing line
maps to an action and the action to the recorded step it was generated from.

Only what a generated test (or a hand-edited one) says is understood: locator chains of calls with
literal arguments rooted at a page variable (``page.get_by_test_id("card").filter(has_text="A")``),
``.first``/``.last``, and ``expect(<chain>).to_be_hidden()``-style waits.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from verdex.errors import CannotHeal
from verdex.facts import LocatorStep

ACTION_METHODS = {"click", "dblclick", "fill", "press_sequentially", "type", "select_option", "check", "uncheck",
                  "hover", "press", "tap"}
PROPERTY_STEPS = {"first": 0, "last": -1}


@dataclass
class Chain:
    page: str
    steps: list[LocatorStep]


@dataclass
class Wait:
    chain: Chain
    matcher: str                          # to_be_hidden, to_have_attribute, …
    args: list[str | int | bool] | None   # None: not literals (the wait is kept but not replayed)
    kwargs: dict[str, str | int | bool]


@dataclass
class ActionSite:
    """One action of the test: the call, its locator (None: ``page.keyboard``) and where it is."""

    method: str
    chain: Chain | None
    call: cst.Call
    statement: cst.BaseStatement          # the top-level statement of the test function that holds it
    first_line: int                       # the first line after the previous action: its waits belong here
    last_line: int
    waits: list[Wait] = field(default_factory=list)


@dataclass
class TestSource:
    module: cst.Module
    function: cst.FunctionDef
    actions: list[ActionSite]

    def action_at(self, line: int | None) -> int:
        """The index of the action a failing line belongs to: the action whose waits, wrappers or call
        hold it, or the last action before it (an assertion after an action checks what it did)."""
        if line is None:
            raise CannotHeal("the failure is not on a line of the test file (see the test output)")
        for index, action in enumerate(self.actions):
            if action.first_line <= line <= action.last_line:
                return index
        before = [i for i, a in enumerate(self.actions) if a.last_line < line]
        if not before:
            raise CannotHeal(f"line {line} fails before the first action (a navigation or setup)", line=line)
        return before[-1]


def read_test(code: str, line: int | None) -> TestSource:
    try:
        wrapper = MetadataWrapper(cst.parse_module(code))
    except cst.ParserSyntaxError as exc:
        raise CannotHeal(f"the test file does not parse: {exc}") from exc
    positions = wrapper.resolve(PositionProvider)
    functions = [n for n in wrapper.module.body if isinstance(n, cst.FunctionDef) and n.name.value.startswith("test")]
    if not functions:
        raise CannotHeal("the file has no test function")
    function = next((f for f in functions if line is not None
                     and positions[f].start.line <= line <= positions[f].end.line), functions[0])
    actions: list[ActionSite] = []
    pending: list[Wait] = []
    start = positions[function.body.body[0]].start.line if function.body.body else 0
    for statement in function.body.body:
        wait = _wait(statement)
        if wait is not None:
            pending.append(wait)
            continue
        if _is_goto(statement):
            start, pending = positions[statement].end.line + 1, []
            continue
        for call in _action_calls(statement):
            chain = _chain(call.func.value) if isinstance(call.func, cst.Attribute) else None
            if _continues_previous(actions, call, chain):
                continue          # fill(...) then press("Enter") on the same field: one recorded step
            actions.append(ActionSite(call.func.attr.value, chain, call, statement, start,
                                      positions[statement].end.line, pending))
            pending = []
        if actions and actions[-1].statement is statement:
            start = positions[statement].end.line + 1
    return TestSource(wrapper.module, function, actions)


def _is_goto(statement: cst.BaseStatement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(
        isinstance(e, cst.Expr) and isinstance(e.value, cst.Call) and isinstance(e.value.func, cst.Attribute)
        and e.value.func.attr.value in ("goto", "reload", "go_back") for e in statement.body)


def _continues_previous(actions: list[ActionSite], call: cst.Call, chain: Chain | None) -> bool:
    if not actions or chain is None or actions[-1].chain is None or call.func.attr.value != "press":
        return False
    return actions[-1].method == "fill" and actions[-1].chain.steps == chain.steps


def _action_calls(statement: cst.CSTNode) -> list[cst.Call]:
    """Calls like ``<chain>.click()`` in a statement (also inside ``with`` blocks), in source order."""
    found: list[cst.Call] = []

    class Visitor(cst.CSTVisitor):
        def visit_Expr(self, node: cst.Expr) -> None:
            value = node.value
            if (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                    and value.func.attr.value in ACTION_METHODS and _rooted_at_page(value.func.value)):
                found.append(value)

    statement.visit(Visitor())
    return found


def _rooted_at_page(node: cst.BaseExpression) -> bool:
    while True:
        if isinstance(node, cst.Call):
            node = node.func
        elif isinstance(node, cst.Attribute):
            node = node.value
        else:
            return isinstance(node, cst.Name) and node.value.startswith("page")


def _wait(statement: cst.BaseStatement) -> Wait | None:
    """``expect(<chain>).to_be_hidden()`` and its kind, alone on a line."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    expr = statement.body[0]
    if not (isinstance(expr, cst.Expr) and isinstance(expr.value, cst.Call)
            and isinstance(expr.value.func, cst.Attribute) and isinstance(expr.value.func.value, cst.Call)):
        return None
    inner = expr.value.func.value
    if not (isinstance(inner.func, cst.Name) and inner.func.value == "expect" and len(inner.args) == 1):
        return None
    chain = _chain(inner.args[0].value)
    if chain is None:
        return None
    try:
        args = [_literal(a.value) for a in expr.value.args if a.keyword is None]
        kwargs = {a.keyword.value: _literal(a.value) for a in expr.value.args if a.keyword is not None}
    except ValueError:
        return Wait(chain, expr.value.func.attr.value, None, {})
    return Wait(chain, expr.value.func.attr.value, args, kwargs)


def _chain(node: cst.BaseExpression) -> Chain | None:
    """A locator chain of literal calls rooted at a page variable; None for anything else."""
    steps: list[LocatorStep] = []
    while not isinstance(node, cst.Name):
        if isinstance(node, cst.Attribute) and node.attr.value in PROPERTY_STEPS:
            steps.append(LocatorStep(method="nth", args=[PROPERTY_STEPS[node.attr.value]]))
            node = node.value
            continue
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
            return None
        try:
            args = [_literal(a.value) for a in node.args if a.keyword is None]
            kwargs = {a.keyword.value: _literal(a.value) for a in node.args if a.keyword is not None}
        except ValueError:
            return None
        steps.append(LocatorStep(method=node.func.attr.value, args=args, kwargs=kwargs))
        node = node.func.value
    if node.value == "expect" or not node.value.startswith("page"):
        return None
    if not steps or steps[-1].method == "keyboard":
        return None
    return Chain(node.value, list(reversed(steps)))


def _literal(node: cst.BaseExpression) -> str | int | bool:
    try:
        value = ast.literal_eval(cst.Module([]).code_for_node(node))
    except (ValueError, SyntaxError) as exc:
        raise ValueError("not a literal") from exc
    if not isinstance(value, (str, int, bool)):
        raise ValueError("not a simple literal")
    return value
