"""Actions on refs: preflight facts before, the validated locator, effects after, and a recorded step."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from playwright.async_api import Locator as PlaywrightLocator

from verdex import actions, locators
from verdex.errors import InvalidArgument, NotActionable, StaleRef

pytestmark = pytest.mark.anyio


async def _shop(session, apps, *, hydration_ms: int = 0, latency_ms: int = 150):
    """The shop with its per-load timing pinned (the page reads it from /api/chaos)."""
    apps.reset_cart()
    tab = await session.tab()
    chaos = {"seed": None, "load": 1, "api_latency_ms": latency_ms, "hydration_ms": hydration_ms,
             "scrim_extra_ms": 0, "toast_ms": 5000, "order_key": None, "rerender": None}
    await tab.page.route("**/api/chaos", lambda route: route.fulfill(json=chaos))
    await tab.navigate(apps.url + "/shop/")
    await tab.page.wait_for_selector("[data-testid=product-card] button")
    return tab


def _ref_after(text: str, anchor: str, target: str) -> str:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if anchor in line)
    return next(re.search(r"\[ref=((?:f\d+)?e\d+)\]", line).group(1) for line in lines[start:] if target in line)


async def test_clicking_before_the_data_arrives_reports_the_covering_scrim(session, apps):
    tab = await session.tab()
    apps.reset_cart()
    await tab.page.route("**/api/chaos", lambda route: route.fulfill(json={
        "seed": None, "load": 1, "api_latency_ms": 150, "hydration_ms": 0, "scrim_extra_ms": 4000,
        "toast_ms": 5000, "order_key": None, "rerender": None}))
    await tab.navigate(apps.url + "/shop/")
    await tab.page.wait_for_selector("[data-testid=product-card] button")
    ref = _ref_after((await tab.snapshot()).text, 'heading "Pixel 8"', 'button "Add to Cart"')
    with pytest.raises(NotActionable) as caught:
        await actions.click(tab, ref)
    facts = caught.value.facts
    assert caught.value.code == "NOT_ACTIONABLE"
    assert any(b.startswith("covered at its centre by div [testid=loading-scrim]") for b in facts["blocking"])
    [scrim] = facts["blockers"]                    # one blocker, however many probe points it covers
    assert scrim["by"].startswith("div [testid=loading-scrim]") and "center" in scrim["covers"]
    assert len(str(caught.value).encode()) <= 600, str(caught.value)
    observed = await actions.observe(tab, ref)      # the same verdict, in the text an agent reads
    assert "blocking: covered at its centre by div [testid=loading-scrim]" in observed.to_text()
    assert await tab.page.get_by_test_id("cart-link").inner_text() == "Cart (0)"     # nothing was clicked


async def test_a_click_in_the_hydration_gap_says_it_had_no_effect(session, apps):
    tab = await _shop(session, apps, hydration_ms=5000)
    await tab.page.wait_for_selector("[data-testid=loading-scrim]", state="detached")
    ref = _ref_after((await tab.snapshot()).text, 'heading "Pixel 8"', 'button "Add to Cart"')
    result = await actions.click(tab, ref)
    assert result.verdict.blocking == []
    assert result.effects.no_effect is True
    assert "no observable effect" in result.to_text()


async def test_a_click_just_before_the_app_says_it_is_ready_had_no_effect_of_its_own(session, apps, monkeypatch):
    """The app becomes ready (its form says data-hydrated="true") as the click settles: the click came
    before its handler, and the button the app turned into a submit button meanwhile is the app getting
    ready, not the click's doing (I Hate Money's and the login fixture's shape under load: the agent was
    told the click worked and checked a page that never came). The app is made ready between the click
    and the end of its watch, whatever the machine's pace."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""() => {
        document.querySelector('main').insertAdjacentHTML('beforeend',
            '<form data-testid="signup"><button type="button">Join</button></form><p id="said"></p>');
        const form = document.querySelector('[data-testid=signup]');
        window.hydrate = () => {
            form.addEventListener('submit', (event) => {
                event.preventDefault();
                document.getElementById('said').textContent = 'Welcome aboard';
            });
            form.querySelector('button').type = 'submit';
            form.dataset.hydrated = 'true';
        };
    }""")
    finish = actions.EffectsWatch.finish

    async def ready_as_the_click_settles(watch):
        await tab.page.evaluate("window.hydrate && hydrate(); window.hydrate = null")
        return await finish(watch)

    monkeypatch.setattr(actions.EffectsWatch, "finish", ready_as_the_click_settles)
    ref = _ref_after((await tab.snapshot()).text, 'button "Join"', 'button "Join"')
    first = await actions.click(tab, ref)
    assert first.effects.no_effect is True, first.to_text()
    assert first.effects.before_ready == "[signup] got data-hydrated='true'"
    assert "came before the app was ready" in first.to_text() and "act again" in first.to_text()

    again = await actions.click(tab, ref)
    assert again.effects.no_effect is False and again.effects.before_ready == "", again.to_text()
    assert await tab.page.text_content("#said") == "Welcome aboard"


async def test_a_ref_re_rendered_away_is_a_stale_ref(session, apps):
    tab = await _shop(session, apps)
    ref = _ref_after((await tab.snapshot()).text, 'heading "Pixel 8"', 'button "Add to Cart"')
    await tab.page.get_by_test_id("product-card").filter(has_text="Pixel 8").evaluate(
        "card => card.replaceWith(card.cloneNode(true))")
    with pytest.raises(StaleRef):
        await actions.click(tab, ref)


async def test_fill_and_submit_a_login_navigates_and_the_recording_keeps_no_password(session, apps, tmp_path):
    recorder = session.record(tmp_path / "session.jsonl", base_url=apps.url)
    tab = await session.tab()
    await tab.navigate(apps.url + "/login/")
    text = (await tab.snapshot()).text
    await actions.fill(tab, _ref_after(text, "Username", 'textbox "Username"'), "demo")
    result = await actions.fill(tab, _ref_after(text, "Password", 'textbox "Password"'),
                                "correct horse battery staple", submit=True)
    assert result.locator.code == 'page.get_by_role("textbox", name="Password", exact=True)'
    assert result.effects.url_after.endswith("/login/welcome.html")
    assert result.effects.navigated
    recorder.close()
    lines = (tmp_path / "session.jsonl").read_text().splitlines()
    # the Python API's tab.navigate() is recorded like the tool's
    assert [json.loads(line).get("tool") for line in lines] == [None, "browser_navigate", "browser_fill", "browser_fill"]
    assert "correct horse" not in "\n".join(lines)
    assert json.loads(lines[3])["args"]["value"] == {"env": "VERDEX_SECRET_PASSWORD"}
    assert "correct horse" not in result.to_text()


async def test_a_click_behind_the_consent_wall_is_covered_and_accepting_removes_the_blocker(session, apps):
    tab = await session.tab()
    await tab.page.context.clear_cookies()
    await tab.navigate(apps.url + "/consent/")
    text = (await tab.snapshot()).text
    with pytest.raises(NotActionable) as caught:
        await actions.click(tab, _ref_after(text, "Show more", 'button "Show more"'))
    assert "consent-wall" in caught.value.facts["blocking"][0]
    result = await actions.click(tab, _ref_after(text, "Accept all", 'button "Accept all"'))
    assert any("consent" in d for d in result.effects.disappeared)


async def test_acting_inside_an_iframe_goes_through_its_frame_locator(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/")
    await tab.page.frame_locator("iframe").get_by_role("button", name="Pay now").wait_for()
    text = (await tab.snapshot()).text
    result = await actions.click(tab, _ref_after(text, "Pay now", 'button "Pay now"'))
    assert result.locator.code.startswith('page.frame_locator("iframe[title=\\"Payment form\\"]")')
    assert 'status "Paid"' in result.effects.appeared        # a notice inside the frame is the page's news too


async def test_a_frame_nothing_names_is_found_by_the_class_only_it_has_not_by_its_position(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/editor.html")
    text = (await tab.snapshot()).text
    result = await actions.fill(tab, _ref_after(text, "Note text", 'textbox "Note text"'), "Buy milk")
    assert result.locator.code.startswith('page.frame_locator("iframe.note-body-frame")'), result.locator.code
    assert "nth" not in result.locator.code
    assert "8 characters" in (await tab.snapshot()).text


async def test_the_one_frame_of_a_page_is_found_by_its_tag_not_by_its_position(session, apps):
    """A preview frame with no title, name, id or class: the only frame of its document is ``iframe``, proven
    unique when recorded, never ``iframe >> nth=0`` (a position, which verdex lint flags)."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/preview.html")
    text = (await tab.snapshot()).text
    result = await actions.click(tab, _ref_after(text, "Read more", 'button "Read more"'))
    assert result.locator.code.startswith('page.frame_locator("iframe")'), result.locator.code
    assert "nth" not in result.locator.code
    assert 'status "More shown"' in result.effects.appeared or "More shown" in (await tab.snapshot()).text


