# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_memo.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
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
    """Run the memo app under an AppHarness.

    Args:
        tmp_path_factory: Pytest fixture for creating temporary directories.

    Yields:
        The running harness.
    """
    with AppHarness.create(
        root=tmp_path_factory.mktemp("memo_app"),
        app_source=MemoApp,
    ) as harness:
        yield harness


def test_memo_event_handler_partial_application(
    memo_app: AppHarness, page: Page
) -> None:
    """Clicking a button whose ``on_click`` is ``event(some_value)`` dispatches it.

    Args:
        memo_app: Running app harness.
        page: Playwright page.
    """
    _load_page(page, memo_app)

    expect(page.locator("#memo-last-value")).to_have_text("")
    page.click("#memo-button")  # expect: VDX010
    expect(page.locator("#memo-last-value")).to_have_text("memod_some_value")


def test_memo_recursive_tree_reacts_to_state(memo_app: AppHarness, page: Page) -> None:
    """Replacing the tree in state re-renders the recursive memo with new data.

    Args:
        memo_app: Running app harness.
        page: Playwright page.
    """
    _load_page(page, memo_app)

    node_names = page.locator("#tree-root .tree-node-name")
    expect(node_names).to_have_count(4)

    page.click("#replace-tree")  # expect: VDX010

    expect(node_names).to_have_count(2)
    expect(node_names).to_have_text(["root2", "only-child"])


def test_memo_key_preserves_identity_across_reorder(
    memo_app: AppHarness, page: Page
) -> None:
    """``key`` on a memo under ``rx.foreach`` drives React's reconciliation.

    Each row is a memo with an uncontrolled input keyed by its label. Type a
    distinct value into each, reverse the list, and the values must follow
    their labels rather than their positions — which only happens if the
    ``key`` reaches React. (``rx.foreach`` would otherwise key by index, giving
    positional identity, so this asserts the explicit ``key`` is honored.)

    Args:
        memo_app: Running app harness.
        page: Playwright page.
    """
    _load_page(page, memo_app)

    rows = page.locator("#keyed-rows input")
    expect(rows).to_have_count(3)
    for row_id in ("row-a", "row-b", "row-c"):
        page.locator(f"#{row_id}").fill(row_id.upper())

    page.click("#reverse-order")  # expect: VDX010

    # Order reversed (positional proof the reorder happened) ...
    expect(rows.first).to_have_attribute("id", "row-c")  # not VDX001: the order is what the test checks
    expect(rows.last).to_have_attribute("id", "row-a")  # not VDX001: the order is what the test checks
    # ... while each row kept the value typed into it, by key, not by slot.
    for row_id in ("row-a", "row-b", "row-c"):
        expect(page.locator(f"#{row_id}")).to_have_value(row_id.upper())
