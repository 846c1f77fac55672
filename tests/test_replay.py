"""verdex replay: a recording run again against the live app, with the drift named."""

from __future__ import annotations

import json
import re

import pytest

from tests.proof_apps import proof_apps
from tests.test_settling import held, held_browser  # noqa: F401  (fixtures: a browser whose pages' clock stands still)
from tests.test_watch import call, ref_of
from verdex import actions, assertions, unique
from verdex.replay import render, replay

pytestmark = pytest.mark.anyio


async def _record_login(session, apps, path):
    recorder = session.record(path)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/login/")
    text = (await tab.snapshot()).text
    await actions.fill(tab, re.search(r'textbox "Username" \[ref=(e\d+)\]', text).group(1), "demo")
    password = re.search(r'textbox "Password" \[ref=(e\d+)\]', text).group(1)
    await actions.fill(tab, password, "correct horse battery staple", submit=True)
    await assertions.text_visible(tab, "Welcome, demo")
    recorder.close()


async def test_replaying_an_unchanged_app_reports_no_drift(session, apps, tmp_path, monkeypatch):
    path = tmp_path / "login.jsonl"
    await _record_login(session, apps, path)
    monkeypatch.setenv("VERDEX_SECRET_PASSWORD", "correct horse battery staple")
    reports = await replay(str(path), base_url=apps.url, session=session)
    assert [r.tool for r in reports] == ["browser_navigate", "browser_fill", "browser_fill", "verify_text_visible"]
    assert all(r.ok for r in reports), render(reports)


async def test_a_locator_that_no_longer_matches_and_a_missing_secret_are_drift(session, apps, tmp_path, monkeypatch):
    path = tmp_path / "login.jsonl"
    await _record_login(session, apps, path)
    lines = path.read_text().splitlines()
    step = json.loads(lines[2])                                 # the username fill
    step["locators"]["chosen"]["steps"][0]["kwargs"]["name"] = "User name"   # the app renamed its label
    lines[2] = json.dumps(step)
    path.write_text("\n".join(lines) + "\n")
    monkeypatch.delenv("VERDEX_SECRET_PASSWORD", raising=False)
    reports = await replay(str(path), base_url=apps.url, session=session)
    text = render(reports)
    assert not reports[1].ok and "failed" in reports[1].drift[0]
    assert any("VERDEX_SECRET_PASSWORD is not set" in d for d in reports[2].drift), text


def _edit_submit_requests(path, edit) -> None:
    """Change the recorded requests of the step that signs in (the password fill with submit)."""
    lines = path.read_text().splitlines()
    step = json.loads(lines[3])
    assert step["args"]["submit"] and step["effects"]["navigated"]
    step["effects"]["requests"] = edit(step["effects"]["requests"])
    lines[3] = json.dumps(step)
    path.write_text("\n".join(lines) + "\n")


async def test_the_new_pages_own_loading_is_not_drift_but_what_the_action_sent_is(session, apps, tmp_path,
                                                                                  monkeypatch):
    """After a navigation, whether the new page's GETs fall inside the effects window is timing; the
    request the action itself sent is the app's behaviour."""
    path = tmp_path / "login.jsonl"
    await _record_login(session, apps, path)
    monkeypatch.setenv("VERDEX_SECRET_PASSWORD", "correct horse battery staple")
    _edit_submit_requests(path, lambda requests: [r for r in requests if r["method"] != "GET"])   # seen in none
    assert all(r.ok for r in await replay(str(path), base_url=apps.url, session=session))
    _edit_submit_requests(path, lambda requests: [{**r, "url": r["url"].replace("/api/login", "/api/signin")}
                                                  for r in requests])
    reports = await replay(str(path), base_url=apps.url, session=session)
    assert "request no longer made: POST /api/signin" in reports[2].drift, render(reports)
    assert "new request: POST /api/login" in reports[2].drift, render(reports)


async def _record_dialogs(session, apps, path):
    """Ask for a name (a prompt, answered "Grace"), reload, confirm a deletion (dismissed), go back."""
    recorder = session.record(path)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/races/")
    await actions.navigate(tab, apps.url + "/races/dialog.html")
    ref = lambda name: re.search(rf'button "{name}" \[ref=(e\d+)\]', text).group(1)  # noqa: E731
    text = (await tab.snapshot()).text
    await actions.click(tab, ref("Ask for name"))
    await actions.answer_dialog(tab, accept=True, prompt_text="Grace")
    await assertions.text_visible(tab, "Prompt answered: Grace")
    await tab.reload()
    text = (await tab.snapshot()).text
    await actions.click(tab, ref("Delete everything"))
    await actions.answer_dialog(tab, accept=False)
    await assertions.text_visible(tab, "Confirm answered: Cancel")
    await tab.back()
    await assertions.text_visible(tab, "Race pages")
    recorder.close()


async def test_dialogs_are_answered_as_recorded_and_history_is_gone_through_again(session, apps, tmp_path):
    path = tmp_path / "dialogs.jsonl"
    await _record_dialogs(session, apps, path)
    reports = await replay(str(path), base_url=apps.url, session=session)
    assert [r.tool for r in reports] == [
        "browser_navigate", "browser_navigate", "browser_click", "browser_dialog", "verify_text_visible",
        "browser_reload", "browser_click", "browser_dialog", "verify_text_visible", "browser_back",
        "verify_text_visible"], render(reports)
    assert all(r.ok and not r.skipped for r in reports), render(reports)
    assert render(reports).endswith("11 steps replayed, 0 drifted")