async def test_acting_inside_a_shadow_root(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/")
    text = (await tab.snapshot()).text
    await actions.fill(tab, _ref_after(text, "Email address", 'textbox "Email address"'), "a@b.c")
    result = await actions.click(tab, _ref_after(text, "Subscribe", 'button "Subscribe"'))
    assert 'status "Subscribed"' in result.effects.appeared  # seen inside the widget's shadow root


async def test_typing_into_a_button_is_not_actionable(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/login/")
    text = (await tab.snapshot()).text
    with pytest.raises(NotActionable) as caught:
        await actions.type_text(tab, _ref_after(text, "Sign in", 'button "Sign in"'), "hello")
    assert "not editable" in caught.value.facts["blocking"]


async def test_selecting_a_missing_option_lists_the_options(session, apps):
    tab = await session.tab()
    await tab.page.set_content('<label>Fruit <select><option>Apple</option><option>Pear</option></select></label>')
    ref = re.search(r"combobox \"Fruit\" \[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    with pytest.raises(InvalidArgument) as caught:
        await actions.select(tab, ref, labels=["Banana"])
    assert caught.value.facts["options"] == ["Apple", "Pear"]
    result = await actions.select(tab, ref, labels=["Pear"])
    assert any('"Pear"' in line for line in result.effects.interactive_diff)


# A select a component library draws (a button-like div with role combobox, whose options a listbox shows
# in a layer once it is clicked), as Material UI's Select is
SCRIPTED_SELECT = """<label id="l">Priority</label>
<div role="combobox" aria-labelledby="l" aria-expanded="false" tabindex="0">Normal</div>
<ul role="listbox" hidden><li role="option">Low</li><li role="option">Normal</li><li role="option">High</li></ul>
<script>
const box = document.querySelector("[role=combobox]"), list = document.querySelector("[role=listbox]");
box.addEventListener("click", () => { list.hidden = false; box.setAttribute("aria-expanded", "true"); });
for (const option of list.children) option.addEventListener("click", () => {
  box.textContent = option.textContent; list.hidden = true; box.setAttribute("aria-expanded", "false");
});
</script>"""


async def test_select_on_a_combobox_drawn_by_script_says_to_click_it_and_its_option(session, apps):
    """Playwright's select_option takes a native <select> alone: on another combobox the agent got
    "VERDEX_ERROR: select on e4 failed" and Playwright's words. It is refused before acting, saying what
    does it, and nothing is recorded."""
    tab = await session.tab()
    await tab.page.set_content(SCRIPTED_SELECT)
    ref = re.search(r'combobox "Priority" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
    steps = tab.recorder.steps
    with pytest.raises(InvalidArgument) as caught:
        await actions.select(tab, ref, labels=["High"])
    said = str(caught.value)
    assert f"{ref} is a combobox drawn by script (<div>), not a <select>" in said, said
    assert "click it, then click the option" in said, said
    assert tab.recorder.steps == steps
    assert await tab.page.locator("[role=combobox]").inner_text() == "Normal"


async def test_a_confirm_dialog_is_reported_and_answered(session, apps):
    tab = await session.tab()
    await tab.page.set_content('<button onclick="document.querySelector(\'output\').textContent = '
                               'confirm(\'Delete everything?\') ? \'yes\' : \'no\'">Delete</button><output></output>')
    ref = re.search(r'button "Delete" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
    result = await actions.click(tab, ref)
    assert result.effects.dialogs == ["confirm 'Delete everything?'"]
    with pytest.raises(NotActionable):
        await tab.snapshot()                          # the page is frozen until the dialog is answered
    await actions.answer_dialog(tab, accept=True)
    assert await tab.page.locator("output").inner_text() == "yes"


async def test_wait_for_text_is_bounded(session, apps):
    tab = await session.tab()
    await tab.page.set_content("<p>Hello</p>")
    assert (await actions.wait_for(tab, text="Hello", timeout_s=2))["waited_ms"] < 2000
    from verdex.errors import Timeout
    with pytest.raises(Timeout):
        await actions.wait_for(tab, text="Never there", timeout_s=0.5)


async def test_a_wait_for_text_that_is_only_a_name_says_so(session):
    # JupyterLab's "New Folder" button: the snapshot shows it as the button's name, its title; no text shows it
    from verdex.errors import Timeout
    tab = await session.tab()
    await tab.page.set_content('<button title="New Folder"><svg width="16" height="16"></svg></button>')
    with pytest.raises(Timeout, match=r"1 element\(s\) have it as their name \(a title or a label"):
        await actions.wait_for(tab, text="New Folder", timeout_s=0.5)


async def test_a_target_resized_right_after_preflight_is_measured_again_not_lost(session, monkeypatch):
    """Its stylesheet arrives between the preflight (which measured the box) and the locator's proof:
    the click is done with a proven locator, not NO_LOCATOR."""
    tab = await session.tab()
    await tab.page.set_content('<button style="width:70px;height:21px" onclick="this.textContent=\'Paid\'">Pay</button>')
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    measured = type(tab).preflight_and_candidates

    async def measured_then_restyled(self, *args, **kwargs):
        answer = await measured(self, *args, **kwargs)
        await self.page.evaluate("document.querySelector('button').style.width = '140px'")
        return answer

    monkeypatch.setattr(type(tab), "preflight_and_candidates", measured_then_restyled)
    result = await actions.click(tab, ref)
    assert result.locator.chosen.is_target and result.locator.code == 'page.get_by_role("button", name="Pay", exact=True)'
    assert await tab.page.locator("button").inner_text() == "Paid"


def _prove_once_the_click_has_returned(monkeypatch) -> None:
    """The order a loaded machine may give the proof beside a click: it starts once Playwright's click has
    returned (and the action's task, done, has run its callbacks)."""
    clicked = asyncio.Event()
    click, prove = PlaywrightLocator.click, locators.prove

    async def click_then_say(self, *args, **kwargs):
        await click(self, *args, **kwargs)
        clicked.set()

    async def after_the_click(*args, **kwargs):
        await clicked.wait()
        await asyncio.sleep(0)
        return await prove(*args, **kwargs)

    monkeypatch.setattr(PlaywrightLocator, "click", click_then_say)
    monkeypatch.setattr(locators, "prove", after_the_click)


async def test_a_proof_that_ends_after_the_action_renamed_its_target_is_the_actions_own(session, monkeypatch):
    """A loaded machine ran the proof beside a click after the click had renamed its button ("Pay" →
    "Paid"): it counted no match. Playwright's click acts only on exactly one match, so the click is the
    locator's proof, and it is recorded as proven."""
    tab = await session.tab()
    await tab.page.set_content('<button onclick="this.textContent=\'Paid\'">Pay</button>')
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    _prove_once_the_click_has_returned(monkeypatch)
    result = await actions.click(tab, ref)
    assert (result.locator.chosen.matches, result.locator.chosen.is_target) == (1, True)
    assert result.locator.code == 'page.get_by_role("button", name="Pay", exact=True)'
    assert await tab.page.locator("button").inner_text() == "Paid"


async def test_a_proof_that_fails_on_the_page_the_click_changed_before_the_click_returned_does_not_click_again(
        session, monkeypatch):
    """The click landed (its button now says "Paid 1"), and Playwright's call has not returned yet (it waits
    for the navigations the click may have begun) when the proof beside it counts no match of "Pay". The
    action has acted: it is awaited, its one match is its proof, and it is not done a second time."""
    tab = await session.tab()
    await tab.page.set_content('<button onclick="this.textContent = \'Paid \' + (++window.paid)">Pay</button>'
                               '<script>window.paid = 0</script>')
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    clicked, proved = asyncio.Event(), asyncio.Event()
    click, prove = PlaywrightLocator.click, locators.prove

    async def click_then_wait_for_signals(self, *args, **kwargs):
        await click(self, *args, **kwargs)
        clicked.set()
        await proved.wait()
        await asyncio.sleep(0.2)        # still waiting when the proof has ended

    async def after_the_click(*args, **kwargs):
        await clicked.wait()
        try:
            return await prove(*args, **kwargs)
        finally:
            proved.set()

    monkeypatch.setattr(PlaywrightLocator, "click", click_then_wait_for_signals)
    monkeypatch.setattr(locators, "prove", after_the_click)
    result = await actions.click(tab, ref)
    assert await tab.page.locator("button").inner_text() == "Paid 1"
    assert (result.locator.chosen.matches, result.locator.chosen.is_target) == (1, True)
    assert result.locator.code == 'page.get_by_role("button", name="Pay", exact=True)'


async def test_a_proof_that_errs_on_the_page_the_click_changed_after_the_click_returned_is_the_clicks_own(
        session, monkeypatch):
    """A loaded machine ran the proof after the click had returned, and the click had drawn a wider twin in
    its button's place: the proof's one match has another size, so it reads the target again, and the ref is
    gone (STALE_REF). The click has acted on exactly one match: that is its proof, not an error to the agent
    (the fresh clone's rootless page failed so, its stylesheet arriving after the preflight)."""
    tab = await session.tab()
    await tab.page.set_content("<button style='width:70px' onclick=\"this.outerHTML = "
                               "'<button style=width:140px>Pay</button>'\">Pay</button>")
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    _prove_once_the_click_has_returned(monkeypatch)
    result = await actions.click(tab, ref)
    assert await tab.page.locator("button").evaluate("b => b.style.width") == "140px"
    assert (result.locator.chosen.matches, result.locator.chosen.is_target) == (1, True)
    assert result.locator.code == 'page.get_by_role("button", name="Pay", exact=True)'


async def test_a_proof_that_starts_once_the_clicks_dialog_holds_the_page_is_the_clicks_own(session, monkeypatch):
    """A loaded machine ran the proof beside a click after the click had opened an alert: the page's script
    is held until the dialog is answered, so the proof could never end and the click waited 60 s for it
    (the fresh clone's endless-dialogs TIMEOUT). The dialog is the click's sign that it acted on its one
    match: the click returns with the dialog open, and the choice is proven by the click."""
    tab = await session.tab()
    await tab.page.set_content('<button onclick="alert(\'You won!\')">Claim your prize</button>')
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    prove, before = locators.prove, len(tab.dialog_log)

    async def once_the_dialog_is_open(*args, **kwargs):
        while len(tab.dialog_log) == before:
            await asyncio.sleep(0.01)
        return await prove(*args, **kwargs)

    monkeypatch.setattr(locators, "prove", once_the_dialog_is_open)
    result = await asyncio.wait_for(actions.click(tab, ref), timeout=15)
    assert [d.message for d in tab.dialog_log[before:]] == ["You won!"]
    assert (result.locator.chosen.matches, result.locator.chosen.is_target) == (1, True)
    assert result.locator.code == 'page.get_by_role("button", name="Claim your prize", exact=True)'


async def test_a_secrets_fill_names_the_variable_the_test_reads_it_from(session, tmp_path):
    """WordPress's login names its password field "pwd": the test reads it from VERDEX_SECRET_PWD, which the
    fill's answer said nowhere (only "[redacted]"), so the export's proof failed on it before an agent knew it."""
    recorder = session.record(tmp_path / "session.jsonl")
    tab = await session.tab()
    await tab.page.set_content("<label>Password <input type='password' name='pwd'></label>")
    ref = re.search(r'textbox "Password" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
    said = (await actions.fill(tab, ref, "pwd-of-wordpress")).to_text()
    recorder.close()
    assert "note: the test reads what was typed here from VERDEX_SECRET_PWD" in said and "pwd-of-wordpress" not in said, said


async def test_a_secret_typed_into_a_field_with_no_name_or_id_is_named_after_its_label(session, tmp_path):
    """A form a script renders (Directus's login) gives its password field neither a name nor an id: the
    variable the test reads it from is named after its label, not VERDEX_SECRET_VALUE for every such field;
    so is a field whose name is too short to say what it holds (DokuWiki's login names its password "p")."""
    recorder = session.record(tmp_path / "session.jsonl")
    tab = await session.tab()
    await tab.page.set_content("<label>PIN code <input type='password'></label>"
                               "<label>Password <input type='password' name='pass'></label>"
                               "<label>Secret word <input type='password' name='p'></label>")
    text = (await tab.snapshot()).text
    for name, value in (("PIN code", "4711"), ("Password", "s3cret"), ("Secret word", "ab7")):
        await actions.fill(tab, re.search(rf'textbox "{name}" \[ref=(e\d+)\]', text).group(1), value)
    recorder.close()
    filled = [json.loads(line)["args"]["value"] for line in (tmp_path / "session.jsonl").read_text().splitlines()
              if '"browser_fill"' in line]
    assert filled == [{"env": "VERDEX_SECRET_PIN_CODE"}, {"env": "VERDEX_SECRET_PASS"},
                      {"env": "VERDEX_SECRET_SECRET_WORD"}]
