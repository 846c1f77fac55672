"""A sign-in that goes through an authorization page (Home Assistant's, any OAuth client's) lands on a URL whose
query holds what the app sends to be sent back: its own URLs (``redirect_uri=http%3A%2F%2F127.0.0.1%3A8123%2F``,
``client_id``) and a state token made anew on every load, base64 with its padding
(``state=eyJmbG93…%3D%3D``). The test asserts the URL with each such value as any value: the state was kept
literally, the next run's differed, and the generated test failed on its own recording's flow. The parameters
the app means (``response_type=code``) stay, and the recorded URL matches the pattern.
``fixtures/apps/sign-in/``, real Chromium, and the exported test run by pytest."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_component_rows import _refs
from verdex import actions, assertions
from verdex.generators.waits import escape_pattern, url_assertion, url_pattern

pytestmark = pytest.mark.anyio

HOME = "http://127.0.0.1:8123/"
AUTHORIZE = ("http://127.0.0.1:8123/auth/authorize?response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A8123%2F"
             "%3Fauth_callback%3D1&client_id=http%3A%2F%2F127.0.0.1%3A8123%2F&state=eyJoYXNzVXJsIjoiaHR0cDovLzEyNy4w"
             "LjAuMTo4MTIzIiwiY2xpZW50SWQiOiJodHRwOi8vMTI3LjAuMC4xOjgxMjMvIn0%3D")
ANY = r"=[^&#]*(?:[&#]|$))"


def test_a_url_and_a_padded_token_sent_to_be_sent_back_are_any_value_and_the_rest_stays():
    pattern = url_pattern(HOME, AUTHORIZE)
    assert re.search(pattern, AUTHORIZE), pattern
    assert r"response_type=code(?:" in pattern, pattern
    for key in ("redirect_uri", "client_id", "state"):
        assert key + ANY in pattern, pattern
    next_run = re.sub(r"state=[^&]*", "state=eyJoYXNzVXJsIjoiaHR0cDovL2hvbWUubG9jYWw6ODEyMyJ9", AUTHORIZE)
    assert re.search(pattern, next_run.replace("127.0.0.1", "homeassistant.local")), pattern
    assert url_assertion(HOME, AUTHORIZE).reason.endswith(
        "; redirect_uri, client_id, state as any value: the app sent it to be sent back (another run's differs)")


# a path to go back to (no URL of its own), a word, a long word without padding, a value with an "=" in it
@pytest.mark.parametrize("value", ["%2Fadmin%2F", "settings", "abcdefghijklmnopqrst", "price%3D10", "a%3D%3D"])
def test_a_path_a_word_and_a_short_padded_value_stay(value):
    pattern = url_pattern("http://h/", f"http://h/login?next={value}")
    assert "next=" + escape_pattern(value) + "(?:" in pattern, pattern


async def test_a_sign_in_flow_through_an_authorization_page_is_proven_on_a_fresh_state(session, apps, tmp_path):
    recording = tmp_path / "sign_in.jsonl"
    session.record(recording)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/sign-in/")
    result = await actions.click(tab, (await _refs(tab, r'- button "Sign in" \[ref=(e\d+)\]'))[0])
    assert "state=" in result.effects.url_after and "%3D%3D" in result.effects.url_after, result.effects.url_after
    await actions.fill(tab, (await _refs(tab, r'- textbox "Username" \[ref=(e\d+)\]'))[0], "ada")
    await actions.fill(tab, (await _refs(tab, r'- textbox "Password" \[ref=(e\d+)\]'))[0], "lovelace")
    await actions.click(tab, (await _refs(tab, r'- button "Log in" \[ref=(e\d+)\]'))[0])
    assert (await assertions.text_visible(tab, "Signed in as ada.")).passed
    session.record(None)
    source = exported_and_passed(recording, "sign_in")
    assert "state=eyJ" not in source and "redirect_uri=http" not in source, source
