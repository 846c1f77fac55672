"""A part every card has, marked by one test id they all share. Airflow 3's DAG list draws each DAG as a card
(``data-testid="dag-card"``) whose pause switch is a Chakra switch: a ``<label data-testid="toggle-pause">``
around a visually hidden checkbox with no name. A user clicks the label, and so does verdex (the input's
stand-in, tests/test_stand_in.py); the label's only candidate is its test id, which every card's switch
bears. The card is told apart by the DAG's link, and the test id finds the switch inside it — not the
switch's place among the page's switches, which the next DAG added or paused moves."""

from __future__ import annotations

import re

import pytest

from verdex import actions, locators

pytestmark = pytest.mark.anyio

NAMES = ["params_ui", "asset1_consumer", "asset1_producer", "asset2_producer", "bash_operator"]

CARDS = """
<style>
  .card { border: 1px solid #ccc; margin: 6px; padding: 6px; display: flex; gap: 12px; align-items: center }
  label.switch { display: inline-flex; position: relative; cursor: pointer }
  label.switch input { border: 0; clip: rect(0px, 0px, 0px, 0px); height: 1px; margin: -1px; overflow: hidden;
    padding: 0; position: absolute; width: 1px; white-space: nowrap }
  .control { width: 28px; height: 16px; border-radius: 8px; background: #aaa; display: inline-block }
  input:checked + .control { background: #36c }
</style>
<div data-testid="card-list">""" + "".join(f"""
  <div class="card" data-testid="dag-card"><a data-testid="dag-id" href="#/dags/{name}">{name}</a>
    <label data-testid="toggle-pause" class="switch" for="sw{i}-input" id="sw{i}">
      <input type="checkbox" id="sw{i}-input" aria-labelledby="sw{i}-label"><span class="control"></span>
      <span id="sw{i}-label"></span></label>
    <button data-testid="trigger-dag-button" aria-label="Trigger Dag">&#9654;</button>
    <h2>Schedule</h2><h2>Latest Run</h2></div>""" for i, name in enumerate(NAMES)) + """
</div>"""


async def test_a_switch_every_card_has_is_found_in_the_card_its_dag_names(session):
    tab = await session.tab()
    await tab.page.set_content(CARDS)
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    switches = re.findall(r"- checkbox \[ref=(e\d+)\]", text)
    assert len(switches) == len(NAMES), text
    result = await actions.set_checked(tab, switches[NAMES.index("asset1_producer")], True)
    assert result.preflight.stand_in is not None and result.preflight.stand_in.startswith("its label")
    assert not result.locator.fallback, result.locator.code
    assert result.locator.code == ('page.get_by_test_id("dag-card").filter(has=page.get_by_role("link", '
                                   'name="asset1_producer", exact=True)).get_by_test_id("toggle-pause")')
    assert await tab.page.locator("#sw2-input").is_checked()
    # a DAG added above it moves every switch down one place; the recorded locator still finds this one
    await tab.page.evaluate("""() => { const list = document.querySelector('[data-testid="card-list"]');
      list.prepend(list.firstElementChild.cloneNode(true)); }""")
    await locators.build(tab.page, result.locator.chosen.steps).click()
    assert not await tab.page.locator("#sw2-input").is_checked()


async def test_a_card_control_with_a_name_of_its_own_is_still_found_by_its_name_in_the_card(session):
    """The shared test id comes after what the control's own role and name say inside the card."""
    tab = await session.tab()
    await tab.page.set_content(CARDS)
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    buttons = re.findall(r'button "Trigger Dag" \[ref=(e\d+)\]', text)
    result = await actions.click(tab, buttons[NAMES.index("asset1_producer")])
    assert result.locator.code == ('page.get_by_test_id("dag-card").filter(has=page.get_by_role("link", '
                                   'name="asset1_producer", exact=True)).get_by_role("button", name="Trigger Dag", '
                                   'exact=True)'), result.locator.code


async def test_a_switch_below_the_fold_is_still_checked_through_its_label(session):
    """The switch's input is visually hidden the screen-reader way (a 1×1 box clipped to nothing), and its
    control span lies over it. Below the fold, no point of the page says what covers it, so the check went to
    the input itself: Playwright scrolled to it, found the control span intercepting, and timed out. An input
    hidden that way is drawn hidden wherever it is: the label takes the check."""
    tab = await session.tab()
    await tab.page.set_content(CARDS.replace('<div data-testid="card-list">',
                                             '<div style="height: 1600px">Dags</div><div data-testid="card-list">')
                               .replace("label.switch input {", "label.switch input { top: 2px; left: 2px;")
                               .replace(".control {", ".control { position: relative; z-index: 1;"))
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    switches = re.findall(r"- checkbox \[ref=(e\d+)\]", text)
    result = await actions.set_checked(tab, switches[NAMES.index("bash_operator")], True)
    assert result.preflight.stand_in is not None and result.preflight.stand_in.startswith("its label"), result.preflight
    assert await tab.page.locator("#sw4-input").is_checked()
