"""Comments in generated tests: the reasons behind the waits, written as the target's comment lines."""

from __future__ import annotations

import textwrap

from verdex.unseen import spelled

COMMENT_WIDTH = 88            # with the indentation of a with block, within 100 columns


def comment_lines(text: str, marker: str) -> list[str]:
    """``text`` as comment lines (``marker`` is ``#`` or ``//``) wrapped to fit the line length: page text
    inside them (a name, a URL) cannot end a line and become code, nor hide or reorder what is around it."""
    flat = spelled(" ".join(text.replace("\u2028", " ").replace("\u2029", " ").split()))
    return [f"{marker} {line}" for line in textwrap.wrap(flat, COMMENT_WIDTH, break_long_words=False,
                                                        break_on_hyphens=False)]
