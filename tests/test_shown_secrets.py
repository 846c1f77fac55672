"""A secret the page shows, not one the agent typed: an app's API key or access token in a field named for it
(Syncthing's Settings show the GUI's API key in a read-only field with no id or name, whose "API Key" label is
not tied to it; or a web component's, both straight in its shadow root) is redacted wherever verdex would show a field's value — the snapshot, the page's reading, the
values an action set and the recording — as a password's is. A field whose name only mentions a token ("Token name") is not, nor is one a label names for what it is ("Note")
whose placeholder is a sentence about a token ("note to identify your new token").
What the agent types into such a field is a secret too: recorded as the variable the generated test reads it
from, as a password typed is, never as its value."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of
from verdex.generators import export

pytestmark = pytest.mark.anyio

SHOWN = ("K3yV4lue9f8e7d6c5b4a", "ghpSecr3tTok3nValue42", "N3wK3yV4lue1a2b3c4d5")


async def test_a_key_or_token_the_page_shows_is_redacted_in_every_output(session, apps, tmp_path):
    recording = tmp_path / "keys.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/reading/keys.html")
    snapshot = (await call(session, "browser_snapshot")).text
    assert snapshot.count("[redacted]") == 2 and '"ci-runner"' in snapshot, snapshot
    regenerated = (await call(session, "browser_click", ref=ref_of(snapshot, 'button "Generate"'))).text
    extracted = (await call(session, "browser_extract")).text
    session.record(None)
    outputs = {"snapshot": snapshot, "click": regenerated, "extract": extracted,
               "recording": recording.read_text(encoding="utf-8")}
    assert "ci-runner" in extracted, extracted
    leaked = {where: value for where, text in outputs.items() for value in SHOWN if value in text}
    assert leaked == {}, leaked


async def test_a_key_shown_by_a_component_beside_its_untied_label_in_its_shadow_root_is_redacted(session, apps):
    """The key's field and its "API Key" label straight in a web component's shadow root: the label's group is
    the shadow root (the field has no parent element, and the key was shown as the field's value before)."""
    await call(session, "browser_navigate", url=apps.url + "/reading/shadow-keys.html")
    snapshot = (await call(session, "browser_snapshot")).text
    extracted = (await call(session, "browser_extract")).text
    assert snapshot.count("[redacted]") == 1, snapshot
    assert SHOWN[0] not in snapshot + extracted, snapshot + extracted


async def test_what_the_agent_types_into_a_field_named_for_a_secret_is_read_from_the_environment(session, apps, tmp_path):
    recording = tmp_path / "token.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/reading/keys.html")
    snapshot = (await call(session, "browser_snapshot")).text
    typed = await call(session, "browser_fill", ref=ref_of(snapshot, 'textbox "Personal access token"'),
                       value="ghpTyp3dN3wT0k3n77")
    await call(session, "browser_fill", ref=ref_of(snapshot, 'textbox "Token name"'), value="deploy-bot")
    session.record(None)
    kept = recording.read_text(encoding="utf-8")
    assert "ghpTyp3dN3wT0k3n77" not in kept + typed.text and '"env":"VERDEX_SECRET_TOKEN"' in kept, kept
    source = export(recording, target="python", path=tmp_path / "test_token.py", name="token")[0].read_text()
    assert 'os.environ["VERDEX_SECRET_TOKEN"]' in source and '"deploy-bot"' in source, source


async def test_a_field_labelled_for_what_it_is_is_no_secret_for_its_placeholder_s_last_word(session, apps, tmp_path):
    """The placeholder is the field's name only where no label names it (as Chromium names it): a labelled "Note"
    whose placeholder says what the note is for keeps what the agent typed, in the snapshot and in the test."""
    recording = tmp_path / "note.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/reading/keys.html")
    snapshot = (await call(session, "browser_snapshot")).text
    typed = await call(session, "browser_fill", ref=ref_of(snapshot, 'textbox "Note"'), value="ci runner 7")
    session.record(None)
    assert '"ci runner 7"' in typed.text, typed.text
    source = export(recording, target="python", path=tmp_path / "test_note.py", name="note")[0].read_text()
    assert '.fill("ci runner 7")' in source and "VERDEX_SECRET" not in source, source


TOKENS = ("b1946ac92492d2347c6235b4d2611184", "ghp_R4nd0mT0k3nV4lu3Xy7Qw2Er9Ty6Ui3Op1As", "qzvkwmtrplxhbnfd")


async def test_a_token_the_app_made_and_shows_as_text_is_masked_in_all_verdex_says_and_records(session, apps, tmp_path):
    """An API token an app makes and shows once as text, not in a field: in a card whose header names it
    (JupyterHub's "Your new API Token"), or in a code element after the sentence that does (a forge's flash
    message, "Make sure to copy your personal access token now."), or in a flash message of its own after the one
    that names it (rdiffweb's, sixteen letters). It is masked wherever verdex would say or keep
    it — the click's effects, the snapshot, the page's reading, the recording, the exported test — and no check of
    it is proposed (it is made anew each run). Values of its shape that no text names a secret stay: a run's id, a
    commit beside "Run ID" and "Commit"."""
    recording = tmp_path / "tokens.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/reading/token-text.html")
    snapshot = (await call(session, "browser_snapshot")).text
    requested = await call(session, "browser_click", ref=ref_of(snapshot, 'button "Request new API token"'))
    generated = await call(session, "browser_click", ref=ref_of(snapshot, 'button "Generate personal access token"'))
    created = await call(session, "browser_click", ref=ref_of(snapshot, 'button "Create access token"'))
    checked = await call(session, "verify_text_visible", text="Make sure to copy your personal access token now.")
    after = (await call(session, "browser_snapshot")).text
    extracted = (await call(session, "browser_extract")).text
    session.record(None)
    source = export(recording, target="python", path=tmp_path / "test_tokens.py", name="tokens")[0].read_text()
    outputs = {"requested": requested.text + str(requested.data), "generated": generated.text + str(generated.data),
               "created": created.text + str(created.data),
               "snapshot": after, "extract": extracted, "recording": recording.read_text(encoding="utf-8"),
               "test": source}
    leaked = {where: token for where, text in outputs.items() for token in TOKENS if token in text}
    assert leaked == {}, leaked
    assert "paragraph: [redacted]" in after and "code: [redacted]" in after and "alert [ref=e" in after, after
    assert "paragraph: [redacted]" in requested.text, requested.text
    assert generated.data["proposals"] == [{"kind": "text_visible", "ref": None,
                                            "value": "Make sure to copy your personal access token now."}], generated.text
    assert [proposal["value"] for proposal in created.data["proposals"]] == [
        "Your new personal access token has been created. Make sure to save it."], created.text
    assert checked.data["passed"], checked.text
    for shown in ("9f8e7d6c5b4a39281706f5e4d3c2b1a0", "4be1c2a7f7d03e9b8c6a5f4e3d2c1b0a99887766", "ci-runner-2026"):
        assert shown in after and shown in extracted, after
    assert "[redacted]" not in source and '"Make sure to copy your personal access token now."' in source, source
