"""Roving tabindex groups whose members are straight in a shadow root (``fixtures/apps/components/roving-shadow.html``):
a web component whose render() returns its items and nothing around them — a toolbar's tools, or a file list's
rows each holding a file's name — one member with tabindex=0, the others -1, no role, hand cursor or listener of
their own (the component listens on its shadow root). A member's peers are its siblings, or the elements in its
place in its item's siblings; a member straight in a shadow root has no parent element, so it had no peers and
no ref (issue #32: only the focused row of a file list had one), plain text nothing offered to click. The
shadow root is the members' parent now: every tool and every file has a ref, and a click on the third file is
written without a place and its exported test passes."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_component_rows import _refs
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
PAGE = "/components/roving-shadow.html"
TOOLS = ("New file", "Upload", "Refresh", "Sort by name")
FILES = ("drafts", "photos", "notes.txt", "todo.md")


async def test_every_member_of_a_roving_group_straight_in_a_shadow_root_has_a_ref(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    assert await _refs(tab, r'- clickable "([^"]+)" \[ref=e\d+\]') == [*TOOLS, *FILES]


async def test_a_click_on_the_third_file_is_written_without_a_place_and_its_test_passes(session, apps, tmp_path):
    recording = tmp_path / "files.jsonl"
    session.record(recording)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + PAGE)
    notes, = await _refs(tab, r'- clickable "notes.txt" \[ref=(e\d+)\]')
    result = await actions.click(tab, notes)
    assert ".nth(" not in result.locator.code, result.locator.code
    assert (await assertions.text_visible(tab, "Opened: notes.txt")).passed
    session.record(None)
    source = exported_and_passed(recording, "files")
    assert ".nth(" not in source, source
