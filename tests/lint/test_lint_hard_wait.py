"""VDX004 on the shapes real suites have (streamlit's, panel's, nicegui's): a sleep is a hard wait only
where it sits in a function that drives the page — a test, a fixture that logs in, a page object."""

from __future__ import annotations

from verdex.lint import LintConfig, lint_source


def hard_waits(source: str) -> list[int]:
    result = lint_source(source, config=LintConfig(select=frozenset({"VDX004"})))
    assert result.error is None, result.error
    return [f.line for f in result.findings]


def test_a_sleep_inside_the_apps_callback_the_test_defines_is_not_a_hard_wait():
    source = (
        "import time\n"
        "def test_chat(page, run_app):\n"
        "    def respond(message):\n"
        "        time.sleep(0.5)          # the app's own slow handler, under test\n"
        "        return message.upper()\n"
        "    run_app(respond)\n"
        "    page.get_by_role('textbox').fill('hi')\n"
    )
    assert hard_waits(source) == []


def test_a_fixture_waiting_for_a_server_port_is_not_a_hard_wait_but_one_that_logs_in_is():
    source = (
        "import socket, time\n"
        "import pytest\n"
        "@pytest.fixture(scope='session')\n"
        "def server():\n"
        "    while socket.socket().connect_ex(('127.0.0.1', 8501)):\n"
        "        time.sleep(0.1)\n"
        "    yield 'http://127.0.0.1:8501'\n"
        "@pytest.fixture\n"
        "def logged_in(page, server):\n"
        "    page.goto(server)\n"
        "    page.get_by_label('User').fill('demo')\n"
        "    time.sleep(1)\n"
        "    yield page\n"
    )
    assert hard_waits(source) == [12]


def test_a_yield_to_the_event_loop_and_a_file_mtime_loop_are_not_hard_waits():
    source = (
        "import asyncio, os, time\n"
        "def touch_and_wait(path):\n"
        "    before = os.stat(path).st_mtime\n"
        "    while os.stat(path).st_mtime == before:\n"
        "        time.sleep(0.01)\n"
        "async def test_x(page):\n"
        "    await asyncio.sleep(0)\n"
        "    await page.get_by_role('button').click()\n"
        "    await asyncio.sleep(2)\n"
    )
    assert hard_waits(source) == [9]
