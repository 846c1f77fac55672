"""A dialog a proof run met that the recording never saw: the page asked the test something it never asked
the agent ("Do you wish to overwrite the tiddler "Shopping List"?"), and the test, with no answer
registered for it, let Playwright dismiss it — what the dialog guarded (the save) never happened, and a
later line waited in vain for its request or its outcome. The app answered another state than the
recording's; no line verdex chose is the cause, so proving revises nothing and says what the page asked.
When the question names a value the test types, the state is the recording's: the app still holds what
the recording made with it (verdex/bridge/first_step.js hands each run's dialogs to the proof plugin).
"""

from __future__ import annotations

from verdex.generators.plan import TestPlan
from verdex.proof_runs import Run
from verdex.proof_state import TYPES, typed_values
from verdex.recording_format import DialogStep, Step


def asked_unseen(plan: TestPlan, steps: list[Step], run: Run) -> tuple[str, bool]:
    """What the run's page asked that the recording's never did, in a sentence (empty when nothing), and
    whether it is the state the recording left: the question names a value the test types."""
    seen = {(step.args.type, step.args.message) for step in steps if isinstance(step, DialogStep)}
    said = {text for step in steps if step.effects is not None for text in step.effects.dialogs}
    unseen = [(kind, message) for kind, message in run.dialogs
              if (kind, message) not in seen and f"{kind} {message!r}" not in said]
    if not unseen:
        return "", False
    kind, message = unseen[0]
    asked = (f"the page asked {kind} {message!r}, which the recording never saw; the test has no answer for it, "
             "so Playwright dismissed it")
    named = [value for value in dict.fromkeys(typed_values(plan)) if value.casefold() in message.casefold()]
    if named:
        return (f"the app kept state from the recording: {asked}; it names {', '.join(map(repr, named))}, {TYPES}, "
                "and the app still holds what the recording made with it"), True
    return f"{asked}: the app answered another state than the recording's, so proving revises nothing", False
