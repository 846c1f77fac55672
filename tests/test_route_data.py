"""A URL the app moves to only once the next page's data has come, recorded in a real Chromium with when it
moved on the page's clock, exported, and run by pytest and by ``npx playwright test`` at the server's pace.

After "Publish post, right now" Ghost's Ember router went to ``#/posts`` only when the post list's three
``GET …/posts/?…`` had answered; the test waited for the click's ``PUT``, then checked the URL with
``to_have_url``'s 5 s, and under chaos (those answers held back) the URL came later (9/10); Label Studio's data
manager put its view into the URL once it had read its views, the same shape. Here (tests/route_data_apps.py)
"Publish" moves to ``#/posts`` once three list answers have come, and in the test's run the server holds them
``LIST_AFTER_S`` (7 s): the URL check waits as long as for an answer, and says why. "Preview" moves its URL at
once and loads its data after: its URL check stays an assertion's, and the agent's check of it by the URL's end
("/#/preview") is no page that went on by itself."""

from __future__ import annotations

import json
import re
import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.route_data_apps import route_data_app

pytestmark = pytest.mark.anyio

LATE_ROUTE = re.compile(r'to_have_url\(\s*re\.compile\(r?"[^"\n]*posts\$"\),\s*timeout=30_000')
AT_ONCE_ROUTE = re.compile(r'to_have_url\(re\.compile\(r?"[^"\n]*preview\$"\)\)')


def _said(source: str) -> str:
    """The source with its comments unwrapped into one line each."""
    return re.sub(r"\s*\n\s*(#|//)\s*", " ", source)


def _action_effects(recording, clicked: str) -> dict:
    """The recorded effects of the click on the button named ``clicked``."""
    for line in recording.read_text(encoding="utf-8").splitlines()[1:]:
        step = json.loads(line)
        if step["tool"] == "browser_click" and (step.get("target") or {}).get("name") == clicked:
            return step["effects"]
    raise AssertionError(f"no click on {clicked!r} recorded")


async def test_a_route_reached_once_its_data_has_come_is_checked_as_long_as_an_answer_is_waited_for(tmp_path):
    recording = tmp_path / "publish.jsonl"
    with route_data_app() as (url, app):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/#/editor")
            previewed = await agent.click("button", "Preview", expect_text="Publish")
            assert "once" not in next(line for line in previewed.text.splitlines() if "navigated:" in line)
            await agent.verify_url("/#/preview")         # by its end, as the tool says: no sign it went on
            await agent.verify_text("Robins")
            published = await agent.click("button", "Publish", expect_text="Robins (published)")
            assert re.search(r"navigated: \S+#/preview → \S+#/posts \(once 4 answers had come\)", published.text), \
                published.text
            await agent.verify_url("/#/posts")
            await agent.verify_text("Robins (published)")

        # the recording keeps when the URL moved, and when each answer ended, on the page's clock
        routed = _action_effects(recording, "Publish")
        lists = [r for r in routed["requests"] if r["url"].split("?")[0].endswith("/api/posts")]
        assert len(lists) == 3 and all(r["answered_ms"] <= routed["url_moved_ms"] for r in lists), routed
        at_once = _action_effects(recording, "Preview")
        preview = next(r for r in at_once["requests"] if r["url"].endswith("/api/preview"))
        assert at_once["url_moved_ms"] < preview["answered_ms"], at_once

        python = runner.export_python(recording, tmp_path, "publish")
        source = python.read_text(encoding="utf-8")
        assert LATE_ROUTE.search(source) and AT_ONCE_ROUTE.search(source), source
        assert "the app moved to /#/posts only once GET /api/posts (×3) had answered" in _said(source), source
        assert "went on" not in source, source
        app.late.set()                       # the list's answers come 7 s late: the URL too
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "publish") as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert re.search(r'toHaveURL\(new RegExp\("[^"\n]*posts\$"\), \{\s*timeout: 30_000', typescript), typescript
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.tail()}"


async def test_a_route_whose_reads_the_actions_response_wait_also_matches_waits_for_the_ones_it_does_not(tmp_path):
    """"All posts" asks the list page by page, one after another, and moves to ``#/posts`` once the last page has
    answered. The action's response wait is the first page's, by the glob all three match (``**/api/posts?**``):
    Playwright's wait ends at the first answer, so the other two are not waited for, and the URL check waits as
    long as for an answer. In the test's run each answer comes 7 s late: the URL 14 s after the wait has ended."""
    recording = tmp_path / "all_posts.jsonl"
    with route_data_app() as (url, app):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/#/editor")
            await agent.click("button", "All posts", expect_text="Robins (published)")
            await agent.verify_url("/#/posts")
        python = runner.export_python(recording, tmp_path, "all_posts")
        source = python.read_text(encoding="utf-8")
        assert 'page.expect_response("**/api/posts?**")' in source, source
        assert LATE_ROUTE.search(source), source
        assert "the app moved to /#/posts only once GET /api/posts (×2) had answered" in _said(source), source
        app.late.set()
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
