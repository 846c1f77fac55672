import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, positional, receiver_of
from verdex.lint.rule import Invalid, LintRule, Valid, snippet

_LOCATORS = (api.LOCATOR, api.FRAME_LOCATOR)


class PositionalSelection(LintRule):
    """Picking an element by its position among matches: `.nth()`, `.first`, `.last`, `.all()[i]`."""

    code = "VDX001"
    recommended = False       # noisy on suites that test order on purpose: opt in with --select or ALL
    name = "positional-selection"
    message = (
        "selects by position: when items are added, removed, re-sorted or render in another order it "
        "silently acts on a different element. Narrow by what the element is: "
        '`rows.filter(has_text="Alice")`, `get_by_role("row", name="Alice")`; if the position is what '
        "the test checks, say so with `# noqa: VDX001`"
    )
    valid = (
        Valid('page.get_by_role("row").filter(has_text="Alice").get_by_role("button", name="Edit").click()'),
        Valid('expect(page.get_by_role("listitem")).to_have_count(3)'),
        Valid('for row in page.get_by_role("row").all():\n    expect(row).to_be_visible()'),
        Valid(
            "from playwright.sync_api import Page\n\n\n"
            "def test_first_name(page: Page) -> None:\n"
            '    names = ["Ada", "Grace"]\n'
            '    page.get_by_label("Name").fill(names[0])\n'
        ),
        Valid(
            "import pandas as pd\nfrom playwright.sync_api import Page\n\n\n"
            "def test_export(page: Page) -> None:\n"
            '    frame = pd.read_csv("export.csv")\n'
            '    assert frame.groupby("team").first() is not None\n'
        ),
    )
    invalid = (
        Invalid('page.get_by_role("row").nth(2).click()'),
        Invalid('page.locator("li").first.click()'),
        Invalid('page.locator("li").last.click()'),
        Invalid('page.get_by_role("row").all()[1].click()'),
        Invalid(
            "from playwright.sync_api import Page as P\n\n\n"
            "def test_cart(p: P) -> None:\n"
            '    items = p.locator(".cart-item")\n'
            "    items.first.click()\n"
        ),
        Invalid(
            "from playwright.sync_api import Page\n\n\n"
            "class CartPage:\n"
            "    def __init__(self, page: Page) -> None:\n"
            '        self.items = page.locator(".cart-item")\n\n'
            "    def remove_last(self) -> None:\n"
            '        self.items.last.get_by_role("button", name="Remove").click()\n'
        ),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_rows(page: Page) -> None:\n"
            '    await page.get_by_role("row").nth(1).click()\n'
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        if method_of(node) != "nth":
            return
        assert isinstance(node.func, cst.Attribute)
        if self.context.kind_of(receiver_of(node)) in (*_LOCATORS, None):
            index = positional(node, 0)
            shown = f"`.nth({snippet(index.value)})`" if index is not None else "`.nth()`"
            self.report(node.func.attr, f"{shown} {self.message}")

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value in ("first", "last") and self.context.kind_of(node.value) in _LOCATORS:
            self.report(node.attr, f"`.{node.attr.value}` {self.message}")

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if self.context.kind_of(node.value) in (api.LOCATOR_LIST, api.ELEMENT_HANDLE_LIST):
            self.report(node, f"indexing the list of matches {self.message}")
