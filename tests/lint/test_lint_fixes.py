"""Autofixes: only where the rewrite provably means the same, and formatting is kept."""

import ast
from pathlib import Path

import pytest

from verdex.lint import LintConfig, fix_source, lint_source


def test_fixes_keep_comments_and_layout() -> None:
    source = (
        "from playwright.sync_api import (\n"
        "    Page,\n"
        ")\n\n\n"
        "def test_x(page: Page) -> None:\n"
        "    # fill the form\n"
        "    page.fill(\n"
        '        "#email",  # the login email\n'
        '        "ada@example.com",\n'
        "    )\n"
        "    assert page.get_by_role('alert').is_visible(), 'shown'  # keep me\n"
    )
    assert fix_source(source) == (
        "from playwright.sync_api import (\n"
        "    Page,\n"
        "    expect,\n"
        ")\n\n\n"
        "def test_x(page: Page) -> None:\n"
        "    # fill the form\n"
        '    page.locator("#email").fill(\n'
        '        "ada@example.com",\n'
        "    )\n"
        "    expect(page.get_by_role('alert'), 'shown').to_be_visible()  # keep me\n"
    )


def test_expect_is_imported_after_the_docstring_when_nothing_is_imported() -> None:
    source = '"""Docs."""\ndef test_x(page) -> None:\n    assert page.locator("#a").count() == 2\n'
    assert fix_source(source) == (
        '"""Docs."""\nfrom playwright.sync_api import expect\n\n\n'
        'def test_x(page) -> None:\n    expect(page.locator("#a")).to_have_count(2)\n'
    )


def test_no_fix_when_expect_means_something_else() -> None:
    source = 'from mylib import expect\ndef test_x(page) -> None:\n    assert page.locator("#a").is_visible()\n'
    assert fix_source(source) == source


def test_no_fix_for_comparisons_that_expect_would_loosen() -> None:
    source = (
        "def test_x(page) -> None:\n"
        '    assert page.locator("#a").text_content() == "Saved"\n'
        '    assert page.title() == "Shop"\n'
        '    assert page.url == "/relative"\n'
        '    assert page.locator("#a").count() >= 2\n'
    )
    assert fix_source(source) == source


def test_no_fix_for_element_handles() -> None:
    source = 'def test_x(page) -> None:\n    handle = page.query_selector("#a")\n    assert handle.is_visible()\n'
    assert fix_source(source) == source


def test_removing_a_pause_keeps_the_comments_above_it() -> None:
    source = "def test_x(page) -> None:\n    page.goto('/')\n    # look around\n    page.pause()\n    page.reload()\n"
    assert fix_source(source) == "def test_x(page) -> None:\n    page.goto('/')\n    # look around\n    page.reload()\n"


def test_fixed_code_still_parses_and_lints_clean_for_fixed_rules() -> None:
    source = (
        "def test_x(page) -> None:\n"
        "    page.click('#a'); page.fill('#b', 'x')\n"
        "    assert page.is_checked('#c')\n"
        "    assert not page.locator('#d').is_enabled()\n"
    )
    fixed = fix_source(source)
    ast.parse(fixed)
    assert not [f for f in lint_source(fixed).findings if f.fixable]


@pytest.mark.parametrize("select", [("RECOMMENDED",), ("ALL",)])
def test_fixing_the_whole_corpus_converges(select) -> None:
    corpus = Path(__file__).resolve().parent / "corpus"
    config = LintConfig(select=select)
    for path in sorted(corpus.rglob("*.py")):
        source = path.read_text()
        fixed = fix_source(source, str(path), config)
        ast.parse(fixed)
        assert fix_source(fixed, str(path), config) == fixed, path
        assert not [finding for finding in lint_source(fixed, str(path), config).findings if finding.fixable], path


def test_fixes_of_the_new_rules_chain_and_compile() -> None:
    source = (
        "from playwright.async_api import Page, expect\n\n\n"
        "async def test_x(page: Page) -> None:\n"
        '    page.click("text=Save")\n'
        '    expect(page.locator("[data-testid=toast]")).to_be_visible\n'
    )
    fixed = fix_source(source, config=LintConfig(select=("ALL",)))
    assert fixed == (
        "from playwright.async_api import Page, expect\n\n\n"
        "async def test_x(page: Page) -> None:\n"
        '    await page.get_by_text("Save").click()\n'
        '    await expect(page.get_by_test_id("toast")).to_be_visible()\n'
    )
    ast.parse(fixed)
    assert fix_source(fixed, config=LintConfig(select=("ALL",))) == fixed


def test_the_test_id_attribute_comes_from_the_configuration() -> None:
    source = 'def test_x(page):\n    page.locator("[data-test=save]").click()\n'
    assert fix_source(source, config=LintConfig(select=("VDX018",))) == source
    configured = LintConfig(select=("VDX018",), test_id_attribute="data-test")
    assert fix_source(source, config=configured) == 'def test_x(page):\n    page.get_by_test_id("save").click()\n'


BODY = '\n\ndef test_x(page) -> None:\n    assert page.locator("#a").count() == 2\n'
FIXED_BODY = '\n\ndef test_x(page) -> None:\n    expect(page.locator("#a")).to_have_count(2)\n'


@pytest.mark.parametrize(
    ("imports", "fixed_imports"),
    [
        # into the existing import, in isort's order: classes, then functions
        ("from playwright.sync_api import Page, sync_playwright\n",
         "from playwright.sync_api import Page, expect, sync_playwright\n"),
        ("from playwright.sync_api import (\n    Page,\n    sync_playwright,\n)\n",
         "from playwright.sync_api import (\n    Page,\n    expect,\n    sync_playwright,\n)\n"),
        # a new line in the third-party section, sorted by module, `from` lines after `import` lines
        ("import re\n\nimport pytest\nfrom pydantic import BaseModel\nfrom yarl import URL\n",
         "import re\n\nimport pytest\nfrom playwright.sync_api import expect\nfrom pydantic import BaseModel\nfrom yarl import URL\n"),
        # a new section after the standard library, before relative imports
        ("import os\n", "import os\n\nfrom playwright.sync_api import expect\n"),
        ("import os\n\nfrom .pages import Login\n",
         "import os\n\nfrom playwright.sync_api import expect\n\nfrom .pages import Login\n"),
    ],
)
def test_an_added_import_is_where_isort_would_put_it(imports, fixed_imports) -> None:
    assert fix_source(imports + BODY) == fixed_imports + FIXED_BODY
