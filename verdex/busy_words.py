"""What a page says while it works ("Loading...", "Saving message…", "Please wait"), not an outcome: the page
script never takes such a text for the data an action showed (verdex/bridge/mutations.js, which gets this
pattern's source when it is installed), and the generator waits for such a notice to be gone before the next
action (generators/busy_notices.py). One pattern for both, valid alike in Python's and JavaScript's regular
expressions (matched without regard to case)."""

from __future__ import annotations

import re

BUSY_TEXT = re.compile(r"\b(loading|updating|running|connecting|saving|please wait)\b|\u2026$|\.\.\.$", re.I)
