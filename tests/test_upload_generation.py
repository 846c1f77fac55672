"""An upload the agent did becomes an upload in the generated tests: the files are copied into
upload_files/ beside the test, a file input gets set_input_files, a button that opens a file chooser
is clicked inside expect_file_chooser; both generated tests run, and replay uploads them again
(fixture page /tabs/). A file chooser whose files the page sends at once (``/imports/`` in
tests/generation_apps.py, Label Studio's import dialog) gets them inside the wait for that request's answer."""

from __future__ import annotations

import re
import shutil
from contextlib import nullcontext

import pytest

from verdex.generators import GenerationError, export
from tests.flows import runner
from tests.generation_apps import generation_apps
from verdex import actions, assertions
from verdex.replay import render, replay

pytestmark = pytest.mark.anyio


async def _record(session, apps, recording, files) -> None:
    recorder = session.record(recording, base_url=apps.url)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/tabs/")
    text = (await tab.snapshot()).text
    attachment = re.search(r'button "Attachment" \[ref=(e\d+)\]', text).group(1)
    photo = re.search(r'button "Choose a photo" \[ref=(e\d+)\]', text).group(1)
    await actions.upload(tab, attachment, [str(files[0]), str(files[1])])
    await assertions.text_visible(tab, "Chosen: notes.txt (5 bytes), notes.txt (6 bytes)")
    await actions.upload(tab, photo, [str(files[0])])
    await assertions.text_visible(tab, "Chosen: notes.txt (5 bytes)")
    recorder.close()


@pytest.fixture
def files(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / "notes.txt", tmp_path / "b" / "notes.txt"   # the same name, twice
    first.write_text("alpha")
    second.write_text("beta!!")
    return first, second


async def test_uploads_are_generated_with_their_files_and_both_tests_pass(session, apps, tmp_path, files):
    recording = tmp_path / "upload.jsonl"
    await _record(session, apps, recording, files)
    python = runner.export_python(recording, tmp_path / "python", "upload")
    source = python.read_text()
    assert "set_input_files(" in source and "expect_file_chooser()" in source, source
    assert (python.parent / "upload_files" / "notes.txt").read_text() == "alpha"
    assert (python.parent / "upload_files" / "2" / "notes.txt").read_text() == "beta!!"   # its name kept
    python_run = runner.run_pytest(python, seed=None)
    assert python_run.passed, python_run.tail()
    with runner.exported_spec(recording, "upload") as spec:
        assert 'waitForEvent("filechooser")' in spec.read_text() and "setInputFiles(" in spec.read_text()
        typescript_run = runner.run_typescript(spec.parent)
    assert typescript_run.passed, typescript_run.tail()


async def test_an_uploaded_file_gone_before_export_is_a_generation_error(session, apps, tmp_path, files):
    recording = tmp_path / "upload.jsonl"
    await _record(session, apps, recording, files)
    files[1].unlink()
    target = tmp_path / "out" / "test_upload.py"
    with pytest.raises(GenerationError, match="no longer there"):
        export(recording, target="python", path=target, name="upload")
    assert not target.exists()


async def test_replay_uploads_the_recorded_files_again(session, apps, tmp_path, files):
    recording = tmp_path / "upload.jsonl"
    await _record(session, apps, recording, files)
    reports = await replay(str(recording), base_url=apps.url, session=session)
    assert [r.tool for r in reports] == ["browser_navigate", "browser_upload", "verify_text_visible",
                                         "browser_upload", "verify_text_visible"]
    assert all(r.ok for r in reports), render(reports)
    files[1].unlink()
    reports = await replay(str(recording), base_url=apps.url, session=session)
    assert any("uploaded file no longer there" in d for d in reports[1].drift), render(reports)


async def test_the_request_a_chosen_file_sends_is_waited_for_after_the_files_are_set(session, tmp_path, files):
    """The click opens the chooser; the request comes once the files are set. A wait for its answer around the
    click alone ends before they are set, and never sees it (Label Studio's import: 30 s, then proving dropped
    the wait)."""
    recording = tmp_path / "imports.jsonl"
    with generation_apps() as (url, _apps):
        recorder = session.record(recording, base_url=url)
        tab = await session.tab()
        await actions.navigate(tab, url + "/imports/")
        button = re.search(r'button "Upload file" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
        await actions.upload(tab, button, [str(files[0])])
        await assertions.text_visible(tab, "Imported 5 bytes")
        recorder.close()
        python = runner.export_python(recording, tmp_path / "python", "imports")
        source = python.read_text()
        assert '"**/api/imports"' in source and "expect_file_chooser()" in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "imports") as spec:
            typescript = spec.read_text()
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{typescript}\n{done.tail()}"
