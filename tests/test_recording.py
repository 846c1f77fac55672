"""The recording: an append-only JSON Lines file, flushed per step, readable after a crash."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from verdex.generators import read_recording

pytestmark = pytest.mark.anyio

REPO = Path(__file__).resolve().parent.parent


async def test_a_server_killed_mid_session_leaves_the_recording_readable_to_its_last_step(apps, tmp_path):
    path = tmp_path / "session.jsonl"
    params = StdioServerParameters(command=sys.executable, cwd=str(REPO),
                                   args=["-m", "verdex", "serve", "--caps", "test", "--record", str(path)])
    with anyio.fail_after(60):
        async with Client(params) as client:
            await client.call_tool("browser_navigate", {"url": apps.url + "/login/"})
            text = (await client.call_tool("browser_snapshot", {})).content[0].text
            username = re.search(r'textbox "Username" \[ref=(e\d+)\]', text).group(1)
            password = re.search(r'textbox "Password" \[ref=(e\d+)\]', text).group(1)
            await client.call_tool("browser_fill", {"ref": username, "value": "demo"})
            await client.call_tool("browser_fill", {"ref": password, "value": "correct horse battery staple"})
            _kill_verdex_servers(path)
    recording = read_recording(path)
    assert recording.header.base_url == apps.url
    assert recording.header.verdex and recording.header.playwright
    assert [s.tool for s in recording.records] == ["browser_navigate", "browser_fill", "browser_fill"]
    assert recording.records[2].args.value.env == "VERDEX_SECRET_PASSWORD"
    assert "correct horse" not in path.read_text()


def test_a_recording_cut_mid_line_is_read_up_to_its_last_complete_step(tmp_path):
    path = tmp_path / "cut.jsonl"
    header = {"type": "header", "format": 1, "base_url": "http://127.0.0.1:1"}
    step = {"type": "step", "index": 1, "time": "2026-11-24T00:00:00+00:00", "tab": "t1", "tool": "browser_navigate", "outcome": "done", "args": {"url": "http://127.0.0.1:1/"}}
    path.write_text(json.dumps(header) + "\n" + json.dumps(step) + "\n" + '{"type": "step", "ind')
    recording = read_recording(path)
    assert recording.truncated and len(recording.records) == 1


def _kill_verdex_servers(recording: Path) -> None:
    """SIGKILL the `verdex serve` writing this recording (no chance to flush or close anything)."""
    out = subprocess.run(["pgrep", "-f", "--", f"--record {recording}"], capture_output=True, text=True).stdout.split()
    assert out, "the server process was not found"
    for pid in out:
        os.kill(int(pid), signal.SIGKILL)
    time.sleep(0.2)
