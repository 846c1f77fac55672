"""A test id on an item of a list, or on a part of one, that names the item's kind, not which item: Playwright's own
TodoMVC demo marks each todo ``<li data-testid="todo-item">`` and its title ``<label data-testid="todo-title">``;
a table marks each row ``"order-row"``, a grid each card ``"product-card"``. Recorded on a list of one item, such a
test id is unique and came first, ``get_by_test_id("todo-title")``, and the test found two as soon as a second item
existed (a second run of a flow that creates one, a seed that differs). It names a kind as a test id every item
shares does: what the target shows, or its role and name, comes first, and the item it is in is found by what that
item holds. A test id that holds the item's own words or an id's digits (``row-buy-milk``, ``nav-home`` on the link
"Home", ``todo-42``, ``card-pixel-8``) names the one, and still comes first
(``fixtures/apps/aria/one-item-test-ids.html``)."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_locator_names import _refs
from verdex import actions, assertions, locators

pytestmark = pytest.mark.anyio

PAGE = "/aria/one-item-test-ids.html"


async def _test_id_refs(tab) -> dict[str, str]:
    """A ref for each element with a test id on the page (the structure tools hand them out, as an agent asks)."""
    [field] = await _refs(tab, r'textbox "What needs to be done\?"')
    main = next(a.ref for a in (await tab.ancestors(field)).ancestors if a.tag == "main")
    items = (await tab.descendants(main, depth=12, max_items=300)).items
    return {item.test_id: item.ref for item in items if item.test_id and item.ref}


async def _code(tab, ref: str) -> str:
    return (await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code


async def _count(tab, code: str) -> int:
    return await eval(code, {"page": tab.page}).count()


async def test_the_one_todo_and_its_title_are_found_by_what_they_show_not_by_their_kinds_test_id(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    refs = await _test_id_refs(tab)
    [checkbox] = await _refs(tab, r"- checkbox \[ref=")
    codes = [await _code(tab, refs["todo-title"]), await _code(tab, checkbox), await _code(tab, refs["todo-item"])]
    assert codes == ['page.get_by_text("buy milk", exact=True)',
                     'page.get_by_test_id("todo-item").filter(has_text="buy milk").get_by_role("checkbox")',
                     'page.get_by_test_id("todo-item").filter(has_text="buy milk")'], codes
    await tab.page.get_by_placeholder("What needs to be done?").fill("walk the dog")
    await tab.page.keyboard.press("Enter")
    assert [await _count(tab, code) for code in codes] == [1, 1, 1]


async def test_the_one_row_and_the_one_card_are_found_by_what_they_hold(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    refs = await _test_id_refs(tab)
    codes = [await _code(tab, refs[test_id]) for test_id in ("order-row", "order-customer", "product-card")]
    assert codes == ['page.get_by_test_id("order-row").filter(has=page.get_by_role("cell", name="Ada Lovelace", '
                     'exact=True))',
                     'page.get_by_role("cell", name="Ada Lovelace", exact=True)',
                     'page.get_by_test_id("product-card").filter(has_text="Pixel 8")'], codes
    await tab.page.evaluate("""() => {
      const row = document.querySelector('[data-testid="order-row"]');
      row.after(Object.assign(row.cloneNode(true), { innerHTML: '<td data-testid="order-customer">Alan Turing</td><td>1</td>' }));
      const card = document.querySelector('[data-testid="product-card"]');
      card.after(Object.assign(card.cloneNode(true), { innerHTML: '<h3>Galaxy S24</h3><p>A phone.</p>' }));
    }""")
    assert [await _count(tab, code) for code in codes] == [1, 1, 1]


async def test_a_test_id_that_holds_the_items_words_or_an_ids_digits_names_the_one(session, apps):
    """The false alarms: a list of one nav link ``nav-home`` (the link says "Home"), a chore ``todo-42``, a row
    ``row-buy-milk``, a card ``card-pixel-8``, each the one item of its list; and a nav bar's link "Preferences"
    marked ``nav-settings``, no word of its own, beside a link with a test id of its own: no list of one."""
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    refs = await _test_id_refs(tab)
    for test_id in ("nav-home", "todo-42", "row-buy-milk", "card-pixel-8", "nav-settings", "text-input"):
        assert await _code(tab, refs[test_id]) == f'page.get_by_test_id("{test_id}")'


async def test_a_flow_on_the_one_todo_is_written_without_its_kinds_test_id_and_its_test_passes(session, apps, tmp_path):
    recording = tmp_path / "todo.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    [checkbox] = await _refs(tab, r"- checkbox \[ref=")
    await actions.set_checked(tab, checkbox, True)
    await actions.click(tab, (await _test_id_refs(tab))["todo-title"], click_count=2)
    [edit] = await _refs(tab, r"- textbox \[ref=")
    await actions.fill(tab, edit, "buy oat milk", submit=True)
    assert (await assertions.text_visible(tab, "buy oat milk")).passed
    session.record(None)
    source = exported_and_passed(recording, "todo")
    assert 'get_by_test_id("todo-title")' not in source, source
    assert source.count('get_by_test_id("todo-item")') == source.count('get_by_test_id("todo-item").filter('), source
