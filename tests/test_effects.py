"""Effects of an action as the agent sees them: the requests it caused, with their real outcome."""

from __future__ import annotations

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
