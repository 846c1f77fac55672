"""A modal whose form is a document of its own in an iframe, which loads its code only when the modal opens
(qBittorrent's "Add Torrent Link...": ``download.html`` and its MooTools scripts in ``downloadPage_iframe``).
The action after the click waited for those scripts' answers in the top page's Resource Timing, where a frame's
requests never show: ``page.wait_for_function(DATA_ANSWERED, …)`` timed out at every run. The scripts a wait for
the page's code names are now the top document's own (verdex/browser/network.py ``scripts_since``); the frame's
document is waited for as a frame's is. ``/frames/torrents.html``; without the fix the test fails at that wait."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_form_in_a_modal_frame_is_not_held_for_the_frames_code_in_the_top_page(session, apps, tmp_path):
    recording = tmp_path / "torrents.jsonl"
    session.record(recording, base_url=apps.url)
    await add_a_magnet_link(session, apps.url)
    session.record(None)

    python = runner.export_python(recording, tmp_path / "python", "torrents")
    source = python.read_text(encoding="utf-8")
    assert "/frames/add-link.js" not in source, source
    done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert done.passed, f"{source}\n{done.failure()}"


async def add_a_magnet_link(session, url: str) -> None:
    """Open ``/frames/torrents.html``, add the magnet link "sample-one" in its modal frame and see its row."""
    await call(session, "browser_navigate", url=url + "/frames/torrents.html")
    snapshot = (await call(session, "browser_snapshot")).text
    opened = await call(session, "browser_click", ref=ref_of(snapshot, 'button "Add link"'))
    await call(session, "browser_fill", ref=ref_of(opened.text, 'textbox "Links"'),
               value="magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=sample-one")
    await call(session, "browser_click", ref=ref_of(opened.text, 'button "Download"'))
    await call(session, "verify_text_visible", text="sample-one")
