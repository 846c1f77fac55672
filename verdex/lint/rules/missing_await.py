import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, receiver_of
from verdex.lint.rule import Fix, Invalid, LintRule, Valid, snippet
from verdex.lint.walker import nodes_under

_ASYNC_HEADER = "from playwright.async_api import Page, expect\n\n\nasync def test_x(page: Page) -> None:\n"


class MissingAwait(LintRule):
    """An action or a web-first assertion of Playwright's async API called without `await`: a
    Page, Frame, Locator, ElementHandle, BrowserContext, Keyboard or Mouse coroutine method, or
    `expect(...).to_…()`, as a statement of its own in an `async def`. Only where the receiver is
    known to be Playwright's, and not in a file that uses only the sync API. In a file that imports both,
    or in an `async def` that awaits a page's methods, an `expect` bound to the sync API is reported too
    (without a fix): the async test needs the async one."""

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
        Valid(
            "from playwright.async_api import Page\nfrom playwright.sync_api import expect\n\n\n"
            "def test_sync(page) -> None:\n"
            '    expect(page.get_by_role("status")).to_be_visible()\n'
        ),
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
        # a file that uses both APIs: the sync `expect` in an async test neither waits nor runs
        Invalid(
            "from playwright.async_api import Page\nfrom playwright.sync_api import expect\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    await page.goto("/inbox")\n'
            '    expect(page.get_by_role("status")).to_have_text("Synced")\n'
        ),
        Invalid(
            "from playwright.sync_api import expect\n\n\n"
            "async def test_x(page) -> None:\n"
            '    await page.get_by_role("button", name="Sync").click()\n'
            '    expect(page.get_by_role("status")).to_have_text("Synced")\n'
        ),
        Invalid(
            "from playwright.async_api import expect\nfrom playwright.sync_api import sync_playwright\n\n\n"
            "async def test_x(page) -> None:\n"
            '    expect(page.get_by_role("status")).to_have_text("Synced")\n',
            fixed="from playwright.async_api import expect\nfrom playwright.sync_api import sync_playwright\n\n\n"
            "async def test_x(page) -> None:\n"
            '    await expect(page.get_by_role("status")).to_have_text("Synced")\n',
        ),
    )

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if not self.context.scope.in_async_function:
            return
        for small in node.body:
            call = small.value if isinstance(small, cst.Expr) else None
            if not isinstance(call, cst.Call):
                continue
            if self._is_coroutine(call):
                self.report(call, f"`{snippet(call, 50)}` is not awaited; it never runs", Fix(call, cst.Await(call)))
            elif self._sync_expect_in_async_file(call):
                self.report(call, f"`{snippet(call, 50)}` is not awaited; `expect` here is the sync API's: "
                                  "import it from `playwright.async_api` and await it")

    def _is_coroutine(self, call: cst.Call) -> bool:
        method = method_of(call)
        if method is None:
            return False
        receiver = receiver_of(call)
        if method in api.ASSERTIONS and self.context.is_expect(receiver, "playwright.async_api"):
            return True
        kind = self.context.kind_of(receiver)
        return kind in api.ASYNC_METHODS and method in api.ASYNC_METHODS[kind] and not self._sync_only()

    def _sync_expect_in_async_file(self, call: cst.Call) -> bool:
        """`expect(…).to_…()` without `await` in an `async def`, where `expect` is the sync API's but the file
        also uses the async one: the test's locators are async, and the assertion needs the async `expect`."""
        method = method_of(call)
        if method not in api.ASSERTIONS or not self.context.is_expect(receiver_of(call)):
            return False
        if any(name.startswith("playwright.async_api") for name in self.context.scope.imports.values()):
            return True
        functions = self.context.neighbours.functions
        return bool(functions) and any(self._awaits_playwright(node) for node in nodes_under(functions[-1].body))

    def _awaits_playwright(self, node: cst.CSTNode) -> bool:
        """`await page.goto(…)`: the function drives an async page, whatever the file imports."""
        if not isinstance(node, cst.Await) or not isinstance(node.expression, cst.Call):
            return False
        call = node.expression
        return method_of(call) is not None and self.context.kind_of(receiver_of(call)) in api.PLAYWRIGHT_KINDS

    def _sync_only(self) -> bool:
        """A file that imports Playwright's sync API and not its async one: its pages are not coroutines."""
        imported = self.context.scope.imports.values()
        return any(name.startswith("playwright.sync_api") for name in imported) and not any(
            name.startswith("playwright.async_api") for name in imported
        )
