# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_cond_match.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from collections.abc import Generator


import pytest


from playwright.sync_api import Page, expect


from reflex.testing import AppHarness


@pytest.fixture(scope="module")
def cond_match_app(
    tmp_path_factory: pytest.TempPathFactory,
) -> Generator[AppHarness, None, None]:
    """Create a harness for the cond/match regression app.

    Args:
        tmp_path_factory: Pytest fixture for creating temporary directories.

    Yields:
        Running AppHarness for the test app.
    """
    with AppHarness.create(
        root=tmp_path_factory.mktemp("cond_match_app"),
        app_source=CondMatchApp,
    ) as harness:
        yield harness


def test_cond_and_match_render_only_selected_branch(
    cond_match_app: AppHarness, page: Page
):
    """Cond and Match should render exactly one active branch per state value.

    Args:
        cond_match_app: Running harness for the cond/match app.
        page: Playwright page.
    """
    assert cond_match_app.frontend_url is not None
    page.goto(cond_match_app.frontend_url)

    expect(page.locator("#current-value")).to_have_text("A")
    expect(page.locator("#cond-true")).to_have_text("A")
    expect(page.locator("#cond-false")).to_have_count(0)
    expect(page.locator("#match-a")).to_have_text("A is selected")
    expect(page.locator("#match-b")).to_have_count(0)
    expect(page.locator("#match-default")).to_have_count(0)

    page.click("#select-b")  # expect: VDX010
    expect(page.locator("#current-value")).to_have_text("B")
    expect(page.locator("#cond-true")).to_have_count(0)
    expect(page.locator("#cond-false")).to_have_text("B")
    expect(page.locator("#match-a")).to_have_count(0)
    expect(page.locator("#match-b")).to_have_text("B is selected")
    expect(page.locator("#match-default")).to_have_count(0)

    page.click("#select-c")  # expect: VDX010
    expect(page.locator("#current-value")).to_have_text("C")
    expect(page.locator("#cond-true")).to_have_count(0)
    expect(page.locator("#cond-false")).to_have_text("B")
    expect(page.locator("#match-a")).to_have_count(0)
    expect(page.locator("#match-b")).to_have_count(0)
    expect(page.locator("#match-default")).to_have_text("No value selected")
