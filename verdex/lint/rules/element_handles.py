from typing import TYPE_CHECKING

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, receiver_of
from verdex.lint.rule import Invalid, LintRule, Valid

if TYPE_CHECKING:
    from verdex.lint.context import FileContext

_INSTEAD = {
    "query_selector": "use `locator()`",
    "query_selector_all": "use `locator()` and `.all()` or `to_have_count()`",
    "wait_for_selector": "use `expect(locator).to_be_visible()`",
    "eval_on_selector": "use `locator().evaluate()`",
    "eval_on_selector_all": "use `locator().evaluate_all()`",
    "element_handle": "keep the Locator and act on it",
    "element_handles": "keep the Locator and use `.all()`",
}
_RECEIVERS = (*api.PLAYWRIGHT_KINDS, None)


class ElementHandleUse(LintRule):
    """ElementHandles: `query_selector`, `query_selector_all`, `wait_for_selector`, `eval_on_selector`. Not a
    `wait_for_selector()` whose result is thrown away: that is a wait, which retries, and no handle is kept."""

    code = "VDX007"
    name = "element-handle"
    message = "ElementHandle instead of a locator"
    explanation = (
        "An ElementHandle is a reference to one DOM node taken at that moment: it goes stale when the "
        "page re-renders, never re-queries, and checks made through it do not retry. Locators re-resolve "
        "on every use and wait for actionability"
    )
    valid = (
        Valid('page.locator("#cart").get_by_role("button", name="Checkout").click()'),
        Valid('expect(page.locator(".toast")).to_be_visible()'),
        Valid('page.get_by_role("row").evaluate_all("rows => rows.length")'),
        # taipy's and reflex's suites: a wait before reading, its handle thrown away
        Valid('page.wait_for_selector("#text1")'),
        Valid("async def test_x(page) -> None:\n    await page.wait_for_selector('[dbg-id=\"3\"]')\n"),
    )
    invalid = (
        Invalid('page.query_selector("#cart").click()'),
        Invalid('for row in page.query_selector_all("tr"):\n    print(row.inner_text())'),
        Invalid('toast = page.wait_for_selector(".toast")'),
        Invalid('page.wait_for_selector(".toast").click()'),
        Invalid('page.eval_on_selector("#total", "el => el.textContent")'),
        Invalid('page.get_by_role("button").element_handle().click()'),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    rows = await page.query_selector_all("tr")\n'
        ),
    )

    def __init__(self, context: "FileContext") -> None:
        super().__init__(context)
        self._discarded: set[cst.Call] = set()   # calls whose result nothing uses

    def visit_Expr(self, node: cst.Expr) -> None:
        value = node.value.expression if isinstance(node.value, cst.Await) else node.value
        if isinstance(value, cst.Call):
            self._discarded.add(value)

    def visit_Call(self, node: cst.Call) -> None:
        method = method_of(node)
        if method == "wait_for_selector" and node in self._discarded:
            return                                   # a wait: it retries until the element is there
        if method in api.ELEMENT_HANDLE_METHODS and self.context.kind_of(receiver_of(node)) in _RECEIVERS:
            self.report(node, f"`{method}()` works through ElementHandles; {_INSTEAD[method]}")
