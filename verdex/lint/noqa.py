"""`# noqa` comments: a bare `# noqa` silences every rule on its line, `# noqa: VDX001, VDX004` those codes.

A finding is silenced by a comment on the line where it starts or on the line where it ends
(so that a multi-line call can carry the comment after its closing parenthesis).
"""

import re

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)

ALL_CODES = frozenset({"*"})


def noqa_lines(source: str) -> dict[int, frozenset[str]]:
    """For each line with a noqa comment, the codes it silences ({"*"} for all)."""
    if "noqa" not in source and "NOQA" not in source:
        return {}
    lines: dict[int, frozenset[str]] = {}
    for number, line in enumerate(source.splitlines(), start=1):
        if "#" not in line:
            continue
        match = _NOQA.search(line)
        if match is None:
            continue
        codes = match.group("codes")
        lines[number] = frozenset(re.split(r"[\s,]+", codes.upper())) if codes else ALL_CODES
    return lines


def is_silenced(code: str, start_line: int, end_line: int, silenced: dict[int, frozenset[str]]) -> bool:
    for line in {start_line, end_line}:
        codes = silenced.get(line)
        if codes is not None and (codes is ALL_CODES or code in codes):
            return True
    return False
