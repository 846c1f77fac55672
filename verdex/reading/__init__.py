"""Reading a page: ``extract`` returns its readable content (markdown, text or structured records)
and ``find`` searches its visible text, each token-bounded with stable paging.

The page side is the bridge's reading region (``extract``, ``find`` in bridge/reading.js); cross-origin
frames are read by a bridge of their own (:mod:`verdex.browser.frames`) and their content is put
where the frame sits.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Literal
from weakref import WeakKeyDictionary

from verdex.bridge import from_bridge
from verdex.browser.calls import core_call
from verdex.browser.frames import cross_origin_bridges
from verdex.errors import InvalidArgument, VerdexError
from verdex.reading import render
from verdex.reading.facts import Extraction, FindResult, Match
from verdex.reading.paging import ReadingBook, cursor_after, pages_of

if TYPE_CHECKING:
    from verdex.browser.tab import Tab

Format = Literal["markdown", "text", "structured"]
FORMATS = ("markdown", "text", "structured")
DEFAULT_MAX_CHARS = 8_000
MAX_CHARS_LIMIT = 100_000
MAX_RESULTS_LIMIT = 200
MAX_QUERY = 1_000

_extractions: WeakKeyDictionary[Tab, ReadingBook[str]] = WeakKeyDictionary()
_searches: WeakKeyDictionary[Tab, ReadingBook[list[Match]]] = WeakKeyDictionary()


@core_call("extract", "low")
async def extract(tab: Tab, *, format: str = "markdown", scope: str | None = None,
                  max_chars: int = DEFAULT_MAX_CHARS, cursor: str | None = None) -> Extraction:
    book = _extractions.setdefault(tab, ReadingBook("x"))
    if cursor is not None:
        reading, index = book.page(cursor)
        return _extraction_page(reading, index)
    if format not in FORMATS:
        raise InvalidArgument(f"format is one of {', '.join(FORMATS)}", format=format)
    if not 200 <= max_chars <= MAX_CHARS_LIMIT:
        raise InvalidArgument(f"max_chars is between 200 and {MAX_CHARS_LIMIT}", max_chars=max_chars)
    answer = await _bridge_call(tab, "extract", {"scope": scope, "with_forms": format == "structured"}, scope)
    unread = await _with_cross_origin_frames(tab, answer)
    if format == "structured":
        units = render.record_units(render.records(answer), max_chars)
    else:
        units = render.markdown_lines(answer["blocks"]) if format == "markdown" else render.text_lines(answer["blocks"])
    pages = pages_of(units, max_chars)
    summary = {"tab": tab.id, "url": answer["url"], "title": answer["title"], "format": format, "scope": scope,
               "main_only": answer["main_only"], "skipped_landmarks": answer["skipped_landmarks"],
               "truncated": answer["truncated"], "frames_unread": unread}
    return _extraction_page(book.keep(pages, summary), 0)


def _extraction_page(reading: Any, index: int) -> Extraction:
    content = reading.pages[index]
    records = None
    if reading.summary["format"] == "structured":
        records = [json.loads(line) for line in content.splitlines() if line.startswith("{")]
    return Extraction(**reading.summary, content=content, records=records, page=index, pages=len(reading.pages),
                      total_chars=sum(map(len, reading.pages)),
                      chars_left=sum(map(len, reading.pages[index + 1:])),
                      next_cursor=cursor_after(reading, index))


@core_call("find", "low")
async def find(tab: Tab, query: str | None, *, regex: bool = False, ignore_case: bool = True, context_chars: int = 60,
               max_results: int = 20, scope: str | None = None, cursor: str | None = None) -> FindResult:
    book = _searches.setdefault(tab, ReadingBook("m"))
    if cursor is not None:
        reading, index = book.page(cursor)
        return _find_page(reading, index)
    if not isinstance(query, str) or not query or len(query) > MAX_QUERY:
        raise InvalidArgument(f"query is 1–{MAX_QUERY} characters", query=query)
    if not 0 <= context_chars <= 500:
        raise InvalidArgument("context_chars is between 0 and 500", context_chars=context_chars)
    if not 1 <= max_results <= MAX_RESULTS_LIMIT:
        raise InvalidArgument(f"max_results is between 1 and {MAX_RESULTS_LIMIT}", max_results=max_results)
    args = {"query": query, "regex": regex, "ignore_case": ignore_case, "context_chars": context_chars,
            "scope": scope}
    answer = await _bridge_call(tab, "find", args, scope)
    matches = [from_bridge(Match, m) for m in answer["matches"]]
    capped, searched = answer["capped"], answer["searched_chars"]
    if scope is None:
        for frame, bridge in _frame_bridges(tab):
            try:
                inner = await bridge.call("find", args)
            except VerdexError:
                continue
            tab.refs.saw(inner.get("next_ref", 0) or 0)
            capped = capped or inner.get("capped", False)
            searched += inner.get("searched_chars", 0)
            matches += [from_bridge(Match, {**m, "frame": frame.url}) for m in inner.get("matches", [])]
    pages = [matches[i:i + max_results] for i in range(0, len(matches), max_results)] or [[]]
    summary = {"tab": tab.id, "query": query, "regex": regex, "total": len(matches), "capped": capped,
               "searched_chars": searched}
    return _find_page(book.keep(pages, summary), 0)


def _find_page(reading: Any, index: int) -> FindResult:
    return FindResult(**reading.summary, matches=reading.pages[index], page=index, pages=len(reading.pages),
                      next_cursor=cursor_after(reading, index))


def _frame_bridges(tab: Tab) -> list:
    return cross_origin_bridges(tab)


async def _bridge_call(tab: Tab, method: str, args: dict[str, Any], scope: str | None) -> dict[str, Any]:
    if scope is not None:
        args = {**args, "scope": tab.refs.check_ref(scope)}
    answer = await (tab.call_bridge_for(scope, method, args) if scope is not None else tab.call_bridge(method, args))
    if answer.get("error") == "bad-regex":
        raise InvalidArgument(f"not a valid regular expression (JavaScript syntax): {answer.get('detail')}",
                              query=args.get("query"))
    tab.raise_for_ref_error(answer)
    tab.refs.saw(answer.get("next_ref", 0) or 0)
    return answer


async def _with_cross_origin_frames(tab: Tab, answer: dict[str, Any]) -> list[str]:
    """Read each cross-origin frame with its own bridge and put its blocks after the frame's marker."""
    unread = []
    blocks = answer["blocks"]
    for frame, bridge in _frame_bridges(tab):
        marker = next((i for i, b in enumerate(blocks) if b["kind"] == "frame" and b["cross_origin"]
                       and b["url"] == frame.url and b["name"] == frame.name), None)
        if marker is None:
            continue
        try:
            inner = await bridge.call("extract", {})
        except VerdexError:
            unread.append(frame.url)
            continue
        tab.refs.saw(inner.get("next_ref", 0) or 0)
        blocks[marker + 1:marker + 1] = inner["blocks"]
        blocks[marker] = {**blocks[marker], "read": True}
    return unread
