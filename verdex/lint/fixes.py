"""Applying the fixes rules offer: replace nodes, delete statements, add the imports they need.

Fixes whose ranges overlap are applied in separate passes; after each pass the file is linted
again, so a fix that depends on another (`page.is_visible(s)` → `page.locator(s).is_visible()`
→ `expect(page.locator(s)).to_be_visible()`) lands in the next pass. Findings silenced with
`# noqa` are never fixed.
"""

from collections.abc import Sequence

import libcst as cst

from verdex.lint.config import LintConfig
from verdex.lint.definitions import dotted_name
from verdex.lint.import_order import import_placed, member_order
from verdex.lint.linter import analyze, placed
from verdex.lint.positions import node_ranges
from verdex.lint.rule import Fix

MAX_PASSES = 8


def fix_source(source: str, path: str = "<string>", config: LintConfig | None = None) -> str:
    """The source with every safe fix applied. Raises SourceError when the source cannot be parsed."""
    config = config or LintConfig()
    rules = tuple(rule for rule in config.rules_for(path) if rule.fixable)
    for _ in range(MAX_PASSES):
        analysis = analyze(source, config, rules)
        if analysis is None:
            return source
        fixable = [report for report in analysis.reports if report.fix is not None]
        fixes = [report.fix for report, _ in placed(analysis, source, fixable, path) if report.fix is not None]
        chosen = _without_overlaps(analysis.module, fixes)
        if not chosen:
            return source
        source = apply_fixes(analysis.module, chosen).code
    return source


def apply_fixes(module: cst.Module, fixes: Sequence[Fix]) -> cst.Module:
    rewritten = module.visit(_Rewriter(fixes))
    assert isinstance(rewritten, cst.Module)
    for module_name, name in dict.fromkeys(pair for fix in fixes for pair in fix.imports):
        rewritten = _ensure_import(rewritten, module_name, name)
    return rewritten


def _without_overlaps(module: cst.Module, fixes: list[Fix]) -> list[Fix]:
    ranges = node_ranges(module, (fix.node for fix in fixes))
    chosen: list[Fix] = []
    taken: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for fix in sorted(fixes, key=lambda f: ranges[id(f.node)]):
        line, column, end_line, end_column = ranges[id(fix.node)]
        start, end = (line, column), (end_line, end_column)
        if all(end <= other_start or start >= other_end for other_start, other_end in taken):
            chosen.append(fix)
            taken.append((start, end))
    return chosen


class _Rewriter(cst.CSTTransformer):
    def __init__(self, fixes: Sequence[Fix]) -> None:
        super().__init__()
        self.replacements = {id(fix.node): fix.replacement for fix in fixes if fix.replacement is not None}
        self.deletions = {id(fix.node) for fix in fixes if fix.replacement is None}

    def on_leave(self, original_node: cst.CSTNode, updated_node: cst.CSTNode):  # type: ignore[override]
        replacement = self.replacements.get(id(original_node))
        if replacement is not None:
            return replacement
        if isinstance(updated_node, cst.IndentedBlock):
            return self._delete_statements(original_node, updated_node, keep_one=True)
        if isinstance(updated_node, cst.Module):
            return self._delete_statements(original_node, updated_node, keep_one=False)
        return updated_node

    def _delete_statements(self, original, updated, keep_one: bool):
        """Drop deleted statements; their leading comments move to the next statement or the footer."""
        if not any(id(statement) in self.deletions for statement in original.body):
            return updated
        body, carried = [], []
        for before, after in zip(original.body, updated.body):
            if id(before) in self.deletions:
                carried.extend(before.leading_lines)
                continue
            if carried:
                after = after.with_changes(leading_lines=[*carried, *after.leading_lines])
                carried = []
            body.append(after)
        if keep_one and not body:
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()], leading_lines=carried)])
        return updated.with_changes(body=body, footer=[*carried, *updated.footer])


def _ensure_import(module: cst.Module, module_name: str, name: str) -> cst.Module:
    """`from module_name import name`, added where isort (and ruff's `I` rules) would put it: into an
    existing import of that module in sorted order, else as a new line in its section."""
    body = list(module.body)
    for index, statement in enumerate(body):
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if (
                isinstance(small, cst.ImportFrom)
                and small.relative == ()
                and small.module is not None
                and dotted_name(small.module) == module_name
                and not isinstance(small.names, cst.ImportStar)
            ):
                if any(isinstance(alias.name, cst.Name) and alias.name.value == name for alias in small.names):
                    return module
                names = _with_alias(small, name)
                new_line = statement.with_changes(
                    body=[small.with_changes(names=names) if s is small else s for s in statement.body]
                )
                body[index] = new_line
                return module.with_changes(body=body)
    new_import = cst.parse_statement(f"from {module_name} import {name}\n")
    return module.with_changes(body=import_placed(body, new_import, module_name))


def _with_alias(node: cst.ImportFrom, name: str) -> list[cst.ImportAlias]:
    """The names plus one, in isort's order (constants, classes, then the rest) and the same layout:
    a trailing comma stays last, separators repeat."""
    names = list(node.names)
    separator = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    position = next(
        (i for i, alias in enumerate(names) if member_order(dotted_name(alias.name) or "") > member_order(name)),
        len(names),
    )
    if position < len(names):
        between = names[position - 1].comma if position > 0 else names[position].comma   # the separator in use
        if not isinstance(between, cst.Comma) or (position == 0 and len(names) == 1):
            between = cst.Comma(whitespace_after=node.lpar.whitespace_after) if node.lpar is not None else separator
        names.insert(position, cst.ImportAlias(cst.Name(name), comma=between))
        return names
    last = names[-1]
    if not isinstance(last.comma, cst.Comma):
        return [*names[:-1], last.with_changes(comma=separator), cst.ImportAlias(cst.Name(name))]
    if len(names) > 1 and isinstance(names[-2].comma, cst.Comma):
        separator = names[-2].comma
    elif node.lpar is not None:
        separator = cst.Comma(whitespace_after=node.lpar.whitespace_after)
    return [*names[:-1], last.with_changes(comma=separator), cst.ImportAlias(cst.Name(name), comma=last.comma)]

