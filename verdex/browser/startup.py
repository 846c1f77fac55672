"""What a page did on its own after its document started: the requests it made for its data, a
text each answer that changed the page put up, and the websockets it opened with the messages
their servers sent as they opened. Read once per document, just before the first action on it, from
the tab's network log and the bridge's log of DOM changes. When some of those requests are still
unanswered then, or a socket's server has not spoken yet, the action waits for them first (at most
5 s, said in the fact): the recording then acts where the generated test will act, after what it
waits for.

A test that acts as soon as the document is there can act before the app has its data: a Dash
callback that answers late puts the table back as it was before the click. The texts the startup
answers showed are what the test waits for first: each answer's, not only the last one's, since a run
where the answers come in another order shows the recording's last text while another answer is still
on its way. An answer that brought code, not data (a module or a stylesheet the app asked for with
fetch), gives no text: what the page drew after it is the code's own doing, maybe a draw at random. Nor
does a text that is one entry of a list of alternatives a startup answer brought, none of whose other
entries the page shows, or a part of one (Node-RED's tips of the day, a catalog of nineteen, one put up at
random a moment after the answers, its "[ctrl]" drawn as a key of its own): another load shows another.
Nor does an answer whose every list is empty (``[]``, ``{"events": [], "total": 0}``): the text it drew says
there is nothing yet ("No Asset Events found."), which a run after the app has some does not show; the test
waits for that answer itself instead (``said_none``). An answer of HTML its server rendered (htmx apps load
their rows so) is told alike when it holds fewer than two rows or items of data (``<tbody></tbody>``, or the
template's one row spanning the table, "No items yet"): what it drew cannot be told from an empty state, and
waiting for the answer holds whether the app has data or not. Nor does a text such an answer may have drawn
along with another's: one drawn once both had come, the page unchanged since the empty one ended (an app that draws
when all its answers are in; which ended last is the network's pace), unless it shows a string the other
answer brought (a name it listed).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError

from verdex.browser.html_rows import Fragment, fragment_of
from verdex.browser.network import CLOCK_SLACK_MS, PageClockEnds, RequestRecord, changed_the_page, changed_until
from verdex.errors import VerdexError
from verdex.facts import ReadyText, RequestEffect, SocketStart, Startup
from verdex.generators.waits import shown_text_shape, unstable_text

if TYPE_CHECKING:
    from verdex.browser.tab import Tab

DATA_TYPES = ("fetch", "xhr")
# An answer that brought the app's own code (a module or a stylesheet asked for with fetch): what the page drew
# just after it is that code's doing, which may be a draw at random (Node-RED's tip of the day), not data
CODE_TYPES = re.compile(r"javascript|ecmascript|text/css|wasm")
READ_BOUND_S = 10.0          # a bound for a page that does not answer, not a timing: a loaded machine reads slowly
SETTLE_BOUND_S = 5.0         # the page's own requests still open at the first action: waited for this long at most
RENDER_MS = 150              # after the last answer, for the page to draw it
POLL_S = 0.05
CANDIDATES = 8
READY_TEXTS = 4              # answers whose texts the test waits for, the latest to answer when more changed the page
ALTERNATIVES = 5             # strings side by side in an answer (a list, an object's values): a catalog to pick from
BODY_READ_S = 2.0
PAGING = re.compile(r"(?i)page|limit|offset|skip|take|per_?page|page_?size|size")   # where an answer says how it pages
BODY_LIMIT = 256 * 1024
# a catalog's entry may be a template the page fills in ("Pressing {{core:edit}} will edit the first node")
TAGS = re.compile(r"<[^<>]*>")            # an entry's HTML markup, drawn as elements, not text
WORD = re.compile(r"\w+")
PLACEHOLDER = re.compile(r"\{\{[^{}]*\}\}|\$?\{[^{}]*\}|%\(\w+\)s|%s")
FILLED_LEAD = r"(?:\w+ ){0,4}"            # the words a placeholder opening an entry was filled with
FILLED_TRAIL = r"(?: \w+){0,4}"           # ... one closing it


async def since_document_start(tab: Tab) -> Startup | None:
    """The startup of the tab's current document, the first time it is asked for; else None."""
    started = tab.network.unread_document_start()
    held, tab.unrecorded_startup = tab.unrecorded_startup, None
    if started is None:
        return held                               # read by an action that failed before it recorded a step
    waited_ms = await _settle(tab, started)
    answered = [r for r in tab.network.since(started)
                if r.resource_type in DATA_TYPES and r.status and not r.failed and r.finished is not None]
    sockets = [SocketStart(url=s.url, opening_messages=s.opening_messages)
               for s in tab.network.sockets_since(started) if s.opening_messages]
    if not answered and not sockets:
        return None
    startup = Startup()
    if answered:
        try:
            startup = await asyncio.wait_for(_read(tab, answered), READ_BOUND_S)
        except (VerdexError, PlaywrightError, asyncio.TimeoutError):
            return None                           # the page moved on: no startup to speak of
    return startup.model_copy(update={"waited_ms": waited_ms, "sockets": sockets})


