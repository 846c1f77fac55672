"""Waits for what the page settled into after an action, before the next one: a value the page set
(no mutation shows it; a test that acts at once races it). Each traces to a recorded fact: the value
the recording saw the page set after the previous action — as that action settled (its effects) or
only later, before the next one started (``values_before``, a debounced handler's).

    a title field whose handler fills a hidden slug 100 ms after the last key: wait for the slug before
    Publish; a todo field the app clears after saving: wait for it to be empty before typing the next.
"""

from __future__ import annotations

from verdex.facts import ValueChange
from verdex.generators.plan import Wait
from verdex.generators.waits import VOLATILE_VALUE, locator_of
from verdex.recording_format import Step as Record

READ_ONLY_PREFIXES = ("verify_", "browser_wait_for")       # steps that leave the page as it was


def value_waits(steps: list[Record], index: int) -> list[Wait]:
    """Before step ``index`` (1-based): wait for each value the page set after the action before it."""
    previous = _previous_action(steps, index)
    late = steps[index - 1].values_before
    if previous is None:
        return []
    number, record = previous
    changes: dict[str, tuple[ValueChange, str]] = {}
    for change in record.effects.values if record.effects else []:     # the action's own value is not among them
        changes[_key(change)] = (change, "as it settled")
    for change in late:
        changes[_key(change)] = (change, "after it had settled, before this step")
    out = []
    for change, when in changes.values():
        locator = locator_of(change.locator)
        if locator is None or locator.positional or change.kind != "value" or VOLATILE_VALUE.match(change.after):
            continue
        out.append(Wait(kind="value", locator=locator, value=change.after,
                        reason=f"the page set {change.field}{' (hidden)' if change.hidden else ''} to "
                               f"{change.after!r} after step {number}, {when}"))
    return out


def _previous_action(steps: list[Record], index: int) -> tuple[int, Record] | None:
    """The step just before step ``index`` that changed the page, with its number."""
    for number in range(index - 1, 0, -1):
        record = steps[number - 1]
        if record.outcome != "done" or record.tool.startswith(READ_ONLY_PREFIXES):
            continue
        return number, record
    return None


def _key(change: ValueChange) -> str:
    return repr(change.locator.chosen.steps if change.locator else None)