async def test_a_dialog_that_says_something_else_or_never_opens_is_drift(session, apps, tmp_path):
    path = tmp_path / "dialogs.jsonl"
    await _record_dialogs(session, apps, path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[4]["args"]["message"] = "What is your full name?"         # the app reworded its prompt
    lines.remove([line for line in lines if line.get("tool") == "browser_click"][1])   # the confirm's click, gone
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    reports = await replay(str(path), base_url=apps.url, session=session)
    text = render(reports)
    assert reports[3].drift == ["the dialog says prompt 'What is your name?', recorded prompt 'What is your full name?'"], text
    assert reports[4].ok, text                                   # answered all the same: "Grace" was typed
    assert reports[6].drift == ["no dialog opened (recorded: confirm 'Delete everything?')"], text


async def test_a_recording_that_made_a_name_of_its_own_makes_another_when_replayed(session, tmp_path):
    """The recording typed "Ada {unique}" (its session's token) into an app that refuses a name it holds:
    the replay types and checks the name with its own session's token, so the app takes it again."""
    path = tmp_path / "names.jsonl"
    with proof_apps() as (url, _):
        recorder = session.record(path)
        tab = await session.tab()
        await actions.navigate(tab, url + "/names/")
        text = (await tab.snapshot()).text
        await actions.fill(tab, re.search(r'textbox "Name" \[ref=(e\d+)\]', text).group(1),
                           unique.spelled("Ada {unique}", session.unique))
        await actions.click(tab, re.search(r'button "Create" \[ref=(e\d+)\]', text).group(1))
        await assertions.text_visible(tab, unique.spelled("Created Ada {unique}", session.unique))
        recorder.close()
        reports = await replay(str(path), base_url=url)
    assert [r.tool for r in reports] == ["browser_navigate", "browser_fill", "browser_click", "verify_text_visible"]
    assert all(r.ok for r in reports), render(reports)


async def test_a_toast_its_timer_took_away_is_checked_right_after_its_action_as_the_test_does(
        held, session, apps, tmp_path):
    """Recorded on a held clock: Save's toast shows, the clock runs past its 3 s timer, the page says "Synced",
    and the agent checks "Synced", then "Saved" (a transient check, format 20). Replayed on the clock's own
    pace, "Synced" comes as the toast goes: checked where the agent checked it, after "Synced", the toast is
    gone; replay checks it right after the click, where the generated test does, and nothing drifted."""
    path = tmp_path / "toast.jsonl"
    held.record(path, base_url=apps.url)
    await call(held, "browser_navigate", url=apps.url + "/settling/notices.html?toast_ms=3000")
    snapshot = (await call(held, "browser_snapshot")).text
    await call(held, "browser_click", ref=ref_of(snapshot, 'button "Save"'))
    await (await held.tab()).page.clock.run_for(3500)
    assert (await call(held, "verify_text_visible", text="Synced")).data["passed"]
    assert "the test checks it right after" in (await call(held, "verify_text_visible", text="Saved")).text
    held.record(None)
    reports = await replay(str(path), base_url=apps.url, session=session)
    assert [r.tool for r in reports] == ["browser_navigate", "browser_click", "verify_text_visible",
                                         "verify_text_visible"], render(reports)
    assert all(r.ok for r in reports), render(reports)


async def test_a_buttons_own_label_for_a_moment_is_checked_right_after_its_click_as_the_test_does(
        held, session, apps, tmp_path):
    """Recorded on a held clock: Apply reads "Applied" for 3 s after its click (as long as the toast above shows);
    the clock runs past it, and the agent checks the button's own text, "Apply" again, then "Applied"
    (``verify_element``, a transient check of its own label, format 24). Replayed on the clock's own pace, the label
    is "Apply" again only after the first check has waited for it, and "Applied" is gone by the time the agent's
    second check comes: replay checks it right after the click, where the generated test does, and nothing drifted. A label the click never
    showed ("Applied!") is drift, named at that check."""
    path = tmp_path / "label.jsonl"
    held.record(path, base_url=apps.url)
    await call(held, "browser_navigate", url=apps.url + "/settling/notices.html?label_ms=3000")
    apply = ref_of((await call(held, "browser_snapshot")).text, 'button "Apply"')
    await call(held, "browser_click", ref=apply)
    await (await held.tab()).page.clock.run_for(3500)
    assert (await call(held, "verify_element", ref=apply, state="text", value="Apply")).data["passed"]
    own = await call(held, "verify_element", ref=apply, state="text", value="Applied")
    assert "appeared with the last action and is gone again" in own.text, own.text
    held.record(None)
    reports = await replay(str(path), base_url=apps.url, session=session)
    assert [r.tool for r in reports] == ["browser_navigate", "browser_click", "verify_element", "verify_element"], \
        render(reports)
    assert all(r.ok for r in reports), render(reports)
    steps = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for step in steps:
        if step.get("type") == "step" and step.get("tool") == "verify_element" and step["args"]["value"] == "Applied":
            step["args"]["value"] = "Applied!"
    changed = tmp_path / "another-label.jsonl"
    changed.write_text("".join(json.dumps(step) + "\n" for step in steps), encoding="utf-8")
    drifted = await replay(str(changed), base_url=apps.url, session=session)
    assert [r.tool for r in drifted if not r.ok] == ["verify_element"], render(drifted)
