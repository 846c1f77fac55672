"""A click lands where a user clicks. Component libraries draw a control and hide the element that holds
its state: a checkbox's input has no box (a styled box and its label are what a user clicks), a select's
input lies under its own placeholder. Playwright cannot click those elements itself (hidden, or another
element receives the click), so verdex clicks what a user clicks for them — the label, the part of the
widget drawn over it — and records the locator of that, proven like any other; the target keeps its
identity (role, name) and state. A cover that is not part of the target's own widget still blocks."""

from __future__ import annotations

import re

import pytest

from verdex import actions, locators
from verdex.errors import NotActionable
from verdex.preflight import judge

pytestmark = pytest.mark.anyio

STYLED = """
<style>
  label.toggle { display: inline-flex; gap: 4px; cursor: pointer; position: relative; margin-right: 12px }
  label.toggle input { position: absolute; opacity: 0; width: 0; height: 0; margin: 0 }
  label.toggle .box { width: 14px; height: 14px; border: 1px solid #888; display: inline-block }
  label.toggle input:checked + .box { background: #36c }
  .picker { position: relative; width: 220px; height: 30px; border: 1px solid #aaa; margin-top: 8px }
  .picker > div { position: absolute; inset: 0 }
  .picker input { position: absolute; left: 4px; top: 4px; width: 160px; height: 20px; border: 0 }
  .picker .placeholder { position: absolute; left: 4px; top: 4px; width: 160px; height: 20px; background: white }
  #scrim { position: fixed; inset: 0; background: rgba(0, 0, 0, .2) }
</style>
<h2>Filter by role</h2>
<label class="toggle"><input type="checkbox" value="developer"><span class="box"></span><span>Developer</span></label>
<label class="toggle"><input type="checkbox" value="designer"><span class="box"></span><span>Designer</span></label>
<p id="chosen">none</p>
<label for="role">Role</label>
<div class="picker"><div style="cursor: pointer"><input id="role" role="combobox" readonly aria-expanded="false">
  <div class="placeholder"><span>Choose a role</span></div></div></div>
<ul id="options" hidden><li role="option">Manager</li></ul>
<script>
  const boxes = document.querySelectorAll('label.toggle input');
  boxes.forEach((box) => box.addEventListener('change', () => {
    chosen.textContent = [...boxes].filter((b) => b.checked).map((b) => b.value).join(',') || 'none'; }));
  document.querySelector('.picker > div').addEventListener('click', () => {
    options.hidden = false; role.setAttribute('aria-expanded', 'true'); });
</script>
"""


async def _ref(tab, pattern: str) -> str:
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    match = re.search(pattern + r".*?\[ref=(e\d+)\]", text)
    assert match, text
    return match.group(1)


async def test_a_checkbox_drawn_hidden_is_clicked_through_its_label(session):
    tab = await session.tab()
    await tab.page.set_content(STYLED)
    ref = await _ref(tab, r'checkbox "Designer"')
    assert judge(await tab.preflight(ref), "click").blocking[0].startswith("hidden"), "Playwright cannot click the input"
    result = await actions.click(tab, ref)
    assert await tab.page.locator("#chosen").text_content() == "designer"
    assert result.preflight.role == "checkbox" and result.preflight.name == "Designer"
    assert result.preflight.stand_in is not None and result.preflight.stand_in.startswith("its label label.toggle")
    # the label, told apart from the others by the checkbox it holds
    assert result.locator.code == ('page.locator("label.toggle").filter(has=page.get_by_role("checkbox", '
                                   'name="Designer", exact=True))')
    assert result.locator.chosen.is_target and not result.locator.fallback
    # the recorded locator is what a test clicks: Playwright's own click through it unticks the box
    await locators.build(tab.page, result.locator.chosen.steps).click()
    assert await tab.page.locator("#chosen").text_content() == "none"


