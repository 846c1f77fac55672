"""Reading a Playwright test file with libcst: its test function's actions in order, each with its
locator chain, the ``expect(...)`` waits just before it and the lines it spans, so that a failing line
maps to an action and the action to the recorded step it was generated from.

Only what a generated test (or a hand-edited one) says is understood: locator chains of calls with
literal arguments rooted at a page variable (``page.get_by_test_id("card").filter(has_text="A")``),
``.first``/``.last``, and ``expect(<chain>).to_be_hidden()``-style waits. A literal may hold the test's own
token of each run (``f"Ada {unique}"``, ``verdex/unique.py``): it is read with the token heal's replay types.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from verdex.generators import unique_literals
from verdex import locators
from verdex.errors import CannotHeal
from verdex.facts import LocatorStep

ACTION_METHODS = {"click", "dblclick", "fill", "press_sequentially", "type", "select_option", "check", "uncheck",
                  "hover", "press", "tap", "set_input_files", "drag_to"}
# a call on the field the next action acts on, part of that one recorded step: the generator's focus() before a fill
# into a field the page writes into as it takes the focus (``Action.focus_first``)
LEADING_METHODS = {"focus"}
PROPERTY_STEPS = {"first": 0, "last": -1}


@dataclass
class Chain:
    page: str                             # the page variable it starts from, through any shared variable
    steps: list[LocatorStep]


Variables = dict[str, Chain]              # the shared chains the test has declared so far, by name


@dataclass
class Wait:
    chain: Chain
    matcher: str                          # to_be_hidden, to_have_attribute, …
    args: list[str | int | bool] | None   # None: not literals (the wait is kept but not replayed)
    kwargs: dict[str, str | int | bool]


@dataclass
class ActionSite:
    """One action of the test: the call, its locator (None: ``page.keyboard``, or a locator heal cannot
    read, then in ``unread``) and where it is."""

    method: str
    chain: Chain | None
    call: cst.Call
    statement: cst.BaseStatement          # the top-level statement of the test function that holds it
    first_line: int                       # the first line after the previous action: its waits belong here
    last_line: int
    waits: list[Wait] = field(default_factory=list)
    unread: str | None = None             # the locator's code when it is not one heal reads
    # the other calls of the same recorded step on the same locator (a focus() before a fill, a press("Enter")
    # after it), whose locator a fix replaces with the call's
    with_it: list[cst.Call] = field(default_factory=list)

    def calls(self) -> list[cst.Call]:
        return [self.call, *self.with_it]

    def what(self) -> str:
        """The action as the test says it, for a message: ``.click() on page.get_by_role(…)``."""
        if self.chain is None and self.unread is None:
            return f"{self.method}() on the focused element (page.keyboard)"
        subject = self.unread or locators.python_expression(self.chain.steps).replace("page", self.chain.page, 1)
        return f".{self.method}() on {subject}"


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


def read_test(code: str, line: int | None, unique: str | None = None) -> TestSource:
    """The test's actions; ``unique``: the token its ``{unique}`` literals are read with (None: such a literal
    is not read, and its locator is ``unread``)."""
    with unique_literals.unique_token(unique):
        return _read_test(code, line)


def _read_test(code: str, line: int | None) -> TestSource:
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
    leading: tuple[cst.Call, Chain | None] | None = None     # a focus() whose action comes next
    variables: Variables = {}
    start = positions[function.body.body[0]].start.line if function.body.body else 0
    for statement in function.body.body:
        if _declares(statement, variables):
            continue
        wait = _wait(statement, variables)
        if wait is not None:
            pending.append(wait)
            continue
        if _is_goto(statement):
            start, pending, leading = positions[statement].end.line + 1, [], None
            continue
        for call in _action_calls(statement, variables):
            chain = _chain(call.func.value, variables)
            if call.func.attr.value in LEADING_METHODS:
                leading = (call, chain)
                continue
            if _continues_previous(actions, call, chain):
                actions[-1].with_it.append(call)    # fill(...) then press("Enter") on the same field: one step
                continue
            unread = None if chain is not None or _is_keyboard(call.func.value) else _code(call.func.value)
            actions.append(ActionSite(call.func.attr.value, chain, call, statement, start,
                                      positions[statement].end.line, pending, unread))
            if leading is not None and chain is not None and leading[1] is not None \
                    and leading[1].steps == chain.steps:
                actions[-1].with_it.append(leading[0])
            pending, leading = [], None
        if actions and actions[-1].statement is statement:
            start = positions[statement].end.line + 1
    return TestSource(wrapper.module, function, actions)


def _is_goto(statement: cst.BaseStatement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(
        isinstance(e, cst.Expr) and isinstance(e.value, cst.Call) and isinstance(e.value.func, cst.Attribute)
        and e.value.func.attr.value in ("goto", "reload", "go_back") for e in statement.body)


def _continues_previous(actions: list[ActionSite], call: cst.Call, chain: Chain | None) -> bool:
    """fill(...) then press("Enter") on the same field, or fill("") then press_sequentially(...) (a field
    that listens for keys): one recorded step."""
    if not actions or chain is None or actions[-1].chain is None or actions[-1].chain.steps != chain.steps:
        return False
    previous, method = actions[-1], call.func.attr.value
    if previous.method != "fill":
        return False
    emptied = [_code(arg.value) for arg in previous.call.args] in (['""'], ["''"])
    return method == "press" or (method == "press_sequentially" and emptied)


def _declares(statement: cst.BaseStatement, variables: Variables) -> bool:
    """``name = <chain>``: a shared chain the generator declares before its first use, kept by name."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1
            and isinstance(statement.body[0], cst.Assign) and len(statement.body[0].targets) == 1
            and isinstance(statement.body[0].targets[0].target, cst.Name)):
        return False
    chain = _chain(statement.body[0].value, variables)
    if chain is None:
        return False
    variables[statement.body[0].targets[0].target.value] = chain
    return True


