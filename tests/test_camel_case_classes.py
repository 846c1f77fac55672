"""A widget library that names its parts in lowerCamelCase words (Dojo's dijit: ``dijitTreeRow``, ``dijitDialog``,
``dijitMenuItem``) chose those classes to say what each element is, as a hyphenated class says it: a checkbox with
no name beside its node's label in a checkbox tree (Tiny Tiny RSS's labels and feeds) is found in the row that
holds that label, ``locator("div.dijitTreeRow").filter(has_text="Travel")``, not by its place among the tree's
checkboxes. A hash a CSS-in-JS library makes (``bZKpFz``, ``sc-bdVaJa``) is still no such class
(``fixtures/apps/aria/checkbox-tree.html``)."""

from __future__ import annotations

import pytest

from tests.test_locator_names import _refs
from verdex import locators

pytestmark = pytest.mark.anyio


async def test_a_checkbox_beside_its_tree_nodes_label_is_found_in_the_row_that_holds_it(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/checkbox-tree.html")
    travel = (await _refs(tab, r"checkbox"))[1]
    choice = await locators.choose(tab.page, await tab.candidates(travel), tab.test_id_attribute)
    assert choice.code.startswith('page.locator("div.dijitTreeRow")'), choice.code
    assert "Travel" in choice.code and ".nth(" not in choice.code, choice.code
