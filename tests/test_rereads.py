"""A read the app repeats is not what an action asked for: on ``/account/`` the page reads who is signed in as it
loads and again on "Delete account" only once its copy is older than a minute (a query cache's stale time), and
that click only opens a dialog. Recorded with the page's clock a minute on, the click saw ``GET /api/me`` answered
just before the page changed; a test that runs faster than that finds the copy fresh, the app asks nothing, and a
wait for it times out (Label Studio's Danger Zone "Delete Project" and ``GET /api/current-user/whoami``). The read
answered before, in an action that sent no change and stayed at its URL, is not waited for; what the dialog's
"Delete" sent is (generators/rereads.py)."""

from __future__ import annotations

import re
import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.generated_style import style_problems
from tests.generation_apps import ACCOUNT_FRESH_MS, generation_apps
from verdex import actions, assertions
from verdex.generators.rereads import answered_before, without_rereads
from verdex.recording_format import STEP, Step

CLOCK_START = 1_767_225_600_000     # the page's clock (2026-01-01)


@pytest.mark.anyio
async def test_a_read_the_app_repeats_on_a_click_that_opens_a_dialog_is_not_waited_for(session, tmp_path):
    recording = tmp_path / "account.jsonl"
    with generation_apps() as (url, _apps):
        session.record(recording)
        tab = await session.tab()
        await tab.page.clock.install(time=CLOCK_START)
        await tab.navigate(url + "/account/")
        assert (await assertions.text_visible(tab, "Signed in as Ada Lovelace")).passed
        await tab.page.clock.fast_forward(ACCOUNT_FRESH_MS + 1)     # the agent's pace: the app's copy is old
        opened = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Delete account"'))
        reread = [r for r in opened.effects.requests if r.url.endswith("/api/me")]
        assert reread and reread[0].changed_page, opened.effects.requests     # what a wait was chosen by
        await actions.fill(tab, _ref((await tab.snapshot()).text, 'textbox "Type delete to confirm"'), "delete")
        await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Delete"'))
        assert (await assertions.text_visible(tab, "Account closed")).passed
        session.record(None)
        python = runner.export_python(recording, tmp_path, "account")
        source = python.read_text(encoding="utf-8")
        assert 'page.expect_response("**/api/me")' not in source, source
        assert 'with page.expect_response("**/api/account/close")' in source, source     # what the action did send
        assert style_problems(python) == [], style_problems(python)
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "account") as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert 'waitForResponse("**/api/me")' not in typescript, typescript
            assert 'waitForResponse("**/api/account/close")' in typescript, typescript
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.tail()}"


def _ref(snapshot: str, line: str) -> str:
    return next(re.search(r"\[ref=(e\d+)\]", row).group(1) for row in snapshot.splitlines() if line in row)


def _read(method: str, url: str, status: int = 200) -> dict:
    return {"method": method, "url": "http://h" + url, "resource_type": "fetch", "status": status,
            "changed_page": True}


def _step(requests: list[dict], before: str = "http://h/account", after: str = "http://h/account",
          startup: list[dict] = (), *, navigated: bool = False, tab: str = "t1", role: str | None = None) -> Step:
    return STEP.validate_python({"tool": "browser_click", "tab": tab, "role": role,
                                 "startup": {"requests": list(startup)},
                                 "effects": {"requests": requests, "url_before": before, "url_after": after,
                                             "navigated": navigated}})


def _left(step: Step, steps: list[Step]) -> list[str]:
    """The requests of ``step`` a response wait may still be chosen among."""
    effects, _reread = without_rereads(step.effects, answered_before(steps)[steps.index(step)])
    return [f"{r.method} {r.url.removeprefix('http://h')}" for r in effects.requests]


def test_what_tells_a_reread_from_a_read_the_action_caused():
    """The same read answered before (as the page loaded, or at an earlier step) is the app's own re-read in an
    action that sent no change and stayed at its URL; it is the action's when the action sent a change (its copy
    is stale), moved the page (a route mounts its own views), or asked with other words (what was typed)."""
    loaded = _step([], startup=[_read("GET", "/api/me"), _read("GET", "/api/search?q=")])
    dialog = _step([_read("GET", "/api/me")])
    saved = _step([_read("POST", "/api/me/name"), _read("GET", "/api/me")])
    routed = _step([_read("GET", "/api/me")], after="http://h/account/profile")
    searched = _step([_read("GET", "/api/search?q=Ada")])
    steps = [loaded, dialog, saved, routed, searched]
    assert _left(dialog, steps) == []
    assert _left(saved, steps) == ["POST /api/me/name", "GET /api/me"]
    assert _left(routed, steps) == ["GET /api/me"]
    assert _left(searched, steps) == ["GET /api/search?q=Ada"]


def test_a_read_answered_to_another_document_tab_or_role_is_no_copy_this_page_holds():
    """A copy the app holds lives as long as its document: after a navigation, an action that loaded another page,
    in another tab or another role's browser context, the same read is asked anew."""
    loaded = _step([], startup=[_read("GET", "/api/me")])
    went = STEP.validate_python({"tool": "browser_navigate", "tab": "t1", "args": {"url": "http://h/account"}})
    submitted = _step([], startup=[_read("GET", "/api/me")], navigated=True)
    other_tab, other_role = _step([_read("GET", "/api/me")], tab="t2"), _step([_read("GET", "/api/me")], role="admin")
    after_navigation, after_submit = _step([_read("GET", "/api/me")]), _step([_read("GET", "/api/me")])
    assert _left(after_navigation, [loaded, went, after_navigation]) == ["GET /api/me"]
    assert _left(after_submit, [submitted, after_submit]) == ["GET /api/me"]
    assert _left(other_tab, [loaded, other_tab]) == ["GET /api/me"]
    assert _left(other_role, [loaded, other_role]) == ["GET /api/me"]
    assert _left(after_navigation, [loaded, after_navigation]) == []      # the same document: a copy it holds


def test_a_read_that_names_a_record_is_the_record_the_action_points_at():
    """A row's edit dialog loads its row each time it opens, though the row's page read it before (Superset's
    annotation layer, ``GET /api/v1/annotation_layer/1``): the read names the record, and is waited for."""
    loaded = _step([], startup=[_read("GET", "/api/layers/1"), _read("GET", "/api/rows?project=43")])
    edit = _step([_read("GET", "/api/layers/1"), _read("GET", "/api/rows?project=43")])
    assert _left(edit, [loaded, edit]) == ["GET /api/layers/1", "GET /api/rows?project=43"]


def test_a_read_seen_only_unanswered_or_refused_before_is_no_copy_the_app_holds():
    """A read cut off by a navigation, or answered 404, left the app nothing to hold: asked again, it is asked."""
    cut = _step([{**_read("GET", "/api/me"), "status": None}])
    refused = _step([_read("GET", "/api/tips", status=404)])
    dialog = _step([_read("GET", "/api/me"), _read("GET", "/api/tips")])
    assert _left(dialog, [cut, refused, dialog]) == ["GET /api/me", "GET /api/tips"]
