"""Refs: stable while the element stays attached; typed errors when it does not."""

from __future__ import annotations

import re

import pytest

from verdex.errors import InvalidArgument, StaleObservation, StaleRef, UnknownRef
from verdex.refs import KEEP_DOCUMENTS, KEEP_OBSERVATIONS, RefBook

pytestmark = pytest.mark.anyio


async def _shop(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/shop/")
    # Settled: the grid hydrated and the loading scrim's fade-out over, so no element comes or goes
    # between two snapshots.
    await tab.page.wait_for_selector("[data-testid=product-grid][data-hydrated=true]")
    await tab.page.wait_for_selector("[data-testid=loading-scrim]", state="detached")
    return tab


def _refs(text: str) -> list[str]:
    return re.findall(r"\[ref=((?:f\d+)?e\d+)\]", text)


async def test_refs_are_the_same_for_the_same_elements_across_snapshots(session, apps):
    tab = await _shop(session, apps)
    first = await tab.snapshot()
    second = await tab.snapshot()
    assert _refs(first.text) and _refs(first.text) == _refs(second.text)
    assert first.observation_id != second.observation_id


async def test_a_ref_whose_element_was_removed_is_stale(session, apps):
    tab = await _shop(session, apps)
    snap = await tab.snapshot()
    ref = re.search(r'button "Add to Cart" \[ref=(e\d+)\]', snap.text).group(1)
    await tab.page.locator("[data-testid=product-card]").first.evaluate("card => card.remove()")
    with pytest.raises(StaleRef) as caught:
        await tab.ancestors(ref)
    assert caught.value.code == "STALE_REF"
    assert caught.value.facts["attached"] is False


async def test_a_ref_from_before_a_navigation_is_a_stale_observation(session, apps):
    tab = await _shop(session, apps)
    ref = _refs((await tab.snapshot()).text)[0]
    await tab.navigate(apps.url + "/login/")
    with pytest.raises(StaleObservation) as caught:
        await tab.ancestors(ref)
    assert caught.value.code == "STALE_OBSERVATION"


async def test_refs_never_repeat_after_navigation(session, apps):
    tab = await _shop(session, apps)
    before = set(_refs((await tab.snapshot()).text))
    await tab.navigate(apps.url + "/login/")
    after = set(_refs((await tab.snapshot()).text))
    assert after and not before & after


async def test_a_ref_never_issued_is_unknown(session, apps):
    tab = await _shop(session, apps)
    await tab.snapshot()
    with pytest.raises(UnknownRef) as caught:
        await tab.siblings("e99999")
    assert caught.value.code == "UNKNOWN_REF"


@pytest.mark.parametrize("bad", ["", "42", "button", "e", "e-1", "x1e2", "e1; drop", "f1"])
async def test_an_ill_formed_ref_is_an_invalid_argument(session, apps, bad):
    tab = await _shop(session, apps)
    await tab.snapshot()
    with pytest.raises(InvalidArgument):
        await tab.descendants(bad)


async def test_a_cursor_from_before_a_navigation_is_a_stale_observation(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/grid/")
    await tab.page.wait_for_function("document.querySelectorAll('button').length >= 5000")
    first = await tab.snapshot(mode="full", max_items=50)
    assert first.next_cursor
    await tab.navigate(apps.url + "/login/")
    with pytest.raises(StaleObservation):
        await tab.snapshot(cursor=first.next_cursor)


def test_ref_book_knows_which_document_issued_a_ref():
    book = RefBook()
    book.document_installed("doc-a", 1)
    book.saw(10)                     # doc-a issued e1..e9
    book.document_installed("doc-b", 10)
    book.saw(15)                     # doc-b issued e10..e14
    assert book.check_ref("e12") == "e12"
    assert book.check_ref("f2e14") == "f2e14"
    with pytest.raises(StaleObservation):
        book.check_ref("e3")
    with pytest.raises(UnknownRef):
        book.check_ref("e15")


def test_a_ref_below_the_books_first_number_is_from_another_session():
    book = RefBook(next_ref=100_001)                 # the second live session of the shell
    book.document_installed("doc-a", 100_001)
    book.saw(100_010)
    assert book.check_ref("e100003") == "e100003"
    with pytest.raises(UnknownRef, match="another session"):
        book.check_ref("e3")                         # the first session's numbers, never issued here


def test_ref_book_stays_bounded_and_still_tells_a_stale_ref_from_an_unknown_one():
    book = RefBook()
    for number in range(1000):                     # a page that navigates itself a thousand times
        book.document_installed(f"doc-{number}", 1 + number * 10)
        book.saw(11 + number * 10)
        book.observed(book.new_observation(), f"doc-{number}")
    assert len(book._documents) == KEEP_DOCUMENTS and len(book._observations) == KEEP_OBSERVATIONS
    assert book.check_ref("e9995") == "e9995"      # issued by the current document
    with pytest.raises(StaleObservation):
        book.check_ref("e3")                       # the first document's, long forgotten
    with pytest.raises(UnknownRef):
        book.check_ref("e10001")
    assert book.check_cursor("o1000:20") == ("o1000", 20)
    with pytest.raises(InvalidArgument, match="no longer cached"):
        book.check_cursor("o1:20")
    with pytest.raises(InvalidArgument, match="unknown on this tab"):
        book.check_cursor("o1001:20")


async def test_a_ref_whose_element_the_page_drew_another_thing_in_is_refused_once_saying_both(session, apps):
    """A list filtered in place reuses its rows' elements (a React row keyed by its position): where the
    agent saw link "apple" under e1, the page now draws link "pear" under e1. A click on e1 is refused,
    saying what it was and what it is now; acted on again, it clicks "pear". A name whose numbers alone
    moved on ("Basket (2)", a time "ago") is the same thing: no refusal."""
    from verdex import actions

    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/")
    await tab.page.evaluate("""() => {
        const list = document.createElement('ul');
        for (const name of ['apple', 'banana', 'pear', 'Basket (1)'])
            list.insertAdjacentHTML('beforeend', `<li><a href="#${name}">${name}</a></li>`);
        document.body.append(list);
    }""")
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    apple, basket = (re.search(rf'link "{re.escape(name)}" \[ref=(e\d+)\]', text).group(1)
                     for name in ("apple", "Basket (1)"))
    await tab.page.evaluate("""() => {
        const links = [...document.querySelectorAll('ul a')];
        links[0].textContent = 'pear'; links[0].href = '#pear'; links[2].closest('li').remove();
        links[3].textContent = 'Basket (2)';
    }""")
    with pytest.raises(StaleRef) as caught:
        await actions.click(tab, apple)
    assert caught.value.facts["was"] == 'link "apple"' and caught.value.facts["now"] == 'link "pear"'
    assert "act on" in str(caught.value) and tab.page.url.endswith("/frames/")
    again = await actions.click(tab, apple)
    assert tab.page.url.endswith("#pear"), again
    await actions.click(tab, basket)
    assert tab.page.url.endswith("#Basket%20(1)")          # its href, which the count did not touch
