"""Icon actions inside a row a script wires up (pyLoad's package list: each package's name a div with a hand
cursor whose click opens its files, and inside it the package's actions, empty spans drawn by their ``::before``,
each named by its title, each with the hand cursor and a click listener of its own) are controls of their own:
the snapshot lists each as ``clickable "Delete Package"`` inside its row, and a click on one acts on that
package, not on the row. The snapshot called the row alone a control: the icons share its cursor, which is what
a row's text does too, so they were listed as nameless ``generic`` nodes with nothing saying which was which.
verdex now asks the page's own world which elements with a hand cursor inside such a row hold a click handler of
their own (verdex/bridge/handled_inside.js). ``fixtures/apps/aria/clickable-row-icons.html``; the icons are
faded out until the pointer is over the row, as pyLoad's are: Playwright's click moves the pointer there first."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_locator_names import _refs
from verdex import actions, assertions

pytestmark = pytest.mark.anyio


async def test_each_titled_icon_inside_a_wired_row_is_a_control_of_its_own(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/clickable-row-icons.html")
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    for title in ("Delete Package", "Edit Package", "Move Package To Queue"):
        assert text.count(f'clickable "{title}" [ref=') == 3, text
    assert text.count('clickable "Docs" [ref=') == 1, text               # the row is still one


async def test_a_click_on_an_icon_in_a_wired_row_acts_on_its_package_and_its_test_passes(session, apps, tmp_path):
    recording = tmp_path / "packages.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/clickable-row-icons.html")
    await actions.click(tab, (await _refs(tab, r'clickable "Edit Package"'))[1])
    assert (await assertions.text_visible(tab, "Edit Package: Manuals")).passed
    await actions.click(tab, (await _refs(tab, r'clickable "Delete Package"'))[2])
    assert (await assertions.text_visible(tab, "Delete Package: Videos")).passed
    session.record(None)
    source = exported_and_passed(recording, "packages")
    assert ".nth(" not in source, source
    assert 'filter(has_text="Manuals").get_by_title("EditPackage",exact=True)' in re.sub(r"\s+", "", source), source
