# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_memoize_edge_cases.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from collections.abc import Generator


import pytest


from playwright.sync_api import Page, expect


from reflex.testing import AppHarness


@pytest.fixture(scope="module")
def memo_app(
    tmp_path_factory: pytest.TempPathFactory,
) -> Generator[AppHarness, None, None]:
    """Run the memoization edge-cases app under an AppHarness.

    Args:
        tmp_path_factory: Pytest fixture for creating temporary directories.

    Yields:
        The running harness.
    """
    with AppHarness.create(
        root=tmp_path_factory.mktemp("memo_edge_cases"),
        app_source=MemoEdgeCasesApp,
    ) as harness:
        yield harness


def test_accordion_trigger_with_stateful_cond_updates(
    memo_app: AppHarness, page: Page
) -> None:
    """AccordionTrigger holding a stateful cond updates on state changes.

    Args:
        memo_app: Running app harness.
        page: Playwright page.
    """
    assert memo_app.frontend_url is not None
    page.goto(memo_app.frontend_url)

    expect(page.locator("#trigger-show")).to_have_text("Show")
    expect(page.locator("#trigger-hide")).to_have_count(0)

    page.click("#toggle")  # expect: VDX010
    expect(page.locator("#trigger-hide")).to_have_text("Hide")
    expect(page.locator("#trigger-show")).to_have_count(0)

    # Bumping an unrelated counter must not desync the trigger render.
    page.click("#bump")  # expect: VDX010
    expect(page.locator("#counter")).to_have_text("1")
    expect(page.locator("#trigger-hide")).to_have_text("Hide")

    page.click("#toggle")  # expect: VDX010
    expect(page.locator("#trigger-show")).to_have_text("Show")


def test_page_title_updates_with_state(memo_app: AppHarness, page: Page) -> None:
    """The page title (passed to ``add_page(title=...)``) tracks state.

    Verifying via ``document.title`` proves the state value flows through the
    standard page-metadata path and lands as the title's text node, not as a
    stringified JSX component child.

    Args:
        memo_app: Running app harness.
        page: Playwright page.
    """
    assert memo_app.frontend_url is not None
    page.goto(memo_app.frontend_url)
    page.wait_for_selector("#trigger-show")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021

    expect(page).to_have_title("memo-title-home")

    page.click("#set-title")  # expect: VDX010
    expect(page).to_have_title("memo-title-about")


def test_style_element_renders_stateful_css_as_text(
    memo_app: AppHarness, page: Page
) -> None:
    """``rx.el.style(state_var)`` writes the state value as the stylesheet text.

    Uses a unique marker substring so the test does not collide with Emotion
    or Sonner stylesheets that also live in the document.

    Args:
        memo_app: Running app harness.
        page: Playwright page.
    """
    assert memo_app.frontend_url is not None
    page.goto(memo_app.frontend_url)
    page.wait_for_selector("#trigger-show")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021

    assert _document_contains_style(page, "memo-css-light")
    assert not _document_contains_style(page, "memo-css-dark")

    page.click("#set-css")  # expect: VDX010
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('style'))
            .some(el => (el.textContent || '').includes('memo-css-dark'))""",
        timeout=5000,
    )
    assert _document_contains_style(page, "memo-css-dark")
    assert not _document_contains_style(page, "memo-css-light")


def test_markdown_with_state_var_renders_and_updates(
    memo_app: AppHarness, page: Page
) -> None:
    """``rx.markdown(State.var)`` renders the Var as a string and tracks state.

    Mirrors the bug-report repro: static-source markdown sibling next to a
    Var-source markdown. Pre-fix, the Var-source markdown crashed
    react-markdown and prevented the whole subtree from rendering.

    Args:
        memo_app: Running app harness.
        page: Playwright page.
    """
    assert memo_app.frontend_url is not None
    page.goto(memo_app.frontend_url)

    static = page.locator("#md-static")
    expect(static.locator("em")).to_have_text("is")
    expect(static.locator("strong")).to_have_text("working")

    host = page.locator("#md-host")
    expect(host.locator("strong")).to_have_text("memo-md-home")
    expect(host).not_to_contain_text("[object Object]")

    page.click("#set-markdown")  # expect: VDX010

    expect(host.locator("strong")).to_have_text("memo-md-away")
    expect(host).not_to_contain_text("[object Object]")
    expect(static.locator("strong")).to_have_text("working")
