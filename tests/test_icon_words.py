"""An icon drawn from a ligature font's word (``<i class="material-icons">star</i>``: Material Icons, Material
Symbols) shows a picture, not the word: every item of a list holds the same one. The word tells no item apart,
even where the list holds one item now (a reader's "Starred articles" view): the container of a click on it is
told apart by what names the item, its title, not by the clicked icon's word nor by another icon's beside it
("rss_feed"), which the next item starred shares: Tiny Tiny RSS's test clicked the first of three articles' stars
(``fixtures/apps/aria/starred-articles.html``)."""

from __future__ import annotations

import pytest

from tests.test_locator_names import _refs
from verdex import locators

pytestmark = pytest.mark.anyio


async def test_an_icons_word_does_not_tell_the_lone_item_apart(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/starred-articles.html")
    star = (await _refs(tab, r'clickable "star"'))[0]
    choice = await locators.choose(tab.page, await tab.candidates(star), tab.test_id_attribute)
    assert "Pruning the old apple tree" in choice.code, choice.code
    assert 'filter(has=page.get_by_text("star"' not in choice.code, choice.code
    assert ".nth(" not in choice.code, choice.code
