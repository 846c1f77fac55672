"""Effects of an action as the agent sees them: the requests it caused, with their real outcome."""

from __future__ import annotations

import json
import re

import pytest

from verdex import actions

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
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/link.html")
    await tab.page.route("**/api/nowhere", lambda route: route.abort("connectionrefused"))
    await tab.page.evaluate("""() => {
        const b = document.createElement('button'); b.textContent = 'Ping';
        b.onclick = () => fetch('/api/nowhere').catch(() => {});
        document.querySelector('main').append(b);
    }""")
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Ping"'))
    ping = next(r for r in result.effects.requests if r.url.endswith("/api/nowhere"))
    assert ping.status is None and ping.failed == "net::ERR_CONNECTION_REFUSED"


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


@pytest.fixture(scope="module")
def echo_twice_url():
    """A websocket server that answers each message with two: a server-driven app's answer to an event."""
    import threading

    from websockets.sync.server import serve

    def answer(connection) -> None:
        for message in connection:
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
