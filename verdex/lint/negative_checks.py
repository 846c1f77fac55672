"""Checks that nothing happens. A test proves that a disabled control ignores a click, that a counter
stays frozen, that an element was replaced or that a script's click leaves the focus where it was with
the very tools the rules warn about: a forced click, a fixed wait, a kept handle, a click from
JavaScript. These functions recognise those shapes from the statements around one call, so that the
rules report the tool only where it stands in for a wait or an action.
"""

from collections.abc import Iterable, Sequence

import libcst as cst

from verdex.lint.calls import method_of, positional, receiver_of, unwrap_await
from verdex.lint.values import static_text
from verdex.lint.walker import nodes_under

# What a test does to change what the page shows.
STATE_CHANGES = frozenset({
    "check", "clear", "click", "dblclick", "dispatch_event", "drag_and_drop", "drag_to", "evaluate", "fill",
    "go_back", "go_forward", "goto", "press", "press_sequentially", "reload", "select_option", "set_checked",
    "set_content", "set_input_files", "tap", "type", "uncheck", "down", "up", "insert_text", "wheel",
})
_DEFINITIONS = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
_DISABLED_ASSERTIONS = frozenset({"to_be_disabled", "not_to_be_enabled"})
_DISABLED_ATTRIBUTES = frozenset({"disabled", "aria-disabled"})
_HOLDING = (cst.Equal, cst.Is, cst.In)
_FOCUS_ASSERTIONS = frozenset({"to_be_focused", "not_to_be_focused"})
_IDENTITY = (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual)
_OPENERS = frozenset({"new_page", "new_context", "launch", "launch_persistent_context", "connect", "connect_over_cdp"})

code_of = cst.Module([]).code_for_node


def calls_in(node: cst.CSTNode) -> Iterable[cst.Call]:
    """The calls a statement makes when it runs (not those of functions it defines)."""
    if isinstance(node, cst.Call):
        yield node
    for child in nodes_under(node, _DEFINITIONS):
        if isinstance(child, cst.Call):
            yield child


def proven_disabled(statement: cst.CSTNode) -> set[str]:
    """The code of each element the statement asserts disabled: `expect(button).to_be_disabled()`,
    `.not_to_be_enabled()`, `.to_have_attribute("aria-disabled", "true")`, `assert button.is_disabled()`."""
    found = set()
    for call in calls_in(statement):
        method = method_of(call)
        if method is None:
            continue
        subject = receiver_of(call)
        if isinstance(subject, cst.Call) and isinstance(subject.func, cst.Name) and subject.func.value == "expect" \
                and subject.args:
            name = positional(call, 0)
            if method in _DISABLED_ASSERTIONS or method == "to_have_attribute" and name is not None \
                    and static_text(name.value) in _DISABLED_ATTRIBUTES:
                found.add(code_of(subject.args[0].value))
        elif method == "is_disabled" and isinstance(statement, cst.SimpleStatementLine) \
                and isinstance(statement.body[0], cst.Assert):
            found.add(code_of(subject))
    return found


def changes_state(statement: cst.CSTNode) -> bool:
    """Whether the statement acts on the page: a click, a fill, a navigation …"""
    return any(method_of(call) in STATE_CHANGES for call in calls_in(statement))


def forced_on_disabled(receiver: cst.BaseExpression, before: Sequence[cst.BaseStatement]) -> bool:
    """A forced action on an element the test asserted disabled just before, with no action between:
    the only way to prove that a disabled control ignores a click."""
    subject = code_of(receiver)
    for statement in reversed(before):
        if subject in proven_disabled(statement):
            return True
        if changes_state(statement):
            return False
    return False


def waits_for_nothing_to_change(before: Sequence[cst.BaseStatement], after: Sequence[cst.BaseStatement]) -> bool:
    """A fixed wait that gives a wrong change time to show: the check after it says a state still holds
    (`==`, `is`, `in`, an `expect`), and the test checked or captured the same state before the wait
    without acting since on what the check reads. An action elsewhere is the point of such a test
    (click on page 1, page 2 must not change; leave the page, the server must keep its session), and
    so is a forced click on an element proven disabled; an action on what is checked (remove, undo,
    the same count again) is a change the wait waits for."""
    check, read_after = _next_check(after)
    if check is None:
        return False
    values = _assignments([*before, *after])
    watched = _roots(check, values)
    checked, captured = set(), set()
    disabled: set[str] = set()
    for statement in before:
        disabled |= proven_disabled(statement)
    for statement in reversed(before):
        if any(method_of(call) in STATE_CHANGES and code_of(receiver_of(call)) not in disabled
               and _roots(receiver_of(call), values) & watched for call in calls_in(statement)):
            break                       # the test acted on what it checks: the wait is for that change
        checked.add(_line_code(statement))
        if any(True for _ in calls_in(statement)):           # a value read from the page, not a constant
            captured |= _assigned_names(statement)
    if _line_code(check) in checked:
        return True
    return bool(captured & {node.value for node in nodes_under(check) if isinstance(node, cst.Name)}
                - read_after)


