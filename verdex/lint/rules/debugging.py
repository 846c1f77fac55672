import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, receiver_of, unwrap_await
from verdex.lint.rule import Fix, Invalid, LintRule, Valid


class PagePause(LintRule):
    """`page.pause()` left in a test."""

    code = "VDX014"
    name = "page-pause"
    severity = "error"
    fixable = True
    message = "`page.pause()` left in a test"
    explanation = (
        "`page.pause()` is a debugging breakpoint: it stops the test in the Playwright Inspector until "
        "someone resumes it, and in CI it hangs until the timeout. Remove it"
    )
    valid = (
        Valid('page.get_by_role("button", name="Play").click()'),
        Valid("import media\n\n\ndef test_player(page, player) -> None:\n    player.pause()\n"),
    )
    invalid = (
        Invalid(
            'page.goto("/cart")\npage.pause()\npage.get_by_role("button", name="Pay").click()',
            fixed='page.goto("/cart")\npage.get_by_role("button", name="Pay").click()',
        ),
        Invalid(
            'page.goto("/cart")\n# inspect the cart\npage.pause()',
            fixed='page.goto("/cart")\n# inspect the cart',
        ),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n    await page.pause()\n",
            fixed="from playwright.async_api import Page\n\n\n" "async def test_x(page: Page) -> None:\n    pass\n",
        ),
        Invalid('page.goto("/cart"); page.pause()'),
    )

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        for small in node.body:
            if not isinstance(small, cst.Expr):
                continue
            call = unwrap_await(small.value)
            if isinstance(call, cst.Call) and method_of(call) == "pause" and not call.args:
                if self.context.kind_of(receiver_of(call)) == api.PAGE:
                    self.report(call, fix=Fix(node, None) if len(node.body) == 1 else None)
