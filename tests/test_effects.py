"""Effects of an action as the agent sees them: the requests it caused, with their real outcome."""

from __future__ import annotations

import asyncio
import json
import re
import time

import pytest
from playwright.async_api import Request

from verdex import actions, assertions

pytestmark = pytest.mark.anyio


def _ref(snapshot: str, line: str) -> str:
    return next(re.search(r"\[ref=(e\d+)\]", row).group(1) for row in snapshot.splitlines() if line in row)


async def test_a_login_answered_200_is_not_reported_failed_when_the_page_navigates_before_reading_it(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/login/")
    snapshot = (await tab.snapshot()).text
    await actions.fill(tab, _ref(snapshot, 'textbox "Username"'), "demo")
    await actions.fill(tab, _ref(snapshot, 'textbox "Password"'), "correct horse battery staple")
    result = await actions.click(tab, _ref(snapshot, 'button "Sign in"'))
    login = next(r for r in result.effects.requests if r.url.endswith("/api/login"))
    assert (login.method, login.status, login.failed) == ("POST", 200, None)
    assert result.effects.url_after.endswith("/login/welcome.html")


async def test_a_request_that_never_got_an_answer_is_still_reported_failed(session, apps):
    """The click's handler asks a moment after the click, and the refusal comes two seconds after the request
    reached the browser: the request is not yet in the tab's log when the click returns, and still open
    when the page's DOM is quiet (a busy machine's CI run saw both). The page changes its DOM until the
    request has been seen, so that the action is not over before then however slow the machine. The
    effects wait for the refusal all the same."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")

    async def refused_late(route):
        await tab.page.evaluate("window.asked = true")
        await asyncio.sleep(2)
        await route.abort("connectionrefused")

    await tab.page.route("**/api/nowhere", refused_late)
    await tab.page.evaluate("""() => {
        const b = document.createElement('button'); b.textContent = 'Ping';
        const tick = document.createElement('span');
        b.onclick = () => {
            const ticking = setInterval(() => { tick.textContent = String(performance.now());
                                                if (window.asked) clearInterval(ticking); }, 30);
            setTimeout(() => fetch('/api/nowhere').catch(() => {}), 50);
        };
        document.querySelector('main').append(b, tick);
    }""")
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Ping"'))
    ping = next(r for r in result.effects.requests if r.url.endswith("/api/nowhere"))
    assert ping.status is None and ping.failed == "net::ERR_CONNECTION_REFUSED"


async def test_a_flash_message_is_proposed_without_its_close_button_and_the_proposal_passes(session, apps):
    """A server's flash message with a close button (Bootstrap's dismissible alert, changedetection.io's
    "Watch added.×"): the text to check is the message's, which is what the page shows."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""() => {
        const b = document.createElement('button'); b.textContent = 'Add watch';
        b.onclick = () => document.querySelector('main').insertAdjacentHTML('beforeend',
            '<div role="alert" class="alert">Watch added. <button type="button" class="close">&times;</button></div>');
        document.querySelector('main').append(b);
    }""")
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Add watch"'))
    assert [(p.kind, p.value) for p in result.proposals] == [("text_visible", "Watch added.")], result.to_text()
    assert (await assertions.text_visible(tab, "Watch added.")).passed


async def test_the_targets_ancestors_are_read_again_right_after_the_action_and_recorded(session, apps, tmp_path):
    """The preflight may read the ancestors just before the app hydrates; the read after the action
    shows the readiness signal the click actually met."""
    apps.reset_cart()
    tab = await session.tab()
    chaos = {"seed": None, "load": 1, "api_latency_ms": 1500, "hydration_ms": 0, "scrim_extra_ms": 0,
             "toast_ms": 5000, "order_key": None, "rerender": None}
    await tab.page.route("**/api/chaos", lambda route: route.fulfill(json=chaos))
    await tab.navigate(apps.url + "/shop/")
    await tab.page.wait_for_selector("[data-testid=product-grid][data-hydrated=true]")
    await tab.page.get_by_test_id("loading-scrim").wait_for(state="detached")
    snapshot = (await tab.snapshot()).text
    lines = snapshot.splitlines()
    start = next(i for i, line in enumerate(lines) if 'heading "Pixel 8"' in line)
    ref = next(re.search(r"\[ref=(e\d+)\]", line).group(1) for line in lines[start:] if 'button "Add to Cart"' in line)
    session.record(tmp_path / "shop.jsonl", base_url=apps.url)
    await actions.click(tab, ref)
    step = json.loads((tmp_path / "shop.jsonl").read_text().splitlines()[-1])
    grids = [a["attributes"] for a in step["ancestors_after"] if a["test_id"] == "product-grid"]
    assert grids and grids[0]["data-hydrated"] == "true", step["ancestors_after"]


async def test_an_answer_is_timed_by_the_pages_own_clock_whatever_the_networks_says(session, apps, monkeypatch):
    """On a busy machine the browser's network clock (a request's responseEnd from its wall-clock start)
    stood apart from the page's by more than the slack, and the cart the answer drew was read as drawn
    before it: ``changed_page`` False (test_actions' wait=True click, once in a CI run). The network's
    clock is set 2 s late here, as that machine had it; the page's own timing of its answer still tells
    that the page changed after it."""
    apps.reset_cart()
    tab = await session.tab()
    await tab.navigate(apps.url + "/shop/")
    await tab.page.wait_for_selector("[data-testid=product-grid][data-hydrated=true]")
    await tab.page.get_by_test_id("loading-scrim").wait_for(state="detached")
    timing = Request.timing.fget
    monkeypatch.setattr(Request, "timing", property(lambda request: {**timing(request),
                                                                     "startTime": timing(request)["startTime"] + 2_000}))
    snapshot = (await tab.snapshot()).text
    lines = snapshot.splitlines()
    start = next(i for i, line in enumerate(lines) if 'heading "Pixel 8"' in line)
    ref = next(re.search(r"\[ref=(e\d+)\]", line).group(1) for line in lines[start:] if 'button "Add to Cart"' in line)
    result = await actions.click(tab, ref)
    [added] = [r for r in result.effects.requests if r.url.endswith("/api/cart/add")]
    assert added.changed_page is True, result.effects


@pytest.fixture(scope="module")
def echo_twice_url():
    """A websocket server that answers each message with two, 250 ms after it (a server-driven app's answer
    to an event, its handler at work): later than the page's DOM settles on the click's own change."""
    import threading

    from websockets.sync.server import serve

    def answer(connection) -> None:
        for message in connection:
            time.sleep(0.25)
            connection.send(f"{message} done")
            connection.send("rendered")

    with serve(answer, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"ws://127.0.0.1:{server.socket.getsockname()[1]}/"
        server.shutdown()


async def test_a_click_its_server_answers_over_a_websocket_says_how_many_messages_came(session, apps, echo_twice_url):
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""url => new Promise(opened => {
        const socket = new WebSocket(url); socket.onopen = opened;
        const b = document.createElement('button'); b.textContent = 'Run';
        b.onclick = () => { b.textContent = 'Sending'; socket.send('run'); };   // the page settles 100 ms after its last change
        socket.onmessage = (event) => { b.textContent = event.data === 'rendered' ? 'Run again' : 'Running'; };
        document.querySelector('main').append(b);
    })""", echo_twice_url)
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Run"'))
    assert result.effects.server_messages == 2 and result.effects.requests == []
    assert "websocket: 2 messages from the server" in result.effects.to_text()
    assert any('button "Run again"' in line for line in result.effects.interactive_diff), result.effects.to_text()


