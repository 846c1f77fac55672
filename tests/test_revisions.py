"""What proving revises, as data (generators/revisions.py), how it finds the statement a failing line
belongs to (generators/line_map.py) and which of the statement's choices failed (verdex/proof.py). No browser: the plan and the rendered files only."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from verdex.generators import build_plan, read_recording, waits
from verdex.generators.line_map import statement_at
from verdex.generators.plan import Action, Check, Goto, Locator, Step, Wait
from verdex.generators.plan import TestPlan as Plan       # not collected as a test class
from verdex.generators.revisions import URL_DROPPED, apply_revisions, looser_url_pattern, next_revision
from verdex.generators.targets import renderer_for
from verdex.facts import LocatorStep, RankedLocator
from verdex.proof import LATE_UNDER_CHAOS, failing_part, revision_for
from verdex.proof_runs import Run
from verdex.recording_format import Step as RecordedStep

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "recordings"


@pytest.mark.parametrize(("target", "recording"), [("python", "shop"), ("python", "checkout"), ("python", "login"),
                                                   ("typescript", "shop")])
def test_every_line_of_a_statement_maps_back_to_it(target, recording):
    plan = build_plan(read_recording(EXAMPLES / f"{recording}.jsonl"), recording)
    source = renderer_for(target).test_file(plan)
    lines = source.splitlines()
    for index, statement in enumerate(plan.statements):
        if isinstance(statement, Goto):
            needle = f"goto({statement.url!r}".replace("'", '"')
        elif isinstance(statement, Action) and statement.locator is not None:
            needle = {"python": "." + {"type": "press_sequentially", "select": "select_option",
                                       "dblclick": "dblclick"}.get(statement.kind, statement.kind) + "(",
                      "typescript": "." + {"type": "pressSequentially", "select": "selectOption"}.get(
                          statement.kind, statement.kind) + "("}[target]
        else:
            continue
        assert any(statement_at(plan, target, source, n) == (index, statement)
                   for n, line in enumerate(lines, 1) if needle in line), f"statement {index} ({needle}) maps elsewhere"
    assert statement_at(plan, target, source, 1) is None           # the file's header is no statement


def test_a_looser_url_pattern_still_matches_the_recorded_url():
    url = "http://h/docs/edit/Untitled.doc?tab=2#top"
    first, second = looser_url_pattern(url, 1), looser_url_pattern(url, 2)
    assert first == r"/docs/edit/Untitled\.doc(?:[?#].*)?$" and re.search(first, url)
    assert second == r"/docs/edit/[^/]+(?:[?#].*)?$" and re.search(second, url)
    assert looser_url_pattern("http://h/", 2) is None                # nothing to loosen further


def test_a_hash_routed_url_is_loosened_within_its_route_never_to_the_apps_one_document():
    """Kinto Admin's pages are routes in the fragment: "the path alone" was ``/v1/admin/(?:[?#].*)?$``, which
    every page of the app matches, so a run that had clicked into another bucket passed the URL check."""
    url = "http://h/v1/admin/#/buckets/rec-0b6a4c4b/collections/create?tab=1"
    first, second = looser_url_pattern(url, 1), looser_url_pattern(url, 2)
    assert first == r"/v1/admin/(?:\?[^#]*)?#/buckets/rec\-0b6a4c4b/collections/create(?:\?.*)?$" and re.search(first, url)
    assert second == r"/v1/admin/(?:\?[^#]*)?#/buckets/rec\-0b6a4c4b/collections/[^/]+(?:\?.*)?$" and re.search(second, url)
    for elsewhere in ("http://h/v1/admin/", "http://h/v1/admin/#/buckets/qa-1d8f1a2b/collections/create"):
        assert not re.search(first, elsewhere) and not re.search(second, elsewhere)


def _shop() -> tuple[list[RecordedStep], Action]:
    recording = read_recording(EXAMPLES / "shop.jsonl")
    plan = build_plan(recording, "shop")
    return recording.records, next(s for s in plan.statements if isinstance(s, Action) and s.response)


def test_the_next_locator_is_the_next_candidate_the_recording_proved_and_none_after_the_last():
    steps, action = _shop()
    recorded = steps[action.step - 1]
    other = RankedLocator(kind="role", steps=[LocatorStep(method="get_by_role", args=["button"], kwargs={"name": "Add"})],
                          score=100, matches=1, is_target=True)
    record = recorded.model_copy(update={"locators": recorded.locators.model_copy(
        update={"candidates": [*recorded.locators.candidates, other]})})
    revision = next_revision(action, record, "locator", [], "Timeout")
    assert revision is not None and revision.stage == 1 and "the next candidate from the recording (role)" in revision.said
    assert next_revision(action, record, "locator", [revision], "Timeout") is None
    assert next_revision(action, steps[action.step - 1], "locator", [], "Timeout") is None


def test_a_wait_for_the_locator_to_find_one_moves_onto_the_next_candidate():
    """A locator whose look-alikes a stylesheet hides waits to find one (``styled_twins``); proving moved to the next
    candidate: that one is waited for, the old one is not left behind."""
    steps, action = _shop()
    recorded = steps[action.step - 1]
    chosen = recorded.locators.chosen.model_copy(update={"styled_twins": 1})
    other = RankedLocator(kind="role", steps=[LocatorStep(method="get_by_role", args=["button"], kwargs={"name": "Add"})],
                          score=100, matches=1, is_target=True)
    record = recorded.model_copy(update={"locators": recorded.locators.model_copy(
        update={"chosen": chosen, "candidates": [chosen, *recorded.locators.candidates[1:], other]})})
    action = action.model_copy(update={"waits": [*action.waits, waits.styled_wait(record)]})
    plan = build_plan(read_recording(EXAMPLES / "shop.jsonl"), "shop")
    plan = plan.model_copy(update={"statements": [action if isinstance(s, Action) and s.step == action.step else s
                                                  for s in plan.statements]})
    revision = next_revision(action, record, "locator", [], "Timeout")
    revised = next(s for s in apply_revisions(plan, [*steps[:action.step - 1], record, *steps[action.step:]],
                                              [revision]).statements if isinstance(s, Action) and s.step == action.step)
    counted = [w for w in revised.waits if w.kind == "count"]
    assert counted and all(w.locator == revised.locator for w in counted), revised.waits
    assert revised.locator != action.locator


def test_a_response_wait_is_matched_by_method_and_path_then_dropped_and_each_says_so():
    steps, action = _shop()
    first = next_revision(action, steps[action.step - 1], "response", [], "Timeout")
    plan = apply_revisions(build_plan(read_recording(EXAMPLES / "shop.jsonl"), "shop"), steps, [first])
    revised = next(s for s in plan.statements if isinstance(s, Action) and s.step == action.step)
    assert revised.response.by_predicate and "revised by proving" in revised.response.reason
    second = next_revision(revised, steps[action.step - 1], "response", [first], "Timeout")
    plan = apply_revisions(plan, steps, [second])
    dropped = next(s for s in plan.statements if isinstance(s, Action) and s.step == action.step)
    assert dropped.response is None and "not waited for" in dropped.note
    source = renderer_for("python").test_file(plan)
    assert "# revised by proving: no matching response came on a fresh load; not waited for" in source


def test_a_dropped_response_wait_of_a_check_says_the_app_may_have_kept_the_recordings_setting():
    """Transmission's speed limit: the recording checked "Upload (kB/s):" and its save was waited for; every later
    run found the box checked (the daemon kept it), check() clicked nothing, and the wait was dropped with "no
    matching response came on a fresh load", as if the app had changed. The revision says why it may be."""
    steps, action = _shop()
    record = steps[action.step - 1].model_copy(update={"tool": "browser_check"})
    first = next_revision(action, record, "response", [], "Timeout")
    second = next_revision(action, record, "response", [first], "Timeout")
    assert "check() clicks only a box not yet checked: the app may have kept the setting" in second.said
    assert "may have kept" not in next_revision(action, steps[action.step - 1], "response", [first], "Timeout").said


