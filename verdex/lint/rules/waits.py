import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import keyword, method_of, receiver_of
from verdex.lint.rule import Invalid, LintRule, Valid, snippet

_SLEEPS = frozenset({"time.sleep", "asyncio.sleep", "anyio.sleep", "trio.sleep"})
_PAGES = (api.PAGE, api.FRAME, None)
_CONSTANTS = (cst.SimpleString, cst.Name, cst.Attribute)  # how a wait state is written


class HardWait(LintRule):
    """Waiting a fixed time: `page.wait_for_timeout()`, `time.sleep()`, `asyncio.sleep()`."""

    code = "VDX004"
    name = "hard-wait"
    severity = "error"
    message = (
        "waits a fixed time: too short on a slow CI run, wasted on a fast one, and it hides what the test "
        'waits for. Wait for the condition itself: `expect(page.get_by_role("status")).to_be_visible()`, '
        '`page.wait_for_url("**/done")`, or `with page.expect_response("**/api/save"):` around the action'
    )
    valid = (
        Valid('expect(page.get_by_role("status")).to_have_text("Saved")'),
        Valid('with page.expect_response("**/api/save"):\n    page.get_by_role("button", name="Save").click()'),
        Valid("import time\n\n\ndef backoff(attempt: int) -> None:\n    time.sleep(2**attempt)\n"),
    )
    invalid = (
        Invalid("page.wait_for_timeout(500)"),
        Invalid(
            "import time\n\nfrom playwright.sync_api import Page\n\n\n"
            "def test_x(page: Page) -> None:\n    time.sleep(2)\n"
        ),
        Invalid("from time import sleep as nap\n\n\ndef test_x(page) -> None:\n    nap(1)\n"),
        Invalid(
            "import asyncio\n\nfrom playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n    await asyncio.sleep(0.5)\n"
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        method = method_of(node)
        if method == "wait_for_timeout":
            if self.context.kind_of(receiver_of(node)) in _PAGES:
                self.report(node, f"`{snippet(node)}` {self.message}")
        elif (method is None or method == "sleep") and self.context.qualified_name(node.func) in _SLEEPS:
            self.report(node, f"`{snippet(node)}` {self.message}")


class NetworkIdle(LintRule):
    """Waiting for `networkidle`."""

    code = "VDX008"
    name = "networkidle"
    message = (
        "`networkidle` waits until the network has been quiet for 500 ms: analytics, polling and "
        "websockets keep it from settling, and nothing ties it to the data the test needs. Wait for what "
        'the page shows (`expect(page.get_by_role("table")).to_be_visible()`) or for the response '
        '(`with page.expect_response("**/api/items"):`)'
    )
    valid = (
        Valid('page.goto("/items")\nexpect(page.get_by_role("table")).to_be_visible()'),
        Valid('page.wait_for_load_state("domcontentloaded")'),
    )
    invalid = (
        Invalid('page.wait_for_load_state("networkidle")'),
        Invalid('page.goto("/items", wait_until="networkidle")'),
        Invalid(
            'from playwright.async_api import Page\n\nIDLE = "networkidle"\n\n\n'
            "async def test_x(page: Page) -> None:\n    await page.reload(wait_until=IDLE)\n"
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        if method_of(node) is None:
            return
        for arg in node.args:
            if type(arg.value) in _CONSTANTS and self.context.string_of(arg.value) == "networkidle":
                if self.context.kind_of(receiver_of(node)) != api.OTHER:
                    self.report(arg.value)


class WaitForNavigation(LintRule):
    """`wait_for_navigation()`, which Playwright for Python does not have, and `expect_navigation()`, which
    waits for a navigation rather than for the page the test means."""

    code = "VDX009"
    name = "wait-for-navigation"
    message = (
        "waits for a navigation, not for the page the test means: without `url=` any navigation ends it, and "
        "nothing is checked about where it went. Say where the action leads: `page.wait_for_url(\"**/checkout\")` "
        'or `expect(page).to_have_url(re.compile("/checkout"))` after the action, or `expect_navigation(url=…)` '
        "when the test needs the navigation's response (the context manager is not racy: it listens before the "
        "action runs)"
    )
    missing_message = (
        "does not exist in Playwright for Python (it is Puppeteer's name, and old Playwright JavaScript's): this "
        'line raises AttributeError. Wait for the URL you expect: `page.wait_for_url("**/checkout")`'
    )
    valid = (
        Valid('page.get_by_role("link", name="Checkout").click()\npage.wait_for_url("**/checkout")'),
        Valid('with page.expect_popup() as popup:\n    page.get_by_text("Open").click()'),
        Valid('with page.expect_navigation(url="**/receipt") as navigation:\n    page.get_by_role("button", name="Pay").click()'),
    )
    invalid = (
        Invalid("page.wait_for_navigation()"),
        Invalid('with page.expect_navigation():\n    page.get_by_role("button", name="Pay").click()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        method = method_of(node)
        if method in ("wait_for_navigation", "expect_navigation"):
            if self.context.kind_of(receiver_of(node)) not in _PAGES:
                return
            if method == "wait_for_navigation":
                self.report(node, f"`{method}()` {self.missing_message}")
            elif keyword(node, "url") is None:       # with url= it waits for the page the test means
                self.report(node, f"`{method}()` {self.message}")
