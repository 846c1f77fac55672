"""Playwright's URL glob, mirrored so that a response matcher is proven against the URL it was recorded
on before it is written (DESIGN.md, "Proven, not assumed").

The mirror follows ``globToRegexPattern`` and ``urlMatches`` of Playwright's
``packages/isomorphic/urlMatch.ts`` (and playwright-python's ``_impl/_glob.py``, which says the same):
a glob is a regular expression on the **whole** URL, anchored at both ends; ``*`` is any run of
characters but ``/``, ``**`` any run at all (``**/`` also nothing), ``{a,b}`` either, ``\\x`` the
character x, and every other character itself — ``?`` included, which is no wildcard. So
``**/api/queue/join`` does not match ``http://h/api/queue/join?`` (an empty query): the URL goes on
after ``join``.

Only globs that start with ``*`` are mirrored: Playwright resolves any other against the base URL
first, and the generator writes none of those. ``tests/test_playwright_glob.py`` holds the mirror to
real Playwright (``page.route`` in Python and in Node) over many URL shapes.
"""

from __future__ import annotations

import re

ESCAPED = frozenset("$^+.*()|\\?{}[]")


class GlobError(ValueError):
    """A glob Playwright itself refuses (nested or unmatched braces), or one this mirror does not resolve."""


def glob_to_regex(glob: str) -> str:
    """The regular expression Playwright makes of a glob (``globToRegexPattern``), JavaScript syntax
    that Python's ``re`` reads the same."""
    tokens = ["^"]
    in_group = False
    i = 0
    while i < len(glob):
        c = glob[i]
        if c == "\\" and i + 1 < len(glob):
            i += 1
            char = glob[i]
            tokens.append("\\" + char if char in ESCAPED else char)
        elif c == "*":
            before = glob[i - 1] if i > 0 else ""
            stars = 1
            while i + 1 < len(glob) and glob[i + 1] == "*":
                stars += 1
                i += 1
            if stars == 1:
                tokens.append("([^/]*)")
            elif i + 1 < len(glob) and glob[i + 1] == "/":
                tokens.append("((.+/)|)" if before == "/" else "(.*/)")
                i += 1
            else:
                tokens.append("(.*)")
        elif c == "{":
            if in_group:
                raise GlobError(f"invalid glob {glob!r}: nested '{{' is not supported")
            in_group = True
            tokens.append("(")
        elif c == "}":
            if not in_group:
                raise GlobError(f"invalid glob {glob!r}: unmatched '}}'")
            in_group = False
            tokens.append(")")
        elif c == ",":
            tokens.append("|" if in_group else "\\,")
        else:
            tokens.append("\\" + c if c in ESCAPED else c)
        i += 1
    if in_group:
        raise GlobError(f"invalid glob {glob!r}: unmatched '{{'")
    tokens.append("$")
    return "".join(tokens)


def glob_matches(glob: str, url: str) -> bool:
    """Does Playwright's ``page.route(glob)`` / ``expect_response(glob)`` take a request to ``url``?"""
    if glob == "":
        return True
    if not glob.startswith("*"):
        raise GlobError(f"the glob {glob!r} would be resolved against a base URL first; this mirror does not")
    return re.search(glob_to_regex(glob), url) is not None
