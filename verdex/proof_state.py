"""State the app kept from the recording: proving runs the test against the app the session recorded
on, and that app still holds what the recording did (the todo it added, the box it ticked). The test's
first run then starts from another state than the recording did, and an assertion of the agent fails
for a reason that is true of the app, not of the test.

What proving can check without resetting the app: what the test's first page showed just before the
test's first step, in the failing run itself (verdex/proof_plugin.py keeps that text). When it already
shows the text the failing assertion expects after the steps, or a value the test types (before the
failing line or after it: nothing but the recording can have put it there), the app kept state from the
recording. The failing line may be an action too: a form that will not save a name it already holds
keeps its submit button disabled, and the click waits in vain; an empty state's "Add a first book" is
gone once the recording added one, and the first click finds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from verdex.generators.plan import Action, Check, Statement, TestPlan

SHORTEST_TYPED = 3                     # a shorter typed value ("1", "ok") is on most pages anyway


@dataclass(frozen=True)
class Trace:
    """A text the flow makes, and what it is to the test."""

    text: str
    what: str                          # "which the test types", …


def traces(plan: TestPlan, failing: Check | Action) -> list[Trace]:
    """What the flow makes: the text a failing assertion expects, then the values the test types."""
    found: list[Trace] = []
    expected = _expected_text(failing) if isinstance(failing, Check) else None
    if expected:
        found.append(Trace(expected, "which the agent's assertion expects after the steps"))
    for statement in plan.statements:
        if (isinstance(statement, Action) and statement.kind in ("fill", "type") and statement.value is not None
                and statement.value.text and len(statement.value.text.strip()) >= SHORTEST_TYPED
                and statement.value.text not in {trace.text for trace in found}):
            found.append(Trace(statement.value.text, "which the test types"))
    return found


def _expected_text(check: Check) -> str | None:
    assertion = check.assertion
    if assertion.kind in ("text_visible", "shared_text_visible"):
        return assertion.text
    return assertion.value if assertion.kind == "text" and isinstance(assertion.value, str) else None


def kept_from_recording(plan: TestPlan, failing: Statement, shown: str) -> str:
    """Why the app kept state from the recording, in a sentence, or empty when the text the first page
    showed before the first step (``shown``) holds none of what the flow makes, or the failing line is
    neither an assertion of the agent nor an action."""
    if not shown or not isinstance(failing, (Check, Action)) or failing not in plan.statements:
        return ""
    page_text = " ".join(shown.split()).casefold()
    held = [trace for trace in traces(plan, failing) if " ".join(trace.text.split()).casefold() in page_text]
    if not held:
        return ""
    return ("the app kept state from the recording: before the test's first step, its first page already "
            "shows " + ", and ".join(f"{trace.text!r}, {trace.what}" for trace in held))