def test_a_count_of_answers_a_fresh_run_did_not_repeat_is_its_first_answer_before_the_wait_is_dropped():
    """A wait for answer 2 of a request the fresh run asked once (its last answer never came) waits for the
    first, by method and path; only a failure of that drops it (tests/test_proof_answers.py proves it)."""
    steps, action = _shop()
    counted = action.model_copy(update={"response": action.response.model_copy(update={"answers": 2})})
    first = next_revision(counted, steps[action.step - 1], "response", [], "Timeout")
    assert (first.kind, first.stage) == ("answers", 1) and "waits for its first answer" in first.said, first
    plan = build_plan(read_recording(EXAMPLES / "shop.jsonl"), "shop")
    plan = plan.model_copy(update={"statements": [counted if s == action else s for s in plan.statements]})
    revised = apply_revisions(plan, steps, [first])
    waited = next(s for s in revised.statements if isinstance(s, Action) and s.step == action.step)
    assert waited.response.answers == 1 and waited.response.by_predicate, waited.response
    dropped = next_revision(waited, steps[action.step - 1], "response", [first], "Timeout")
    assert (dropped.kind, dropped.stage) == ("response", 2) and "not waited for" in dropped.said


def test_an_agents_assertion_is_never_a_revision():
    plan = build_plan(read_recording(EXAMPLES / "shop.jsonl"), "shop")
    source = renderer_for("python").test_file(plan)
    line = next(n for n, text in enumerate(source.splitlines(), 1) if "Added Pixel 8 to cart" in text)
    _, statement = statement_at(plan, "python", source, line)
    assert isinstance(statement, Check)                 # verdex/proof.py reports it, never revises it
    steps, lines = read_recording(EXAMPLES / "shop.jsonl").records, source.splitlines()
    failed = Run(label="run 1 (as it is)", passed=False, seconds=1.0, line=line, error="AssertionError",
                 message="Locator expected to be visible")
    assert revision_for(plan, steps, "python", lines, failed, [])[1].startswith("the agent asserted this")
    # NocoDB's "Filter" check found "Add filter" too, its menu still open: the locator's doing, said so
    doubled = Run(label="run 1 (as it is)", passed=False, seconds=1.0, line=line, error="AssertionError",
                  message='Locator expected to be visible\nError: strict mode violation: get_by_role("button", '
                          'name="Filter") resolved to 3 elements:')
    revision, why = revision_for(plan, steps, "python", lines, doubled, [])
    assert revision is None and "found 3 elements on a fresh run, one when recorded" in why, why


