# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_hmr.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import json


import time


from collections.abc import Generator


from pathlib import Path


import pytest


from playwright.sync_api import Page, WebSocket, expect


from reflex.testing import AppHarness


@pytest.fixture(scope="module")
def hmr_app(tmp_path_factory) -> Generator[AppHarness, None, None]:
    """Run the HMR test app in development mode.

    Args:
        tmp_path_factory: Pytest temporary path factory.

    Yields:
        The running application harness.
    """
    with AppHarness.create(
        root=tmp_path_factory.mktemp("hmr_app"),
        app_source=HmrApp,
    ) as harness:
        yield harness


def _wait_for_hmr_manifest(
    page: Page, frames: list[str], route_id: str, start_index: int
) -> None:
    """Wait until React Router receives a manifest update for a route.

    Args:
        page: Playwright page driving the application.
        frames: Captured Vite websocket frames.
        route_id: React Router route identifier expected in the update.
        start_index: Ignore frames captured before this index.

    Raises:
        AssertionError: If the expected update is not received.
    """
    deadline = time.monotonic() + 10
    scan_pos = start_index
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)  # not VDX004: the poll interval of a loop with a deadline
        while scan_pos < len(frames):
            frame = frames[scan_pos]
            scan_pos += 1
            if "react-router:hmr" not in frame:
                continue
            payload = json.loads(frame)
            if payload.get("data", {}).get("route", {}).get("id") == route_id:
                return
    msg = f"no HMR manifest update received for {route_id}"
    raise AssertionError(msg)
