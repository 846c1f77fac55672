"""A test id that more than one element carries names a kind, not which one: Gradio gives every text box
``data-testid="textbox"``, every number field ``"number-input"``, every checkbox ``"checkbox"``. Where such a test
id happened to be unique (the one checkbox of the form, the one text box of the page an app drew with only its open
tab), the recording found the control by it, ``get_by_test_id("textbox")``, which says nothing of which control it
means and finds two as soon as another of its kind appears. Such a test id comes after the control's role and name
and its label; a test id that one element alone carries, and that names no role, still comes first
(``fixtures/apps/aria/kind-test-ids.html``)."""

from __future__ import annotations

import pytest

from verdex import actions, locators
from tests.test_locator_names import _refs

pytestmark = pytest.mark.anyio


async def _recorded(tab, pattern: str, act) -> str:
    """The locator the recording keeps for an action on the element the snapshot line matches, and the one
    ``choose`` ranks first: both the same."""
    [ref] = await _refs(tab, pattern)
    recorded = (await act(tab, ref)).locator.code
    chosen = (await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code
    assert recorded == chosen, (recorded, chosen)
    return recorded


def _fill(value: str):
    return lambda tab, ref: actions.fill(tab, ref, value)


async def test_controls_whose_test_id_names_their_kind_are_found_by_role_and_name(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/kind-test-ids.html")
    codes = [await _recorded(tab, r'- textbox "Name"', _fill("Ada")),
             await _recorded(tab, r'- spinbutton "Age"', _fill("36")),
             await _recorded(tab, r'- checkbox "Shout"', lambda tab, ref: actions.set_checked(tab, ref, True)),
             await _recorded(tab, r'- textbox "Comment"', _fill("hello")),
             await _recorded(tab, r'- button "Greet"', actions.click)]
    assert codes == ['page.get_by_role("textbox", name="Name", exact=True)',
                     'page.get_by_role("spinbutton", name="Age", exact=True)',
                     'page.get_by_role("checkbox", name="Shout", exact=True)',
                     'page.get_by_role("textbox", name="Comment", exact=True)',
                     'page.get_by_test_id("greet-button")'], codes


async def test_the_one_control_of_its_kind_on_the_page_is_still_found_by_role_and_name(session, apps):
    """The notes panel drawn alone: its text box is the one element with ``data-testid="textbox"`` now."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/kind-test-ids.html?tab=notes")
    assert await tab.page.get_by_test_id("textbox").count() == 1
    assert await _recorded(tab, r'- textbox "Comment"', _fill("hello")) == \
        'page.get_by_role("textbox", name="Comment", exact=True)'


async def test_a_test_id_several_elements_carry_ranks_after_the_role_and_name_and_the_label(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/kind-test-ids.html")
    [ref] = await _refs(tab, r'- spinbutton "Height"')
    choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    ranked = [c.kind for c in sorted(choice.candidates, key=lambda c: c.score)]
    assert ranked.index("test_id") > max(ranked.index("role"), ranked.index("label")), ranked
