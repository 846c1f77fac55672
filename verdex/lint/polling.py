"""Loops that poll: a `while`, or a `for` that its own `break` or `return` can end and that waits between
passes (a loop over alternatives that stops at the first one found does not poll). Each pass re-reads the
page, so a fixed wait inside is the interval between two checks (VDX004), and an assert inside on a
value read in that pass checks every state the loop sees, not one instant (VDX006)."""

import libcst as cst

from verdex.lint.walker import nodes_under

_OWN_SCOPE = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.For, cst.While)
_WAITS = frozenset({"sleep", "wait_for_timeout"})


def polls(loop: cst.For | cst.While) -> bool:
    """Whether the loop re-checks until something holds: its own `break` or `return` (not one of an inner
    loop, nor one inside a function the loop defines) ends it, and it waits between passes."""
    if isinstance(loop, cst.While):
        return True
    nodes = list(nodes_under(loop.body, _OWN_SCOPE))
    return any(isinstance(node, (cst.Break, cst.Return)) for node in nodes) and any(
        _waits_then_goes_on(block) for block in [loop.body, *nodes] if isinstance(block, cst.IndentedBlock))


def _waits_then_goes_on(block: cst.IndentedBlock) -> bool:
    """A wait in the block that the loop's next pass follows: not one right before a `break` or `return`
    (a wait after clicking the alternative found, on the way out)."""
    lines = list(block.body)
    for index, line in enumerate(lines):
        first = line.body[0] if isinstance(line, cst.SimpleStatementLine) else None
        call = first.value.expression if isinstance(first, cst.Expr) and isinstance(first.value, cst.Await) \
            else first.value if isinstance(first, cst.Expr) else None
        if isinstance(call, cst.Call) and _callee(call) in _WAITS and not any(
                isinstance(after, cst.SimpleStatementLine) and isinstance(after.body[0], (cst.Break, cst.Return))
                for after in lines[index + 1:]):
            return True
    return False


def _callee(call: cst.Call) -> str | None:
    func = call.func
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None


def assigned_in(loop: cst.For | cst.While) -> set[str]:
    """The names the loop's body assigns (`progress = status.text_content()`): its fresh reads."""
    names = set()
    for node in nodes_under(loop.body, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name):
            names.add(node.target.value)
    return names


class PollingPasses:
    """For rules: whether the walk is inside a loop that polls, and what that loop's pass reads afresh.
    An assert (VDX006) or an `if` (VDX017) there, on such a read, is checked again on every pass."""

    def visit_While(self, node: cst.While) -> None:
        self._passes().append(assigned_in(node))

    def visit_For(self, node: cst.For) -> None:
        self._passes().append(assigned_in(node) if polls(node) else None)

    def leave_While(self, node: cst.While) -> None:
        self._passes().pop()

    leave_For = leave_While

    def read_by_a_polling_loop(self, read: cst.BaseExpression) -> bool:
        """`read` (a call, or a name) made by the pass of the innermost polling loop around the walk."""
        fresh = next((names for names in reversed(self._passes()) if names is not None), None)
        return fresh is not None and (not isinstance(read, cst.Name) or read.value in fresh)

    def _passes(self) -> list[set[str] | None]:
        return self.__dict__.setdefault("_polling_passes", [])    # per open loop; None for one that does not poll
