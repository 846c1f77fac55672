"""A pytest plugin the suite loads into the runs of a proof (``-p bounded_actions``, tests/conftest.py's
``proof_actions_bounded``) whose failing run is one as it is, on an action whose element the page never offers (the
state the recording left in the app, an app changed under the recording): each test's browser context bounds an
action at ``ACTION_TIMEOUT_MS``, where Playwright's own 30 s had each such test of the suite wait 30 s for the
failure it expects. Navigations keep Playwright's 30 s; the waits a generated test bounds itself (``timeout=30_000``)
and its checks (``expect``, 5 s) are as they were.

It lives outside ``tests/flows`` so that loading it imports nothing else of the suite's."""

from __future__ import annotations

from typing import Any

import pytest

ACTION_TIMEOUT_MS = 10_000         # twice the 5 s every check of a generated test is given (expect's own)
NAVIGATION_TIMEOUT_MS = 30_000     # Playwright's own


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef, request: pytest.FixtureRequest) -> Any:
    value = yield
    if fixturedef.argname == "context":          # pytest-playwright's, one per run; its page inherits the bounds
        value.set_default_timeout(ACTION_TIMEOUT_MS)
        value.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
    return value
