"""Every request of a page, with when it started and when it was answered, and every websocket it
opened, with when its server spoke on it: kept by each tab from its first moment, read by the preflight
(requests in flight), by the effects of an action and by the startup of a document."""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from dataclasses import dataclass
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Request, Response, WebSocket

from verdex.browser.answer_names import names_read
from verdex.browser.sent_text import carries, carries_whole, request_body
from verdex.facts import RequestEffect
from verdex.generators.request_place import operation_of, place_of
from verdex.url_credentials import masked

ABORTED = "net::ERR_ABORTED"
CHANGED_PAGE_WINDOW_MS = 500      # a response changed the page when the DOM changed this soon after it
CLOCK_SLACK_MS = 50
STALLED_MS = 5_000                # the most a stalled page lengthens that window
INTERESTING_TYPES = {"document", "fetch", "xhr", "eventsource", "websocket", "other"}
# what the page reads from itself, not from a server (Solara fetches the blob: URLs it made for its modules
# at every click): never a request an action waits for, nor one its startup loaded data by
LOCAL_SCHEMES = ("blob:", "data:", "about:", "filesystem:")


@dataclass
class RequestRecord:
    method: str
    url: str
    resource_type: str
    started: float
    responded: float | None = None
    finished: float | None = None
    response_start_epoch_ms: float | None = None   # the browser's own clock: when the response's headers came
    response_end_epoch_ms: float | None = None   # ... and when it ended
    status: int | None = None
    failed: str | None = None
    content_type: str = ""
    renews: RequestRecord | None = None   # the request to the same place that ended just before this one started
    naming: asyncio.Task | None = None    # reading the names the answer gave (verdex/browser/answer_names.py)
    idle: bool = False                    # the page made it while no action was watched (a timer's, or its loading)
    loaded: bool = False                  # ... after its document had loaded (the first action on it had begun)
    document: int = 0                     # which of the page's documents it was made in
    body: str | None = None               # what it sent (the first BODY_KEPT characters), for the text it holds
    answer: Response | None = None        # a data request's JSON, HTML or plain text answer, whose body startup reads
                                          # (startup.py), and an id in it asked again (answered_anew.py)
    place: str = ""                       # where it went, as the same request made again goes (place_of)
    empty: bool = False                   # its answer has no body (Content-Length: 0, a 204, 205 or 304)
    framed: bool = False                  # one of the page's frames made it (timed in the frame's)

    @property
    def body_ended(self) -> bool:
        """The answer's body came to its end: a test may wait for the whole answer (a streamed one). Not an
        answer without a body: the headers are all of it, and the browser never ends one the page does not
        read (a fetch whose empty 201 nobody reads: Playwright's ``finished()`` would wait for ever), though a
        reader of it (verdex's own, as it records) ends it."""
        return self.status is not None and self.finished is not None and not self.empty


    def fact(self) -> RequestEffect:
        """As a step records a request no action's watch saw (one the page made between actions)."""
        return RequestEffect(method=self.method, url=self.url, resource_type=self.resource_type, status=self.status,
                             failed=self.failed, body_ended=self.body_ended,
                             place=self.place)


EMPTY_STATUSES = (204, 205, 304)   # answers that never have a body
STREAM_TYPES = ("text/event-stream", "application/x-ndjson", "multipart/x-mixed-replace")
HELD_OPEN_S = 1.0                 # a request answered after this long, ...
RENEWED_WITHIN_S = 0.2            # ... and asked again this soon after: a long poll
LOADING_TYPES = ("fetch", "xhr", "script", "stylesheet")
HELD_LOADING_S = 10.0             # a request unanswered this long is held open, not loading the page


POLLED_AT_LEAST = 2               # a request asked this often between actions on one document is a timer's

TYPED_AT_LEAST = 2                # a typed text this long or longer can tell the request it is in apart


OPENING_PAUSE_S = 0.5             # a socket's opening messages end at the first pause this long (a ping comes later)
OPENING_BOUND_S = 2.0             # ... or this long after it opened: a server that stays silent or chatters on
ANSWER_BOUND_S = 1.0              # a message the page sent is awaited this long for its server's next message
                                  # (one it does not answer, a value kept in sync, costs an action this long)


