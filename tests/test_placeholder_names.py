"""A name made of no letter or digit names nothing. Bootstrap's docs and templates, copied into apps, put an
``aria-label`` on every ``.btn-group`` and ``.btn-toolbar``: "...", "…", "-", or the example's own words ("Basic
example") on every group of the page. Users rely on such a name never telling a container apart, and never finding a
control while anything that says something does: a group named "..." is found, as an unnamed group is, by what tells
it apart (the card's heading "Customers", the line of text "Sent" beside it), never by ``get_by_role("group",
name="...")``, which tells no group from another and which a later version of the app fills with words. A
placeholder that one group alone carries (the "…" of the third card, by chance) is no way either, and a control a
template named "-", showing an icon, is found by what says something (its title "Refresh"). A name of words that
several groups share ("Basic example" on three) is not unique, so it never tells a group apart either. A click
recorded on each shape through the session exports a test that passes in pytest and in Playwright Test and writes no
such name (``fixtures/apps/aria/placeholder-names.html``)."""

from __future__ import annotations

import re

import pytest

from tests.flows.runner import exported_spec, run_pytest, run_typescript
from tests.recorded_flows import exported_beside
from tests.test_locator_names import _refs
from verdex import actions, assertions, locators

pytestmark = pytest.mark.anyio

PAGE = "/aria/placeholder-names.html"
PLACEHOLDER_NAME = re.compile(r"""name\s*[=:]\s*["'][^\w"']*["']""")
SHARED_EXAMPLE_NAME = re.compile(r"""get_?[bB]y_?[rR]ole\(\s*["']group["'],\s*\{?\s*name\s*[=:]\s*["']Basic example""")
# the card or example each "Edit" button is in, in the order of the page, and what its click says
HOLDERS = ("Invoices", "Customers", "Products", "Drafts", "Sent", "Archive")


async def _edit_codes(tab) -> list[str]:
    refs = await _refs(tab, r'- button "Edit"')
    assert len(refs) == len(HOLDERS)
    return [(await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code for ref in refs]


async def test_a_group_named_by_a_placeholder_is_told_apart_by_the_text_around_it(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    codes = await _edit_codes(tab)
    assert codes[2] == ('page.locator("div.card").filter(has=page.get_by_role("heading", name="Products", exact=True))'
                        '.get_by_role("button", name="Edit", exact=True)'), codes
    assert codes[4] == ('page.locator("div.example").filter(has_text="Sent")'
                        '.get_by_role("button", name="Edit", exact=True)'), codes
    for holder, code in zip(HOLDERS, codes):
        assert not PLACEHOLDER_NAME.search(code), code
        assert not SHARED_EXAMPLE_NAME.search(code), code
        assert holder in code, code
        await eval(code, {"page": tab.page}).click()
        assert await tab.page.locator("#said").text_content() == f"Edit {holder}", code


async def test_a_control_named_by_a_placeholder_is_found_by_what_says_something(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    [refresh] = await _refs(tab, r'- button "-"')
    code = (await locators.choose(tab.page, await tab.candidates(refresh), tab.test_id_attribute)).code
    assert code == 'page.get_by_title("Refresh", exact=True)', code


async def test_a_click_in_each_group_exports_tests_that_pass_and_hold_no_placeholder_name(session, apps, tmp_path):
    recording = tmp_path / "placeholders.jsonl"
    session.record(recording)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + PAGE)
    for holder in ("Customers", "Products", "Sent"):
        index = HOLDERS.index(holder)
        refs = await _refs(tab, r'- button "Delete"')
        await actions.click(tab, refs[index])
        assert (await assertions.text_visible(tab, f"Delete {holder}")).passed
    session.record(None)
    path = exported_beside(recording, "placeholders")
    source = path.read_text(encoding="utf-8")
    assert not PLACEHOLDER_NAME.search(source), source
    assert not SHARED_EXAMPLE_NAME.search(source), source
    run = run_pytest(path, None)
    assert run.passed, f"{source}\n{run.tail()}"
    with exported_spec(recording, "placeholders") as spec:
        spec_source = spec.read_text(encoding="utf-8")
        assert not PLACEHOLDER_NAME.search(spec_source), spec_source
        run = run_typescript(spec.parent)
        assert run.passed, f"{spec_source}\n{run.tail()}"
