"""A control of the one item of a list whose name every item has a copy of: the one todo's "Delete", the one table
row's "Edit" link, the one card's "×" named "Remove". Recorded on a list of one item, ``get_by_role("button",
name="Delete")`` is unique and came first; the exported test found two as soon as the list held a second item (the
app kept a run's item, a seed grew) and failed on strict mode. Users rely on such a control being written inside its
item, told apart by the item's own text (``get_by_role("listitem").filter(has_text="buy milk").get_by_role("button",
name="Delete")``), so that the test still finds one when a second item exists. A test id that echoes such a
control's name (``archive`` on the one row's "Archive") is every item's copy too. These stay as they were,
page-wide: a control named by the item's own text (the row's "Ada Lovelace" link, the checkbox the todo's label
names), a control outside any item (the cards' toolbar "Clear all"), a test id that holds the item's title (the one
team's "Leave", ``leave-design``), and the control of an item that shows nothing steady to tell it by (a session
shown by the id its server made: the text rules of containers apply to the item's title)
(``fixtures/apps/aria/lone-item-controls.html``). A flow recorded on a todo list the server keeps, holding one
todo, exports a test that still passes, in pytest and in Playwright Test, once the server keeps a second
(``fixtures/apps/aria/kept-todos.html``)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows.runner import exported_spec, run_pytest, run_typescript
from tests.recorded_flows import exported_beside
from tests.test_held_titled_icons import squeezed
from tests.test_locator_names import _refs
from verdex import actions, assertions, locators

pytestmark = pytest.mark.anyio

PAGE = "/aria/lone-item-controls.html"
ADD = ("Add todo", "Add person", "Add product")


async def _code(tab, pattern: str) -> str:
    [ref] = await _refs(tab, pattern)
    return (await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code


async def _codes(tab, patterns: dict[str, str]) -> dict[str, str]:
    return {name: await _code(tab, pattern) for name, pattern in patterns.items()}


async def _counts_with_a_second_item(tab, codes: dict[str, str]) -> dict[str, int]:
    for add in ADD:
        await tab.page.get_by_role("button", name=add).click()
    return {name: await eval(code, {"page": tab.page}).count() for name, code in codes.items()}


async def test_a_control_every_item_has_a_copy_of_is_found_inside_its_item_by_the_items_own_text(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    codes = await _codes(tab, {"delete": r'- button "Delete"', "edit": r'- link "Edit"', "remove": r'- button "Remove"',
                               "archive": r'- button "Archive"'})
    assert codes == {
        "delete": 'page.get_by_role("listitem").filter(has_text="buy milk").get_by_role("button", name="Delete", '
                  'exact=True)',
        "edit": 'page.get_by_role("row").filter(has=page.get_by_role("cell", name="Ada Lovelace", exact=True))'
                '.get_by_role("link", name="Edit", exact=True)',
        "remove": 'page.get_by_role("article").filter(has=page.get_by_role("heading", name="Pixel 8", exact=True))'
                  '.get_by_role("button", name="Remove", exact=True)',
        "archive": 'page.get_by_role("row").filter(has=page.get_by_role("cell", name="Ada Lovelace", exact=True))'
                   '.get_by_role("button", name="Archive", exact=True)',
    }, codes
    assert await _counts_with_a_second_item(tab, codes) == {name: 1 for name in codes}


async def test_a_control_named_by_its_items_text_or_outside_any_item_stays_page_wide(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    codes = await _codes(tab, {"todo": r'- checkbox "buy milk"', "person": r'- link "Ada Lovelace"',
                               "toolbar": r'- button "Clear all"', "team": r'- button "Leave"'})
    assert codes == {"todo": 'page.get_by_role("checkbox", name="buy milk", exact=True)',
                     "person": 'page.get_by_role("link", name="Ada Lovelace", exact=True)',
                     "toolbar": 'page.get_by_role("button", name="Clear all", exact=True)',
                     "team": 'page.get_by_test_id("leave-design")'}, codes
    assert await _counts_with_a_second_item(tab, codes) == {name: 1 for name in codes}


async def test_a_control_of_an_item_told_by_nothing_steady_stays_page_wide(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    assert await _code(tab, r'- button "Revoke"') == 'page.get_by_role("button", name="Revoke", exact=True)'


async def test_a_flow_on_the_one_kept_todo_passes_once_the_server_keeps_a_second(session, apps, tmp_path):
    apps.reset_todos()
    recording = tmp_path / "kept.jsonl"
    session.record(recording)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/aria/kept-todos.html")
    assert (await assertions.text_visible(tab, "buy milk")).passed
    [edit] = await _refs(tab, r'- button "Edit"')
    await actions.click(tab, edit)
    assert (await assertions.text_visible(tab, "Editing buy milk")).passed
    session.record(None)
    await tab.page.get_by_role("button", name="Add todo").click()          # the server keeps "walk the dog" too
    await tab.page.get_by_text("walk the dog").wait_for()
    as_it_is = lambda _seed: nullcontext(apps.url)                  # noqa: E731  (the server that keeps two todos)
    path = exported_beside(recording, "kept")
    source = path.read_text(encoding="utf-8")
    assert squeezed('filter(has_text="buy milk").get_by_role("button", name="Edit", exact=True)') in squeezed(source), \
        source
    run = run_pytest(path, None, serve=as_it_is)
    assert run.passed, f"{source}\n{run.tail()}"
    with exported_spec(recording, "kept") as spec:
        run = run_typescript(spec.parent, serve=as_it_is)
        assert run.passed, f"{spec.read_text(encoding='utf-8')}\n{run.tail()}"
    apps.reset_todos()
