"""What the linter can know an expression holds: a Playwright kind, a string, a page object, or nothing."""

from dataclasses import dataclass, field

import libcst as cst

import verdex.lint.playwright_api as api

PLACEHOLDER = "\ufffc"  # stands for the `{…}` parts of an f-string


@dataclass(frozen=True)
class StringValue:
    """A string the code passes around; interpolated parts of an f-string are PLACEHOLDER."""

    text: str


@dataclass(frozen=True)
class StringTable:
    """A dict literal of strings, as page objects keep selectors: `SELECTORS = {"menu": "#nav a"}`."""

    entries: dict[str, str]


@dataclass(eq=False)
class ClassInfo:
    """A class defined in the linted file; as a value, an instance of it."""

    node: cst.ClassDef
    bases: list["ClassInfo"] = field(default_factory=list)
    attributes: dict[str, "Value"] = field(default_factory=dict)
    methods: dict[str, cst.FunctionDef] = field(default_factory=dict)
    properties: set[str] = field(default_factory=set)


# A Playwright kind (see playwright_api), an instance of a local class, a string, or unknown (None).
Value = str | ClassInfo | StringValue | StringTable | None


def element_of(value: Value) -> Value:
    """What iterating or indexing the value gives: a Locator from `locator.all()`."""
    if value == api.LOCATOR_LIST:
        return api.LOCATOR
    if value == api.ELEMENT_HANDLE_LIST:
        return api.ELEMENT_HANDLE
    return None


def static_text(node: cst.BaseExpression) -> str | None:
    """The text of a literal string, with `{…}` of an f-string replaced by PLACEHOLDER."""
    if isinstance(node, cst.SimpleString):
        return string_literal(node)
    if isinstance(node, cst.ConcatenatedString):
        left, right = static_text(node.left), static_text(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, cst.FormattedString):
        pieces = []
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                pieces.append(part.value)
            else:
                pieces.append(PLACEHOLDER)
        return "".join(pieces)
    return None


def string_literal(node: cst.SimpleString) -> str | None:
    """The value of a str literal; plain ones without escapes are read directly (literal_eval is slow)."""
    raw = node.value
    quote = raw[0]
    if quote in "'\"" and "\\" not in raw:
        width = 3 if raw.startswith(quote * 3) and len(raw) >= 6 else 1
        return raw[width:-width]
    value = node.evaluated_value
    return value if isinstance(value, str) else None
