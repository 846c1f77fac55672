"""The pytest plugin: ``pytest --chaos-seed N`` runs every pytest-playwright test under seeded
client-side chaos. Installed with verdex (entry point ``verdex.chaos``), so the option just works;
without it nothing is routed and nothing is throttled.

Per test, from the seed and the test's id: each fetch, XHR, script and stylesheet response is held
back by its own delay (0 to ``--chaos-max-delay`` ms, so responses also arrive out of order) while the
test goes on; each message a websocket server sends is held back too, in its order (a socket keeps
it); the page's CPU runs 1 to ``--chaos-cpu`` times slower (Chromium's CDP
``Emulation.setCPUThrottlingRate``); each timer the page sets for 16 ms or more fires 1 to
``--chaos-timers`` times as late, as on a busy runner (an init script wraps ``setTimeout``, its draws
seeded too); with ``--chaos-viewport`` the viewport is drawn too. What was
drawn is kept in the test's report (``user_properties["chaos"]``, and a "chaos" section when it fails), with
the answers the app refused as too many (429) or failed (5xx), and, when the test failed while the requests
its page kept open held every connection the browser has to their host, which (verdex.chaos.connections).
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest

from verdex.chaos.connections import OpenRequests
from verdex.chaos.plan import (
    DEFAULT_MAX_CPU_RATE,
    DEFAULT_MAX_DELAY_MS,
    DEFAULT_MAX_TIMER_FACTOR,
    STRETCHED_TIMER_MS,
    ChaosPlan,
)

PLAN = pytest.StashKey[ChaosPlan]()
OPEN = pytest.StashKey[OpenRequests]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("verdex chaos", "seeded client-side chaos for Playwright tests (verdex prove)")
    group.addoption("--chaos-seed", type=int, default=None, metavar="N",
                    help="run every Playwright test under the chaos this seed draws (off when absent)")
    group.addoption("--chaos-max-delay", type=int, default=DEFAULT_MAX_DELAY_MS, metavar="MS",
                    help=f"the longest delay a response draws (default {DEFAULT_MAX_DELAY_MS})")
    group.addoption("--chaos-cpu", type=float, default=DEFAULT_MAX_CPU_RATE, metavar="RATE",
                    help=f"the most the page's CPU is slowed, 1 for none (default {DEFAULT_MAX_CPU_RATE:g})")
    group.addoption("--chaos-timers", type=float, default=DEFAULT_MAX_TIMER_FACTOR, metavar="FACTOR",
                    help="the most the page's own timers (setTimeout ≥ 16 ms) fire late, as a factor of their "
                         f"delay, 1 for none (default {DEFAULT_MAX_TIMER_FACTOR:g})")
    group.addoption("--chaos-viewport", action="store_true", help="draw the viewport from the seed too")


@pytest.fixture(autouse=True)
def _verdex_chaos(request: pytest.FixtureRequest) -> Iterator[ChaosPlan | None]:
    seed = request.config.getoption("chaos_seed", None)
    if seed is None or not {"page", "context"} & set(request.fixturenames):
        yield None
        return
    plan = ChaosPlan(seed, request.node.nodeid, max_delay_ms=request.config.getoption("chaos_max_delay"),
                     max_cpu_rate=request.config.getoption("chaos_cpu"),
                     max_timer_factor=request.config.getoption("chaos_timers"),
                     vary_viewport=request.config.getoption("chaos_viewport"))
    try:
        context = request.getfixturevalue("context")
    except pytest.FixtureLookupError as exc:
        raise pytest.UsageError("--chaos-seed needs pytest-playwright's context fixture "
                                "(pip install pytest-playwright)") from exc
    request.node.stash[PLAN] = plan
    opened = request.node.stash[OPEN] = OpenRequests()
    context.route("**/*", lambda route: _delayed(route, plan))
    context.on("response", lambda response: plan.answered(response.request.method, response.url, response.status))
    context.on("request", lambda asked: opened.asked(asked, asked.method, asked.url, time.monotonic()))
    context.on("requestfinished", opened.ended)
    context.on("requestfailed", opened.ended)
    if plan.max_delay_ms > 0:
        context.route_web_socket("**/*", lambda socket: _delayed_socket(socket, context, plan))
    if plan.max_timer_factor > 1:
        context.add_init_script(_late_timers(plan))
    context.on("page", lambda page: _slowed(page, context, plan))
    for page in context.pages:
        _slowed(page, context, plan)
    yield plan
    request.node.user_properties.append(("chaos", json.dumps(plan.summary())))


def _delayed(route: Any, plan: ChaosPlan) -> None:
    """Hold the response back for the drawn delay without blocking the test: the sync API runs each
    route handler in its own greenlet, and waiting on the page yields to the others."""
    request = route.request
    ms = plan.delay_for(request.method, request.url, request.resource_type)
    if ms:
        try:
            request.frame.page.wait_for_timeout(ms)
        except Exception:  # the page closed while the response waited, or a worker's request: no page to wait on
            pass
    try:
        route.fallback()
    except Exception:  # the page or context went away while the response waited
        pass


def _delayed_socket(socket: Any, context: Any, plan: ChaosPlan) -> None:
    """Connect the page's websocket to its server and hold each message from the server back by its
    drawn delay, keeping their order: a message is due at its arrival plus its delay, but never before
    the one ahead of it, so no message waits longer than the bound. Each message's handler runs in its
    own greenlet (as a route's does); the one that wakes sends every message up to its own, so the
    order holds even when two wake out of turn. Messages from the page, and closing, pass as they are
    once the messages ahead of a close have gone."""
    server = socket.connect_to_server()
    queue: deque[tuple[int, str | bytes]] = deque()
    last = {"due": 0.0, "number": 0}

    def send_through(number: int) -> None:
        while queue and queue[0][0] <= number:
            try:
                socket.send(queue.popleft()[1])
            except Exception:  # the page's side closed while the message waited
                pass

    def wait_until(due: float) -> None:
        pages = context.pages
        if pages and due > time.monotonic():
            try:
                pages[0].wait_for_timeout((due - time.monotonic()) * 1000)
            except Exception:  # the page closed while the message waited
                pass

    def from_server(message: str | bytes) -> None:
        due = max(last["due"], time.monotonic() + plan.delay_for_message(socket.url) / 1000)
        last["due"] = due
        last["number"] += 1
        number = last["number"]
        queue.append((number, message))
        wait_until(due)
        send_through(number)

    def closed_by_server(code: int | None, reason: str | None) -> None:
        wait_until(last["due"])
        send_through(last["number"])
        try:
            socket.close(code=code, reason=reason)
        except Exception:  # the page's side is gone already
            pass

    server.on_message(from_server)
    server.on_close(closed_by_server)


def _late_timers(plan: ChaosPlan) -> str:
    """A script run first in every document: setTimeout with a delay of 16 ms or more waits a drawn
    factor (1 to max) longer, from a small seeded generator (mulberry32), one draw per call."""
    return """(() => {
  let state = %d;
  const draw = () => {
    state = (state + 0x6D2B79F5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const setTimeoutOfThePage = globalThis.setTimeout;
  globalThis.setTimeout = function (handler, delay, ...rest) {
    const ms = Number(delay) || 0;
    return setTimeoutOfThePage.call(this, handler, ms >= %d ? ms * (1 + draw() * (%r - 1)) : ms, ...rest);
  };
})();""" % (plan.timer_seed, STRETCHED_TIMER_MS, float(plan.max_timer_factor))


def _slowed(page: Any, context: Any, plan: ChaosPlan) -> None:
    if plan.viewport:
        page.set_viewport_size({"width": plan.viewport[0], "height": plan.viewport[1]})
    if plan.cpu_rate > 1:
        try:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": plan.cpu_rate})
        except Exception:  # not Chromium: there is no CDP to throttle with, the delays still apply
            pass


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    plan = item.stash.get(PLAN, None)
    if plan is not None and report.failed:
        if report.when == "call":
            plan.held = item.stash[OPEN].starved(time.monotonic())
        report.sections.append(("chaos", plan.describe()))
    return report
