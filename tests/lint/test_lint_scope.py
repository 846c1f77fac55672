"""Names are resolved, not matched blindly: aliases, variables, page objects, fixtures."""

from verdex.lint import LintConfig, lint_paths, lint_source


def rules(source: str, *codes: str) -> list[tuple[int, str]]:
    config = LintConfig(select=codes) if codes else None
    result = lint_source(source, config=config)
    assert result.error is None
    return [(finding.line, finding.rule) for finding in result.findings]


def test_aliased_page_type_is_followed() -> None:
    source = (
        "from playwright.sync_api import Page as P\n"
        "def test_x(browser_page: P) -> None:\n"
        '    browser_page.locator("li").first.click()\n'
    )
    assert rules(source, "VDX001") == [(3, "VDX001")]


def test_module_alias_is_followed() -> None:
    source = "import playwright.sync_api as pw\n" "def test_x(p: pw.Page) -> None:\n" '    p.click("#buy")\n'
    assert rules(source, "VDX010") == [(3, "VDX010")]


def test_string_annotation_and_optional() -> None:
    source = (
        "from typing import Optional\n"
        "from playwright.sync_api import Locator\n"
        "def f(a: 'Locator', b: Optional[Locator], c: Locator | None) -> None:\n"
        "    a.first.click()\n    b.first.click()\n    c.first.click()\n"
    )
    assert rules(source, "VDX001") == [(4, "VDX001"), (5, "VDX001"), (6, "VDX001")]


def test_locator_stored_in_a_variable() -> None:
    source = "def test_x(page) -> None:\n" '    rows = page.get_by_role("row")\n' "    rows.last.click()\n"
    assert rules(source, "VDX001") == [(3, "VDX001")]


def test_rebinding_a_name_forgets_what_it_was() -> None:
    source = (
        "def test_x(page) -> None:\n"
        '    rows = page.get_by_role("row")\n'
        '    rows = ["a", "b"]\n'
        "    print(rows.first)\n"
    )
    assert rules(source, "VDX001") == []


def test_page_object_attributes_and_properties() -> None:
    source = (
        "from playwright.sync_api import Locator, Page\n"
        "class Base:\n"
        "    def __init__(self, page: Page) -> None:\n"
        "        self.page = page\n"
        "class Cart(Base):\n"
        '    ROW = "tbody tr:nth-child(2)"\n'
        "    @property\n"
        "    def rows(self) -> Locator:\n"
        '        return self.page.locator("tr")\n'
        "    def second(self):\n"
        "        return self.page.locator(self.ROW)\n"
        "    def last(self) -> None:\n"
        "        self.rows.last.click()\n"
        "def test_cart(page: Page) -> None:\n"
        "    cart = Cart(page)\n"
        "    cart.rows.first.click()\n"
        '    cart.page.click("#x")\n'
    )
    assert rules(source, "VDX001", "VDX002", "VDX010") == [
        (11, "VDX002"),
        (13, "VDX001"),
        (16, "VDX001"),
        (17, "VDX010"),
    ]


def test_fixture_defined_in_the_same_file_types_its_parameter() -> None:
    source = (
        "import pytest\n"
        "@pytest.fixture\n"
        "def todo_list(page):\n"
        '    return page.get_by_test_id("todo-list")\n'
        "def test_x(todo_list) -> None:\n"
        "    todo_list.first.click()\n"
    )
    assert rules(source, "VDX001") == [(6, "VDX001")]


def test_generator_fixture_annotation_is_unwrapped() -> None:
    source = (
        "from collections.abc import Iterator\n"
        "import pytest\n"
        "from playwright.sync_api import Browser, Page\n"
        "@pytest.fixture\n"
        "def admin(browser: Browser) -> Iterator[Page]:\n"
        "    page = browser.new_page()\n"
        "    yield page\n"
        "def test_x(admin) -> None:\n"
        '    admin.click("#x")\n'
    )
    assert rules(source, "VDX010") == [(9, "VDX010")]


def test_script_style_sync_playwright_is_followed() -> None:
    source = (
        "from playwright.sync_api import sync_playwright\n"
        "with sync_playwright() as p:\n"
        "    browser = p.chromium.launch()\n"
        "    context = browser.new_context()\n"
        "    page = context.new_page()\n"
        '    page.click("#x")\n'
    )
    assert rules(source, "VDX010") == [(6, "VDX010")]


