"""Tests whose subject is order: after a sort, the first row is what the test checks, so a position in
a selector (`tr:first-child`, `.nth(0)`, `//tr[1]`) is the assertion, not a guess."""

import re
from functools import lru_cache

import libcst as cst

from verdex.lint.walker import nodes_under

_SORTING = re.compile(r"(?i)sort")


def checks_order(functions: list[cst.FunctionDef]) -> bool:
    """Whether one of the enclosing functions sorts or checks a sort: its name says so
    (`test_sort_by_price`), or a name or string in it does (`?_sort=`, `th.sortable`, `"Sort by date"`,
    `sorted(names)`)."""
    return any(_sorts(function) for function in functions)


@lru_cache(maxsize=256)
def _sorts(function: cst.FunctionDef) -> bool:
    for node in (function.name, *nodes_under(function.body)):
        text = node.value if isinstance(node, (cst.Name, cst.SimpleString, cst.FormattedStringText)) else None
        if text and _SORTING.search(text):
            return True
    return False
