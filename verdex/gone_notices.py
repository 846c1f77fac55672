"""A text the last action's effects saw a notice show (a toast, a status, an alert), or its own control take as
its label (a Save button that reads "Saved" for two seconds after its click), that the page has taken away since:
apps dismiss their toasts on a timer (3–5 s), and an agent checks them seconds after the action. Such a check
passes with a note and is recorded as the agent's; the generated test checks the text right after that action
(generators/planner.py), where the recording saw it, as strictly as any check. So does a check of that control's
own text (``verify_element REF text "Saved"``) once it reads "Save" again: the test finds it by the label it took,
as it finds it when the agent checked in time. A toast gone again before the
action had settled is none of these: the action's answer said so (``(gone again)``), and a test's check after
the action would race it."""

from __future__ import annotations


from verdex.facts import Effects, OwnLabel
from verdex.unseen import json_string

NOTICE_KINDS = ("status", "alert", "toast")


def shown_by_the_action(effects: Effects, target: str | None, text: str) -> str | None:
    """What showed ``text`` as the action settled, as the action's answer said it: a notice (``toast "Saved"``),
    the text in its whole text or, when it had several lines (a toast's title and its text), in one of them; else
    the label the action's own control (``target``, a ref) took (``its own control's label "Saved"``)."""
    wanted = " ".join(text.split())
    if not wanted:
        return None
    for said, shown in effects.notices(NOTICE_KINDS):
        if any(wanted in " ".join(line.split()) for line in effects.notice_lines.get(shown) or [shown]):
            return said
    label = effects.own_label(target)
    if label is not None and wanted in " ".join(label.name.split()):
        return f"its own control's label {json_string(label.name)}"
    return None


def label_taken_back(effects: Effects, target: str | None, ref: str, text: str) -> OwnLabel | None:
    """The label the action's own control took as the action settled, when the agent checks that control
    (``ref``, the action's ``target``) for ``text`` and the label is that text, whitespace aside, as Playwright's
    ``to_have_text`` compares them."""
    label = effects.own_label(target) if ref == target else None
    return label if label is not None and label.name.split() == text.split() else None