def test_a_wait_wrapped_over_lines_is_the_part_that_failed_whichever_of_its_lines_the_run_names():
    """Python names a wrapped call's last line (``).to_be_visible(…)``): proving still reads it as the wait
    there, which it may drop, not as the action's locator, which the recording may offer no other for.
    (Playwright Test names the line where the call begins.)"""
    _, action = _shop()
    plan = build_plan(read_recording(EXAMPLES / "shop.jsonl"), "shop")
    wait = next(i for i, w in enumerate(action.waits) if w.kind == "attribute")
    for target, needle in (("python", 'get_by_test_id("product-grid")'), ("typescript", 'getByTestId("product-grid")')):
        lines = renderer_for(target).test_file(plan).splitlines()
        first = next(n for n, text in enumerate(lines, 1) if needle in text)
        last = next(n for n in range(first, len(lines) + 1) if lines[n - 1].rstrip().endswith(")"))
        named = (first, last) if target == "python" else (first,)
        assert target != "python" or last > first, "the readiness wait is wrapped: the case this is about"
        for line in named:
            failed = Run(label="run 1 (as it is)", passed=False, seconds=1.0, line=line, error="AssertionError",
                         message="Locator expected to have attribute")
            assert failing_part(action, lines, failed, target) == f"wait:{wait}", (target, lines[line - 1])


def test_of_two_waits_on_elements_of_one_role_the_one_named_on_the_failing_line_is_the_part_that_failed():
    """Kiwi TCMS's plan form: once a product is chosen, the page sets Product and Version, two selects, and the
    test waits for both. The failing line names Version; proving read the role alone ("combobox") and revised
    Product's wait twice, leaving Version's failing."""
    waited = [Wait(kind="value", locator=_named("combobox", name), value="2", replaced="1",
                   reason=f"the page set {name}") for name in ("Product", "Version")]
    action = Action(page="page", kind="click", locator=_named("combobox", "Type"), waits=waited, step=2)
    for target, needle in (("python", 'name="Version"'), ("typescript", 'name: "Version"')):
        assert _part_failing_at(action, target, needle) == "wait:1", target


def _named(role: str, name: str) -> Locator:
    return Locator(steps=[Step(method="get_by_role", args=[role], kwargs={"name": name, "exact": True})])


def _part_failing_at(action: Action, target: str, needle: str) -> str:
    """The part of ``action`` proving reads as failed when a run of the file rendered for ``target`` fails on
    the first line that holds ``needle``."""
    plan = Plan(name="plan", base_url="http://127.0.0.1:8000", statements=[Goto(page="page", url="/"), action])
    lines = renderer_for(target).test_file(plan).splitlines()
    line = next(n for n, text in enumerate(lines, 1) if needle in text)
    failed = Run(label="run 1 (as it is)", passed=False, seconds=1.0, line=line, error="AssertionError",
                 message="Locator expected to have Value")
    return failing_part(action, lines, failed, target)


