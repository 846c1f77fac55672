"""Shapes of calls, so that rules read as what they look for: `page.click("#buy", force=True)`."""

import libcst as cst


def method_of(call: cst.Call) -> str | None:
    """ "click" for `anything.click(...)`; None for plain function calls."""
    func = call.func
    return func.attr.value if type(func) is cst.Attribute else None


def receiver_of(call: cst.Call) -> cst.BaseExpression:
    """The object a method is called on: `page` in `page.click(...)`. Only for method calls."""
    func = call.func
    assert isinstance(func, cst.Attribute)
    return func.value


def positional(call: cst.Call, index: int) -> cst.Arg | None:
    position = 0
    for arg in call.args:
        if arg.keyword is not None or arg.star:
            continue
        if position == index:
            return arg
        position += 1
    return None


def keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def is_true(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Name and node.value == "True"


def unwrap_await(node: cst.BaseExpression) -> cst.BaseExpression:
    return node.expression if type(node) is cst.Await else node
