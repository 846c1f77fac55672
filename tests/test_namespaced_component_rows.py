"""Rows a component draws whose tag carries a one-letter namespace (``fixtures/apps/components/namespaced-rows.html``):
Lightning Web Components name an app's own components ``c-…`` (``c-task-item``), and design systems theirs
``x-…``. Such a tag names the component as ``tb-data-table-content-row`` does (tests/test_component_rows.py), yet a
tag was taken for a component's only when its first part had two letters or more, so each task's nameless checkbox
and its "Delete", which every task has, were found by their place on the page (``.nth(1)``). Now the row is the
``c-task-item`` the task's title tells apart, and a recorded flow's exported test passes."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_component_rows import _refs
from tests.test_formset_rows import _code
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
PAGE = "/components/namespaced-rows.html"
TASK = 'page.locator("c-task-item").filter(has_text="{title}")'
TITLES = ("Call the plumber", "Renew the passport", "Book the flights")


async def test_a_rows_controls_are_found_in_the_row_its_title_tells_apart(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    boxes = await _refs(tab, r"- checkbox \[ref=(e\d+)\]")
    deletes = await _refs(tab, r'- button "Delete" \[ref=(e\d+)\]')
    assert [await _code(tab, ref) for ref in boxes] == [
        TASK.format(title=title) + '.get_by_role("checkbox")' for title in TITLES]
    assert [await _code(tab, ref) for ref in deletes] == [
        TASK.format(title=title) + '.get_by_role("button", name="Delete", exact=True)' for title in TITLES]


async def test_a_flow_on_the_second_task_is_written_without_a_place_and_its_test_passes(session, apps, tmp_path):
    recording = tmp_path / "tasks.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    await actions.set_checked(tab, (await _refs(tab, r"- checkbox \[ref=(e\d+)\]"))[1], True)
    assert (await assertions.text_visible(tab, "Renew the passport: done")).passed
    await actions.click(tab, (await _refs(tab, r'- button "Delete" \[ref=(e\d+)\]'))[1])
    assert (await assertions.text_visible(tab, "Deleted Renew the passport")).passed
    session.record(None)
    source = exported_and_passed(recording, "tasks")
    assert ".nth(" not in source and TASK.format(title="Renew the passport") in source, source
