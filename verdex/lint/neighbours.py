"""Where the walk is: among the statements of a block, so that a rule can read a statement's neighbours
(the assert after a wait, the check before a forced click), and in which functions."""

from collections.abc import Sequence

import libcst as cst


class Neighbours:
    """A participant of the walk (before the rules): the block around the statement being walked."""

    def __init__(self) -> None:
        self._blocks: list[list] = []          # [statements, index of the one being walked] per open block
        self.functions: list[cst.FunctionDef] = []   # the functions around the walk, outermost first

    def visit_Module(self, node: cst.Module) -> None:
        self._blocks.append([node.body, -1])

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._blocks.append([node.body, -1])

    def leave_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._blocks.pop()

    def _enter(self, node: cst.BaseStatement) -> None:
        block = self._blocks[-1]
        following = block[1] + 1
        if following < len(block[0]) and block[0][following] is node:   # not an `elif`, which is no line of a block
            block[1] = following

    visit_SimpleStatementLine = visit_If = visit_For = visit_While = visit_With = visit_Try = _enter
    visit_TryStar = visit_ClassDef = visit_Match = _enter

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._enter(node)
        self.functions.append(node)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.pop()

    def before(self) -> Sequence[cst.BaseStatement]:
        """The statements of the current block before the one being walked, nearest last."""
        statements, index = self._blocks[-1]
        return statements[:max(index, 0)]

    def after(self) -> Sequence[cst.BaseStatement]:
        """The statements of the current block after the one being walked."""
        statements, index = self._blocks[-1]
        return statements[index + 1:]

    def current(self) -> cst.BaseStatement | None:
        statements, index = self._blocks[-1]
        return statements[index] if index >= 0 else None
