"""A check that failed because the clock moved, not because the app kept state.

A page that makes a time from the clock (Prometheus's "Rewind the end time" sets the graph's end to an hour
before now, to the minute, "2026-12-01 00:16") shows another one on every later run. An agent that checks the
value it saw wrote a test that passes within that minute and fails after it: the export's first run passed,
a later one failed, and proving said "the app kept state from run 1" and to restart the app, which changes
nothing. The failing check's expected date is of the day the recording was made and the run's page showed
another date and time where it was: the clock made both. The agent is told as the check passes, too."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta

# A date as a page writes one for a machine or for an operator: 2026-12-01, with its time when it has one
# (00:16, 00:16:05, T00:16:05.123Z).
ISO_DATE = re.compile(r"\b((?:19|20)\d{2})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?")
# A day either side: the page writes its own time zone's date, the recording its UTC start.
NEAR = timedelta(days=1)


def _dates(text: str) -> list[tuple[str, date]]:
    found = []
    for match in ISO_DATE.finditer(text):
        try:
            found.append((match.group(0), date(*map(int, match.groups()))))
        except ValueError:            # 2026-13-45: digits, not a date
            continue
    return found


def made_from_the_clock(expected_source: str, actual: str, recorded_at: str) -> str:
    """Why a failed check of a time the clock made cannot pass on a later run, in a sentence, or "": the
    failing statement (``expected_source``) expects a date of the day the recording started (``recorded_at``,
    ISO) with its time, and the run's page showed another date and time there (``actual``)."""
    try:
        day = datetime.fromisoformat(recorded_at).date()
    except ValueError:
        return ""
    expected = [text for text, when in _dates(expected_source) if abs(when - day) <= NEAR and len(text) > 10]
    shown = [text for text, when in _dates(actual) if abs(when - day) <= NEAR and len(text) > 10]
    if not expected or not shown or set(shown) & set(expected):
        return ""
    return (f"the check expects {expected[0]!r}, a time the page made from the clock as the recording ran (of "
            f"its day, {day.isoformat()}), and the run's page showed {shown[0]!r}: a run in another minute shows "
            "another, whatever the app kept; check what the time was made from (a range the test set, a field "
            "the page filled), or not the time itself")


def clock_note(checked: str) -> str | None:
    """What an agent is told when a check it made passes on a date of today with its time: the test will
    expect that very time, which a page that made it from the clock shows otherwise on a later run."""
    today = datetime.now(UTC).date()
    near = [text for text, when in _dates(checked) if abs(when - today) <= NEAR and len(text) > 10]
    if not near:
        return None
    return (f"{near[0]!r} is a time of today: if the page made it from the clock, the test expects it as it is "
            "and a run in another minute fails; check what the time was made from instead")
