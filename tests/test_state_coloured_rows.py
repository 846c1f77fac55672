"""A row coloured by the state of its data and named with a count is found by what names it: Prometheus's alert
rules (``/aria/alert-rules.html``), each a header row ``tr.alert.alert-danger.alert_header`` whose name is the
rule's and how many of its alerts are active, "TargetDown (1 active)". The colour and the count are the server's
next evaluation's to change, and a locator that held either failed once it had."""

from __future__ import annotations

import re

import pytest

from verdex import locators
from tests.test_locator_names import _refs

pytestmark = pytest.mark.anyio


async def _rows_found_again_after_an_evaluation(session, apps, names: list[str]) -> dict[str, str]:
    """The chosen locator of each named rule's header row, after checking that it finds that row alone once the
    page has evaluated the rules again (other colours, other counts)."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/alert-rules.html")
    chosen = {}
    for name in names:
        ref = (await _refs(tab, rf'- row "{name} \(\d+ active\)"'))[-1]
        chosen[name] = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    await tab.page.get_by_role("button", name="Evaluate").click()
    for name, choice in chosen.items():
        found = locators.build(tab.page, choice.chosen.steps)
        assert await found.count() == 1, (name, choice.code)
        assert re.match(rf"\s*{name} \(\d active\)", await found.inner_text()), (name, choice.code)
    return {name: choice.code for name, choice in chosen.items()}


async def test_a_row_is_not_found_by_the_contextual_colour_its_state_gives_it(session, apps):
    """"Disk (1 active)" is the one firing rule, so ``tr.alert-danger`` was unique and, the class fewest rows
    share, chosen; once Swap fired too it found two rows. A contextual colour (Bootstrap's ``alert-danger``,
    ``table-success``, ``badge-warning``) says what state the data is in, never which element it is."""
    codes = await _rows_found_again_after_an_evaluation(session, apps, ["Disk"])
    assert "alert-danger" not in codes["Disk"], codes


async def test_a_row_named_with_a_count_and_what_it_counts_is_found_by_its_words(session, apps):
    """"TargetDown (1 active)": a number in brackets with the word for what it counts is a count, as "(1)" is;
    the row is found by the words beside it, as the start of its name (the details row, "alert: TargetDown
    …", holds them too, further on). It was found by a cell named "TargetDown (1 active)" (or by its pending
    colour, ``tr.alert-warning``), and the next evaluation made it "(2 active)"."""
    codes = await _rows_found_again_after_an_evaluation(session, apps, ["TargetDown"])
    assert codes["TargetDown"] == 'page.get_by_role("row", name=re.compile("^TargetDown(?!\\\\S)"))', codes


async def test_a_link_named_by_a_count_and_the_word_for_what_it_counts_is_found_by_its_words(session, apps):
    """Redmine's wiki page links its history as "2 revisions", a count with no brackets around it; the next edit
    makes it "3 revisions", and the link found by that whole name was gone (``/aria/page-footer.html``)."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/page-footer.html")
    [ref] = await _refs(tab, r'- link "2 revisions"')
    choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    await tab.page.get_by_role("button", name="Save a revision").click()
    found = locators.build(tab.page, choice.chosen.steps)
    assert await found.count() == 1 and await found.inner_text() == "3 revisions", choice.code