async def test_an_input_under_its_own_placeholder_is_clicked_on_the_placeholder(session):
    tab = await session.tab()
    await tab.page.set_content(STYLED)
    ref = await _ref(tab, r'combobox "Role"')
    assert judge(await tab.preflight(ref), "click").blocking[0].startswith("covered at its centre")
    result = await actions.click(tab, ref)
    assert await tab.page.locator("#options").is_visible()
    assert result.preflight.stand_in is not None and "own widget" in result.preflight.stand_in
    assert result.locator.code == 'page.get_by_text("Choose a role", exact=True)'
    assert result.preflight.role == "combobox" and result.preflight.name == "Role"


async def test_a_wrapper_that_takes_the_click_with_nothing_of_its_own_is_clicked_on_its_text(session):
    """The select's box: script-wired (a hand cursor, a listener), no role, test id or class; its text is
    its placeholder's. The click goes to the placeholder's text, and reaches the box's listener."""
    tab = await session.tab()
    await tab.page.set_content(STYLED)
    ref = await _ref(tab, r'clickable "Choose a role"')
    result = await actions.click(tab, ref)
    assert await tab.page.locator("#options").is_visible()
    assert result.locator.code == 'page.get_by_text("Choose a role", exact=True)'


async def test_a_cover_from_outside_the_widget_still_blocks_the_click(session):
    tab = await session.tab()
    await tab.page.set_content(STYLED + '<div id="scrim"></div>')
    ref = await _ref(tab, r'combobox "Role"')
    with pytest.raises(NotActionable) as caught:
        await actions.click(tab, ref)
    assert caught.value.facts["blocking"][0].startswith("covered at its centre by div#scrim"), caught.value.facts


# Vuetify 3's checkbox, as Solara draws it: the input transparent in its box, its <label for> beside it and
# wide enough to lie over the input's centre, and the label's text a second time in the box's wrapper.
UNDER_LABEL = """
<style>
  .v-selection-control { display: flex; align-items: center; height: 40px }
  .v-selection-control__wrapper { position: relative; display: inline-flex; width: 40px; height: 40px;
    font-size: 0 }
  .v-selection-control__input input { position: absolute; inset: 0; width: 40px; height: 40px; opacity: 0;
    margin: 0; cursor: pointer }
  label.v-label { position: relative; margin-left: -20px; padding: 0 8px 0 24px; height: 40px; line-height: 40px;
    cursor: pointer }
</style>
<div class="v-input"><div class="v-selection-control"><div class="v-selection-control__wrapper">milk<div
  class="v-selection-control__input"><input id="checkbox-1" type="checkbox"></div></div><label
  class="v-label v-label--clickable" for="checkbox-1">milk</label></div></div>
<div class="v-input"><div class="v-selection-control"><div class="v-selection-control__wrapper">bread<div
  class="v-selection-control__input"><input id="checkbox-2" type="checkbox"></div></div><label
  class="v-label v-label--clickable" for="checkbox-2">bread</label></div></div>
<label class="plain"><input id="shout" type="checkbox"> <span>Shout</span></label>
"""


async def test_a_checkbox_its_own_label_lies_over_is_clicked_through_the_label(session):
    """Playwright's check() on such an input times out ("<label> intercepts pointer events"): a user clicks
    the label, and so do the recording and the test, found in the input's own field (Vuetify's classes are
    its components', not Vue's transition states)."""
    tab = await session.tab()
    await tab.page.set_content(UNDER_LABEL)
    ref = await _ref(tab, r'checkbox "bread"')
    result = await actions.click(tab, ref)
    assert await tab.page.locator("#checkbox-2").is_checked()
    assert result.preflight.stand_in is not None and result.preflight.stand_in.startswith("its label label.v-label")
    assert result.locator.code == ('page.locator("div.v-input").filter(has=page.get_by_role("checkbox", name="bread", '
                                   'exact=True)).locator("label.v-label")'), result.locator.code
    assert not result.locator.fallback
    await locators.build(tab.page, result.locator.chosen.steps).click()
    assert not await tab.page.locator("#checkbox-2").is_checked()
    # a label that holds its input (Gradio's) is not over it: the input takes the click itself
    plain = await actions.click(tab, await _ref(tab, r'checkbox "Shout"'))
    assert plain.preflight.stand_in is None and await tab.page.locator("#shout").is_checked()
    assert plain.locator.code == 'page.get_by_role("checkbox", name="Shout", exact=True)', plain.locator.code
