from typing import TYPE_CHECKING

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, receiver_of, unwrap_await
from verdex.lint.negative_checks import kept_to_compare
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
    `wait_for_selector()` whose result is thrown away: that is a wait, which retries, and no handle is kept
    (VDX021 reports it). Not a handle kept only to see whether the element was replaced (`old is not new`,
    `old.evaluate("n => n.isConnected")`): that identity is what a locator cannot give."""

    code = "VDX007"
    name = "element-handle"
    message = "ElementHandle instead of a locator"
    explanation = (
        "An ElementHandle is a reference to one DOM node taken at that moment: it goes stale when the "
        "page re-renders, never re-queries, and checks made through it do not retry. Locators re-resolve "
        "on every use and wait for actionability. A handle kept to prove that the page replaced an element is "
        "not reported when the test only compares it (`assert old is not new`) or asks whether it is still "
        "attached (`old.evaluate(\"n => n.isConnected\")`)"
    )
    valid = (
        Valid('page.locator("#cart").get_by_role("button", name="Checkout").click()'),
        Valid('expect(page.locator(".toast")).to_be_visible()'),
        Valid('page.get_by_role("row").evaluate_all("rows => rows.length")'),
        # taipy's and reflex's suites: a wait before reading, its handle thrown away
        Valid('page.wait_for_selector("#text1")'),
        Valid("async def test_x(page) -> None:\n    await page.wait_for_selector('[dbg-id=\"3\"]')\n"),
        # a check that the page replaced the node: only a handle keeps the old one
        Valid('before = page.get_by_test_id("chart").element_handle()\npage.get_by_role("button", name="Redraw").click()\n'
              'after = page.get_by_test_id("chart").element_handle()\nassert before != after'),
        Valid('stale = page.query_selector("#panel")\npage.get_by_role("tab", name="Two").click()\n'
              'assert not stale.evaluate("node => node.isConnected")'),
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
        # compared once, but also clicked: the handle is used as an element
        Invalid('old = page.get_by_test_id("chart").element_handle()\npage.get_by_role("button", name="Redraw").click()\n'
                'assert old != page.get_by_test_id("chart").element_handle()\nold.click()'),
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
        if method in api.ELEMENT_HANDLE_METHODS and self.context.kind_of(receiver_of(node)) in _RECEIVERS \
                and not self._kept_to_compare(node):
            self.report(node, f"`{method}()` works through ElementHandles; {_INSTEAD[method]}"
                              " (kept to see the node replaced? compare it, nothing else)")

    def _kept_to_compare(self, call: cst.Call) -> bool:
        """`old = locator.element_handle()` whose every later use compares identity (see negative_checks)."""
        neighbours = self.context.neighbours
        line = neighbours.current()
        assign = line.body[0] if isinstance(line, cst.SimpleStatementLine) else None
        if isinstance(assign, cst.Assign) and unwrap_await(assign.value) is call and len(assign.targets) == 1 \
                and isinstance(assign.targets[0].target, cst.Name):
            return kept_to_compare(assign.targets[0].target.value, neighbours.after())
        return self._compared_inline(call, line)

    @staticmethod
    def _compared_inline(call: cst.Call, line: cst.BaseStatement | None) -> bool:
        """`assert old != page.locator("#x").element_handle()`: a fresh handle only compared."""
        test = line.body[0].test if isinstance(line, cst.SimpleStatementLine) and isinstance(line.body[0], cst.Assert) else None
        if not isinstance(test, cst.Comparison) or not all(
                isinstance(t.operator, (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual)) for t in test.comparisons):
            return False
        return any(unwrap_await(operand) is call for operand in (test.left, *(t.comparator for t in test.comparisons)))