def _action_calls(statement: cst.CSTNode, variables: Variables) -> list[cst.Call]:
    """Calls like ``<chain>.click()`` (and ``<chain>.focus()``) in a statement (also inside ``with`` blocks), in
    source order."""
    found: list[cst.Call] = []

    class Visitor(cst.CSTVisitor):
        def visit_Expr(self, node: cst.Expr) -> None:
            value = node.value
            if (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                    and value.func.attr.value in ACTION_METHODS | LEADING_METHODS
                    and _rooted(value.func.value, variables)):
                found.append(value)

    statement.visit(Visitor())
    return found


def _rooted(node: cst.BaseExpression, variables: Variables) -> bool:
    """Does the expression start from a page variable or a shared chain?"""
    while True:
        if isinstance(node, cst.Call):
            node = node.func
        elif isinstance(node, cst.Attribute):
            node = node.value
        else:
            return isinstance(node, cst.Name) and (node.value in variables or node.value.startswith("page"))


def _is_keyboard(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Attribute) and node.attr.value == "keyboard" and isinstance(node.value, cst.Name)


def _code(node: cst.CSTNode) -> str:
    return " ".join(cst.Module([]).code_for_node(node).split())


def _wait(statement: cst.BaseStatement, variables: Variables) -> Wait | None:
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
    chain = _chain(inner.args[0].value, variables)
    if chain is None:
        return None
    try:
        args = [_literal(a.value) for a in expr.value.args if a.keyword is None]
        kwargs = {a.keyword.value: _literal(a.value) for a in expr.value.args if a.keyword is not None}
    except ValueError:
        return Wait(chain, expr.value.func.attr.value, None, {})
    return Wait(chain, expr.value.func.attr.value, args, kwargs)