def hold_startup(tab: Tab, startup: Startup | None) -> None:
    """An action read the document's startup and failed before any step recorded it (its target was
    re-rendered, a confirmation was asked for): the next action on the same document records it. A new
    document's startup replaces it."""
    tab.unrecorded_startup = startup


async def _settle(tab: Tab, started: float) -> int:
    """Wait (bounded) for the page's own data requests to be answered and drawn, and for its sockets'
    servers to answer their opening; how long it took."""
    begun = time.monotonic()
    while (left := SETTLE_BOUND_S - (time.monotonic() - begun)) > 0:
        if any(s.still_opening(time.monotonic()) for s in tab.network.sockets_since(started)):
            await asyncio.sleep(POLL_S)
            continue
        mine = [r for r in tab.network.since(started) if r.resource_type in DATA_TYPES]
        if not mine:
            break
        if any(r.finished is None for r in mine):
            await asyncio.sleep(POLL_S)
            continue
        drawn = max(r.finished for r in mine) + RENDER_MS / 1000 - time.monotonic()   # (an answer may ask again)
        if drawn <= 0:
            break
        await asyncio.sleep(min(drawn, left))
    return round((time.monotonic() - begun) * 1000)


async def _read(tab: Tab, answered: list[RequestRecord]) -> Startup:
    activity = await tab.bridge.call("activity", {"since": 0})
    origin, changes, stalls = activity["origin"], activity["mutation_times"], activity["stalls"]
    page_ends = PageClockEnds((await tab.bridge.call("answersEnded", {}))["answers"])
    requests = []
    ended, changing = [], []            # (order asked, answer's end, request): every answer, those that changed the page
    for order, record in enumerate(answered):
        times = page_ends.take(record, origin)
        at = times.ended if times is not None else None
        changed = at is not None and changed_the_page(at, changes, stalls)
        requests.append(RequestEffect(method=record.method, url=record.url, resource_type=record.resource_type,
                                      status=record.status, changed_page=changed, place=record.place))
        if at is not None:
            ended.append((order, at, record))
        if changed:
            changing.append((order, at, record))
    ends = [at for _, at, _ in changing]
    bodies = [await _body_of(record) for record in answered] if changing else []
    picked = await _picked_at_random(tab, bodies) if changing else None
    said_none: list[str] = []           # answers of nothing listed whose drawing would have been waited for
    chosen: list[tuple[int, ReadyText]] = []
    for order, at, record in sorted(changing, key=lambda c: -c[1]):    # the latest first
        if len(chosen) == READY_TEXTS:
            break
        if CODE_TYPES.search(record.content_type):
            continue                     # its window still holds what it drew: no other answer takes that text
        texts = await tab.bridge.call("changedTexts", {"since": at - CLOCK_SLACK_MS,
                                                       "until": changed_until(at, stalls)})
        taken = {ready.text for _, ready in chosen}
        drawn = []
        for shown in texts["texts"]:
            if shown["text"] in taken or not _drew(at, shown["time"], ends) or (picked and picked(shown["text"])):
                continue
            emptied = [answered[other] for other in _drawn_with(shown["time"], ended, changes)
                       if other != order and _says_none(bodies[other])]
            if emptied and not _brought(shown["text"], bodies[order]):   # the empty one's drawing, as much as this one's
                said_none += [f"{other.method} {urlsplit(other.url).path}" for other in emptied]
            else:
                drawn.append(shown["text"])
        stable_first = sorted(drawn, key=lambda text: bool(unstable_text(text)))    # a count or a key only if nothing else
        text, exact = await _unique_visible(tab, stable_first)
        answered_by = f"{record.method} {urlsplit(record.url).path}"
        if text is not None and _says_none(bodies[order]):
            said_none.append(answered_by)     # what it drew says there is nothing yet: its answer is waited for
        elif text is not None:
            chosen.append((order, ReadyText(text=text, exact=exact, answered_by=answered_by)))
    return Startup(requests=requests, ready_texts=[ready for _, ready in sorted(chosen, key=lambda c: c[0])],
                   said_none=list(dict.fromkeys(said_none)))