async def test_a_modal_dialog_drawn_in_parts_without_a_name_appears_once_named_by_its_heading(session, apps):
    """JupyterLab's Save opens a <dialog> with no name and draws its body and footer before its header;
    the dialog, its parts and the pointer it takes from the page are one thing that appeared."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""() => {
        const save = Object.assign(document.createElement('button'), { textContent: 'Save' });
        save.onclick = () => {
            const dialog = Object.assign(document.createElement('dialog'), { className: 'app-Dialog' });
            document.body.append(dialog);
            dialog.showModal();
            const part = (name, html) => Object.assign(document.createElement('div'), { className: 'app-Dialog-' + name, innerHTML: html });
            dialog.append(part('body', '<label><input type=checkbox> Do not ask again</label>'));
            Promise.resolve().then(() => {            // the rest a moment later, whatever the machine's speed
                dialog.append(part('footer', '<button>Cancel</button><button>Rename and Save</button>'));
                dialog.prepend(part('header', 'Rename file'));
            });
        };
        document.querySelector('main').append(save);
    }""")
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Save"'))
    assert result.effects.appeared == ['dialog "Rename file" (modal)'], result.effects.appeared


async def test_a_notice_is_said_in_the_words_the_page_holds_not_as_a_text_transform_draws_them(session, apps):
    """Material UI draws its buttons' labels upper-cased by CSS: the notice that appeared says "Save" and
    "Cancel", as the accessible names and Playwright's text engine read them, not "SAVE CANCEL"."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""() => {
        const rename = Object.assign(document.createElement('button'), { textContent: 'Rename' });
        rename.onclick = () => document.body.append(Object.assign(document.createElement('div'), {
            className: 'popup-panel', innerHTML: '<p>Rename the task</p><span style="text-transform: uppercase">Save' +
                '</span> <span style="text-transform: uppercase">Cancel</span>' }));
        document.querySelector('main').append(rename);
    }""")
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Rename"'))
    assert any("Rename the task Save Cancel" in text for text in result.effects.appeared), result.effects.appeared


