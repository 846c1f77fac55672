"""A value the run typed before it stopped is on its page by the run's own doing, not the recording's. MediaWiki's
section flow signed in as "Admin" and failed at a later wait; proving said "the app kept state from the
recording: where the run stopped, its page already showed 'Admin', which the test types" — the run's own user
menu. A value the test types only after the stop still counts (a list that already names it was made by the
recording)."""

from __future__ import annotations

from verdex.generators.plan import Action, Assertion, Check, Goto, Locator, Step, Value
from verdex.generators.plan import TestPlan as Plan       # not collected as a test class
from verdex.proof_state import shown_where_stopped


def _field(name: str) -> Locator:
    return Locator(steps=[Step(method="get_by_role", args=["textbox"], kwargs={"name": name, "exact": True})])


def _button(name: str) -> Locator:
    return Locator(steps=[Step(method="get_by_role", args=["button"], kwargs={"name": name, "exact": True})])


def _plan() -> tuple[Plan, Action]:
    stuck = Action(page="page", kind="click", locator=_button("Edit section"))
    statements = [Goto(page="page", url="/login"),
                  Action(page="page", kind="fill", locator=_field("Username"), value=Value(text="Admin")),
                  Action(page="page", kind="click", locator=_button("Log in")),
                  stuck,
                  Action(page="page", kind="fill", locator=_field("Summary"), value=Value(text="Packing list edit")),
                  Check(page="page", assertion=Assertion(kind="text_visible", text="Your edit was saved"))]
    return Plan(name="section", base_url="http://127.0.0.1:8970", statements=statements), stuck


def test_a_value_the_run_typed_before_it_stopped_is_no_kept_state():
    plan, stuck = _plan()
    assert shown_where_stopped(plan, stuck, "Admin\nTalk\nPreferences\nPacking\nEdit source", "Log in") == ""


def test_a_value_the_test_types_after_the_stop_shown_already_is_the_recordings():
    plan, stuck = _plan()
    said = shown_where_stopped(plan, stuck, "Admin\nPacking list edit\nEdit source", "Log in")
    assert "'Packing list edit', which the test types" in said and "'Admin'" not in said, said
