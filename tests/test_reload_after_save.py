"""A form whose save the app follows by loading the same URL again (qBittorrent's Options: ``POST
/api/v2/app/setPreferences``, then ``location.reload()``). The URL does not move, so no URL check
waited for the new page, and the waits after the click read the old one, which held at once: the
next click went to the page about to go. An action that loaded its page again at the same URL now
waits for the new page's load event (``waits.reloaded_its_page``, ``Action.reloads``).
``/settling/reload-after-save.html``; without the fix the test clicks Options on the old page and
its check of the saved limit fails."""

from __future__ import annotations

import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_save_followed_by_a_reload_waits_for_the_reloaded_page(session, apps, tmp_path):
    recording = tmp_path / "options.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/settling/reload-after-save.html")
    await open_options(session)
    opened = await call(session, "browser_snapshot")
    await call(session, "browser_fill", ref=ref_of(opened.text, 'textbox "Download limit"'),
               value="512")
    await call(session, "browser_click", ref=ref_of(opened.text, 'button "Save"'))
    await open_options(session)
    await call(session, "verify_text_visible", text="Download limit is 512 KiB/s")
    session.record(None)

    served = {"serve": lambda _seed: nullcontext(apps.url)}
    python = runner.export_python(recording, tmp_path / "python", "options")
    source = python.read_text(encoding="utf-8")
    done = runner.run_pytest(python, None, **served)
    assert done.passed, f"{source}\n{done.failure()}"
    if shutil.which("npx") is None:
        pytest.skip("Node.js is not installed")
    with runner.exported_spec(recording, "options") as spec:
        typescript = spec.read_text(encoding="utf-8")
        ran = runner.run_typescript(spec.parent, **served)
        assert ran.passed, f"{typescript}\n{ran.tail()}"


async def open_options(session) -> None:
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_click", ref=ref_of(snapshot, 'button "Options"'))
