"""A form the page submits itself (a single-page app's: its submit listener prevents the browser's submission
and saves by ``fetch``) is said to be the page's to handle before the action, from the listener's code, never
as a submission that will navigate; after the action, a URL the script moved (``pushState`` to the saved
settings' route) is no submission either: a submission loads a document (``/settings/`` in
``tests/generation_apps.py``). Where the page listens but its code cannot be read (a framework's one root
listener, which calls the component's handler), the fact says the page listens, and no more."""

from __future__ import annotations

import re

import pytest

from tests.generation_apps import generation_apps
from verdex import actions

pytestmark = pytest.mark.anyio

HANDLED = "submits a form the page handles (its submit listener prevents the browser's submission: no navigation): "


async def _ref(tab, line: str) -> str:
    snapshot = (await tab.snapshot()).text
    return next(re.search(r"\[ref=(e\d+)\]", row).group(1) for row in snapshot.splitlines() if line in row)


async def test_a_form_the_page_saves_itself_is_said_so_before_and_after_the_action(session):
    with generation_apps() as (url, _apps):
        tab = await session.tab()
        await tab.navigate(url + "/settings/")
        save = await _ref(tab, 'button "Save Changes"')
        before = await actions.observe(tab, save)
        assert before.verdict.advisory.count(f"{HANDLED}POST {url}/settings/save") == 1, before.verdict.advisory
        await actions.fill(tab, await _ref(tab, 'textbox "Display name"'), "Ada")
        saved = await actions.click(tab, save)
        assert not saved.effects.navigated and saved.effects.url_after == url + "/settings/saved"
        assert saved.verdict.advisory.count(
            f"its form's submission was handled by the page (no navigation): POST {url}/settings/save") == 1, \
            saved.verdict.advisory
        assert not any(note.startswith("submits a form") for note in saved.verdict.advisory), saved.verdict.advisory


async def test_a_form_whose_submit_listener_shows_no_code_is_said_to_be_listened_for(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""() => {
        document.querySelector("main").insertAdjacentHTML("beforeend",
            '<form action="/races/landing.html"><input name="q"><button>Search</button></form>');
        const handlers = { submit: (event) => event.preventDefault() };       // the component's, out of sight
        document.addEventListener("submit", function dispatch(event) {      // a framework's one root listener
            handlers[event.type](event);
        });
    }""")
    before = await actions.observe(tab, await _ref(tab, 'button "Search"'))
    assert any(note.startswith("submits a form the page listens for (its script may handle it itself): GET")
               for note in before.verdict.advisory), before.verdict.advisory


async def test_a_form_whose_listener_prevents_the_submission_and_sends_it_itself_is_said_to_submit(session, apps):
    """pretalx guards against a second click: its submit listener prevents the browser's submission, disables the
    button and calls ``form.submit()``. Said before the click to be the page's to handle, the click's answer said
    "no navigation" while the next page loaded; a document that came is a submission."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""() => {
        document.querySelector("main").insertAdjacentHTML("beforeend",
            '<form action="/races/landing.html"><input name="q"><button>Search</button></form>');
        const form = document.querySelector("form[action='/races/landing.html']");
        form.addEventListener("submit", (event) => {
            event.preventDefault();
            form.querySelector("button").disabled = true;
            form.submit();
        });
    }""")
    search = await _ref(tab, 'button "Search"')
    before = await actions.observe(tab, search)
    assert any(note.startswith(HANDLED + "GET") for note in before.verdict.advisory), before.verdict.advisory
    sent = await actions.click(tab, search)
    assert sent.effects.navigated, sent.effects
    assert any(note.startswith("submits a form: GET") for note in sent.verdict.advisory), sent.verdict.advisory
    assert not any("no navigation" in note for note in sent.verdict.advisory), sent.verdict.advisory
