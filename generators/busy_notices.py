"""A notice the page puts up while it works ("Loading...", "Saving message..."), which an action brought and took
away again before it had settled. An app that says it is busy is often locked meanwhile: Roundcube ignores every
command while its "Loading..." is up (``rcmail.busy``, set as its preview pane starts loading a message and cleared
by the frame's own script once that has run), so the next click, made as soon as Playwright can, does nothing. The
next action on the page waits for the notice to be gone. The action that brought it waits for the request it made
(generators/waits.py: a document it loaded into a frame too), which goes once the notice is up: the check does not
end before the notice has come."""

from __future__ import annotations

import json
import re

from verdex.busy_words import BUSY_TEXT
from verdex.generators.plan import Wait
from verdex.generators.waits import STARTUP_TIMEOUT_MS
from verdex.recording_format import NAVIGATION_TOOLS
from verdex.recording_format import Step as Record

# a notice the action's answer said came and went again: ``toast "Loading..." (gone again)``
GONE_AGAIN = re.compile(r'^(?:toast|status|alert) ("(?:[^"\\]|\\.)*") \(gone again\)$')


def busy_notices_gone(steps: list[Record], index: int) -> list[Wait]:
    """Before the action ``steps[index - 1]``: a wait for each busy notice the action before it on the same page
    brought and took away."""
    record = steps[index - 1]
    before = next((step for step in reversed(steps[:index - 1])
                   if step.tab == record.tab and (step.effects is not None or step.tool in NAVIGATION_TOOLS)), None)
    if before is None or before.tool in NAVIGATION_TOOLS or before.effects.navigated:
        return []
    paced = before.effects.code_loaded > 0
    waits = []
    for said in before.effects.appeared:
        gone = GONE_AGAIN.match(said)
        text = json.loads(gone.group(1)) if gone else ""
        if not BUSY_TEXT.search(text):
            continue
        reason = (f"the {before.tool.removeprefix('browser_')} before put up {gone.group(1)} while the page worked and "
                  "took it away as it settled: the page may ignore what the test does until it is gone")
        if paced:
            reason += "; that action loaded code, so it goes at the network's pace"
        waits.append(Wait(kind="text_hidden", text=text, exact=True, reason=reason,
                          timeout_ms=STARTUP_TIMEOUT_MS if paced else None))
    return waits