@dataclass
class SocketRecord:
    """A websocket of the page and the messages its server sent as it opened."""

    url: str
    opened: float
    opening_messages: int = 0
    last_heard: float | None = None
    opening_over: bool = False
    asked: float | None = None        # when the page last sent its server a message
    spoke: float | None = None        # when its server last sent one

    def heard(self, now: float) -> None:
        self.spoke = now
        if self.opening_over:
            return
        if self.last_heard is not None and (now - self.last_heard > OPENING_PAUSE_S or now - self.opened > OPENING_BOUND_S):
            self.opening_over = True
            return
        self.last_heard = now
        self.opening_messages += 1

    def still_opening(self, now: float) -> bool:
        """Its server has not answered yet, or is still answering (for 2 s at most)."""
        if self.opening_over or now - self.opened > OPENING_BOUND_S:
            return False
        return self.last_heard is None or now - self.last_heard < OPENING_PAUSE_S

    def awaiting_answer(self, since: float, now: float) -> bool:
        """The page sent its server a message since ``since`` and the server has said nothing after it
        (a server-driven app's event, its answer still to come), for ANSWER_BOUND_S at most."""
        return (self.asked is not None and self.asked >= since and now - self.asked < ANSWER_BOUND_S
                and (self.spoke is None or self.spoke < self.asked))