async def test_a_dialog_its_action_empties_and_closes_disappeared_and_did_not_appear(session, apps):
    """Fava's "Add" dialog: its heading's words are buttons (its name is the heading's, word by word, not
    their text run together), and it appears once when opened. Save empties its form while the dialog is
    still shown, then closes it: the dialog that was open is the one that disappeared, not a new one that
    appeared and went again."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.evaluate("""() => {
        const dialog = document.createElement('dialog');
        dialog.innerHTML = '<form><h3>Add <button type=button>Transaction</button><button type=button>Balance</button></h3>'
            + '<input placeholder=Payee value="Bakery"><ul role=listbox><li role=option>Corner Books</li></ul>'
            + '<button type=submit>Save</button></form>';
        const open = Object.assign(document.createElement('button'), { textContent: 'New entry' });
        open.onclick = () => { document.body.append(dialog); dialog.showModal(); };
        document.querySelector('main').append(open);
        dialog.querySelector('form').onsubmit = (event) => {
            event.preventDefault();
            dialog.querySelector('input').value = '';
            dialog.querySelector('ul').remove();             // seen while the dialog still shows
            setTimeout(() => { dialog.close(); dialog.remove(); });
        };
    }""")
    opened = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "New entry"'))
    assert opened.effects.appeared == ['dialog "Add Transaction Balance" (modal)'], opened.effects.appeared
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Save"'))
    assert result.effects.appeared == [], result.effects.appeared
    assert 'dialog "Add Transaction Balance" (modal)' in result.effects.disappeared, result.effects.disappeared


async def test_a_dialog_renamed_where_it_stands_is_said_once_as_renamed_not_as_one_that_came_and_went(
        session, apps):
    """A settings dialog translates itself (Verdaccio's "Configuration" → "Konfiguration" once German is
    chosen): one dialog, said by the snapshot diff as renamed, not also as one that appeared and another
    that went away."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/reading/renamed-dialog.html")
    snapshot = (await tab.snapshot()).text
    result = await actions.click(tab, _ref(snapshot, 'button "German"'))
    said = result.effects.to_text()
    assert (result.effects.appeared, result.effects.disappeared) == ([], []), said
    assert '~ dialog "Settings" → "Einstellungen"' in said, said


def test_an_element_whose_line_did_not_change_is_not_said_as_renamed():
    """A code cell whose lines changed inside it showed as ``~ textbox (no name) → (no name)`` (JupyterLab's
    Shift+Enter): a change of nothing. A line that changed its name is said once; one that did not is not."""
    from verdex.facts import Effects
    said = Effects(url_before="http://h/", url_after="http://h/", interactive_diff=[
        "- textbox [ref=e5]", "+ textbox [ref=e5]", '- link "Cart (0)" [ref=e6]', '+ link "Cart (1)" [ref=e6]',
    ]).to_text()
    assert said == 'interactive elements:\n  ~ link "Cart (0)" → "Cart (1)" [ref=e6]', said
    assert "interactive elements" not in Effects(url_before="http://h/", url_after="http://h/", interactive_diff=[
        "- textbox [ref=e5]", "+ textbox [ref=e5]"]).to_text()


async def test_rows_drawn_anew_as_they_were_are_counted_and_the_one_that_changed_is_said(session, apps):
    """A list drawn again from its data after a click (every row's nodes new, JupyterHub's admin): the thirty
    rows' buttons came back alike but for their refs. They are one line, counted, and the one button that
    changed is said, where before it came after forty of those lines and "… 57 more"."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/reading/redrawn-rows.html")
    snapshot = (await tab.snapshot()).text
    row = snapshot.split('row "user3 ')[1]
    said = (await actions.click(tab, _ref(row, 'button "Start Server"'))).effects.to_text()
    assert re.search(r'^  [+~] button .*"Stop Server" \[ref=', said, re.M) and "more" not in said, said
    assert re.search(r"↻ \d+ drawn anew as they were", said), said
    assert len(said.splitlines()) < 10, said
