"""The assertions an action's effects suggest to the agent ("to assert the outcome, verify: …"): what
the action brought that a test can check — a notice's text (a status, an alert, a toast without a role: a short
message put over the page, verdex/bridge/watch.js ``floatingNotice``), the new label the action's own control
took (Save reads "Saved"), a value the page set in a field the agent can see (not a UUID or a token the page
makes anew each time), the URL it went to. A notice of several lines (a toast's title and its text, in
two boxes) is proposed line by line, as a reader sees it: its whole text runs the lines together ("SavedYour
changes were saved"), which reads as neither. A busy word ("Loading", "Saving…") is what the page says
while it works, not the outcome: it is never proposed; nor a line that says what the server measured or numbered
this time (phpMyAdmin's "Query took 0.0027 seconds.", "Inserted row id: 5", "2 minutes ago"), which an agent would
check as it reads and the next run never shows again; nor a secret the page showed (an API token it made),
masked as ``[redacted]``."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from verdex.artifacts.secrets import MASK
from verdex.facts import Effects, Proposal
from verdex.busy_words import BUSY_TEXT
from verdex.generators.waits import RELATIVE_TIME, VOLATILE_VALUE
from verdex.gone_notices import NOTICE_KINDS

# a flash message's close button (Bootstrap's alert-dismissible: "Watch added.×"): not what the message says
DISMISS_GLYPH = re.compile(r"\s*[\u00d7\u2715\u2716\u2717\u2573]\s*$")
# a time the server measured (a fraction of a unit, or what something took) and a number it gave what it made
MEASURED = re.compile(r"\d+\.\d+\s*(ms|milliseconds?|s|secs?|seconds?)\b|\btook\s+\d|\bid\W{0,3}\d", re.I)


def proposals(effects: Effects | None, target: str | None = None) -> list[Proposal]:
    """``target``: the ref the action acted on, whose own new label (a Save button that reads "Saved") is
    its outcome too."""
    if effects is None:
        return []
    out = []
    for _, text in effects.notices(NOTICE_KINDS):            # 'status "Added Pixel 8 to cart"', 'toast "Saved"'
        for line in effects.notice_lines.get(text) or [text]:         # a toast's title and its text, each
            line = DISMISS_GLYPH.sub("", line)
            if line.strip() and not BUSY_TEXT.search(line) and not MEASURED.search(line) \
                    and not RELATIVE_TIME.search(line):
                out.append(Proposal(kind="text_visible", value=line))
    label = effects.own_label(target)
    if label and not BUSY_TEXT.search(label.name):
        out.append(Proposal(kind="text_visible", value=label.name))
    for change in effects.values:          # an answer shown in a field (an output box the app fills)
        if (change.kind == "value" and change.ref and not change.hidden and change.after.strip() and not change.attribute
                and not VOLATILE_VALUE.match(change.after.strip())):       # a UUID, a token: made anew each run
            out.append(Proposal(kind="value", value=change.after, ref=change.ref))
    if effects.moved:
        after = urlsplit(effects.url_after)          # the route a hash-routed or filtered page keeps too
        hash_only = "#" if effects.url_after.endswith("#") else ""          # a route left for the first, "/#"
        out.append(Proposal(kind="url", value=after.path + (f"?{after.query}" if after.query else "")
                            + (f"#{after.fragment}" if after.fragment else hash_only)))
    return [proposal for proposal in out if MASK not in proposal.value]      # a secret the page showed: unsaid