def _chain(node: cst.BaseExpression, variables: Variables) -> Chain | None:
    """A locator chain of literal calls (and ``filter(has=<chain>)``, ``and_(<chain>)``) rooted at a page variable
    or a shared chain; None for anything else."""
    steps: list[LocatorStep] = []
    while not isinstance(node, cst.Name):
        if isinstance(node, cst.Attribute) and node.attr.value in PROPERTY_STEPS:
            steps.append(LocatorStep(method="nth", args=[PROPERTY_STEPS[node.attr.value]]))
            node = node.value
            continue
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
            return None
        step = _step(node, variables)
        if step is None:
            return None
        steps.append(step)
        node = node.func.value
    if node.value in variables:
        shared = variables[node.value]
        return Chain(shared.page, shared.steps + list(reversed(steps)))
    if node.value == "expect" or not node.value.startswith("page") or not steps:
        return None
    return Chain(node.value, list(reversed(steps)))


def _step(call: cst.Call, variables: Variables) -> LocatorStep | None:
    """One call of a chain: literal arguments, a pattern's source for a keyword's ``re.compile(…)`` (a name by the
    words beside its count), and a chain for ``has=``."""
    has = None
    if call.func.attr.value == "and_":          # and_(<chain>): a chain the element must match too
        inner = _chain(call.args[0].value, variables) if len(call.args) == 1 and call.args[0].keyword is None else None
        return LocatorStep(method="and_", has=inner.steps) if inner is not None else None
    try:
        args = [_literal(a.value) for a in call.args if a.keyword is None]
        kwargs, regex = {}, []
        for argument in call.args:
            if argument.keyword is not None and argument.keyword.value == "has":
                inner = _chain(argument.value, variables)
                if inner is None:
                    return None
                has = inner.steps
            elif argument.keyword is not None and (pattern := _pattern(argument.value)) is not None:
                kwargs[argument.keyword.value] = _literal(pattern)
                regex.append(argument.keyword.value)
            elif argument.keyword is not None:
                kwargs[argument.keyword.value] = _literal(argument.value)
    except ValueError:
        return None
    return LocatorStep(method=call.func.attr.value, args=args, kwargs=kwargs, regex=regex, has=has)


def _pattern(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The source of ``re.compile(SOURCE)`` (one argument, no flags), or None."""
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name)
            and node.func.value.value == "re" and node.func.attr.value == "compile" and len(node.args) == 1
            and node.args[0].keyword is None):
        return node.args[0].value
    return None


def _literal(node: cst.BaseExpression) -> str | int | bool:
    code = cst.Module([]).code_for_node(node)
    try:
        value = ast.literal_eval(code)
    except (ValueError, SyntaxError):
        value = _with_unique(code)
    if not isinstance(value, (str, int, bool)):
        raise ValueError("not a simple literal")
    return value


def _with_unique(code: str) -> str:
    """An f-string (or strings joined with one) whose only field is the test's own token: its text, spelled
    with the token held. Anything else is not a literal."""
    try:
        tree = ast.parse(f"({code})", mode="eval").body
    except SyntaxError as exc:
        raise ValueError("not a literal") from exc
    if not isinstance(tree, ast.JoinedStr):
        raise ValueError("not a literal")
    pieces = [""]
    for part in tree.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            pieces[-1] += part.value
        elif isinstance(part, ast.FormattedValue) and part.conversion == -1 and part.format_spec is None \
                and (spelling := _token_spelling(part.value)) is not None:
            pieces += [spelling, ""]
        else:
            raise ValueError("a field other than the test's own token")
    text = unique_literals.joined(pieces)
    if text is None:
        raise ValueError("the test's own token, with no token to read it by")
    return text


def _token_spelling(field: ast.expr) -> str | None:
    """How an f-string's field spells the test's own token: ``unique`` as made, ``unique.upper()`` in capitals;
    None for any other field."""
    if isinstance(field, ast.Name) and field.id == unique_literals.VARIABLE:
        return unique_literals.AS_MADE
    if (isinstance(field, ast.Call) and not field.args and not field.keywords
            and isinstance(field.func, ast.Attribute) and field.func.attr == "upper"
            and isinstance(field.func.value, ast.Name) and field.func.value.id == unique_literals.VARIABLE):
        return unique_literals.UPPER
    return None