class NetworkLog:
    """Every request of one page, with when it started and when it was answered."""

    def __init__(self, page: Page) -> None:
        self._page = page
        self._records: deque[RequestRecord] = deque(maxlen=2000)
        self._open: dict[Request, RequestRecord] = {}
        self._document_started: float | None = None     # the main frame's latest document request
        self._sockets: deque[SocketRecord] = deque(maxlen=100)
        self.server_messages = 0                         # every message the page's websocket servers sent
        self.watching = False                            # an action's effects are being watched now
        self._loaded_at: float | None = None             # when the current document's startup was read
        self._typed: tuple[float, str, bool] | None = None   # when the last action settled, the text it typed, whole
        self._typed_sent: float | None = None            # when the page then sent its server that text over a websocket
        self._typed_answers = 0                          # and the messages its servers sent since
        self._documents = 0
        self._timers_read_at = time.monotonic()          # when the page's requests on its own were last read
        page.on("request", self._started)
        page.on("websocket", self._socket_opened)
        page.on("response", self._answered)
        page.on("requestfinished", self._finished)
        page.on("requestfailed", self._failed)

    def _started(self, request: Request) -> None:
        if request.url.startswith(LOCAL_SCHEMES):
            return
        body = request_body(request) if request.resource_type in ("fetch", "xhr") else None
        url = masked(request.url)
        record = RequestRecord(request.method, url, request.resource_type, time.monotonic(),
                               idle=not self.watching, loaded=self._loaded_at is not None, document=self._documents,
                               body=body, place=place_of(request.method, url, body),
                               framed=_frame_of(request) not in (None, self._page.main_frame))
        record.renews = self._renews(record)
        self._records.append(record)
        self._open[request] = record
        if request.resource_type == "document" and _frame_of(request) == self._page.main_frame:
            self._document_started = record.started
            self._loaded_at = None
            self._typed = None                           # a new page asks for what it shows, not for the typing
            self._documents += 1

    def _answered(self, response: Response) -> None:
        record = self._open.get(response.request)
        if record is not None:
            record.status = response.status
            record.responded = time.monotonic()
            timing = response.request.timing
            if timing.get("responseStart", -1) >= 0:
                record.response_start_epoch_ms = timing["startTime"] + timing["responseStart"]
            record.content_type = (response.headers.get("content-type") or "").lower()
            record.empty = response.status in EMPTY_STATUSES or response.headers.get("content-length") == "0"
            record.naming = names_read(record.method, record.resource_type, record.status, response.request)
            if record.resource_type in ("fetch", "xhr") and ("json" in record.content_type or "html" in
                                                             record.content_type or "text/plain" in record.content_type):
                record.answer = response

    def _finished(self, request: Request) -> None:
        record = self._open.pop(request, None)
        if record is not None:
            record.finished = time.monotonic()
            timing = request.timing
            if timing.get("responseEnd", -1) >= 0:
                record.response_end_epoch_ms = timing["startTime"] + timing["responseEnd"]

    def _failed(self, request: Request) -> None:
        record = self._open.pop(request, None)
        if record is not None:
            record.finished = time.monotonic()
            failure = request.failure or "failed"
            if record.status is None or ABORTED not in failure:
                record.failed = failure
            # else: answered; the page navigated away before reading the body (a login that redirects
            # as soon as it sees 200): the browser aborts the body, the request did not fail

    def _socket_opened(self, socket: WebSocket) -> None:
        record = SocketRecord(masked(socket.url), time.monotonic())
        self._sockets.append(record)
        socket.on("framereceived", lambda _frame: self._heard(record))
        socket.on("framesent", lambda payload: self._sent(record, payload))

    def _heard(self, socket: SocketRecord) -> None:
        self.server_messages += 1
        if self._typed_sent is not None:
            self._typed_answers += 1
        socket.heard(time.monotonic())

    def _sent(self, socket: SocketRecord, payload: str | bytes) -> None:
        socket.asked = time.monotonic()
        if self._typed is not None and self._typed_sent is None and not self.watching:
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
            if self._typed[1] in text or json.dumps(self._typed[1])[1:-1] in text:
                self._typed_sent = socket.asked

    def _renews(self, record: RequestRecord) -> RequestRecord | None:
        """The request to the same place that ended just before this one started, on the same document (the
        page asked again; a request the last document left open ends as the next one loads, which asks
        anew)."""
        place = record.place
        for earlier in list(self._records)[-200:][::-1]:
            if earlier.finished is not None and earlier.document == record.document and earlier.place == place:
                return earlier if record.started - earlier.finished <= RENEWED_WITHIN_S else None
        return None

    def standing(self, record: RequestRecord, watched_from: float) -> bool:
        """A request the page keeps open on purpose, which an action's effects must not wait out: an
        EventSource, a streamed answer (server-sent events), or a long poll asked again as soon as the
        one before it ended — one the server had held open, one open when the action began that ended during it, or the renewal
        of such a one."""
        renewed = record.renews
        # asked after the action began, the one before it over by then: the action asked it (a click on
        # Dinner right after the last answer came), not the page renewing its poll as that one ended
        asked_by_the_action = renewed is not None and renewed.finished < watched_from < record.started
        return (record.resource_type == "eventsource"
                or (record.finished is None and record.content_type.startswith(STREAM_TYPES))
                or (renewed is not None and not asked_by_the_action and (_held_for(renewed) >= HELD_OPEN_S
                                             or renewed.started < watched_from < renewed.finished
                                             or self.standing(renewed, watched_from))))

    def settled(self, typed: str | None, *, whole: bool = False) -> None:
        """An action has settled; ``typed``: the text it typed (not a secret), else None; ``whole``: a value it
        chose (an option's), held by a request only as a whole value. A request the page makes after this, before
        the next action, that holds that text (a search asked for 300 ms after the last key, a check of the name
        typed, a setting saved a moment after it was chosen) is the action's: :meth:`asked_with_typed_text`."""
        typed = (typed or "").strip()
        self._typed = (time.monotonic(), typed, whole) if len(typed) >= TYPED_AT_LEAST or whole and typed else None
        self._typed_sent, self._typed_answers = None, 0

    def answers_to_typed_text(self) -> int:
        """As the next action starts: how many messages the page's websocket servers sent after the page,
        once the last action had settled, sent them the text it typed (a debounced field that tells its
        server its value: the server's answer is that typing's, which the next action must not overtake)."""
        answers = self._typed_answers if self._typed_sent is not None else 0
        self._typed_sent, self._typed_answers = None, 0
        return answers

    def asked_with_typed_text(self, *, answered_only: bool = False) -> list[RequestRecord]:
        """As the next action starts: the page's requests since the last action settled whose URL or body
        holds the text it typed (a debounced handler's). They are that action's, no longer made while no
        action ran, so the next sightings of the same request are not taken for a timer's.
        ``answered_only``: as a check or a wait is recorded between them — those answered by then, the typing
        still looked out for after it (a search asked 300 ms after the last key, checked before or after that;
        or one the page asked at once that the action's watch heard of only after it had settled)."""
        if self._typed is None:
            return []
        since, text, whole = self._typed
        if not answered_only:
            self._typed = None
        found = [r for r in self._records if r.started >= since and r.idle and r.resource_type in ("fetch", "xhr")
                 and (carries_whole(r.url, r.body, text) if whole else carries(r.url, r.body, text))
                 and (r.status is not None or r.failed is not None or not answered_only)]
        for record in found:
            record.idle = False
        return found

    def unread_document_start(self) -> float | None:
        """When the main frame's latest document was requested, the first time this is asked about it;
        None after that (and before any document)."""
        started, self._document_started = self._document_started, None
        if started is not None:
            self._loaded_at = time.monotonic()
        return started

    def loading_now(self) -> list[RequestRecord]:
        """The current document's own requests for its data and code still unanswered: the page may still
        be drawing. Not one it keeps open on purpose (a stream, a long poll asked again), nor one open for
        ``HELD_LOADING_S`` or more (held by the server until something happens), nor one the page asked again
        as soon as the one before it was answered, when the server has held it for ``HELD_OPEN_S`` or the one
        before it was such a renewal too (a long poll whose answers came at once, an event each: Syncthing's
        ``/rest/events?since=N``)."""
        now = time.monotonic()
        return [r for r in self._open.values()
                if r.document == self._documents and r.resource_type in LOADING_TYPES
                and now - r.started < HELD_LOADING_S and not self.standing(r, r.started)
                and not (r.renews is not None and (now - r.started >= HELD_OPEN_S or r.renews.renews is not None))]

    def on_its_own(self, record: RequestRecord) -> bool:
        """The page made a request to the same method and place while no action ran, before this one: after
        its document had loaded (between actions), or at least twice while one document loaded — a timer's
        request (a usage ping, an autosave), which an action's test must not wait for. (Two loads of one page
        that each ask for the same data are not a timer.)"""
        place = record.place
        idle = [r for r in self._records if r.idle and r is not record and r.started < record.started
                and r.place == place]
        loading = [r.document for r in idle if not r.loaded]
        return any(r.loaded for r in idle) or any(loading.count(document) >= 2 for document in set(loading))

    def asked_on_its_own(self) -> list[str]:
        """The places of the requests the page made on its own since this was last asked: while no action ran,
        after its document had loaded (a timer's ticks between steps; not a request holding the text the last
        action typed, which that typing asked after a moment). The step after them keeps them, so that a timer
        whose first tick fell inside an action, before any between actions, is told from what the action asked
        (verdex/generators/periodic.py)."""
        since, self._timers_read_at = self._timers_read_at, time.monotonic()
        typed = self._typed
        return list(dict.fromkeys(
            r.place for r in self._records if r.started >= since and r.idle and r.loaded
            and r.resource_type in ("fetch", "xhr")
            and not (typed is not None and r.started >= typed[0] and typed[1]
                     and (carries_whole if typed[2] else carries)(r.url, r.body, typed[1]))))

    def polled(self) -> str | None:
        """The place of a request for data the current document makes on a timer — asked again and again while no
        action ran, since it loaded (a dashboard's poll: a GET, or a POST that names its operation, a JSON-RPC
        ``torrent-get`` or a GraphQL query; not a usage ping it posts) — or None: what the page shows may come with
        its next answer."""
        asked = [r.place for r in self._records if r.idle and r.loaded and r.document == self._documents
                 and r.resource_type in ("fetch", "xhr") and r.status is not None
                 and (r.method == "GET" or operation_of(r.place) is not None)]
        return next((place for place in dict.fromkeys(asked) if asked.count(place) >= POLLED_AT_LEAST), None)

    def navigating_to(self) -> str | None:
        """The URL of a navigation of the main frame the server has not answered yet (none: None)."""
        return next((request.url for request, record in self._open.items() if record.status is None
                     and record.resource_type == "document" and _frame_of(request) == self._page.main_frame), None)

    def in_flight(self) -> list[RequestRecord]:
        return [r for r in self._open.values() if r.resource_type in INTERESTING_TYPES]

    def since(self, started: float) -> list[RequestRecord]:
        return [r for r in self._records if r.started >= started and r.resource_type in INTERESTING_TYPES]

    def scripts_since(self, started: float, *, framed: bool = True) -> list[str]:
        """The paths of the scripts the page asked for since ``started`` (answered or still coming, not failed):
        code it loads only then; with ``framed=False`` those of its top document alone, whose
        answers its Resource Timing holds (a frame's are in the frame's)."""
        return [urlsplit(r.url).path for r in self._records if r.started >= started and r.resource_type == "script"
                and r.failed is None and (r.status is None or r.status < 400)
                and (framed or not r.framed)]

    def socket_answer_awaited(self, since: float) -> bool:
        """Does a websocket of the page await its server's answer to a message sent since ``since``?"""
        now = time.monotonic()
        return any(s.awaiting_answer(since, now) for s in self._sockets)

    def sockets_since(self, started: float) -> list[SocketRecord]:
        return [s for s in self._sockets if s.opened >= started]


