"""A text field that is an editing host with no role (tests/editing_apps.py), recorded in a real Chromium,
exported and run by pytest and by ``npx playwright test``:

- the snapshot shows it as ``editable`` with a ref, named by its label or the placeholder the editor draws,
  and its text as a field's value — a rich-text editor's body in a same-origin ``about:srcdoc`` iframe
  (TinyMCE, CKEditor 4) and a ``contenteditable`` div (Quill, ProseMirror) — where there was nothing to
  type into (a ``paragraph`` inside an iframe, and no line at all);
- filled through the ref, the test fills it by a locator Playwright finds it by, without a position, and the
  server gets what was typed;
- the frame is said to be the page's own origin, not cross-origin.
"""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.editing_apps import editing_apps
from tests.flows import runner
from tests.flows.agent import CAPS, Agent, recording_client

pytestmark = pytest.mark.anyio

SAVED = 'Saved Walks: Ten walks by the sea (The best coastal walks)'


async def test_an_editing_host_with_no_role_is_shown_filled_and_exported_by_a_locator_playwright_finds(tmp_path):
    recording = tmp_path / "post.jsonl"
    with editing_apps() as (url, apps):
        async with recording_client(recording, caps=(*CAPS, "tabs")) as client:
            agent = Agent(client)
            await agent.navigate(url + "/post/")
            snapshot = await agent.snapshot()
            assert 'editable "Rich Text Area" [ref=' in snapshot and 'editable "Write a summary" [ref=' in snapshot, \
                snapshot
            frames = (await agent.must("browser_frames")).text
            assert "about:srcdoc" in frames and "same-origin" in frames and "cross-origin" not in frames, frames
            await agent.fill("textbox", "Title", "Walks")
            body = await agent.fill("editable", "Rich Text Area", "Ten walks by the sea")
            assert 'editable "Rich Text Area"' in body.text and '"Ten walks by the sea"' in body.text, body.text
            await agent.fill("editable", "Write a summary", "The best coastal walks")
            await agent.click("button", "Save", expect_text=SAVED)
            await agent.verify_text(SAVED)
        assert apps.posts[-1]["body"] == "Ten walks by the sea", apps.posts
        python = runner.export_python(recording, tmp_path, "post")
        source = python.read_text(encoding="utf-8")
        assert ".nth(" not in source and "noqa" not in source, source
        assert 'page.frame_locator(\'iframe[title="Body"]\').get_by_label("Rich Text Area", exact=True)' in source, source
        assert '.locator("div.summary-editor").fill("The best coastal walks")' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        assert len(apps.posts) == 2 and apps.posts[-1] == apps.posts[0], apps.posts
        with runner.exported_spec(recording, "post") as spec:
            spec_source = spec.read_text(encoding="utf-8")
            ran = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert ran.passed, f"{spec_source}\n{ran.output[-3000:]}"
        assert apps.posts[-1] == apps.posts[0], apps.posts
