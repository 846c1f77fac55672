"""A file browser as JupyterLab's (``fixtures/apps/settling/files.html``), recorded as an agent drives it from
the shell, exported and run by pytest. Three classes JupyterLab 4.6 showed:

- a row's age "now" told the new folder's row apart: the rename field was waited for as
  ``get_by_role("listitem").filter(has_text="now").get_by_role("textbox")``, which says "2s ago" a second
  later, and the test failed at that wait on every run. A text that is nothing but a relative time word is
  volatile now, as "5m ago" was;
- a roving tabindex group whose members sit in rows of their own: only the active row's name (role=button,
  tabindex=0) had a ref; the other files (tabindex=-1, each in its own <li>) were plain text, so nothing
  offered to open notes.txt. Their peers are found in the same place in the sibling rows now;
- an editing host found by the text it shows: CodeMirror 6's contenteditable was typed into by
  ``get_by_text("Shopping listmilk", exact=True)``, the file's content, which the test changes and saves. An
  editing host's text is its value, as a field's is: never its locator."""

from __future__ import annotations

import re

import pytest

from tests.flows import runner
from verdex.browser.session import Session
from verdex.tools import TOOLS, Reply

pytestmark = pytest.mark.anyio


async def call(session: Session, tool: str, **arguments: object) -> Reply:
    return await TOOLS[tool](session, arguments)


def ref_of(snapshot: str, line: str) -> str:
    found = re.search(re.escape(line) + r" \[ref=(\w+)\]", snapshot)
    assert found, snapshot
    return found.group(1)


async def test_a_new_folder_named_in_its_row_is_not_found_by_its_age(session, apps, tmp_path):
    recording = tmp_path / "folder.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/settling/files.html")
    new_folder = ref_of((await call(session, "browser_snapshot")).text, 'button "New Folder"')
    clicked = (await call(session, "browser_click", ref=new_folder)).text
    field = re.search(r"\+ textbox \[ref=(\w+)\]", clicked).group(1)
    await call(session, "browser_fill", ref=field, value="reports")
    await call(session, "browser_press", key="Enter")
    await call(session, "verify_text_visible", text="reports")
    session.record(None)
    python = runner.export_python(recording, tmp_path, "folder")
    source = python.read_text(encoding="utf-8")
    assert '"now"' not in source and "to_be_focused()" in source, source
    done = runner.run_pytest(python, None)
    assert done.passed, f"{source}\n{done.tail()}"


async def test_every_file_of_a_roving_group_in_rows_of_their_own_has_a_ref(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/settling/files.html")
    snapshot = (await call(session, "browser_snapshot")).text
    assert re.search(r'button "drafts" \[ref=\w+\]', snapshot), snapshot
    assert re.search(r'clickable "notes.txt" \[ref=\w+\]', snapshot), snapshot


async def test_an_editing_host_is_not_found_by_the_text_it_shows(session, apps, tmp_path):
    recording = tmp_path / "editor.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/settling/files.html")
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_click", ref=ref_of(snapshot, 'clickable "notes.txt"'), click_count=2)
    editor = re.search(r"textbox \[ref=(\w+)\]: \"Shopping list", snapshot).group(1)
    await call(session, "browser_press", key="Control+End")
    await call(session, "browser_type", ref=editor, text=" eggs")
    await call(session, "browser_click", ref=ref_of(snapshot, 'button "Save"'))
    await call(session, "verify_text_visible", text="Saved: Shopping list / milk eggs")
    session.record(None)
    python = runner.export_python(recording, tmp_path, "editor")
    source = python.read_text(encoding="utf-8")
    assert "Shopping list" not in source.split("Saved:")[0], source
    assert '.get_by_role("textbox").press_sequentially(" eggs")' in source, source
    done = runner.run_pytest(python, None)
    assert done.passed, f"{source}\n{done.tail()}"
