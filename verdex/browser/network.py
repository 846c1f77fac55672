"""Every request of a page, with when it started and when it was answered: kept by each tab from its
first moment, read by the preflight (requests in flight) and by the effects of an action."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from playwright.async_api import Page, Request, Response

ABORTED = "net::ERR_ABORTED"
INTERESTING_TYPES = {"document", "fetch", "xhr", "eventsource", "websocket", "other"}


@dataclass
class RequestRecord:
    method: str
    url: str
    resource_type: str
    started: float
    responded: float | None = None
    finished: float | None = None
    response_end_epoch_ms: float | None = None   # the browser's own clock: when the response ended
    status: int | None = None
    failed: str | None = None


class NetworkLog:
    """Every request of one page, with when it started and when it was answered."""

    def __init__(self, page: Page) -> None:
        self._records: deque[RequestRecord] = deque(maxlen=2000)
        self._open: dict[Request, RequestRecord] = {}
        page.on("request", self._started)
        page.on("response", self._answered)
        page.on("requestfinished", self._finished)
        page.on("requestfailed", self._failed)

    def _started(self, request: Request) -> None:
        record = RequestRecord(request.method, request.url, request.resource_type, time.monotonic())
        self._records.append(record)
        self._open[request] = record

    def _answered(self, response: Response) -> None:
        record = self._open.get(response.request)
        if record is not None:
            record.status = response.status
            record.responded = time.monotonic()

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

    def in_flight(self) -> list[RequestRecord]:
        return [r for r in self._open.values() if r.resource_type in INTERESTING_TYPES]

    def since(self, started: float) -> list[RequestRecord]:
        return [r for r in self._records if r.started >= started and r.resource_type in INTERESTING_TYPES]
