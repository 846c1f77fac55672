"""The name in a role locator is the one Playwright's role engine (and Chromium) computes for the
element: controls whose names join an icon's text and a label (an icon font's glyph drawn by
``::before``, a ligature font's word, an SVG's title) are found by role and that name, never by a
position; and a name the bridge reads differently from Playwright's engine is replaced by Playwright's
before a locator is chosen."""

from __future__ import annotations

import re

import pytest

from verdex import locators

pytestmark = pytest.mark.anyio


async def _refs(tab, pattern: str) -> list[str]:
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    return [m.group(1) for line in text.splitlines() if re.search(pattern, line)
            for m in [re.search(r"\[ref=(e\d+)\]", line)] if m]


async def test_icon_controls_get_role_locators_by_their_full_name_and_no_position(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/icons.html")
    await tab.page.wait_for_load_state("load")          # its stylesheet, which draws the glyphs, applied
    refs = await _refs(tab, r"^\s*- (link|button) ")
    assert len(refs) == 12
    codes = []
    for ref in refs:
        choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
        assert not choice.fallback and ".nth(" not in choice.code, choice.code
        assert choice.chosen.matches == 1 and choice.chosen.is_target
        codes.append(choice.code)
    # the glyph is in the name, spelled as its escape as the snapshot spells it: an action's answer ("via …")
    # showed it raw, which a terminal shows as nothing, and an agent read name=" Compose" (Roundcube)
    assert 'page.get_by_role("link", name="\\uf015 Home", exact=True)' in codes
    assert 'page.get_by_role("button", name="★ Star", exact=True)' in codes   # an inline-block glyph: spaced
    assert 'page.get_by_role("button", name="content_copy Duplicate", exact=True)' in codes
    assert 'page.get_by_role("button", name="Messages new", exact=True)' in codes    # ::after from an attribute
    assert 'page.get_by_title("Delete record", exact=True)' in codes     # a glyph for a name: its title


async def test_a_name_of_icon_glyphs_only_is_shown_with_the_title_that_says_what_it_does(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/icons.html")
    await tab.page.wait_for_load_state("load")          # its stylesheet, which draws the glyphs, applied
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    # the glyph spelled as its escape (a terminal shows the character as nothing), which JSON reads back as it
    assert re.search(r'- button "\\uf1f8" \[ref=e\d+\] \[title="Delete record"\]', text), text
    assert await tab.page.get_by_role("button", name="\uf1f8", exact=True).count() == 1   # Playwright's name


async def test_a_name_playwright_reads_differently_is_taken_from_playwrights_engine(session):
    tab = await session.tab()
    await tab.page.set_content('<button>Save</button><button>Open: \'it\' "now"</button>')
    ref = (await _refs(tab, r'button "Open'))[0]
    info = await tab.candidates(ref)
    # the bridge's name, read as another engine might read it
    misread = [c.model_copy(update={"name": "Open it now"}) if c.kind == "role" else c for c in info.candidates]
    info = info.model_copy(update={"candidates": misread})
    choice = await locators.choose(tab.page, info, tab.test_id_attribute)
    assert choice.code == 'page.get_by_role("button", name="Open: \'it\' \\"now\\"", exact=True)'
    assert choice.chosen.kind == "role (Playwright's name)" and not choice.fallback
    wrong = [c for c in choice.candidates if c.kind == "role" and c.matches == 0]
    assert wrong, "the disagreeing name stays in the ranking, with Playwright's count of 0"


HELP_TEXT = ("## What is this note for? Write it in Markdown: **bold**, `code`, lists and tables are shown "
             "as you type them, and a code block keeps its highlighting.")


async def test_a_name_that_is_a_help_text_is_passed_over_for_the_container_that_tells_the_field_apart(session):
    """A field named by a placeholder that documents it (over 80 characters) is found by its landmark and its
    role, not by that text: copy that changes, and a locator line no one reads. A short name is kept."""
    tab = await session.tab()
    await tab.page.set_content(f'<header><input placeholder="Search notes"></header><main><h1>Note</h1>'
                               f'<textarea placeholder="{HELP_TEXT}"></textarea></main>')
    note, search = await _refs(tab, r"textbox \"## What"), await _refs(tab, r'textbox "Search notes"')
    choice = await locators.choose(tab.page, await tab.candidates(note[0]), tab.test_id_attribute)
    assert choice.code == 'page.get_by_role("main").get_by_role("textbox")' and choice.chosen.matches == 1
    short = await locators.choose(tab.page, await tab.candidates(search[0]), tab.test_id_attribute)
    assert short.code == 'page.get_by_role("textbox", name="Search notes", exact=True)'


async def test_a_name_that_holds_a_count_is_found_by_its_words_while_they_tell_it_apart(session):
    """A menu item named with a count ("Best Trial (1)") is found by the words of its name, as its start, so the
    count may change ("Complete" is in "Incomplete (3)", but does not start it); when the words alone match
    another item too ("Complete all" starts with them), the whole name stays."""
    tab = await session.tab()
    await tab.page.set_content('<div role="menu"><div role="menuitem">Complete (12)</div><div role="menuitem">'
                               'Incomplete (3)</div><div role="menuitem">Best Trial (1)</div>'
                               '<div role="menuitem">Complete all</div></div>')
    codes = {}
    for name in ("Best Trial (1)", "Incomplete (3)", "Complete (12)"):
        ref = (await _refs(tab, rf'menuitem "{re.escape(name)}"'))[0]
        choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
        assert choice.chosen.matches == 1 and choice.chosen.is_target
        codes[name] = choice.code
    assert codes == {"Best Trial (1)": r'page.get_by_role("menuitem", name=re.compile("^Best Trial(?!\\S)"))',
                     "Incomplete (3)": r'page.get_by_role("menuitem", name=re.compile("^Incomplete(?!\\S)"))',
                     "Complete (12)": 'page.get_by_role("menuitem", name="Complete (12)", exact=True)'}


async def test_a_count_badge_leaves_the_words_beside_it_and_a_pagers_number_stays_its_name(session):
    """A tab whose name holds a count badge ("Inbox" and a span holding "12", "Archive" and "99+") is found by
    the words beside it; a pager's link whose name is its number alone has no words beside it: no badge."""
    tab = await session.tab()
    await tab.page.set_content('<div role="tablist"><button role="tab">Inbox <span class="badge">12</span></button>'
                               '<button role="tab">Archive <span class="badge">99+</span></button></div>'
                               '<nav><a href="#p2"><span>2</span></a> <a href="#p3"><span>3</span></a></nav>')
    codes = {}
    for role, name in (("tab", "Inbox 12"), ("tab", "Archive 99+"), ("link", "2")):
        ref = (await _refs(tab, rf'{role} "{re.escape(name)}"'))[0]
        choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
        assert choice.chosen.matches == 1 and choice.chosen.is_target
        codes[name] = choice.code
    assert codes == {"Inbox 12": r'page.get_by_role("tab", name=re.compile("^Inbox(?!\\S)"))',
                     "Archive 99+": r'page.get_by_role("tab", name=re.compile("^Archive(?!\\S)"))',
                     "2": 'page.get_by_role("link", name="2", exact=True)'}


async def test_the_words_ride_along_in_the_facts_of_what_covers_a_target(session):
    """Preflight describes a cover by the same candidates, words included (a typed fact, not a contract error)."""
    tab = await session.tab()
    await tab.page.set_content('<button>Save</button><div role="button" style="position:absolute;inset:0">'
                               'Best Trial (1)</div>')
    facts = await tab.preflight((await _refs(tab, r'button "Save"'))[0])
    assert facts.coverage[0].hit.locators[0].words == "Best Trial"


@pytest.mark.parametrize("when", ["15 seconds ago", "a minute ago", "5m ago", "just now", "in 3 hours"])
async def test_a_time_relative_to_now_never_finds_an_element(session, when):
    """"15 seconds ago" is "16 seconds ago" a second later: a link named by when its row last changed is
    found by the row that tells it apart, as a price or a count would be."""
    tab = await session.tab()
    await tab.page.set_content(f'<table><tr><td>raw_orders</td><td><a href="#r">{when}</a></td></tr>'
                               '<tr><td>order_summary</td><td><a href="#s">2 days ago</a></td></tr></table>')
    ref = (await _refs(tab, rf'link "{re.escape(when)}"'))[0]
    choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    assert choice.chosen.matches == 1 and choice.chosen.is_target and ".nth(" not in choice.code
    assert when not in choice.code and "raw_orders" in choice.code, choice.code
