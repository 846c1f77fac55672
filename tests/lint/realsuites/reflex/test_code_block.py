# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_code_block.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from collections.abc import Generator


import pytest


from playwright.sync_api import Page, expect


from reflex.testing import AppHarness


DEFAULT_COPY_CODE = "print('copied from default button')"


CUSTOM_COPY_CODE = "print('copied from custom button')"


@pytest.fixture(scope="module")
def code_block_app(
    tmp_path_factory: pytest.TempPathFactory,
) -> Generator[AppHarness, None, None]:
    """Start the code block test app.

    Args:
        tmp_path_factory: Pytest tmp path factory.

    Yields:
        The running app harness.
    """
    with AppHarness.create(
        root=tmp_path_factory.mktemp("code_block_app"),
        app_source=CodeBlockApp,
    ) as harness:
        assert harness.app_instance is not None, "app is not running"
        yield harness


def test_code_block_renders_code_language_line_numbers_and_code_tag_props(
    code_block_app: AppHarness, page: Page
) -> None:
    """The primary code block renders code text and structural props.

    Args:
        code_block_app: Running code block app harness.
        page: Playwright page.
    """
    _goto_code_block_app(code_block_app, page)

    code_tag = page.get_by_test_id("primary-code-tag")
    expect(code_tag).to_contain_text("def add")
    expect(code_tag).to_contain_text("return x + y")
    expect(code_tag).to_have_attribute("data-code-prop", "tag-prop")

    # PrismAsyncLight loads the language grammar asynchronously, so token
    # spans appear after the initial plain-text render; wait for one.
    expect(code_tag.get_by_text("def", exact=True)).to_be_visible()

    line_numbers = page.locator("#primary-code-block .linenumber")
    expect(line_numbers).to_have_count(2)
    assert line_numbers.all_inner_texts() == ["41", "42"]  # expect: VDX006
