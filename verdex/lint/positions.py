"""Line and column of reported nodes, by generating code for as little of the module as possible.

libcst nodes carry no positions; its PositionProvider generates the code of the whole module and
records a range for every node, which costs more than parsing. Here only reported nodes are
recorded, and only the statements that hold them are generated: CPython's `ast` (parsed anyway,
see linter.parse) gives each statement's line and column, and libcst and `ast` list the same
statements in the same order. When anything does not line up, the whole module is generated
instead. Ranges match PositionProvider's: 1-based lines, 0-based columns, end exclusive.
"""

import ast
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import libcst as cst
from libcst._nodes.internal import CodegenState

Range = tuple[int, int, int, int]  # start line, start column, end line, end column

STATEMENT_TYPES = frozenset(
    node_type
    for node_type in vars(cst).values()
    if isinstance(node_type, type)
    and (cst.BaseSmallStatement in node_type.__mro__ or cst.BaseCompoundStatement in node_type.__mro__)
    and not node_type.__name__.startswith("Base")
)
_AST_STATEMENT_LISTS = ("body", "handlers", "orelse", "finalbody", "cases")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class _AllFound(Exception):
    pass


class _PositionState(CodegenState):
    def __init__(self, module: cst.Module, targets: set[int], line: int = 1, indent: str = "") -> None:
        super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
        self.line = line
        self.column = 0
        self.targets = targets
        self.ranges: dict[int, Range] = {}
        self.starts: dict[int, tuple[int, int]] = {}
        if indent:
            self.indent_tokens.append(indent)

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, value: str) -> None:
        newlines = value.count("\n") or value.count("\r")
        if newlines:
            self.line += newlines
            self.column = len(value) - max(value.rfind("\n"), value.rfind("\r")) - 1
        else:
            self.column += len(value)

    def before_codegen(self, node: cst.CSTNode) -> None:
        if id(node) in self.targets:
            self.starts[id(node)] = (self.line, self.column)

    def after_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.targets and key not in self.ranges:
            line, column = self.starts[key]
            self._record(key, (line, column, self.line, self.column))

    @contextmanager
    def record_syntactic_position(
        self,
        node: cst.CSTNode,
        *,
        start_node: cst.CSTNode | None = None,
        end_node: cst.CSTNode | None = None,
    ) -> Iterator[None]:
        if id(node) not in self.targets:
            yield
            return
        line, column = self.line, self.column
        yield
        end_line, end_column = self.line, self.column
        if end_node is not None and id(end_node) in self.ranges:
            end_line, end_column = self.ranges[id(end_node)][2:]
        self._record(id(node), (line, column, end_line, end_column))

    def _record(self, key: int, node_range: Range) -> None:
        self.ranges[key] = node_range
        if len(self.ranges) == len(self.targets):
            raise _AllFound


def node_ranges(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> dict[int, Range]:
    """Ranges of `nodes`, keyed by `id(node)`, by generating the whole module."""
    targets = {id(node) for node in nodes}
    if not targets:
        return {}
    state = _PositionState(module, targets)
    try:
        module._codegen(state)
    except _AllFound:
        pass
    return state.ranges


def located_ranges(
    module: cst.Module,
    tree: ast.Module,
    source: str,
    statements: list[cst.CSTNode],
    located: Iterable[tuple[cst.CSTNode, int]],
) -> dict[int, Range]:
    """Ranges of nodes given with the index (in `statements`, the statements in the order the
    walk entered them) of the statement the walk was in when it reported them."""
    located = list(located)
    anchors = _statement_anchors(tree)
    if len(anchors) != len(statements):
        return node_ranges(module, (node for node, _ in located))
    by_statement: dict[int, list[cst.CSTNode]] = defaultdict(list)
    for node, index in located:
        by_statement[index].append(node)
    lines = _LINE_BREAK.split(source)
    ranges: dict[int, Range] = {}
    for index, nodes in by_statement.items():
        found = _statement_ranges(module, statements[index], anchors[index], lines, nodes)
        if found is None:
            return node_ranges(module, (node for node, _ in located))
        ranges.update(found)
    return ranges


def _statement_ranges(
    module: cst.Module, statement: cst.CSTNode, anchor: ast.stmt, lines: list[str], nodes: list[cst.CSTNode]
) -> dict[int, Range] | None:
    name, anchor_name = type(statement).__name__, type(anchor).__name__
    if anchor_name != name and anchor_name != "Async" + name:
        return None
    line_text = lines[anchor.lineno - 1]
    indent = line_text[: len(line_text) - len(line_text.lstrip(" \t\f"))]
    targets = {id(node) for node in nodes}
    if isinstance(statement, cst.BaseSmallStatement):
        state = _PositionState(module, targets, anchor.lineno, indent)
        state.column = _characters(line_text, anchor.col_offset)
    else:
        first_line = anchor.lineno
        decorators = getattr(statement, "decorators", ())
        if decorators:
            first_line = anchor.decorator_list[0].lineno - len(decorators[0].leading_lines)
        state = _PositionState(module, targets, first_line - len(statement.leading_lines), indent)
    try:
        statement._codegen(state)
    except _AllFound:
        pass
    return state.ranges if len(state.ranges) == len(targets) else None


def _statement_anchors(tree: ast.Module) -> list[ast.stmt]:
    """Every statement of the tree, in source order (as the walk enters them)."""
    anchors: list[ast.stmt] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.stmt):
            anchors.append(node)
        children = []
        for field in _AST_STATEMENT_LISTS:
            children.extend(getattr(node, field, ()))
        stack.extend(reversed(children))
    return anchors


def _characters(line: str, byte_offset: int) -> int:
    """`ast` columns count UTF-8 bytes; libcst's count characters."""
    if line.isascii():
        return byte_offset
    return len(line.encode("utf-8")[:byte_offset].decode("utf-8", errors="replace"))
