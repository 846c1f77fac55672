"""Faults under a recording session: the browser process killed, the page crashing (its renderer killed,
or CDP ``Page.crash``), the network to the app cut. The next call gets a typed error (``BROWSER_CLOSED``
or ``NAVIGATION_FAILED``), the call after it works, and every step recorded before the fault is on disk
exactly as it was."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from verdex.fixtures.server import FixtureServer
from verdex.generators import read_recording
from test_transports import children, command, free_port, launched_browsers, text
from verdex import actions
from verdex.browser.session import BrowserOptions, Session
from verdex.errors import BrowserClosed
from verdex.server import build_server

pytestmark = pytest.mark.anyio


@pytest.fixture
async def recorded(tmp_path: Path) -> AsyncIterator[tuple[Client, Path]]:
    """A server of its own, recording to a file, with the login form filled in (three steps on disk)."""
    path = tmp_path / "session.jsonl"
    async with Client(build_server(BrowserOptions(navigation_timeout=10), record=path)) as client:
        yield client, path


async def _three_steps(client: Client, base_url: str) -> None:
    await _ok(client, "browser_navigate", {"url": base_url + "/login/"})
    snapshot = text(await _ok(client, "browser_snapshot", {}))
    for label, value in (("Username", "demo"), ("Password", "hunter2")):
        ref = re.search(rf'textbox "{label}" \[ref=(e\d+)\]', snapshot).group(1)
        await _ok(client, "browser_fill", {"ref": ref, "value": value})


async def _ok(client: Client, tool: str, args: dict[str, Any]) -> Any:
    result = await client.call_tool(tool, args)
    assert not result.is_error, f"{tool}({args}): {text(result)}"
    return result


async def _error_code(client: Client, tool: str, args: dict[str, Any]) -> str:
    result = await client.call_tool(tool, args)
    assert result.is_error, f"{tool}({args}) should fail: {text(result)[:300]}"
    match = re.search(r"(?:^|: )([A-Z][A-Z_]+): ", text(result))
    assert match, text(result)
    return match.group(1)


def _assert_steps_intact(path: Path, before: bytes) -> None:
    """The bytes written before the fault are still the file's first bytes, and they read as three steps."""
    after = path.read_bytes()
    assert after.startswith(before)
    recording = read_recording(path)
    assert [s.tool for s in recording.records[:3]] == ["browser_navigate", "browser_fill", "browser_fill"]
    assert recording.records[2].args.value.env == "VERDEX_SECRET_PASSWORD"
    assert not recording.truncated


def _descendants(pid: int) -> list[int]:
    found, queue = [], [pid]
    while queue:
        for child in children(queue.pop()):
            found.append(child)
            queue.append(child)
    return found


def _renderers(browser_pid: int) -> list[int]:
    def is_renderer(pid: int) -> bool:
        try:
            return b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return False
    return [pid for pid in _descendants(browser_pid) if is_renderer(pid)]


async def _three_steps_in_a_new_browser(client: Client, path: Path, base_url: str) -> tuple[int, bytes]:
    """The pid of the Chromium that the three steps started, and the recording's bytes after them."""
    others = launched_browsers()
    await _three_steps(client, base_url)
    (browser,) = launched_browsers() - others
    assert "chrom" in command(browser)
    return browser, path.read_bytes()


async def test_browser_killed_mid_session(recorded: tuple[Client, Path], apps: FixtureServer) -> None:
    client, path = recorded
    with anyio.fail_after(90):
        browser, before = await _three_steps_in_a_new_browser(client, path, apps.url)
        os.kill(browser, signal.SIGKILL)

        assert await _error_code(client, "browser_snapshot", {}) == "BROWSER_CLOSED"
        await _ok(client, "browser_navigate", {"url": apps.url + "/login/"})
        assert "Username" in text(await _ok(client, "browser_snapshot", {}))
    _assert_steps_intact(path, before)
    assert read_recording(path).records[3].tool == "browser_navigate"


async def test_page_crash_when_its_renderer_is_killed(recorded: tuple[Client, Path], apps: FixtureServer) -> None:
    client, path = recorded
    with anyio.fail_after(90):
        browser, before = await _three_steps_in_a_new_browser(client, path, apps.url)
        renderers = _renderers(browser)
        assert renderers, "no renderer process found under the browser"
        for pid in renderers:
            os.kill(pid, signal.SIGKILL)
        await anyio.sleep(0.5)

        with anyio.fail_after(5):       # at once, not after the bridge's 20 s timeout
            result = await client.call_tool("browser_snapshot", {})
        assert result.is_error and "BROWSER_CLOSED: the page crashed" in text(result), text(result)
        assert '"crashed": true' in text(result)
        await _ok(client, "browser_navigate", {"url": apps.url + "/login/"})
        assert "Username" in text(await _ok(client, "browser_snapshot", {}))
    _assert_steps_intact(path, before)


async def test_page_crash_through_cdp_in_the_python_api(apps: FixtureServer, tmp_path: Path) -> None:
    path = tmp_path / "api.jsonl"
    with anyio.fail_after(60):
        async with Session(record=path) as session:
            tab = await session.tab()
            await actions.navigate(tab, apps.url + "/login/")
            before = path.read_bytes()
            cdp = await tab.page.context.new_cdp_session(tab.page)
            with anyio.move_on_after(5):
                try:
                    await cdp.send("Page.crash")
                except Exception:  # the crash takes the CDP session down with the page
                    pass
            with anyio.fail_after(10):
                while not tab.crashed:
                    await anyio.sleep(0.05)

            with pytest.raises(BrowserClosed) as caught:
                await tab.snapshot()
            assert caught.value.facts["crashed"] is True
            fresh = await session.tab()
            assert fresh is not tab
            await actions.navigate(fresh, apps.url + "/login/")
            assert "Username" in (await fresh.snapshot()).text
    assert path.read_bytes().startswith(before)
    assert [s.tool for s in read_recording(path).records] == ["browser_navigate", "browser_navigate"]


async def test_network_to_the_app_cut(recorded: tuple[Client, Path]) -> None:
    client, path = recorded
    port = free_port()
    app = FixtureServer(port=port).start()
    try:
        with anyio.fail_after(90):
            await _three_steps(client, app.url)
            snapshot = text(await _ok(client, "browser_snapshot", {}))
            sign_in = re.search(r'button "Sign in" \[ref=(e\d+)\]', snapshot).group(1)
            before = path.read_bytes()
            app.stop()

            clicked = await _ok(client, "browser_click", {"ref": sign_in})     # the failed request is a fact
            assert "POST" in text(clicked) and "net::ERR_CONNECTION_REFUSED" in text(clicked), text(clicked)
            assert await _error_code(client, "browser_navigate", {"url": f"http://127.0.0.1:{port}/shop/"}) \
                == "NAVIGATION_FAILED"
            app = FixtureServer(port=port).start()
            navigated = await _ok(client, "browser_navigate", {"url": app.url + "/login/"})
            assert navigated.structured_content["loaded"] is True
    finally:
        app.stop()
    _assert_steps_intact(path, before)
