"""A control whose only content is one named image (``<a><img alt="Delete"></a>``, an svg with an ``aria-label``)
is named by that image, as Chromium names a link by its image, also where the page gives the control no role (an
anchor with no href that a script wires up: a ``clickable``). Such a clickable was named by its class ("action")
and found by its place among the row's anchors of that class (``locator("a.action").nth(4)``); it is shown by
the image's name and found as the anchor that holds that image (``a:has(img[alt="Delete"])``) in the row that
tells it apart. A link with an href is found by its role and that name already; a glyph an icon font draws from
a class names nothing (``fixtures/apps/aria/icon-actions.html``)."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_formset_rows import _code
from tests.test_locator_names import _refs
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
WEEKLY = 'page.get_by_role("row").filter(has=page.get_by_role("cell", name="Weekly report", exact=True))'


async def test_a_control_holding_one_named_image_is_shown_and_found_by_that_images_name(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/icon-actions.html")
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    for shown in ('link "Pause"', 'link "Resume"', 'clickable "Delete"', 'clickable "Archive"'):
        assert text.count(shown + " [ref=") == 2, text
    codes = [await _code(tab, (await _refs(tab, re.escape(shown)))[1])
             for shown in ('link "Pause"', 'link "Resume"', 'clickable "Delete"', 'clickable "Archive"')]
    assert codes == [WEEKLY + '.get_by_role("link", name="Pause", exact=True)',
                     WEEKLY + '.get_by_role("link", name="Resume", exact=True)',
                     WEEKLY + '.locator("a:has(img[alt=\\"Delete\\"])")',
                     WEEKLY + '.locator("a:has([role=\\"img\\"][aria-label=\\"Archive\\"])")'], codes


async def test_a_glyph_drawn_from_a_class_names_no_control(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/icon-actions.html")
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    stops = [line for line in text.splitlines() if "clickable" in line and not re.search(r'"(Delete|Archive)"', line)]
    assert len(stops) == 2 and not any(re.search(r"Pause|Resume|Delete|Archive|Stop", line) for line in stops), text


async def test_a_click_on_a_rows_image_only_control_is_written_without_a_position_and_its_test_passes(
        session, apps, tmp_path):
    recording = tmp_path / "jobs.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/icon-actions.html")
    await actions.click(tab, (await _refs(tab, r'clickable "Delete"'))[1])
    assert (await assertions.text_visible(tab, "Deleted Weekly report")).passed
    session.record(None)
    source = exported_and_passed(recording, "jobs")
    assert ".nth(" not in source and 'a:has(img[alt="Delete"])' in source, source
