"""A pytest plugin that ``verdex heal`` loads into the test run it watches (``-p verdex.heal.probe``).

It writes where each failing test failed — the deepest line of the test file in the traceback, the
exception's type and its message — as JSON Lines to ``$VERDEX_HEAL_REPORT``, and bounds every
Playwright action by ``$VERDEX_HEAL_ACTION_TIMEOUT_MS`` so that an action that would wait on a
covered element fails fast instead of running into the default 30 s.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPORT = "VERDEX_HEAL_REPORT"
ACTION_TIMEOUT = "VERDEX_HEAL_ACTION_TIMEOUT_MS"


@pytest.fixture(autouse=True)
def _verdex_heal_action_timeout(request: pytest.FixtureRequest) -> None:
    timeout = os.environ.get(ACTION_TIMEOUT)
    if timeout and "page" in request.fixturenames:
        request.getfixturevalue("page").context.set_default_timeout(float(timeout))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if not report.failed or call.excinfo is None or not os.environ.get(REPORT):
        return
    test_file = Path(str(item.path)).resolve()
    lines = [entry.lineno + 1 for entry in call.excinfo.traceback if Path(str(entry.path)).resolve() == test_file]
    failure = {"test": item.nodeid, "when": report.when, "line": lines[-1] if lines else None,
               "error": call.excinfo.typename, "message": str(call.excinfo.value)}
    with open(os.environ[REPORT], "a", encoding="utf-8") as out:
        out.write(json.dumps(failure) + "\n")
