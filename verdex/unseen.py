"""Page text as verdex writes it, in the facts it tells the agent and in the code it generates, spelled so that a
reader sees every character of it (the snapshot's own quoting, ``verdex/bridge/tree.js``, spells the same).

A string literal of JSON syntax is valid Python and TypeScript alike. Some characters it may hold unescaped are
ones a reader of the code cannot see, or that change what the reader sees around them: the line and paragraph
separators (older JavaScript ended a line there), an icon font's private code points (a glyph an editor shows as
nothing: Font Awesome's, the Glyphicons'), zero-width spaces and other format characters, and the bidirectional
controls, which reorder the text around them so that the code reads other than it runs ("Trojan Source", CVE-2021-42574). In a literal they
are written as ``\\uXXXX`` escapes, which both languages read back as the same character; in a comment, as that
same spelling, which nothing reads back.
"""

from __future__ import annotations

import json
import re

# The line and paragraph separators, the Basic Multilingual Plane's private use area and its format characters
# (Unicode's category Cf) but the zero-width joiner and non-joiner, which emoji and scripts draw with
UNSEEN = re.compile("[\u2028\u2029\ue000-\uf8ff\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
                    "\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]")


def json_string(value: object) -> str:
    """``value`` in JSON syntax, its characters outside ASCII kept but for the unseen ones, escaped."""
    return spelled(json.dumps(value, ensure_ascii=False))


def spelled(text: str) -> str:
    """``text`` with each unseen character written as its ``\\uXXXX`` escape."""
    return UNSEEN.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
