"""What a Playwright reviewer sends back in a generated test, as checks: a port or an absolute path baked
into the test, a locator chain written out three times instead of held in a variable, a line longer
than 100 columns, a text matched as a substring, a comment that points at a recording's step number.
Used on the committed examples (tests/test_generated_style.py) and on the real-app corpus's exports
(tests/test_realapps.py)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

MAX_LINE = 100
PORT = re.compile(r"\bhttps?://[^/\s\"'`]+:\d+")
ABSOLUTE_PATH = re.compile(r"""["'`](/(?:usr|home|tmp|opt|var|root|work)/|[A-Za-z]:\\)""")
STEP_COMMENT = re.compile(r"(#|//).*\bsteps? \d+", re.IGNORECASE)
PYTHON_CALLS = r"get_by_\w+|frame_locator|locator|filter|nth"
TYPESCRIPT_CALLS = r"getBy\w+|frameLocator|locator|filter|nth"
ARGUMENTS = r"\((?:[^()\"]|\"(?:[^\"\\]|\\.)*\"|\((?:[^()\"]|\"(?:[^\"\\]|\\.)*\")*\))*\)"
TEXT_CALL = re.compile(r"\b(?:get_by_text|getByText)(" + ARGUMENTS + ")")
EXACT = re.compile(r"exact=True|exact: true|^\((?:re\.compile|new RegExp)\(")


def style_problems(path: Path) -> list[str]:
    """What is wrong with the generated test file at ``path``, one line each; [] for a clean file."""
    source = path.read_text(encoding="utf-8")
    problems = [f"{path.name}:{number}: {len(line)} columns" for number, line in enumerate(source.splitlines(), 1)
                if len(line) > MAX_LINE]
    problems += [f"{path.name}: a comment names a recorded step: {m.group(0)!r}" for m in STEP_COMMENT.finditer(source)]
    if path.name in ("conftest.py", "playwright.config.ts"):    # where the recorded origin is the default
        return problems
    problems += [f"{path.name}: a port is baked in: {m.group(0)!r}" for m in PORT.finditer(source)]
    problems += [f"{path.name}: an absolute path: {m.group(0)!r}" for m in ABSOLUTE_PATH.finditer(source)]
    code = _joined(source)
    problems += [f"{path.name}: a text matched as a substring: {m.group(0)!r}" for m in TEXT_CALL.finditer(code)
                 if not EXACT.search(m.group(1))]
    problems += [f"{path.name}: written {count} times, not held in a variable: {chain}"
                 for chain, count in repeated_chains(code, PYTHON_CALLS if path.suffix == ".py" else TYPESCRIPT_CALLS)]
    return problems


def repeated_chains(code: str, calls: str, times: int = 3) -> list[tuple[str, int]]:
    """Locator chains from a page written ``times`` times or more: a frame or a filtered container
    (the chain up to a ``frame_locator`` or a ``filter``), or a whole locator."""
    chain = re.compile(r"\bpage\d*(?:\.(?:" + calls + ")" + ARGUMENTS + ")+")
    step = re.compile(r"\.(" + calls + ")" + ARGUMENTS)
    counted: Counter[str] = Counter()
    for found in chain.finditer(code):
        text = found.group(0)
        cuts = {m.end() for m in step.finditer(text) if m.group(1) in ("frame_locator", "frameLocator", "filter")}
        for end in cuts | {len(text)}:
            counted[text[:end]] += 1
    return [(text, count) for text, count in counted.items() if count >= times]


def _joined(source: str) -> str:
    """The code with the line breaks black and prettier put inside calls taken out: one chain, one line."""
    joined = re.sub(r"\n\s*", "", source)
    return re.sub(r",\s*\)", ")", joined)
