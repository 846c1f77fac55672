"""Autofixes: only where the rewrite provably means the same, and formatting is kept."""

import ast
from pathlib import Path

from verdex.lint import fix_source, lint_source


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
        '"""Docs."""\nfrom playwright.sync_api import expect\n'
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


def test_fixing_the_whole_corpus_converges() -> None:
    corpus = Path(__file__).resolve().parent / "corpus"
    for path in sorted(corpus.rglob("*.py")):
        source = path.read_text()
        fixed = fix_source(source, str(path))
        ast.parse(fixed)
        assert not [finding for finding in lint_source(fixed, str(path)).findings if finding.fixable], path
