"""Token-bounded paging of a reading: the content is cut into pages once, when it is read, and kept
(the last few readings per tab), so a cursor pages a consistent view even if the page changes."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, TypeVar

from verdex.errors import InvalidArgument

KEPT_READINGS = 5
CURSOR_PATTERN = re.compile(r"^([xm]\d+):(\d+)$")
T = TypeVar("T")


def pages_of(units: list[str], max_chars: int) -> list[str]:
    """Consecutive units joined by newlines, at most max_chars per page; a unit longer than a page is
    cut into page-sized pieces (the only case in which a line or a record is split)."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for unit in units:
        while len(unit) > max_chars:
            if current:
                pages.append("\n".join(current))
                current, size = [], 0
            pages.append(unit[:max_chars])
            unit = unit[max_chars:]
        added = len(unit) + (1 if current else 0)
        if current and size + added > max_chars:
            pages.append("\n".join(current))
            current, size, added = [], 0, len(unit)
        current.append(unit)
        size += added
    if current or not pages:
        pages.append("\n".join(current))
    return pages


@dataclass(frozen=True)
class Reading(Generic[T]):
    reading_id: str
    pages: list[T]
    summary: dict


class ReadingBook(Generic[T]):
    """The last few readings of one tab, by id (``x3`` for an extraction, ``m4`` for a search)."""

    def __init__(self, prefix: str) -> None:
        self._prefix = prefix
        self._seq = 0
        self._readings: OrderedDict[str, Reading[T]] = OrderedDict()

    def keep(self, pages: list[T], summary: dict) -> Reading[T]:
        self._seq += 1
        reading = Reading(f"{self._prefix}{self._seq}", pages, summary)
        self._readings[reading.reading_id] = reading
        while len(self._readings) > KEPT_READINGS:
            self._readings.popitem(last=False)
        return reading

    def page(self, cursor: str) -> tuple[Reading[T], int]:
        match = CURSOR_PATTERN.match(cursor.strip()) if isinstance(cursor, str) else None
        if not match or not match.group(1).startswith(self._prefix):
            raise InvalidArgument(f"{cursor!r} is not a cursor of this tool; pass next_cursor from its last answer",
                                  cursor=cursor)
        reading = self._readings.get(match.group(1))
        if reading is None:
            raise InvalidArgument(f"reading {match.group(1)} is no longer kept (the last {KEPT_READINGS} are); "
                                  "read again", cursor=cursor)
        index = int(match.group(2))
        if not 0 <= index < len(reading.pages):
            raise InvalidArgument(f"{reading.reading_id} has pages 0–{len(reading.pages) - 1}", cursor=cursor)
        return reading, index


def cursor_after(reading: Reading, index: int) -> str | None:
    return f"{reading.reading_id}:{index + 1}" if index + 1 < len(reading.pages) else None
