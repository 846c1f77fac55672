"""Shapes of definitions: dotted names, decorators, fixtures, what a function returns."""

from collections.abc import Iterator, Sequence

import libcst as cst


def dotted_name(node: cst.BaseExpression) -> str | None:
    """ "playwright.sync_api" for that chain of names; None for anything else."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def decorator_name(decorator: cst.Decorator) -> str:
    """ "fixture" for `@pytest.fixture(scope="session")`."""
    target = decorator.decorator
    if isinstance(target, cst.Call):
        target = target.func
    dotted = dotted_name(target)
    return dotted.rpartition(".")[2] if dotted else ""


def is_fixture(node: cst.FunctionDef) -> bool:
    return any(decorator_name(decorator) == "fixture" for decorator in node.decorators)


def subscript_base(node: cst.Subscript) -> str | None:
    """ "Iterator" for `Iterator[Page]` and `collections.abc.Iterator[Page]`."""
    value = node.value
    if isinstance(value, cst.Name):
        return value.value
    if isinstance(value, cst.Attribute):
        return value.attr.value
    return None


def last_returned(node: cst.FunctionDef) -> cst.BaseExpression | None:
    """The expression of the last top-level `return x` or `yield x` in a function body."""
    statements = node.body.body if isinstance(node.body, cst.IndentedBlock) else [node.body]
    for statement in reversed(statements):
        if not isinstance(statement, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            continue
        for small in reversed(statement.body):
            if isinstance(small, cst.Return) and small.value is not None:
                return small.value
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Yield):
                yielded = small.value.value
                return yielded if isinstance(yielded, cst.BaseExpression) else None
    return None


def top_level_statements(body: Sequence[cst.BaseStatement]) -> Iterator[cst.BaseStatement]:
    """Module statements, looking inside top-level `if` / `try` blocks (TYPE_CHECKING, optional imports)."""
    for statement in body:
        if isinstance(statement, (cst.If, cst.Try)) and isinstance(statement.body, cst.IndentedBlock):
            yield from top_level_statements(statement.body.body)
        else:
            yield statement