def test_a_failing_wait_on_a_field_found_by_css_is_the_part_that_failed_not_the_next_wait_its_comment_names():
    """pyLoad's Edit Package dialog: the page sets the record's id in a hidden field (``#pack_id``, found by CSS,
    no name) and then its Name and Folder, and the test waits for the three. A fresh run's record has an id of
    its own and failed on ``#pack_id``; proving read the lines after it too, found ``"Name"`` in the next wait's
    comment, and spent its three revisions on Name's and Folder's waits, leaving the failing one as it was."""
    hidden = Locator(steps=[Step(method="locator", args=["#pack_id"])])
    waited = [Wait(kind="value", locator=hidden, value="1", replaced="",
                   reason='the page set input[type=hidden][name="pack_id"] (hidden) to \'1\' after the action before'),
              *(Wait(kind="value", locator=_named("textbox", name), value="Docs", replaced="",
                     reason=f'the page set textbox "{name}" to \'Docs\' after the action before')
                for name in ("Name", "Folder"))]
    action = Action(page="page", kind="click", locator=_named("textbox", "Name"), waits=waited, step=2)
    for target in ("python", "typescript"):
        assert _part_failing_at(action, target, 'locator("#pack_id")') == "wait:0", target


def test_a_url_check_a_fresh_run_made_while_still_on_the_page_the_action_began_on_waits_longer_first():
    """A login whose app routes on once the code of its next page has come (Homebridge's Angular UI, its lazy
    chunks each held 1.5 s by chaos): the check saw the login page still, past Playwright's 5 s. The run did not
    land elsewhere: the check waits longer, at the app's pace, before any looser pattern, and is not dropped."""
    recording = _login_checked_by_verdex_alone()
    plan = build_plan(recording, "login")
    action = next(s for s in plan.statements if isinstance(s, Action) and any(a.kind == "url" for a in s.asserts))
    record = recording.records[action.step - 1]
    still = "http://127.0.0.1:41207/login/"                        # the proof's app, served elsewhere
    later = next_revision(action, record, "url", [], "AssertionError", landed=still)
    assert later is not None and later.stage == 0 and "waited for longer" in later.said
    revised = apply_revisions(plan, recording.records, [later])
    source = renderer_for("python").test_file(revised)
    assert re.search(r'to_have_url\(re\.compile\(r"/login/welcome\\.html\$"\), timeout=30_000\)', source), source
    assert "waited for longer" in renderer_for("typescript").test_file(revised)
    statement = next(s for s in revised.statements if isinstance(s, Action) and s.step == action.step)
    loosened = next_revision(statement, record, "url", [later], "AssertionError", landed=still)
    assert loosened is not None and loosened.stage >= 1        # waiting longer did not do: loosened, then dropped


def test_a_url_check_a_fresh_run_landed_elsewhere_from_is_loosened_only_as_far_as_it_holds_then_dropped():
    """A login that returns the user to the last page they saw (Directus): the run's check saw another page,
    so no looser pattern of the recorded URL is tried that would not hold for it; none does, and the URL
    check, verdex's own, is dropped with a comment (``tests/test_landing_page_kept.py`` in a browser). Never
    after a click found by its position: it may have clicked another element (Kinto Admin's "Create
    collection" by nth(4) landed in another bucket, and proving said the app chose the page)."""
    recording = _login_checked_by_verdex_alone()
    plan = build_plan(recording, "login")
    action = next(s for s in plan.statements if isinstance(s, Action) and any(a.kind == "url" for a in s.asserts))
    record = recording.records[action.step - 1]
    landed = "http://127.0.0.1:33633/login/reports/weekly"
    same_folder = next_revision(action, record, "url", [], "AssertionError", landed="http://h/login/inbox.html")
    assert same_folder is not None and same_folder.stage == 2      # the path alone would not hold there
    dropped = next_revision(action, record, "url", [], "AssertionError", landed=landed)
    assert dropped is not None and dropped.stage == URL_DROPPED and "the URL is not asserted" in dropped.said
    revised = apply_revisions(plan, recording.records, [dropped])
    statement = next(s for s in revised.statements if isinstance(s, Action) and s.step == action.step)
    assert not any(a.kind == "url" for a in statement.asserts)
    source = renderer_for("python").test_file(revised)
    assert "the URL is not asserted" in source and r"/login/welcome\.html$" not in source
    assert next_revision(statement, record, "url", [dropped], "AssertionError", landed=landed) is None
    by_position = action.model_copy(update={"locator": action.locator.model_copy(update={"positional": True})})
    assert next_revision(by_position, record, "url", [], "AssertionError", landed=landed) is None   # Kinto's nth(4)
    assert Run(label="plain", passed=False, seconds=1.0, message="AssertionError: Page URL expected to be "
               f"'x'\nActual value: {landed} \nCall log:").landed() == landed
    assert Run(label="plain", passed=False, seconds=1.0, message=f'Expected pattern: /x$/\nReceived string:  "{landed}"'
               ).landed() == landed