def _names_in(node: cst.CSTNode) -> list[cst.Name]:
    """The variables an expression reads: not attribute names (`.locator`) nor keywords (`name=`)."""
    if isinstance(node, cst.Name):
        return [node]
    nodes = list(nodes_under(node))
    labels = {id(n.attr) for n in nodes if isinstance(n, cst.Attribute)} | \
        {id(n.keyword) for n in nodes if isinstance(n, cst.Arg) and n.keyword is not None}
    return [n for n in nodes if isinstance(n, cst.Name) and id(n) not in labels]


def _opens(value: cst.BaseExpression) -> bool:
    """`browser.new_page()`, `new_context()`, `launch()`: a page or context of its own, whatever it came from."""
    value = unwrap_await(value)
    return isinstance(value, cst.Call) and method_of(value) in _OPENERS


def _assignments(statements: Sequence[cst.BaseStatement]) -> dict[str, list[cst.BaseExpression]]:
    """What each name was assigned in these statements (`badge = page.get_by_test_id("badge")`)."""
    values: dict[str, list[cst.BaseExpression]] = {}
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign):
                    for target in small.targets:
                        if isinstance(target.target, cst.Name):
                            values.setdefault(target.target.value, []).append(small.value)
    return values


def _roots(node: cst.CSTNode, values: dict[str, list[cst.BaseExpression]]) -> set[str]:
    """The names an expression is made from, followed through assignments: `badge` → `page`."""
    roots: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        for name in _names_in(current):
            if name.value not in roots:
                roots.add(name.value)
                pending.extend(value for value in values.get(name.value, ()) if not _opens(value))
    return roots


def _next_check(after: Sequence[cst.BaseStatement]) -> tuple[cst.BaseStatement | None, set[str]]:
    """The check that follows a wait, past assignments (`contexts = list(…)`), if it says a state holds;
    and the names those assignments bound."""
    bound: set[str] = set()
    for statement in after:
        first = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
        if isinstance(first, (cst.Assign, cst.AnnAssign)):
            bound |= _assigned_names(statement)
            continue
        if isinstance(first, cst.Assert):
            test = first.test
            holds = not isinstance(test, cst.Comparison) or all(
                isinstance(target.operator, _HOLDING) for target in test.comparisons)
            return (statement if holds else None), bound
        if isinstance(first, cst.Expr) and _is_expectation(unwrap_await(first.value)):
            return statement, bound
        return None, bound
    return None, bound


def _line_code(statement: cst.CSTNode) -> str:
    """A statement's code without the comments and blank lines around it."""
    if isinstance(statement, cst.SimpleStatementLine):
        return "; ".join(code_of(small.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)) for small in statement.body)
    return code_of(statement.with_changes(leading_lines=())) if hasattr(statement, "leading_lines") else code_of(statement)


def _is_expectation(node: cst.BaseExpression) -> bool:
    if not isinstance(node, cst.Call) or method_of(node) is None:
        return False
    subject = receiver_of(node)
    return isinstance(subject, cst.Call) and isinstance(subject.func, cst.Name) and subject.func.value == "expect"


def _assigned_names(statement: cst.CSTNode) -> set[str]:
    names = set()
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
                [small.target] if isinstance(small, cst.AnnAssign) else []
            names |= {target.value for target in targets if isinstance(target, cst.Name)}
    return names


def kept_to_compare(name: str, after: Sequence[cst.BaseStatement]) -> bool:
    """A handle kept to see whether the element was replaced: every later use of `name` compares its
    identity (`old is not new`, `old != new`) or asks the page whether the node is still attached
    (`old.evaluate("node => node.isConnected")`), and there is such a use."""
    comparisons = 0
    for statement in after:
        uses = [node for node in nodes_under(statement) if isinstance(node, cst.Name) and node.value == name]
        if not uses:
            continue
        allowed: set[int] = set()
        for node in nodes_under(statement):
            operands = (node.left, *(t.comparator for t in node.comparisons)) if isinstance(node, cst.Comparison) else ()
            if operands and all(isinstance(t.operator, _IDENTITY) for t in node.comparisons) and not any(
                    isinstance(operand, cst.Name) and operand.value == "None" for operand in operands):
                allowed |= {id(operand) for operand in operands if isinstance(operand, cst.Name)}
            elif isinstance(node, cst.Call) and method_of(node) == "evaluate" and isinstance(receiver_of(node), cst.Name):
                script = static_text(node.args[0].value) if node.args else None
                if script and ("isConnected" in script or "contains(" in script):
                    allowed.add(id(receiver_of(node)))
        if any(id(use) not in allowed for use in uses):
            return False
        comparisons += 1
    return comparisons > 0


def checks_focus_next(action: cst.CSTNode, after: Sequence[cst.BaseStatement]) -> bool:
    """A click from JavaScript whose point is where the focus stays: the script or one of the next
    two statements checks the focus (`expect(field).to_be_focused()`, `document.activeElement`)."""
    for statement in (action, *after[:2]):
        for node in nodes_under(statement):
            if isinstance(node, cst.Name) and node.value in _FOCUS_ASSERTIONS:
                return True
            if isinstance(node, (cst.SimpleString, cst.FormattedStringText)) and "activeElement" in node.value:
                return True
    return False
