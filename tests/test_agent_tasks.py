"""The evaluation harness (bench/agent_tasks.py) measures what it says: a sample of its tasks, run here."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import agent_tasks  # noqa: E402

pytestmark = pytest.mark.anyio
SAMPLE = ("hover-delete", "overlay", "popup")


@pytest.mark.parametrize("name", SAMPLE)
async def test_a_task_is_done_and_metered(name):
    task = next(t for t in agent_tasks.TASKS if t.name == name)
    outcome = await agent_tasks.run_task(task, seed=None)
    assert outcome.ok, outcome.error
    assert outcome.calls >= outcome.steps >= 2
    assert 0 < outcome.largest <= 24_000 and outcome.loops == 0


def test_the_harness_counts_an_action_repeated_three_times_as_one_loop():
    meter = agent_tasks.Meter(calls=[("browser_click", '{"ref": "e1"}', 10)] * 4
                              + [("browser_snapshot", "{}", 10), ("browser_click", '{"ref": "e2"}', 10)])
    assert meter.steps == 5 and meter.loops == 1


def test_there_are_at_least_ten_tasks():
    assert len({t.name for t in agent_tasks.TASKS}) >= 10
