"""Tabs, frames, downloads and uploads through the MCP tools, and pages that abuse them: endless
popups and endless dialogs are bounded and reported, a 1 GB download is cancelled over the cap."""

from __future__ import annotations

import re
import tempfile
import time

import anyio
import pytest
from mcp import Client

from verdex.browser.session import BrowserOptions, Session
from verdex.server import build_server

pytestmark = pytest.mark.anyio


@pytest.fixture
async def client(tmp_path):
    options = BrowserOptions(download_dir=str(tmp_path / "downloads"), max_download_bytes=20 * 1024 * 1024, max_tabs=5)
    async with Client(build_server(options, caps=("tabs", "files"))) as c:
        yield c


async def _ref(client, pattern: str) -> str:
    text = (await client.call_tool("browser_snapshot", {})).content[0].text
    return re.search(pattern + r" \[ref=(e\d+)\]", text).group(1)


async def test_tab_tools_are_behind_capability_groups():
    async with Client(build_server(caps=("tabs", "files"))) as c:
        names = {t.name for t in (await c.list_tools()).tools}
    assert {"browser_tabs", "browser_tab_select", "browser_tab_new", "browser_tab_close", "browser_frames",
            "browser_downloads", "browser_upload"} <= names


async def test_a_popup_is_a_tab_with_its_opener_and_tabs_can_be_selected_opened_and_closed(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/"})
    clicked = await client.call_tool("browser_click", {"ref": await _ref(client, 'link "Open the note in a new tab"')})
    new_tab = clicked.structured_content["effects"]["new_tabs"][0]
    listed = (await client.call_tool("browser_tabs", {})).structured_content["tabs"]
    opener = next(t for t in listed if t["url"].endswith("/tabs/"))
    popup = next(t for t in listed if t["id"] == new_tab)
    assert popup["opener"] == opener["id"] and opener["active"]

    selected = (await client.call_tool("browser_tab_select", {"tab": new_tab})).structured_content["tabs"]
    assert next(t for t in selected if t["active"])["id"] == new_tab
    assert "Note inside a same-origin frame." in (await client.call_tool("browser_snapshot", {})).content[0].text

    opened = await client.call_tool("browser_tab_new", {"url": apps.url + "/login/"})
    active = next(t for t in opened.structured_content["tabs"] if t["active"])
    assert active["url"] == apps.url + "/login/" and active["title"]

    closed = (await client.call_tool("browser_tab_close", {"tab": active["id"]})).structured_content["tabs"]
    assert active["id"] not in {t["id"] for t in closed} and sum(t["active"] for t in closed) == 1
    unknown = await client.call_tool("browser_tab_close", {"tab": "t999"})
    assert unknown.is_error and "INVALID_ARGUMENT" in unknown.content[0].text


async def test_endless_popups_are_capped_and_counted_and_the_server_stays_alive(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/popups.html"})
    await client.call_tool("browser_click", {"ref": await _ref(client, 'button "Open offers"')})
    listing = {"refused_popups": 0}
    with anyio.fail_after(60):                                    # the page opens a window every 20 ms, forever
        while listing["refused_popups"] <= 10:
            listing = (await client.call_tool("browser_tabs", {})).structured_content
            assert len(listing["tabs"]) <= listing["max_tabs"] == 5
            await anyio.sleep(0.1)
    result = await client.call_tool("browser_tabs", {})
    assert "popup(s) closed at once: the role had 5 tabs open" in result.content[0].text
    full = await client.call_tool("browser_tab_new", {})
    assert full.is_error and "INVALID_ARGUMENT" in full.content[0].text and "close one first" in full.content[0].text
    opener = next(t for t in listing["tabs"] if t["url"].endswith("/popups.html"))
    await client.call_tool("browser_tab_select", {"tab": opener["id"]})
    assert not (await client.call_tool("browser_snapshot", {})).is_error


async def test_endless_dialogs_are_dismissed_after_the_cap_and_reported(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/dialogs.html"})
    clicked = await client.call_tool("browser_click", {"ref": await _ref(client, 'button "Claim your prize"')})
    assert "dialog: alert 'You won! (1)'" in clicked.content[0].text
    answered = auto_dismissed = 0
    with anyio.fail_after(60):
        while not auto_dismissed:                                  # answer each dialog until verdex takes over
            if not (await client.call_tool("browser_dialog", {"accept": True})).is_error:
                answered += 1
                continue
            tabs = (await client.call_tool("browser_tabs", {})).structured_content["tabs"]
            auto_dismissed = next(t for t in tabs if t["active"])["dialogs_auto_dismissed"]
            await anyio.sleep(0.05)
    assert answered == 20
    snapshot = await client.call_tool("browser_snapshot", {})
    assert not snapshot.is_error


async def test_a_download_is_saved_with_name_size_path_and_state(client, apps, tmp_path):
    await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/"})
    clicked = await client.call_tool("browser_click", {"ref": await _ref(client, 'link "Download the report"')})
    saved = tmp_path / "downloads" / "report.csv"
    assert f'd1 "report.csv" completed, 2048 bytes, saved to {saved}' in clicked.content[0].text
    assert saved.read_bytes() == bytes(2048)
    listing = (await client.call_tool("browser_downloads", {})).structured_content
    assert listing["downloads"][0] == {"id": "d1", "tab": listing["downloads"][0]["tab"], "url": apps.url + "/download/zeros.bin?bytes=2048&name=report.csv",
                                       "name": "report.csv", "state": "completed", "size": 2048, "path": str(saved),
                                       "reason": None}


async def test_a_one_gigabyte_download_is_cancelled_over_the_cap_and_nothing_hangs(client, apps, tmp_path):
    await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/"})
    started = time.monotonic()
    clicked = await client.call_tool("browser_click", {"ref": await _ref(client, 'link "Download the 1 GB image"')})
    assert time.monotonic() - started < 20
    download = None
    with anyio.fail_after(20):
        while download is None or download["state"] == "in_progress":
            download = (await client.call_tool("browser_downloads", {})).structured_content["downloads"][-1]
            await anyio.sleep(0.1)
    assert download["state"] == "canceled" and download["name"] == "huge.iso"
    assert download["reason"] == f"larger than the cap of {20 * 1024 * 1024} bytes"
    assert 20 * 1024 * 1024 < download["size"] < 1024 ** 3
    assert download["path"] is None and not (tmp_path / "downloads" / "huge.iso").exists()
    assert not list((tmp_path / "downloads" / ".incoming").glob("*.crdownload"))      # the partial file is gone
    assert "huge.iso" in clicked.content[0].text
    assert not (await client.call_tool("browser_snapshot", {})).is_error


async def test_upload_through_a_file_input_and_through_a_file_chooser(client, apps, tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("alpha")
    second.write_text("beta!")
    await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/"})
    uploaded = await client.call_tool("browser_upload", {"ref": await _ref(client, 'button "Attachment"'),
                                                         "paths": [str(first), str(second)]})
    assert not uploaded.is_error, uploaded.content[0].text
    assert "Chosen: a.txt (5 bytes), b.txt (5 bytes)" in uploaded.content[0].text
    chosen = await client.call_tool("browser_upload", {"ref": await _ref(client, 'button "Choose a photo"'),
                                                       "paths": [str(first)]})
    assert "Chosen: a.txt (5 bytes)" in chosen.content[0].text


async def test_upload_of_a_missing_file_is_an_invalid_argument(client, apps, tmp_path):
    await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/"})
    ref = await _ref(client, 'button "Attachment"')
    for paths in ([str(tmp_path / "nope.txt")], [], [str(tmp_path)]):
        result = await client.call_tool("browser_upload", {"ref": ref, "paths": paths})
        assert result.is_error and "INVALID_ARGUMENT" in result.content[0].text, paths


async def test_frames_are_listed_with_url_origin_name_and_whether_cross_origin(client, apps, other_origin):
    page = f"{apps.url}/reading/cross-origin.html?other={other_origin.url}"
    await client.call_tool("browser_navigate", {"url": page})
    with anyio.fail_after(10):
        while len(frames := (await client.call_tool("browser_frames", {})).structured_content["frames"]) < 2:
            await anyio.sleep(0.05)
    same, cross = frames
    assert same == {"url": apps.url + "/reading/note.html", "origin": apps.url, "name": "same", "depth": 1,
                    "cross_origin": False, "parent_url": page}
    assert cross == {"url": other_origin.url + "/reading/partner.html", "origin": other_origin.url, "name": "other",
                     "depth": 1, "cross_origin": True, "parent_url": page}


async def test_a_session_that_saved_nothing_leaves_no_folder_behind_and_one_that_did_keeps_its_file(apps, tmp_path,
                                                                                                    monkeypatch):
    """With no download folder given, each session makes a temporary one; at its end the folder goes when
    nothing was saved in it (shell sessions and proving runs open thousands), and stays with what was."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    async with Session(record=False) as session:
        await (await session.tab()).navigate(apps.url + "/tabs/")
    assert not list(tmp_path.glob("verdex-downloads-*"))
    async with Client(build_server(caps=("files",))) as client:
        await client.call_tool("browser_navigate", {"url": apps.url + "/tabs/"})
        clicked = await client.call_tool("browser_click", {"ref": await _ref(client, 'link "Download the report"')})
        assert "completed, 2048 bytes" in clicked.content[0].text
    assert [p.name for p in tmp_path.glob("verdex-downloads-*/**/*")] == ["report.csv"], list(tmp_path.rglob("*"))
