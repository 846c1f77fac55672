"""An app whose every request goes to one path, the route it asks for named in its query with slashes (a front
controller: phpMyAdmin's ``index.php?route=/table/replace``, Yii's ``?r=site/login``): the route is a word of the
query, so the action's response wait holds it and a response to another route (the query editor's lint, asked in
the same click and answered first) does not end the wait (generators/request_place.py, generators/waits.py)."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_python
from tests.test_watch import call, ref_of
from verdex.generators import plan as test_plan
from verdex.generators.request_place import place_of, query_words
from verdex.generators.revisions import ended_too_soon
from verdex.generators.waits import response_match
from verdex.recording_format import STEP

pytestmark = pytest.mark.anyio


def test_a_route_named_in_the_query_with_slashes_is_a_word_of_it():
    url = "http://h/index.php?route=/table/replace&db=shop&token=5f2a9c0e7b&_nocache=1796100102359284742"
    assert query_words(url) == ["route=/table/replace", "db=shop"]
    assert place_of("POST", "http://h/index.php?r=site/login", None) == "POST /index.php ?r=site/login"
    assert query_words("http://h/index.php?route=/rows/42") == []         # an id in the route: not a word


def test_the_wait_for_a_front_controllers_route_is_not_ended_by_another_routes_answer():
    """The insert, then the lint of the query its answer shows, both to ``/index.php``: by the path alone, the
    lint's answer (it comes first) would end the insert's wait."""
    lint = {"method": "POST", "url": "http://h/index.php?route=/lint", "resource_type": "xhr", "status": 200,
            "changed_page": True}
    insert = {**lint, "url": "http://h/index.php?route=/table/replace"}
    click = STEP.validate_python({"tool": "browser_click", "tab": "t1",
                                  "effects": {"requests": [insert, lint], "url_before": "", "url_after": ""}})
    assert response_match(click.effects, click.effects.requests).url_glob == "**/index.php?**route=/table/replace**"


async def test_a_recorded_insert_through_a_front_controller_waits_for_the_inserts_own_answer(
        session, apps, tmp_path):
    recording = tmp_path / "front.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/routes/front-controller.html")
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_click", ref=ref_of(snapshot, 'button "Insert row"'))
    await call(session, "verify_text_visible", text="1 row inserted.")
    session.record(None)
    source = exported_python(recording, "front")
    assert 'page.expect_response("**/live/slug?**route=/rows/insert**")' in source, source


def test_a_revision_counts_only_the_answers_its_waits_route_takes():
    """The agent's check after the click failed: proving looks for a later answer the wait ended before. The
    click asked its route once and another route after it (phpMyAdmin's ``route=/table/change``, then
    ``route=/recent-table``): the wait never ended at the other's answer, so there is none to wait for."""
    change = {"method": "GET", "url": "http://h/index.php?route=/table/change&table=products", "resource_type": "xhr",
              "status": 200, "changed_page": True}
    recent = {**change, "url": "http://h/index.php?route=/recent-table&recent_table=1"}
    click = STEP.validate_python({"tool": "browser_click", "tab": "t1",
                                  "effects": {"requests": [change, recent], "url_before": "", "url_after": ""}})
    response = response_match(click.effects, click.effects.requests)
    assert response.url_glob == "**/index.php?**route=/table/change**table=products**"
    action = test_plan.Action(page="page", kind="click", response=response, step=1)
    plan = test_plan.TestPlan(name="insert", base_url=None, statements=[action])
    assert ended_too_soon(plan, [click], 1, [], "Locator expected to be visible") is None
