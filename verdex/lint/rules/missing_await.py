import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, receiver_of
from verdex.lint.rule import Fix, Invalid, LintRule, Valid, snippet

_ASYNC_HEADER = "from playwright.async_api import Page, expect\n\n\nasync def test_x(page: Page) -> None:\n"


class MissingAwait(LintRule):
    """An action or a web-first assertion of Playwright's async API called without `await`: a
    Page, Frame, Locator, ElementHandle, BrowserContext, Keyboard or Mouse coroutine method, or
    `expect(...).to_…()`, as a statement of its own in an `async def`. Only where the receiver is
    known to be Playwright's, and not in a file that uses only the sync API."""

    code = "VDX015"
    name = "missing-await"
    severity = "error"
    fixable = True
    message = "Playwright coroutine called without `await`; it never runs"
    explanation = (
        "In async Playwright code, actions and web-first assertions are coroutines: called without `await` "
        "they return a coroutine object and do nothing. The click never happens and the assertion never "
        "checks, so the test goes on from a state it did not reach, or passes without checking anything "
        "(Python warns \"coroutine was never awaited\" at best, after the fact). Await it: "
        '`await page.get_by_role("button", name="Save").click()`, `await expect(locator).to_be_visible()`'
    )
    valid = (
        Valid(_ASYNC_HEADER + '    await page.get_by_role("button", name="Save").click()\n'),
        Valid(_ASYNC_HEADER + '    await expect(page.get_by_role("status")).to_have_text("Saved")\n'),
        Valid(_ASYNC_HEADER + '    task = page.get_by_role("button").click()\n    await task\n'),
        Valid(_ASYNC_HEADER + '    page.on("dialog", lambda dialog: None)\n    page.get_by_role("row").nth(1)\n'),
        Valid(
            "from playwright.sync_api import Page, expect\n\n\n"
            "async def helper(page: Page) -> None:\n"
            '    page.get_by_role("button").click()\n'
            '    expect(page.get_by_role("status")).to_be_visible()\n'
        ),
        Valid("async def test_x(client) -> None:\n    client.click()\n"),
    )
    invalid = (
        Invalid(
            _ASYNC_HEADER + '    page.get_by_role("button", name="Save").click()\n',
            fixed=_ASYNC_HEADER + '    await page.get_by_role("button", name="Save").click()\n',
        ),
        Invalid(
            _ASYNC_HEADER + '    expect(page.get_by_role("status")).to_have_text("Saved")\n',
            fixed=_ASYNC_HEADER + '    await expect(page.get_by_role("status")).to_have_text("Saved")\n',
        ),
        Invalid(
            _ASYNC_HEADER + '    page.goto("/cart")\n    page.keyboard.press("Enter")\n',
            fixed=_ASYNC_HEADER + '    await page.goto("/cart")\n    await page.keyboard.press("Enter")\n',
            count=2,
        ),
        Invalid(
            "import pytest\nfrom playwright.async_api import Page\n\n\n"
            "@pytest.fixture\nasync def logged_in(page: Page) -> Page:\n"
            '    page.get_by_label("Email").fill("ada@example.com")\n    return page\n',
            fixed="import pytest\nfrom playwright.async_api import Page\n\n\n"
            "@pytest.fixture\nasync def logged_in(page: Page) -> Page:\n"
            '    await page.get_by_label("Email").fill("ada@example.com")\n    return page\n',
        ),
    )

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if not self.context.scope.in_async_function:
            return
        for small in node.body:
            call = small.value if isinstance(small, cst.Expr) else None
            if isinstance(call, cst.Call) and self._is_coroutine(call):
                self.report(call, f"`{snippet(call, 50)}` is not awaited; it never runs", Fix(call, cst.Await(call)))

    def _is_coroutine(self, call: cst.Call) -> bool:
        method = method_of(call)
        if method is None:
            return False
        receiver = receiver_of(call)
        if method in api.ASSERTIONS and self.context.is_expect(receiver, "playwright.async_api"):
            return True
        kind = self.context.kind_of(receiver)
        return kind in api.ASYNC_METHODS and method in api.ASYNC_METHODS[kind] and not self._sync_only()

    def _sync_only(self) -> bool:
        """A file that imports Playwright's sync API and not its async one: its pages are not coroutines."""
        imported = self.context.scope.imports.values()
        return any(name.startswith("playwright.sync_api") for name in imported) and not any(
            name.startswith("playwright.async_api") for name in imported
        )