def test_a_url_check_that_says_the_agents_too_is_waited_for_longer_and_never_loosened_or_dropped():
    """The login recording's agent checked the URL right after the click (``verify_url``): the click's own check
    says it once, and stands for it. An ArchiveBox snapshot's page (``/archive/<a time>/index.html``) was checked
    so, and proving dropped the check as "the app chose where": the agent's assertion, gone from the test. A run
    still on the page the action began on waits longer; one elsewhere is not revised, and proving says why."""
    recording = read_recording(EXAMPLES / "login.jsonl")
    plan = build_plan(recording, "login")
    action = next(s for s in plan.statements if isinstance(s, Action) and any(a.kind == "url" for a in s.asserts))
    assert [a.agent for a in action.asserts if a.kind == "url"] == [True]
    assert not any(isinstance(s, Check) and s.assertion.kind == "url" for s in plan.statements)     # said once
    record = recording.records[action.step - 1]
    later = next_revision(action, record, "url", [], "AssertionError", landed="http://127.0.0.1:41207/login/")
    assert later is not None and later.stage == 0 and "waited for longer" in later.said
    for landed in ("http://h/login/inbox.html", "http://127.0.0.1:33633/login/reports/weekly", ""):
        assert next_revision(action, record, "url", [], "AssertionError", landed=landed) is None, landed


def _login_checked_by_verdex_alone():
    """The login recording without the agent's check of the URL: the click's URL check is verdex's own."""
    recording = read_recording(EXAMPLES / "login.jsonl")
    return dataclasses.replace(recording, records=[r for r in recording.records if r.tool != "verify_url"])


@pytest.mark.parametrize("part", ["response", "wait", "locator"])
def test_a_line_that_failed_under_chaos_alone_is_not_revised_and_the_lateness_is_the_reason(part):
    """A run as it is passed, then a chaos run failed on the response wait, on a wait before the action or on
    its locator (no element within its timeout): what it waits for came late or never (pgAdmin's tile clicked
    before its code could take it, so no dialog opened). Dropping the wait, or another locator, would only hide
    that: proving dropped both waits of that click, then blamed the dialog field's locator."""
    steps, action = _shop()
    plan = build_plan(read_recording(EXAMPLES / "shop.jsonl"), "shop")
    lines = renderer_for("python").test_file(plan).splitlines()
    needle = {"response": "expect_response", "wait": 'get_by_test_id("product-grid")',
              "locator": ".click("}[part]
    line = next(n for n, text in enumerate(lines, 1) if needle in text and statement_at(plan, "python", "\n".join(
        lines), n) == (plan.statements.index(action), action))
    message = {"response": 'Timeout 30000ms exceeded while waiting for event "response"',
               "wait": "Locator expected to have attribute\nTimeout 5000ms exceeded",
               "locator": "Locator.click: Timeout 30000ms exceeded.\nCall log:\n  - waiting for get_by_role(\"button\")"}[part]
    chaos = Run(label="run 2 (chaos seed 1)", passed=False, seconds=1.0, line=line, error="TimeoutError",
                message=message)
    assert failing_part(action, lines, chaos, "python").split(":")[0] == part
    assert revision_for(plan, steps, "python", lines, chaos, []) == (None, LATE_UNDER_CHAOS)
    plain = Run(label="run 1 (as it is)", passed=False, seconds=1.0, line=line, error="TimeoutError", message=message)
    revision, why = revision_for(plan, steps, "python", lines, plain, [])     # a run as it is failing there
    assert (revision is not None and revision.kind == part) or why == "the recording offers no other choice for its "\
        "locator", (revision, why)


def test_names_a_fresh_run_saw_otherwise_mid_path_are_any_name_only_when_alike():
    """pretix's order page: a fresh run's order has another code and secret mid-path, each of the recording's
    shape; any other segment that differs (another page) is not a name the server made."""
    url = "http://h/shop/order/LEFTS/sqg63vuxrd3irjsx/?thanks=yes"
    landed = "http://h/shop/order/QZKPA/a8c0d3ffe1b2c4d5/?thanks=yes"
    pattern = looser_url_pattern(url, 3, landed)
    assert pattern == r"/shop/order/[^/]+/[^/]+/(?:[?#].*)?$", pattern
    assert re.search(pattern, url) and re.search(pattern, landed)
    assert looser_url_pattern("http://h/admin/users/", 3, "http://h/admin/settings/") is None     # another page
    assert looser_url_pattern("http://h/a/LEFTS/", 3, "http://h/b/QZKPA/") is None               # no segment kept
    assert looser_url_pattern(url, 3) is None                                  # no fresh run's URL to compare
