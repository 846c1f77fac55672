"""The words of a name as a pattern of the whole name (no Playwright here: the generators use it too)."""

from __future__ import annotations

import re

# What a pattern must escape to mean its text in Python's and in JavaScript's regular expressions alike ("/" too:
# TypeScript may write it as a literal).
REGEX_SPECIAL = re.compile(r"[\\^$.|?*+()\[\]{}/]")


def words_pattern(name: str, words: str) -> str | None:
    """The words of a name that holds a count as a pattern of the whole name: anchored where they touch its start
    or end, and where they meet a space or a mark, bounded there by what may stand beside them: a space or the
    name's end (``(?!\\S)``, ``(?<!\\S)``), or that mark ("Filter 1" → ``^Filter(?!\\S)``), case-sensitive. A
    menu's "Add filter", which Playwright's name without ``exact`` (a part of the name, any case) also finds, is
    not found; "Filter" with no count, its badge gone at 0, is. Not ``\\b``: JavaScript's knows ASCII words only
    (``Café\\b`` never matches "Café 2"), Python's any letter; a space is a space in both, whatever the script of
    the words ("Заказы 5"). None when the words are not one run of the name (the bridge left a number out of
    their middle)."""
    start = name.find(words)
    if start < 0:
        return None
    end = start + len(words)
    body = REGEX_SPECIAL.sub(lambda m: "\\" + m.group(), words)
    before = "^" if start == 0 else _edge("(?<!", name[start - 1])
    after = "$" if end == len(name) else _edge("(?!", name[end])
    return before + body + after


def _edge(lookaround: str, beside: str) -> str:
    """What may stand beside the words where the name has ``beside``: nothing but a space (or the name's edge)
    when it is a space, a space or that mark when it is a mark; no bound when a letter or a digit goes on (the
    words are a part of a longer word, "Filter1")."""
    if beside.isalnum():
        return ""
    if beside.isspace():
        return lookaround + "\\S)"
    return lookaround + "[^\\s" + REGEX_SPECIAL.sub(lambda m: "\\" + m.group(), beside).replace("-", "\\-") + "])"