def _says_none(value: object) -> bool:
    """An answer that lists nothing, so what the page drew of it may say there is nothing yet: an HTML
    fragment of fewer than two rows or items of data (:class:`Fragment`), or a JSON answer that holds lists,
    every one of them empty, and no number but 0 beside them save where it pages (``{"variables": [],
    "total_entries": 0}``, ``{"items": [], "page": 1}``). A number of its own is data (a machine's memory
    beside an empty list of its GPUs)."""
    if isinstance(value, Fragment):
        return value.items < 2
    lists, stack = 0, [(None, value)]
    while stack:
        key, node = stack.pop()
        if isinstance(node, list):
            if node:
                return False
            lists += 1
        elif isinstance(node, dict):
            stack += list(node.items())
        elif isinstance(node, (int, float)) and not isinstance(node, bool) and node \
                and not PAGING.fullmatch(key or ""):
            return False
    return lists > 0


async def _picked_at_random(tab: Tab, bodies: list[object]) -> Callable[[str], bool]:
    """Whether a text the page shows is one entry of a catalog a startup answer brought (ALTERNATIVES strings
    or more side by side) none of whose other entries the page shows, or a part of it (a word the entry's
    markup drew as an element of its own, "[ctrl]" as a key): a pick, which another load makes otherwise."""
    catalogs = [catalog for body in bodies for catalog in _catalogs(body)]
    if not catalogs:
        return lambda text: False
    try:
        shown = _words(await tab.page.evaluate("() => document.body ? document.body.innerText : ''"))
    except PlaywrightError:
        return lambda text: False
    patterns = [[_entry_pattern(entry) for entry in catalog if _literal(entry)] for catalog in catalogs]

    def picked(text: str) -> bool:
        text = f" {_words(text)} "
        for entries in patterns:
            drawn = [f" {found.group(0)} " for pattern in entries if (found := pattern.search(shown))]
            if len(drawn) == 1 and text.strip() and text in drawn[0]:
                return True
        return False

    return picked


async def _body_of(record: RequestRecord) -> object:
    """An answer's JSON value, or for HTML the :class:`Fragment` it is; None when neither can be read."""
    if record.answer is None:
        return None
    try:
        body = await asyncio.wait_for(record.answer.body(), BODY_READ_S)
        if len(body) > BODY_LIMIT:
            return None
        if "html" in record.content_type:
            return fragment_of(body.decode("utf-8", "replace"))
        return json.loads(body)
    except (PlaywrightError, asyncio.TimeoutError, ValueError):
        return None                        # the body is gone (the browser let it go), or not JSON after all


