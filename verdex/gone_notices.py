"""A text the last action's effects saw a notice show (a toast, a status, an alert) that the page has taken
away since: apps dismiss their toasts on a timer (3–5 s), and an agent checks them seconds after the action.
Such a check passes with a note and is recorded as the agent's; the generated test checks the text right after
that action (generators/planner.py), where the recording saw it, as strictly as any check. A toast gone again
before the action had settled is none of these: the action's answer said so (``(gone again)``), and a test's
check after the action would race it."""

from __future__ import annotations

from verdex.facts import Effects

NOTICE_KINDS = ("status", "alert", "toast")


def notice_showing(effects: Effects, text: str) -> str | None:
    """The notice that showed ``text`` as the action settled, as its effects said it (``toast "Saved"``): the
    text in its whole text or, when it had several lines (a toast's title and its text), in one of them."""
    wanted = " ".join(text.split())
    for said, shown in effects.notices(NOTICE_KINDS):
        if wanted and any(wanted in " ".join(line.split()) for line in effects.notice_lines.get(shown) or [shown]):
            return said
    return None
