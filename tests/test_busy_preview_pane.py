"""A mailbox whose preview pane locks the app while it loads (Roundcube's shape: a message's click loads it into
an iframe a moment later, "Loading..." is up and every command is ignored until the frame's own script has run).
The test verdex wrote clicked "Delete" as soon as the link's click returned, while the preview still loaded, and
the click did nothing (two runs in three on Roundcube). The link's click now waits for the document it loaded into
the frame (generators/waits.py ``loaded_into_a_frame``), and the next action for the busy notice to be gone
(generators/busy_notices.py). ``/frames/mailbox.html``; without the fix neither wait is written."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.test_watch import call, ref_of
from verdex.generators.busy_notices import busy_notices_gone
from verdex.recording_format import STEP

pytestmark = pytest.mark.anyio


async def test_a_click_after_a_preview_that_locked_the_app_waits_for_the_frame_and_the_busy_notice(
        session, apps, tmp_path):
    recording = tmp_path / "mailbox.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/frames/mailbox.html")
    snapshot = (await call(session, "browser_snapshot")).text
    opened = await call(session, "browser_click", ref=ref_of(snapshot, 'link "Lunch on Thursday"'))
    assert 'toast "Loading..." (gone again)' in opened.text, opened.text
    await call(session, "browser_click", ref=ref_of(snapshot, 'button "Delete"'))
    await call(session, "verify_text_visible", text="Message deleted.")
    session.record(None)

    python = runner.export_python(recording, tmp_path / "python", "mailbox")
    source = python.read_text(encoding="utf-8")
    frame_wait = 'page.expect_response("**/frames/mail-message.html?**")'
    busy_gone = 'expect(page.get_by_text("Loading...", exact=True)).to_be_hidden()'
    assert frame_wait in source and busy_gone in source, source
    assert source.index(frame_wait) < source.index('name="Lunch on Thursday"') < source.index(busy_gone) \
        < source.index('name="Delete"'), source
    done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert done.passed, f"{source}\n{done.failure()}"
    spec = runner.export_typescript(recording, tmp_path / "typescript", "mailbox").read_text(encoding="utf-8")
    assert 'page.waitForResponse("**/frames/mail-message.html?**")' in spec, spec
    assert 'expect(page.getByText("Loading...", { exact: true })).toBeHidden()' in spec, spec


def _click(appeared: list[str], navigated: bool = False) -> object:
    return STEP.validate_python({"tool": "browser_click", "tab": "t1", "effects": {
        "appeared": appeared, "navigated": navigated, "url_before": "", "url_after": ""}})


def test_only_a_busy_notice_gone_again_on_the_same_page_is_waited_out():
    delete = _click([])
    loading = 'toast "Loading..." (gone again)'
    assert [w.text for w in busy_notices_gone([_click([loading]), delete], 2)] == ["Loading..."]
    assert busy_notices_gone([_click(['toast "Loading..."']), delete], 2) == []        # still up: not gone
    assert busy_notices_gone([_click(['toast "Saved" (gone again)']), delete], 2) == []   # an outcome
    assert busy_notices_gone([_click([loading], navigated=True), delete], 2) == []      # another page
