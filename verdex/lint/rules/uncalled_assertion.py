import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import unwrap_await
from verdex.lint.rule import Fix, Invalid, LintRule, Valid, snippet


class UncalledAssertion(LintRule):
    """`expect(x).to_be_visible` as a statement: the assertion method is looked up and never called."""

    code = "VDX016"
    name = "uncalled-assertion"
    severity = "error"
    fixable = True
    message = "Assertion method referenced but not called; it checks nothing"
    explanation = (
        "`expect(locator).to_be_visible` without parentheses only looks the method up: nothing is checked "
        "and the line always passes, so the test reports success for a state it never verified. Call it: "
        "`expect(locator).to_be_visible()`. (The fix adds `()` only to assertions that take no required "
        "argument; `to_have_text` and the like need their expected value written in.)"
    )
    valid = (
        Valid('expect(page.get_by_role("alert")).to_be_visible()'),
        Valid('check = expect(page.get_by_role("alert")).to_be_visible\ncheck()'),
        Valid("import mylib\n\n\ndef test_x(page, expect) -> None:\n    expect(page).to_be_visible\n"),
    )
    invalid = (
        Invalid(
            'expect(page.get_by_role("alert")).to_be_visible',
            fixed='expect(page.get_by_role("alert")).to_be_visible()',
        ),
        Invalid(
            'expect(page.get_by_role("checkbox")).not_to_be_checked',
            fixed='expect(page.get_by_role("checkbox")).not_to_be_checked()',
        ),
        Invalid('expect(page.get_by_role("status")).to_have_text'),
        Invalid(
            "from playwright.async_api import Page, expect\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    await expect(page.get_by_role("dialog")).to_be_hidden\n',
            fixed="from playwright.async_api import Page, expect\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    await expect(page.get_by_role("dialog")).to_be_hidden()\n',
        ),
    )

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        for small in node.body:
            if not isinstance(small, cst.Expr):
                continue
            looked_up = unwrap_await(small.value)
            if not isinstance(looked_up, cst.Attribute) or looked_up.attr.value not in api.ASSERTIONS:
                continue
            if self.context.is_expect(looked_up.value):
                fixable = looked_up.attr.value in api.ASSERTIONS_WITHOUT_ARGUMENTS
                self.report(
                    looked_up,
                    f"`{snippet(looked_up, 50)}` is not called; it checks nothing",
                    Fix(looked_up, cst.Call(looked_up)) if fixable else None,
                )
