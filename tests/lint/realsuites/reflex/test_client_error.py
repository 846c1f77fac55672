# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_client_error.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from __future__ import annotations


from collections.abc import Generator


import pytest


from playwright.sync_api import Page, expect


from reflex.testing import AppHarness


# Substate name with no dispatch function in the compiled frontend.
GHOST_SUBSTATE = "reflex___state____state____ghost_state"


@pytest.fixture(scope="module")
def client_error_app(
    tmp_path_factory: pytest.TempPathFactory,
) -> Generator[AppHarness, None, None]:
    """Start the ClientErrorApp.

    Args:
        tmp_path_factory: pytest fixture for creating temporary directories.

    Yields:
        Running AppHarness instance.
    """
    with AppHarness.create(
        root=tmp_path_factory.mktemp("client_error_app"),
        app_source=ClientErrorApp,
    ) as harness:
        assert harness.app_instance is not None, "app is not running"
        yield harness


def test_unprocessable_delta_is_reported_to_backend(
    client_error_app: AppHarness, page: Page, monkeypatch: pytest.MonkeyPatch
):
    """An unprocessable delta reaches the backend's frontend exception handler.

    Args:
        client_error_app: Running AppHarness instance.
        page: Playwright page fixture.
        monkeypatch: pytest fixture for patching the exception handler.
    """
    assert client_error_app.frontend_url is not None
    assert client_error_app.app_instance is not None
    page.goto(client_error_app.frontend_url)
    expect(page.locator("#token")).not_to_have_value("")

    # The socket works before the mismatch.
    page.click("#bump-btn")  # expect: VDX010
    expect(page.locator("#counter")).to_have_text("1")

    reports: list[str] = []
    monkeypatch.setattr(
        client_error_app.app_instance,
        "frontend_exception_handler",
        lambda exc: reports.append(str(exc)),
    )

    page.click("#break-btn")  # expect: VDX010

    assert AppHarness._poll_for(lambda: reports), (
        "backend was not told about the unprocessable delta"
    )
    report = reports[0]
    assert GHOST_SUBSTATE in report
    assert "no dispatch function" in report
    assert "rebuild" in report.lower()


def test_unprocessable_delta_is_fatal_without_reload(
    client_error_app: AppHarness, page: Page, monkeypatch: pytest.MonkeyPatch
):
    """A mismatch is reported exactly once and does not reload the page.

    Recovery (rebuild or api_url fix) is the developer's decision, so the
    frontend must not reload on its own or keep re-reporting.

    Args:
        client_error_app: Running AppHarness instance.
        page: Playwright page fixture.
        monkeypatch: pytest fixture for patching the exception handler.
    """
    assert client_error_app.frontend_url is not None
    assert client_error_app.app_instance is not None
    page.goto(client_error_app.frontend_url)
    expect(page.locator("#token")).not_to_have_value("")

    reports: list[str] = []
    monkeypatch.setattr(
        client_error_app.app_instance,
        "frontend_exception_handler",
        lambda exc: reports.append(str(exc)),
    )

    page.click("#break-btn")  # expect: VDX010
    assert AppHarness._poll_for(lambda: reports), (
        "backend was not told about the unprocessable delta"
    )

    # No automatic reload: the page's original navigation entry is still live.
    assert (
        page.evaluate("() => performance.getEntriesByType('navigation')[0].type")
        == "navigate"
    )

    # The mismatch is fatal: further clicks send no events and add no reports.
    page.click("#break-btn")  # expect: VDX010
    page.click("#bump-btn")  # expect: VDX010
    page.wait_for_timeout(500)  # expect: VDX004
    expect(page.locator("#counter")).to_have_text("0")
    assert len(reports) == 1
