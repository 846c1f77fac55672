"""Over streamable HTTP each MCP client has a session of its own (browser, refs, recording): two agents
at once never meet in one recording; past the bound a client gets SESSION_LIMIT, and an idle client's
session ends, which makes room. Real clients (the SDK's streamable HTTP client, on the protocol whose
HTTP sessions name their client: mode="legacy") on a real server process."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp_types import CallToolResult

from tests.test_transports import serving_http

pytestmark = pytest.mark.anyio


@contextmanager
def serving(folder: Path, max_sessions: int, idle_s: float) -> Iterator[str]:
    """`verdex serve --transport http` with these bounds, recording beside folder/flow.jsonl; yields its URL."""
    with serving_http("--caps", "test", "--max-sessions", str(max_sessions), "--session-idle", str(idle_s),
                      "--record", str(folder / "flow.jsonl")) as port:
        yield f"http://127.0.0.1:{port}/mcp"


def limited(answer: CallToolResult) -> bool:
    return answer.is_error and "SESSION_LIMIT: " in answer.content[0].text


async def agent(url: str, page: str, word: str, done: anyio.Event, others_done: anyio.Event) -> None:
    """Navigate, type a word, check it: half before the other agent has started its part, half after."""
    async with Client(url, mode="legacy") as client:
        went = await client.call_tool("browser_navigate", {"url": page})
        assert not went.is_error, went.content[0].text
        snapshot = (await client.call_tool("browser_snapshot", {})).content[0].text
        found = re.search(r'textbox "Message" \[ref=(\w+)\]', snapshot)
        assert found, snapshot
        ref = found.group(1)
        done.set()
        await others_done.wait()                   # both sessions are open and have acted
        await client.call_tool("browser_fill", {"ref": ref, "value": word})
        checked = await client.call_tool("verify_element", {"ref": ref, "state": "value", "value": word})
        assert not checked.is_error, checked.content[0].text


async def test_two_clients_at_once_record_each_its_own_steps_and_a_third_is_refused(apps, tmp_path):
    pages = {"alpha": apps.url + "/settling/longpoll.html", "beta": apps.url + "/settling/sse.html"}
    first, second = anyio.Event(), anyio.Event()
    with serving(tmp_path, max_sessions=2, idle_s=600) as url, anyio.fail_after(120):
        async with anyio.create_task_group() as group:
            group.start_soon(agent, url, pages["alpha"], "alpha", first, second)
            group.start_soon(agent, url, pages["beta"], "beta", second, first)
            await first.wait()
            await second.wait()
            async with Client(url, mode="legacy") as third:       # a third client while both are open: no room
                assert limited(await third.call_tool("browser_navigate", {"url": pages["alpha"]}))
    recordings = sorted(tmp_path.glob("flow-*.jsonl"))
    assert len(recordings) == 2, recordings
    for path in recordings:
        steps = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
        words = {s["args"].get("value") for s in steps if s["tool"] == "browser_fill"}
        places = {s["args"]["url"] for s in steps if s["tool"] == "browser_navigate"}
        assert len(words) == 1 and len(places) == 1, (path.name, words, places)
        assert places == {pages[words.pop()]}, path.name


async def test_an_idle_clients_session_ends_and_makes_room(apps, tmp_path):
    page = apps.url + "/settling/slider.html"
    with serving(tmp_path, max_sessions=1, idle_s=2) as url, anyio.fail_after(120):
        async with Client(url, mode="legacy") as first, Client(url, mode="legacy") as second:
            assert not (await first.call_tool("browser_navigate", {"url": page})).is_error
            while True:                                # until the first has been idle long enough
                answer = await second.call_tool("browser_navigate", {"url": page})
                if not answer.is_error:
                    break
                assert limited(answer), answer.content
                await anyio.sleep(0.5)
            assert limited(await first.call_tool("browser_snapshot", {}))     # its session ended: now no room
