"""A number the app gave the record a flow made, in a text an agent checks.

Redmine answers Create with a redirect to ``/issues/5`` and says "Issue #5 created.": a fresh run makes issue
#6. An agent that checks the notice as it read it wrote a test that passes on the recording's app alone, and the
export's proof said only "the agent asserted this". The check's answer now says so as it passes (the number is
in the URL the action's submission led to), and a failed check whose page showed the same words with other
numbers is said to be that."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from verdex.facts import Effects
from verdex.generators.waits import NUMBERED_RECORD

NUMBER = re.compile(r"\d+")
# a number of its own in a text ("Issue #5", "User 5 has"), not the digits of a word (a run's own "ada6a8e2a0e")
WHOLE_NUMBER = re.compile(r"(?<![^\W\d])\d+(?![^\W\d])")


def record_number_note(text: str, url: str, effects: Effects | None) -> str | None:
    """What an agent is told when a check of ``text`` passes on the page an action's submission (a request other
    than GET) led to, whose URL holds a number the text holds too: the record's, made by that submission, a segment
    of its own (Redmine's ``/issues/5``) or after the record's kind (Roundup's ``/issue5``)."""
    if effects is None or not effects.navigated or effects.url_after != url:
        return None
    if not any(request.method != "GET" for request in effects.requests):
        return None
    path = urlsplit(url).path
    numbers = {segment for segment in path.split("/") if segment.isdigit()}
    numbers |= {found.group(2) for segment in path.split("/") if (found := NUMBERED_RECORD.match(segment))}
    number = next((n for n in WHOLE_NUMBER.findall(text) if n in numbers), None)
    if number is None:
        return None
    return (f"{number!r} is in the URL the submission led to ({path}): the number the app gave what the flow made, "
            "which a fresh run makes anew; the test expects it as it is and fails there: check the words around "
            "it, or what the flow typed")


def other_numbers(text: str | None, shown: str) -> str:
    """Said of a failed check of ``text`` when the page the run stopped on (``shown``) showed the same words with
    other numbers, or ""."""
    if not text or not NUMBER.search(text) or not shown:
        return ""
    shape = re.compile(r"\d+".join(re.escape(part) for part in NUMBER.split(text)))
    seen = next((found.group(0) for found in shape.finditer(shown) if found.group(0) != text), None)
    if seen is None:
        return ""
    return (f": the page a fresh run stopped on showed {seen!r}, the same words with other numbers, which the app "
            "made anew (the number of a record the flow created); check the words around them, or what the flow "
            "typed")
