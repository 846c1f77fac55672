"""On real open-source apps nobody here wrote (tests/realapps/, installed from PyPI and npm by ./dev), a
scripted agent records one flow per app over MCP; the generated Python test passes against fresh copies
of the app, its locators hold no nth() and no price, count or date, both files pass the review checks of
tests/generated_style.py, and the TypeScript spec passes too. This file samples every app but the kinds
tests/test_realapps_kinds.py samples (so that the two files run side by side on two workers); a new app
is sampled here. bench/realapps.py runs every flow 20 times. verdex heal repairs a generated test after
the app relabelled the button it clicks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.flows.runner import run_pytest
from tests.realapps import proving
from tests.realapps.apps import running
from tests.realapps.flows import FLOWS, first_flow_of_each_app
from tests.test_realapps_kinds import KINDS
from verdex.heal import heal

SAMPLE = [flow for flow in first_flow_of_each_app() if flow.app.name not in KINDS]


@pytest.mark.parametrize("flow", SAMPLE, ids=[flow.key for flow in SAMPLE])
def test_a_flow_recorded_on_a_real_app_gives_tests_that_pass_without_positions(flow, tmp_path):
    proving.check_sampled_flow(flow, tmp_path)


def test_a_test_waits_for_the_data_a_real_app_loads_after_its_page_opens_before_it_acts(tmp_path):
    """Dash asks for its callbacks' answers after the page opens; a click on the table before the last
    answer is undone by it (the table comes back whole, "8 planets shown"). The recording notes a text
    that answer showed (one with no count when it showed one: the table it redrew), and the generated
    test waits for it before its first click — and so holds under
    the client-side chaos seeds that undid the click before there was such a wait."""
    flow = FLOWS["dash/delete-row"]
    test_file = proving.export(flow, proving.record(flow, tmp_path), tmp_path)
    source = test_file.read_text()
    waited = source.index("# the app loaded its data after the page opened")
    assert waited < source.index("to_be_visible(timeout=30_000)") < source.index("click()")
    serve = proving.serving(flow.app)
    for seed in (2, 5):
        run = run_pytest(test_file, None, serve, ("--chaos-seed", str(seed)))
        assert run.passed, run.tail()


def test_heal_repairs_a_generated_test_after_a_real_app_renamed_the_button_it_clicks(tmp_path):
    """Flask-Admin's delete flow, recorded and exported as verdex writes it (the row of Dune, told apart
    by a cell, after a dialog handler); the app relabelled ("Delete Record" is now "Remove book")
    fails the test, and heal finds the button again as the one button of that row and rewrites only its
    locator. The healed test passes on a fresh copy of the relabelled app."""
    flow = FLOWS["flask-admin/delete"]
    recording = proving.record(flow, tmp_path)
    test_file = proving.export(flow, recording, tmp_path)
    broken = test_file.read_text()
    # the row told apart by a cell, at whatever depth black indents it (inside a response's `with` when the
    # recording saw the delete's answer change the page, outside it when not)
    assert re.search(r'get_by_role\("row"\)\.filter\(\s*has=page\.get_by_role\("cell"', broken), broken
    assert '"Delete Record"' in broken, broken
    progress: list[str] = []
    with running(flow.app, "--renamed-delete") as base_url:
        report = heal(test_file, recording, base_url=base_url, progress=progress.append)
    healed = test_file.read_text()
    assert report.passed and [fix.kind for fix in report.fixes] == ["locator"], "\n".join(progress)
    assert '"Remove book"' in healed and "Delete Record" not in healed

    @contextmanager
    def relabelled(seed: int | None) -> Iterator[str]:
        with running(flow.app, "--renamed-delete") as base_url:
            yield base_url
    again = run_pytest(test_file, None, relabelled)
    assert again.passed, again.tail()


def test_the_corpus_has_four_apps_with_two_flows_or_more_each():
    per_app: dict[str, int] = {}
    for flow in FLOWS.values():
        per_app[flow.app.name] = per_app.get(flow.app.name, 0) + 1
    assert len(per_app) >= 4 and min(per_app.values()) >= 2, per_app
