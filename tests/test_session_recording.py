"""Recording belongs to the session: every session records its steps (to .verdex/recordings/ unless told
where), whichever face drives it, and the recording can be exported at any time."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from mcp import Client

from verdex import actions, exporting
from verdex.browser.session import Session
from verdex.errors import InvalidArgument
from verdex.generators import read_recording
from verdex.recorder import RECORDINGS_DIR_ENV
from verdex.server import build_server

pytestmark = pytest.mark.anyio


def _recordings(prefix: str) -> set[Path]:
    return set(Path(os.environ[RECORDINGS_DIR_ENV]).glob(f"{prefix}-*.jsonl"))


async def test_a_session_records_by_default_and_creates_the_file_with_its_first_step(apps):
    before = _recordings("checkout")
    async with Session(name="checkout") as session:
        tab = await session.tab()
        assert _recordings("checkout") == before                 # nothing done, nothing written
        await actions.navigate(tab, apps.url + "/login/")
        [path] = _recordings("checkout") - before
        assert session.recorder.path == path
    recording = read_recording(path)
    assert recording.header.base_url == apps.url
    assert [s.tool for s in recording.records] == ["browser_navigate"]


async def test_record_starts_a_new_file_and_none_stops_recording(apps, tmp_path):
    async with Session(record=tmp_path / "first.jsonl") as session:
        tab = await session.tab()
        await actions.navigate(tab, apps.url + "/login/")
        session.record(tmp_path / "second.jsonl")
        await actions.navigate(tab, apps.url + "/shop/")
        session.record(None)
        await actions.navigate(tab, apps.url + "/login/")
    assert [s.args.url for s in read_recording(tmp_path / "first.jsonl").records] == [apps.url + "/login/"]
    assert [s.args.url for s in read_recording(tmp_path / "second.jsonl").records] == [apps.url + "/shop/"]


async def test_exporting_says_why_when_there_is_nothing_to_export(apps, tmp_path):
    async with Session(record=False) as session:
        with pytest.raises(InvalidArgument, match="records nothing"):
            await exporting.export_test(session, target="python", path=tmp_path / "t.py", name="t")
    async with Session(record=tmp_path / "r.jsonl") as session:
        with pytest.raises(InvalidArgument, match="nothing is recorded yet"):
            await exporting.export_test(session, target="python", path=tmp_path / "t.py", name="t")
    assert not (tmp_path / "t.py").exists()


async def test_an_mcp_server_started_without_record_exports_the_session_as_a_test(apps, tmp_path):
    test_file = tmp_path / "test_login.py"
    async with Client(build_server(caps=("test",))) as client:
        await client.call_tool("browser_navigate", {"url": apps.url + "/login/"})
        text = (await client.call_tool("browser_snapshot", {})).content[0].text
        username = re.search(r'textbox "Username" \[ref=(e\d+)\]', text).group(1)
        await client.call_tool("browser_fill", {"ref": username, "value": "demo"})
        exported = await client.call_tool("export_test", {"target": "python", "path": str(test_file), "name": "login"})
    assert not exported.is_error, exported.content[0].text
    assert 'get_by_role("textbox", name="Username", exact=True).fill("demo")' in test_file.read_text()
