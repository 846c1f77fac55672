"""Where isort, and ruff's `I` rules with their defaults, put an import: sections (future, standard
library, third party, first party / relative) separated by a blank line; in a section, `import x`
lines before `from x import y` lines, each sorted by module; names in a `from` import ordered
constants, classes, then the rest. Modules this file cannot place are third party, as isort's
default section says."""

import sys

import libcst as cst

from verdex.lint.definitions import dotted_name

_FUTURE, _STANDARD, _THIRD_PARTY, _LOCAL = range(4)


def member_order(name: str) -> tuple[int, str, str]:
    """isort's `order_by_type`: CONSTANTS, then Classes, then functions and modules."""
    kind = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return kind, name.lower(), name


def import_placed(body: list[cst.BaseStatement], new: cst.SimpleStatementLine, module: str) -> list[cst.BaseStatement]:
    """The module's statements with `new` (a `from module import name` line) where isort would put it."""
    imports = [(index, key) for index, statement in enumerate(body) if (key := _import_key(statement)) is not None]
    wanted = (_section(module), 1, module)
    same_section = [(index, key) for index, key in imports if key[0] == wanted[0]]
    body = list(body)
    if same_section:
        later = [index for index, key in same_section if key > wanted]
        if later:
            follower = body[later[0]]
            if not any(line.comment for line in follower.leading_lines):
                new = new.with_changes(leading_lines=follower.leading_lines)
                body[later[0]] = follower.with_changes(leading_lines=[])
            body.insert(later[0], new)
        else:
            body.insert(same_section[-1][0] + 1, new)
        return body
    earlier = [index for index, key in imports if key[0] < wanted[0]]
    later = [index for index, key in imports if key[0] > wanted[0]]
    if earlier:
        body.insert(earlier[-1] + 1, new.with_changes(leading_lines=[cst.EmptyLine()]))
    elif later:
        body.insert(later[0], new)
        body[later[0] + 1] = _after_blank_lines(body[later[0] + 1], 1)
    else:
        position = 1 if body and _is_docstring(body[0]) else 0
        body.insert(position, new)
        if position + 1 < len(body):
            body[position + 1] = _after_blank_lines(body[position + 1], 2)
    if earlier and earlier[-1] + 2 < len(body) and _import_key(body[earlier[-1] + 2]) is None:
        body[earlier[-1] + 2] = _after_blank_lines(body[earlier[-1] + 2], 2)
    return body


def _import_key(statement: cst.BaseStatement) -> tuple[int, int, str] | None:
    """(section, 0 for `import x` / 1 for `from x import`, module) of a top-level import line."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.Import):
        module = dotted_name(small.names[0].name) or ""
        return _section(module), 0, module
    if isinstance(small, cst.ImportFrom):
        if small.relative:
            return _LOCAL, 1, ""
        module = dotted_name(small.module) if small.module is not None else ""
        return _section(module or ""), 1, module or ""
    return None


def _section(module: str) -> int:
    top = module.partition(".")[0]
    if top == "__future__":
        return _FUTURE
    return _STANDARD if top in sys.stdlib_module_names else _THIRD_PARTY


def _after_blank_lines(statement: cst.BaseStatement, count: int) -> cst.BaseStatement:
    """The statement with at least `count` blank lines above it (isort's lines after imports: two before
    a definition, one before other code or another section)."""
    wanted = count if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) or count == 1 else 1
    blank = 0
    for line in statement.leading_lines:
        if line.comment is not None:
            break
        blank += 1
    if blank >= wanted:
        return statement
    return statement.with_changes(leading_lines=[*([cst.EmptyLine()] * (wanted - blank)), *statement.leading_lines])


def _is_docstring(statement: cst.BaseStatement) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )
