"""A row's actions drawn in a column of their own (``fixtures/apps/aria/page-tree.html``): a CMS's page tree, each
page a row whose cells are columns side by side (its title, its state, its icon-only actions, alike in every row:
"Edit", "Add child page", "Move", "Delete", "Preview"). The row that holds the page's title tells one "Edit" from
the next, never its place among the page's "Edit" links, which a page added above it moves. Users rely on a click
on a row's action being written through that row, unique, in each shape such a tree is drawn in: a ul/li tree whose
li holds a row of div columns and its child pages' nested list, a grid of divs with no roles whose rows are
``div.grid-row`` (a layout word, found again as the row its siblings repeat), and a real ``<table>``. A tree whose
li holds its columns straight beside its title's anchor and its children's list (django CMS's own) is not yet
told apart: each li holds its descendants' actions too, and no element holds one page's row alone."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from verdex import actions, assertions, locators

pytestmark = pytest.mark.anyio
PAGE = "/aria/page-tree.html?shape="
SHAPES = ("tree", "grid", "table")
TITLES = ("Home", "About us", "Our team", "Blog", "Contact")
ACTIONS = ("Edit", "Add child page", "Move", "Delete", "Preview")
ACTION = re.compile(r'- (?:link|button|clickable) "(' + "|".join(ACTIONS) + r')" \[ref=(\w+)\]')


def action_refs(snapshot: str) -> dict[tuple[str, str], str]:
    """Each action's ref by its row's title and its name, read in the snapshot's order: a row's title, then its
    actions."""
    refs, title = {}, None
    for line in snapshot.splitlines():
        shown = next((t for t in TITLES if f'"{t}"' in line or line.strip() == f"- text: {t}"), None)
        if shown:
            title = shown
        found = ACTION.search(line)
        if found:
            refs[(title, found.group(1))] = found.group(2)
    return refs


async def _refs(tab) -> dict[tuple[str, str], str]:
    return action_refs((await tab.snapshot(mode="full", max_bytes=None)).text)


@pytest.mark.parametrize("shape", SHAPES)
async def test_every_rows_action_is_found_through_the_row_its_title_tells_apart(session, apps, shape):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE + shape)
    refs = await _refs(tab)
    assert len(refs) == len(TITLES) * len(ACTIONS), refs
    for (title, action), ref in refs.items():
        choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
        assert not choice.fallback and ".nth(" not in choice.code, (title, action, choice.code)
        assert choice.chosen.matches == 1 and choice.chosen.is_target, (title, action, choice.chosen)
        assert f'"{title}"' in choice.code, (title, action, choice.code)


@pytest.mark.xfail(strict=True, reason="a li that holds its columns beside its children's list: no element holds "
                   "one page's row alone, so its actions are found by position")
async def test_a_tree_whose_items_hold_their_columns_beside_their_children_finds_a_child_pages_action(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE + "jstree")
    choice = await locators.choose(tab.page, await tab.candidates((await _refs(tab))[("Blog", "Edit")]),
                                   tab.test_id_attribute)
    assert not choice.fallback and ".nth(" not in choice.code, choice.code


async def test_a_click_on_a_rows_action_in_each_shape_is_written_through_its_row_and_its_test_passes(
        session, apps, tmp_path):
    recording = tmp_path / "pages.jsonl"
    session.record(recording)
    tab = await session.tab()
    clicks = {"tree": ("Blog", "Edit", "Editing Blog"), "grid": ("About us", "Move", "Moving About us"),
              "table": ("Our team", "Delete", "Deleting Our team")}
    for shape, (title, action, said) in clicks.items():
        await actions.navigate(tab, apps.url + PAGE + shape)
        result = await actions.click(tab, (await _refs(tab))[(title, action)])
        assert ".nth(" not in result.locator.code and f'"{title}"' in result.locator.code, result.locator.code
        assert (await assertions.text_visible(tab, said)).passed
    session.record(None)
    source = exported_and_passed(recording, "pages")
    assert ".nth(" not in source and "noqa: VDX001" not in source, source
    assert 'page.locator("div.grid-row").filter(has_text="About us")' in source, source
