"""A generated test's websocket wait, run in a real Chromium against a real websocket server: it ends
when the page has heard as many messages as the recording heard, or when a server that opened with
fewer this time (Streamlit sends a fresh server's first session one more) has been quiet for 2 s;
never in a pause shorter than that, so a message the chaos holds back is still waited for."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import sync_playwright
from websockets.sync.server import serve

from verdex.browser.discovery import find_chromium
from verdex.generators.waits import SERVER_MESSAGES_SCRIPT, SERVER_QUIET_MS, server_messages_heard

PAUSE_S = 0.5           # between a server's two messages: shorter than the quiet the wait takes for the end


def _opening(connection) -> None:
    """/pause: a message, a pause, another; /one: a single message. Then the socket stays open."""
    connection.send("a")
    if connection.request.path == "/pause":
        time.sleep(PAUSE_S)
        connection.send("b")
    for _ in connection:            # until the page goes
        pass


@pytest.fixture(scope="module")
def socket_url() -> Iterator[str]:
    with serve(_opening, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"ws://127.0.0.1:{server.socket.getsockname()[1]}"
        server.shutdown()


@pytest.fixture
def page(apps):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium().path, args=["--disable-quic"])
        context = browser.new_context()
        context.add_init_script(SERVER_MESSAGES_SCRIPT)
        page = context.new_page()
        page.goto(apps.url + "/")
        yield page
        browser.close()


def _heard_after_waiting(page, url: str, count: int) -> tuple[int, float]:
    page.evaluate("url => { window.socket = new WebSocket(url); }", url)
    page.wait_for_function(server_messages_heard(count), timeout=10_000)
    return page.evaluate("[window.serverMessages, window.serverQuietMs()]")


def test_the_wait_outlasts_a_pause_in_the_opening_and_ends_at_the_count_heard(page, socket_url):
    heard, _ = _heard_after_waiting(page, socket_url + "/pause", 2)
    assert heard == 2


def test_a_server_that_opens_with_fewer_messages_ends_the_wait_once_it_is_quiet(page, socket_url):
    heard, quiet_ms = _heard_after_waiting(page, socket_url + "/one", 3)
    assert heard == 1 and quiet_ms >= SERVER_QUIET_MS


def test_no_message_yet_is_not_quiet(page):
    assert page.evaluate(server_messages_heard(2)) is False
