"""A modal that opens over the page blocks the controls behind it: a native <dialog> opened with showModal()
makes them inert (no attribute says so), a modal library hides them with aria-hidden or inert on each of its
siblings. They are still on the page, so an action's effects do not list each of them as gone when the modal
opens and as back when it closes: one line counts them. A control that really left the page meanwhile (the row
the dialog deleted) is still listed as gone. The page: fixtures/apps/settling/pools.html."""

from __future__ import annotations

import re

import pytest

from verdex import actions

pytestmark = pytest.mark.anyio

MODALS = ["native", "aria", "inert"]
BEHIND = 32          # "Create work pool", "Settings", and each of the ten rows' Edit, Delete and More (and the rows
                     # the action's locator gave a ref)
BLOCKED = re.compile(r'^  the page behind the dialog "Delete work pool" is blocked \((\d+) controls\)$', re.M)
BACK = re.compile(r"^  the page behind is back \((\d+) controls\)$", re.M)


def _ref(snapshot: str, line: str) -> str:
    return next(re.search(r"\[ref=(e\d+)\]", row).group(1) for row in snapshot.splitlines() if line in row)


def _listed(said: str, name: str) -> list[str]:
    """The lines of the effects' interactive elements that list a control of this name."""
    return [line for line in said.splitlines() if re.match(rf'\s+[-+] (button|link) "{name}"', line)]


@pytest.mark.parametrize("modal", MODALS)
async def test_a_modal_opened_and_cancelled_counts_the_page_behind_it_once_each_way(session, apps, modal):
    tab = await session.tab()
    await tab.navigate(apps.url + f"/settling/pools.html?modal={modal}")
    opened = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Delete pool-3"'))
    said = opened.effects.to_text()
    blocked = BLOCKED.search(said)
    assert blocked and int(blocked[1]) >= BEHIND, said
    assert _listed(said, "Cancel") and _listed(said, "Delete"), said            # what came is listed
    assert not _listed(said, "Edit") and not _listed(said, r"Delete pool-\d+"), said

    closed = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Cancel"'))
    said = closed.effects.to_text()
    back = BACK.search(said)
    assert back and back[1] == blocked[1], said
    assert not _listed(said, "Edit") and not _listed(said, "Create work pool"), said
    assert _listed(said, "Cancel"), said                                       # the dialog's own controls went


@pytest.mark.parametrize("modal", MODALS)
async def test_a_row_the_modal_deleted_is_still_listed_as_gone_when_the_page_behind_comes_back(session, apps, modal):
    tab = await session.tab()
    await tab.navigate(apps.url + f"/settling/pools.html?modal={modal}")
    opened = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Delete pool-3"'))
    blocked = BLOCKED.search(opened.effects.to_text())
    snapshot = (await tab.snapshot()).text
    deleted = await actions.click(tab, _ref(snapshot, 'button "Delete"'))
    said = deleted.effects.to_text()
    back = BACK.search(said)
    assert blocked and back and int(back[1]) < int(blocked[1]), said            # less the row that went
    gone = [line.strip() for line in _listed(said, "Delete pool-3") + _listed(said, "Edit")]
    assert [line[:2] + line.split(" [")[0][2:] for line in gone] == ['- button "Delete pool-3"', '- button "Edit"'], said


async def test_a_menu_that_hides_the_page_beside_it_counts_it_once_each_way(session, apps):
    """A row's menu that hides every sibling of itself with aria-hidden while it is open (Radix's DropdownMenu,
    Prefect's row menu)."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/settling/pools.html")
    snapshot = (await tab.snapshot()).text
    more = [row for row in snapshot.splitlines() if 'button "More"' in row][2]
    opened = await actions.click(tab, re.search(r"\[ref=(e\d+)\]", more)[1])
    said = opened.effects.to_text()
    blocked = re.search(r'^  the page behind the menu "pool-3 actions" is blocked \((\d+) controls\)$', said, re.M)
    assert blocked and int(blocked[1]) >= BEHIND, said
    assert _listed(said, "Edit") == [] and len(said.splitlines()) < 10, said

    closed = await actions.click(tab, _ref((await tab.snapshot()).text, 'menuitem "Pause"'))
    said = closed.effects.to_text()
    back = BACK.search(said)
    assert back and back[1] == blocked[1] and _listed(said, "Edit") == [], said
