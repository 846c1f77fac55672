"""One walk over a libcst tree that calls every participant's `visit_<Node>` and `leave_<Node>`.

libcst's own visitor rebuilds every node as it goes and visits whitespace; this walk only reads
fields that can hold code, so it costs a few percent of parsing. Children are visited in source
order, so a participant sees an assignment before the uses that follow it.
"""

import dataclasses
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from operator import attrgetter

import libcst as cst

from verdex.lint.positions import STATEMENT_TYPES

Handler = Callable[[cst.CSTNode], None]

# Fields that hold only whitespace, comments or punctuation.
_SKIPPED_FIELDS = frozenset(
    {
        "leading_lines",
        "lines_after_decorators",
        "lpar",
        "rpar",
        "comma",
        "semicolon",
        "colon",
        "dot",
        "equal",
        "star",
        "header",
        "footer",
        "newline",
        "operator",
        "asynchronous",
        "trailing_whitespace",
    }
)


class _Leave:
    __slots__ = ("node",)

    def __init__(self, node: cst.CSTNode) -> None:
        self.node = node


def walk(module: cst.Module, participants: Iterable[object], statements: list[cst.CSTNode]) -> None:
    """Visit every node; append each statement to `statements` as the walk enters it."""
    enter, leave = _dispatch(participants)
    stack: list = [module]
    pop, push = stack.pop, stack.append
    while stack:
        node = pop()
        node_type = type(node)
        if node_type is _Leave:
            for handler in leave[type(node.node)]:
                handler(node.node)
            continue
        if node_type in STATEMENT_TYPES:
            statements.append(node)
        handlers = enter.get(node_type)
        if handlers:
            for handler in handlers:
                handler(node)
        if node_type in leave:
            push(_Leave(node))
        for value in (_FIELDS.get(node_type) or _code_fields(node_type))(node):
            value_type = type(value)
            if value_type in _NODE_TYPES:
                push(value)
            elif value_type is tuple or value_type is list:
                for child in reversed(value):
                    if type(child) in _NODE_TYPES:
                        push(child)


def _dispatch(participants: Iterable[object]) -> tuple[dict[type, list[Handler]], dict[type, list[Handler]]]:
    enter: dict[type, list[Handler]] = defaultdict(list)
    leave: dict[type, list[Handler]] = defaultdict(list)
    for participant in participants:
        for prefix, node_type, method in _handler_names(type(participant)):
            (enter if prefix == "visit" else leave)[node_type].append(getattr(participant, method))
    return dict(enter), dict(leave)


@cache
def _handler_names(participant_type: type) -> tuple[tuple[str, type, str], ...]:
    names = []
    for method in dir(participant_type):
        prefix, _, node_name = method.partition("_")
        node_type = getattr(cst, node_name, None)
        if prefix in ("visit", "leave") and isinstance(node_type, type) and cst.CSTNode in node_type.__mro__:
            names.append((prefix, node_type, method))
    return tuple(names)


# Every concrete node class (isinstance against libcst's abstract base classes is slow, and so is the
# first issubclass against them: reading the MRO instead saves a third of a second at start-up).
_NODE_TYPES = frozenset(
    node_type
    for node_type in vars(cst).values()
    if isinstance(node_type, type) and cst.CSTNode in node_type.__mro__ and not node_type.__abstractmethods__
)
_FIELDS: dict[type, Callable[[cst.CSTNode], tuple]] = {}


def _code_fields(node_type: type) -> Callable[[cst.CSTNode], tuple]:
    """A getter for the node's fields that can hold code, last first (children are pushed on a stack)."""
    names = [
        field.name
        for field in dataclasses.fields(node_type)
        if field.name not in _SKIPPED_FIELDS and "whitespace" not in field.name
    ]
    names.reverse()
    if not names:
        getter: Callable[[cst.CSTNode], tuple] = lambda node: ()
    elif len(names) == 1:
        single = attrgetter(names[0])
        getter = lambda node: (single(node),)
    else:
        getter = attrgetter(*names)
    _FIELDS[node_type] = getter
    return getter


def nodes_under(node: cst.CSTNode, stop: tuple[type, ...] = ()) -> Iterator[cst.CSTNode]:
    """Every node inside `node` (itself excluded), in source order, not entering nodes of the `stop`
    types (which are yielded themselves): a rule's question about a few statements, without a second walk."""
    stack: list = [node]
    while stack:
        current = stack.pop()
        if current is not node:
            yield current
            if isinstance(current, stop):
                continue
        current_type = type(current)
        for value in (_FIELDS.get(current_type) or _code_fields(current_type))(current):
            value_type = type(value)
            if value_type in _NODE_TYPES:
                stack.append(value)
            elif value_type is tuple or value_type is list:
                for child in reversed(value):
                    if type(child) in _NODE_TYPES:
                        stack.append(child)
