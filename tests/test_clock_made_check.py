"""An agent's check of a time the page made from the clock (Prometheus's "Rewind the end time": the graph's end
an hour before now, "2026-12-01 00:16") cannot pass on a later run. Proving said "the app kept state from run 1"
and to restart the app, when the run that failed had passed within the recording's minute; it now says the
clock made it (verdex/clock_readings.py), and the check's answer tells the agent as it passes.
``/settling/end-time.html`` writes the time to the millisecond, so that
its first run fails, where Prometheus's failed at its third; both reach the same reason."""

from __future__ import annotations

import re

import pytest

from tests.flows.agent import Agent, recording_client
from verdex import exporting
from verdex.clock_readings import made_from_the_clock
from verdex.fixtures.server import FixtureServer

pytestmark = pytest.mark.anyio


async def test_a_check_of_a_time_the_clock_made_is_said_to_fail_for_the_clock_not_for_kept_state(tmp_path, monkeypatch):
    monkeypatch.delenv(exporting.PROVE_ENV, raising=False)      # the suite's exports skip proving; this one proves
    test_file = tmp_path / "test_end_time.py"
    with FixtureServer() as server:
        async with recording_client(tmp_path / "end.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(server.url + "/settling/end-time.html")
            clicked = await agent.click("button", "Rewind the end time.")
            shown = re.search(r'"End time of graph \(UTC\)": "" → "([^"]+)"', clicked.text).group(1)
            checked = await agent.verify_element("textbox", "End time of graph (UTC)", "value", shown)
            assert f"{shown!r} is a time of today: if the page made it from the clock" in checked.text, \
                checked.text
            answer = await agent.call("export_test", target="python", path=str(test_file), name="end_time", prove=3)
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert f"the check expects '{shown}', a time the page made from the clock" in answer.text, answer.text
    assert "kept state" not in answer.text, answer.text


def test_only_a_date_of_the_recordings_day_with_its_time_is_the_clocks():
    started = "2026-12-01T01:16:24.180946+00:00"
    assert made_from_the_clock('to_have_value("2026-12-01 00:16")', "2026-12-01 00:17", started)
    assert made_from_the_clock('to_have_value("2026-11-30 23:59")', "2026-12-01 00:00", started)
    # a record's date (the app's data), a date without its time, the same time shown: not the clock's
    assert not made_from_the_clock('to_have_value("2023-05-01 10:00")', "2023-05-02 10:00", started)
    assert not made_from_the_clock('to_have_text("2026-12-01")', "2026-12-02", started)
    assert not made_from_the_clock('to_have_value("2026-12-01 00:16")', "", started)
    assert not made_from_the_clock('to_have_value("2026-12-01 00:16")', "2026-12-01 00:16 UTC", started)
