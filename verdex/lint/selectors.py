"""Reading Playwright selector strings: `css=…`, `xpath=…`, `text=…` parts chained with `>>`.

Only as much of CSS and XPath is understood as the rules need: combinators, classes,
pseudo-classes, predicates and the text that selectors match. Results are cached per string,
because every selector rule asks about the same strings.
"""

import re
from dataclasses import dataclass
from functools import lru_cache

# A part names its engine (`css=`, `xpath=`, `nth=`, `internal:text=` …) or Playwright guesses it.
_ENGINE = re.compile(r"^\s*([a-zA-Z_0-9:+*-]+)\s*=(?!=)")
_KNOWN_ENGINES = frozenset(
    {
        "css",
        "xpath",
        "text",
        "id",
        "data-testid",
        "data-test-id",
        "data-test",
        "nth",
        "visible",
        "role",
        "has",
        "has-not",
        "has-text",
        "left-of",
        "right-of",
        "above",
        "below",
        "near",
    }
)


@dataclass(frozen=True)
class SelectorPart:
    engine: str
    body: str


@lru_cache(maxsize=4096)
def split_selector(selector: str) -> tuple[SelectorPart, ...]:
    """The `>>`-separated parts of a selector, each with the engine Playwright would use."""
    return tuple(_classify(raw) for raw in _split_outside_quotes(selector, ">>"))


def _classify(raw: str) -> SelectorPart:
    match = _ENGINE.match(raw)
    if match and (match.group(1) in _KNOWN_ENGINES or match.group(1).startswith("internal:")):
        return SelectorPart(match.group(1), raw[match.end() :].strip())
    body = raw.strip()
    if body.startswith(("//", "..", "/", "(/", "(.")):
        return SelectorPart("xpath", body)
    if body[:1] in ("'", '"'):
        return SelectorPart("text", body)
    return SelectorPart("css", body)


def _split_outside_quotes(text: str, separator: str) -> list[str]:
    parts, start, quote, i = [], 0, "", 0
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif text.startswith(separator, i):
            parts.append(text[start:i])
            start = i + len(separator)
            i = start
            continue
        i += 1
    parts.append(text[start:])
    return parts


# --- CSS --------------------------------------------------------------------------------------

_POSITIONAL_PSEUDO = re.compile(
    r":(nth-child|nth-last-child|nth-of-type|nth-last-of-type|first-child|last-child"
    r"|first-of-type|last-of-type|nth-match)\b(\([^)]*\))?"
)
_CLASS = re.compile(r"\.((?:\\.|[\w-])+)")


@lru_cache(maxsize=4096)
def positional_pseudo_classes(css: str) -> tuple[str, ...]:
    """`:nth-child(3)`, `:first-of-type` … anywhere in a CSS selector, strings excluded."""
    return tuple(match.group(0) for match in _POSITIONAL_PSEUDO.finditer(_blank_strings(css)))


@lru_cache(maxsize=4096)
def compound_chains(css: str) -> tuple[tuple[str, ...], ...]:
    """For each selector in a list (`a, b`), its compound selectors in order, combinators removed."""
    chains = []
    for complex_selector in _split_top_level(css, ","):
        compounds, current, depth = [], [], 0
        quote = ""
        for char in complex_selector:
            if quote:
                current.append(char)
                if char == quote:
                    quote = ""
                continue
            if char in "'\"":
                quote = char
            elif char in "([":
                depth += 1
            elif char in ")]":
                depth -= 1
            elif depth == 0 and (char.isspace() or char in ">+~"):
                if current:
                    compounds.append("".join(current))
                    current = []
                continue
            current.append(char)
        if current:
            compounds.append("".join(current))
        chains.append(tuple(compounds))
    return tuple(chains)


def class_names(compound: str) -> list[str]:
    """The class names a compound selector requires (`.a.b` → a, b), ignoring `[…]` and `(…)`."""
    return _CLASS.findall(_strip_brackets(_blank_strings(compound)))


def _split_top_level(text: str, separator: str) -> list[str]:
    parts, current, depth, quote = [], [], 0, ""
    for char in text:
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == separator and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def _blank_strings(text: str) -> str:
    return re.sub(r"""(["'])(?:\\.|(?!\1).)*\1""", lambda m: m.group(1) * 2, text)


def _strip_brackets(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\[[^\[\]]*\]|\([^()]*\)", "", text)
    return text


# --- XPath ------------------------------------------------------------------------------------

_INDEX_PREDICATE = re.compile(r"^\s*(?:\d+|last\(\)(?:\s*-\s*\d+)?|position\(\)\s*(?:[<>]=?|!?=)\s*\d+)\s*$")


@lru_cache(maxsize=4096)
def xpath_problems(xpath: str) -> tuple[str, ...]:
    """Why an XPath is brittle: it starts at the document root, or it picks by index."""
    problems = []
    expression = xpath.lstrip("( ")
    if expression.startswith("/") and not expression.startswith("//"):
        problems.append("absolute")
    if any(_INDEX_PREDICATE.match(predicate) for predicate in _predicates(xpath)):
        problems.append("index")
    return tuple(problems)


def _predicates(xpath: str) -> list[str]:
    predicates, stack, quote = [], [], ""
    for i, char in enumerate(xpath):
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "[":
            stack.append(i)
        elif char == "]" and stack:
            start = stack.pop()
            predicates.append(xpath[start + 1 : i])
    return predicates


def unquote(text: str) -> str:
    """The text of a `text="…"` or `'…'` selector body, without its quotes and `i`/`s` suffix."""
    text = text.strip()
    if len(text) >= 2 and text[0] in "'\"":
        end = text.rfind(text[0])
        if end > 0:
            return text[1:end]
    return text