def _held_for(record: RequestRecord) -> float:
    """How long the server held the request before it answered (its headers; a body the page never reads
    ends only when the page goes)."""
    return (record.responded or record.finished or record.started) - record.started


def _frame_of(request: Request) -> object:
    try:
        return request.frame
    except PlaywrightError:          # a service worker's request has no frame
        return None


@dataclass(frozen=True)
class AnswerTimes:
    """When an answer came to the page and when it ended, on the page's clock."""

    came: float             # its headers: a fetch resolves on them, so a page that never reads the body goes on then
    ended: float | None     # its body's end (None: not yet); what the page draws of it, it draws after


class PageClockEnds:
    """When the page's answers came and ended by the page's own clock, the one its changes are logged by (its
    resource timing: the bridge's ``answersEnded``), each URL's in the order they ended. The browser's
    network clock (a request's ``responseEnd`` from its wall-clock start) may stand apart from it by more
    than the slack on a busy machine, so an answer's drawing read as before it: a change read so is no
    change the answer made."""

    def __init__(self, answers: list[dict]) -> None:
        self._ends: dict[str, list[AnswerTimes]] = {}
        for answer in answers:
            self._ends.setdefault(masked(answer["url"]), []).append(AnswerTimes(answer["came"], answer["end"]))

    def take(self, record: RequestRecord, origin: float) -> AnswerTimes | None:
        """When ``record``'s answer came and ended on the page's clock (the next of its URL's); by the
        network's clock when the page has none for it (a body the browser has not finished, which the page's
        timing lists only once it has: one the page never reads is finished lazily, after what the page did
        next; a full timing buffer)."""
        ends = self._ends.get(record.url)
        if ends:
            return ends.pop(0)
        if record.response_start_epoch_ms is None:
            return None
        ended = record.response_end_epoch_ms - origin if record.response_end_epoch_ms is not None else None
        return AnswerTimes(record.response_start_epoch_ms - origin, ended)


def changed_the_page(answered_ms: float, mutation_times: list[float], stalls: list[list[float]]) -> bool:
    """Did the DOM change within 500 ms of the page's running time after a response (both on the page's
    clock)?"""
    until = changed_until(answered_ms, stalls)
    return any(answered_ms - CLOCK_SLACK_MS <= t <= until for t in mutation_times)


def changed_until(answered_ms: float, stalls: list[list[float]]) -> float:
    """Until when, on the page's clock, a change comes soon enough after a response to be its drawing:
    500 ms, plus the spans in them in which the page ran nothing (a machine too busy to run it draws an
    answer late by those), at most ``STALLED_MS`` more."""
    until, stalled = answered_ms + CHANGED_PAGE_WINDOW_MS, 0.0
    for start, end in sorted(stalls):
        if start > until:
            break
        if end > answered_ms:
            stalled += end - max(start, answered_ms)
            until = answered_ms + CHANGED_PAGE_WINDOW_MS + min(stalled, STALLED_MS)
    return until