def _catalogs(value: object) -> list[list[str]]:
    """The lists of strings side by side in a JSON value (a list's items, an object's values), of
    ALTERNATIVES or more."""
    found, stack = [], [value]
    while stack:
        node = stack.pop()
        items = list(node.values()) if isinstance(node, dict) else node if isinstance(node, list) else []
        strings = [item.strip() for item in items if isinstance(item, str) and item.strip()]
        if len(strings) >= ALTERNATIVES:
            found.append(strings)
        stack += [item for item in items if isinstance(item, (dict, list))]
    return found


def _literal(entry: str) -> bool:
    """An entry with words of its own (not only a placeholder), which tell it from another text."""
    return len(PLACEHOLDER.sub("", entry).strip()) >= 3


def _entry_pattern(entry: str) -> re.Pattern[str]:
    """An entry as the page may show it, word by word (its markup — ``[ctrl]`` drawn as a key, ``<b>`` —
    is no words of the page's), each placeholder any words; one at either end the few words the page filled
    in there ("Search for nodes using {{core:search}}" drawn "… using ctrl-f": the key is a part of the entry)."""
    parts = [_words(TAGS.sub(" ", part)) for part in PLACEHOLDER.split(entry)]
    inner = ".*?".join(re.escape(part) for part in parts)
    lead = FILLED_LEAD if len(parts) > 1 and not parts[0] else ""
    trail = FILLED_TRAIL if len(parts) > 1 and not parts[-1] else ""
    return re.compile(lead + inner + trail)


def _words(text: str) -> str:
    """A text's words, one space apart: what a catalog's entry and the page's drawing of it share."""
    return " ".join(WORD.findall(text))


def _drew(ended: float, changed: float, ends: list[float]) -> bool:
    """The answer that ended at ``ended`` drew the text that changed at ``changed`` (both by the page's
    clock, in which an answer's text changes after it ended): it is the last answer that ended before the
    change (the first, when none did)."""
    before = [end for end in ends if end <= changed]
    return ended == (max(before) if before else min(ends))


def _brought(text: str, body: object) -> bool:
    """Does a text show one of the strings of an answer (a name it listed, a value it gave): its own data."""
    words = f" {_words(text)} "
    strings, stack = [], [body]
    while stack:
        node = stack.pop()
        if isinstance(node, str) and len(_words(node)) >= 3:
            strings.append(f" {_words(node)} ")
        elif isinstance(node, (list, dict)):
            stack += node.values() if isinstance(node, dict) else node
    return any(string in words for string in strings)


def _drawn_with(changed: float, ended: list[tuple[int, float, RequestRecord]],
                changes: list[float]) -> list[int]:
    """Every answer (by the order it was asked in) that may have drawn the text that changed at
    ``changed``: the ones that ended before it since the page last changed, whether or not the page changed
    soon after one of them (an app that draws once all its answers have come draws then what each one
    brought, and which of them ended last is the network's pace; the first may have ended a second before)."""
    since = max((t for t in changes if t < changed - CLOCK_SLACK_MS), default=float("-inf"))
    return [order for order, at, _ in ended if since < at <= changed]


async def _unique_visible(tab: Tab, texts: list[str]) -> tuple[str | None, bool]:
    """The first text that the test's own locator finds exactly once, visible, and whether it is that
    element's whole text (the test then matches it exactly). The locator is the one the test will wait
    on: Playwright's get_by_text with the text, or for a count or a date the pattern of its shape
    (generators/waits.py), which Playwright matches against the element's raw text."""
    for text in texts[:CANDIDATES]:
        exact = await tab.page.get_by_text(text, exact=True).count() == 1
        found = (tab.page.get_by_text(re.compile(shown_text_shape(text, exact))) if unstable_text(text)
                 else tab.page.get_by_text(text))
        if await found.count() == 1 and await found.is_visible():
            return text, exact
    return None, False