def test_popup_page_from_expect_popup() -> None:
    source = (
        "def test_x(page) -> None:\n"
        "    with page.expect_popup() as info:\n"
        '        page.get_by_text("open").click()\n'
        "    popup = info.value\n"
        '    popup.click("#x")\n'
    )
    assert rules(source, "VDX010") == [(5, "VDX010")]


def test_iterating_all_gives_locators() -> None:
    source = (
        "def test_x(page) -> None:\n"
        '    for row in page.get_by_role("row").all():\n'
        "        assert row.is_visible()\n"
    )
    assert rules(source, "VDX006") == [(3, "VDX006")]


def test_string_constants_are_followed_to_their_use() -> None:
    source = (
        'ROW = "//table/tbody/tr[3]"\n'
        "class Grid:\n"
        '    CELL = "td:nth-of-type(2)"\n'
        "    def __init__(self, page) -> None:\n"
        "        self.page = page\n"
        "    def cell(self):\n"
        "        return self.page.locator(ROW).locator(self.CELL)\n"
    )
    assert rules(source, "VDX002", "VDX003") == [(7, "VDX003"), (7, "VDX002")]


def test_sleep_imported_under_another_name() -> None:
    source = "import time as t\nfrom asyncio import sleep as nap\ndef test_x(page):\n    t.sleep(1)\n    nap(1)\n    page.reload()\n"
    assert rules(source, "VDX004") == [(4, "VDX004"), (5, "VDX004")]


def test_local_function_named_sleep_is_not_a_hard_wait() -> None:
    source = "def sleep(seconds): ...\ndef test_x(page):\n    sleep(1)\n"
    assert rules(source, "VDX004") == []


def test_a_page_parameter_that_is_not_a_page_does_not_make_playwright_code() -> None:
    source = "import time\ndef users(page: int = 1) -> None:\n    time.sleep(1)\n"
    assert rules(source) == []


def test_instant_reads_are_followed_through_variables() -> None:
    source = (
        "def test_x(page) -> None:\n"
        '    texts = page.get_by_role("cell").all_inner_texts()\n'
        "    values = [float(text) for text in texts]\n"
        "    assert values == sorted(values)\n"
    )
    assert rules(source, "VDX006") == [(4, "VDX006")]


def test_a_page_annotated_with_playwrights_implementation_type_is_a_page() -> None:
    """A real suite's shape: `Page` imported from `playwright._impl._page` for type checking only."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from playwright._impl._page import Page\n"
        "def test_buy(page: 'Page') -> None:\n"
        "    page.click('#buy')\n"
    )
    assert rules(source, "VDX010") == [(5, "VDX010")]


def test_a_page_annotated_with_a_name_this_file_cannot_resolve_falls_back_to_the_fixture() -> None:
    source = "def test_buy(page: 'Page') -> None:\n    page.click('#buy')\n"
    assert rules(source, "VDX010") == [(2, "VDX010")]


def test_a_file_of_page_object_fixtures_that_never_imports_playwright_is_still_linted() -> None:
    """Another real shape: tests get pages only through conftest.py's page objects."""
    source = (
        "def test_login(login_page) -> None:\n"
        "    login_page.open()\n"
        "    login_page.page.wait_for_timeout(500)\n"
        "    login_page.page.click('#nav button:nth-child(2)')\n"
    )
    assert sorted(rules(source)) == [(3, "VDX004"), (4, "VDX002"), (4, "VDX010")]


def test_a_test_module_of_a_playwright_suite_is_linted_though_it_never_names_playwright(tmp_path) -> None:
    (tmp_path / "pages.py").write_text("from playwright.sync_api import Page\n\n\nclass Notebook:\n    page: Page\n")
    test = tmp_path / "test_run.py"
    test.write_text("from .pages import Notebook\n\n\ndef test_run(notebook):\n"
                    "    assert notebook.output(0).get_inner_text() == '10'\n")
    [result] = lint_paths([str(test)], LintConfig())
    assert [(f.rule, f.line) for f in result.findings] == [("VDX006", 5)]
    (tmp_path / "pages.py").write_text("import requests\n")
    assert lint_paths([str(test)], LintConfig())[0].findings == []


def test_a_browser_fixture_used_as_a_page_is_a_page() -> None:
    source = ("from playwright.async_api import expect\n\n\n"
              "async def test_home(browser) -> None:\n    await browser.goto('/hub/home')\n"
              "    assert await browser.locator('.token-row').count() == 2\n")
    assert [f.rule for f in lint_source(source).findings] == ["VDX006"]
