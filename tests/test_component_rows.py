"""Rows a component draws, named by its tag. Angular, Lit and Polymer apps draw their lists as custom elements
whose tag says what each is (TensorBoard's runs table: ``<tb-data-table-content-row>``, no role, no class but
Angular's ``ng-star-inserted``); the row's checkbox has no name, and the run's name beside it is the text that
tells the row apart. The same row component lists the runs in every chart's card, so the row is told apart
inside the landmark around the runs table, the input's 16th ancestor (Angular Material wraps a checkbox's input
in four elements). Before, a tag was no container and the search stopped at the 12th ancestor: the checkbox was
``get_by_role("checkbox").nth(3)``, its place among the page's checkboxes."""

from __future__ import annotations

import re

import pytest

from verdex import actions, assertions, locators

pytestmark = pytest.mark.anyio

RUN_CHECKBOX = ('page.get_by_role("navigation").locator("tb-data-table-content-row").filter(has_text="{run}")'
                '.get_by_role("checkbox")')


async def _refs(tab, pattern: str) -> list[str]:
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    return re.findall(pattern, text)


async def test_a_nameless_checkbox_in_a_component_row_is_found_by_the_row_s_tag_and_its_run(session, apps):
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/components/")
    checkboxes = await _refs(tab, r"- checkbox \[ref=(e\d+)\]")
    assert len(checkboxes) == 4
    result = await actions.set_checked(tab, checkboxes[3], False)
    assert not result.locator.fallback, result.locator.code
    assert result.locator.code == RUN_CHECKBOX.format(run="lr_0.1")
    assert await tab.page.locator("metric-card").filter(has_text="lr_0.1").count() == 0
    # a run listed above it moves every checkbox down one place; the recorded locator still finds this one
    await tab.page.evaluate("""() => { const runs = document.getElementById('runs');
      runs.prepend(runs.lastElementChild); }""")
    await locators.build(tab.page, result.locator.chosen.steps).check()
    assert await tab.page.locator("metric-card").filter(has_text="lr_0.1").count() == 2


async def test_a_nameless_button_beside_it_is_found_in_the_same_row(session, apps):
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/components/")
    buttons = await _refs(tab, r"- button \[ref=(e\d+)\]")
    result = await actions.click(tab, buttons[2])
    assert result.locator.code == ('page.get_by_role("navigation").locator("tb-data-table-content-row")'
                                   '.filter(has_text="lr_0.01").get_by_role("button")'), result.locator.code


async def test_a_nameless_checkbox_in_a_list_of_name_rows_is_found_by_the_row_and_its_run(session, apps):
    """TensorBoard's older dashboards (Polymer): each run a ``div.name-row`` in a web component's shadow root. A
    class that ends in ``-row`` was taken for layout (Bootstrap's ``form-row``, a ``flex-row``); a row of what it
    names ("name", "run", "task") is what the list is made of, and the run's name tells it apart."""
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/components/legacy.html")
    checkboxes = await _refs(tab, r"- checkbox \[ref=(e\d+)\]")
    assert len(checkboxes) == 4
    result = await actions.set_checked(tab, checkboxes[2], False)
    assert result.locator.code == ('page.locator("div.name-row").filter(has_text="lr_0.1")'
                                   '.get_by_role("checkbox")'), result.locator.code
    await expect_entries(tab, ["baseline", "lr_0.01", "dropout"])


async def expect_entries(tab, runs: list[str]) -> None:
    texts = await tab.page.locator("#entries p").all_text_contents()
    assert texts == [f"Run {run}: notes" for run in runs]


async def test_a_check_that_a_card_s_button_is_hidden_finds_it_in_the_card_hidden_with_it(session, apps):
    """Every card's heading has a "Pin card" button; filtering the tags hides the cards that do not match (kept
    on the page, as TensorBoard keeps them). The button's role and name, which every shown card's copy has too,
    are no way to check that this one is hidden: the card it is in, told apart by the tag's name hidden with it,
    is. Before, the check had no locator at all (NO_LOCATOR)."""
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/components/")
    pins = await _refs(tab, r'- button "Pin card" \[ref=(e\d+)\]')
    tag_filter = (await _refs(tab, r'- textbox "Filter tags \(regex\)" \[ref=(e\d+)\]'))[0]
    await actions.fill(tab, tag_filter, "learning")
    result = await assertions.element(tab, pins[0], "hidden")
    assert result.passed
    assert result.locator.code == ('page.locator("div.card-heading").filter(has_text="accuracy/eval")'
                                   '.get_by_role("button", name="Pin card", exact=True)'), result.locator.code
    await actions.fill(tab, tag_filter, "")
    assert await locators.build(tab.page, result.locator.chosen.steps).is_visible()
