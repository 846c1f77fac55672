from typing import TYPE_CHECKING

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import keyword, method_of, positional, receiver_of, unwrap_await
from verdex.lint.negative_checks import waits_for_nothing_to_change
from verdex.lint.polling import polls
from verdex.lint.rule import Fix, Invalid, LintRule, Report, Valid, snippet

if TYPE_CHECKING:
    from verdex.lint.context import FileContext

_SLEEPS = frozenset({"time.sleep", "asyncio.sleep", "anyio.sleep", "trio.sleep"})
_PAGES = (api.PAGE, api.FRAME, None)
_CONSTANTS = (cst.SimpleString, cst.Name, cst.Attribute)  # how a wait state is written
_PLAYWRIGHT_ONLY = api.DISTINCTIVE_READS | api.UNMISTAKABLE_METHODS | {"wait_for"}


class HardWait(LintRule):
    """Waiting a fixed time between page interactions: `page.wait_for_timeout()`, or `time.sleep()` /
    `asyncio.sleep()` in a test, fixture or page-object function that also drives the page. Not a sleep
    in a function that never touches a page (a fixture waiting for a server's port, a retry helper), in
    a callback the test defines for the app, or `asyncio.sleep(0)` (a yield, not a wait)."""

    code = "VDX004"
    name = "hard-wait"
    severity = "error"
    message = "Hard wait; wait for the condition itself"
    explanation = (
        "A hard wait waits a fixed time: too short on a slow CI run, wasted on a fast one, and it hides what the test "
        'waits for. Wait for the condition itself: `expect(page.get_by_role("status")).to_be_visible()`, '
        '`page.wait_for_url("**/done")`, or `with page.expect_response("**/api/save"):` around the action'
    )
    valid = (
        Valid('expect(page.get_by_role("status")).to_have_text("Saved")'),
        Valid('with page.expect_response("**/api/save"):\n    page.get_by_role("button", name="Save").click()'),
        Valid("import time\n\n\ndef backoff(attempt: int) -> None:\n    time.sleep(2**attempt)\n"),
        Valid("import time\n\nimport pytest\n\n\n@pytest.fixture\ndef server(page):\n    time.sleep(1)\n"
              "    yield \"http://127.0.0.1:8000\"\n"),
        Valid("import time\n\n\ndef test_chat(page) -> None:\n    def reply(message):\n        time.sleep(1)\n"
              "        return message\n\n    page.get_by_role(\"button\").click()\n"),
        Valid("import asyncio\n\n\nasync def test_x(page) -> None:\n    await asyncio.sleep(0)\n"
              "    await page.get_by_role(\"button\").click()\n"),
        # reflex's HMR test: the poll interval of a loop with a deadline
        Valid("import time\n\n\ndef wait_for_update(page, frames) -> None:\n    deadline = time.monotonic() + 10\n"
              "    while time.monotonic() < deadline:\n        page.wait_for_timeout(100)\n"
              "        if frames:\n            return\n"),
        Valid("import time\n\n\ndef test_x(page) -> None:\n    for _ in range(360):\n"
              "        if page.get_by_role(\"status\").is_visible():\n            break\n        time.sleep(1)\n"),
        # solara's server test: page 2 must not be updated; the wait is the time a wrong update is given
        Valid("def test_x(page2) -> None:\n    el2 = page2.locator(\".jupyter-widgets\")\n"
              "    assert el2.text_content() == \"initial\"\n    page2.wait_for_timeout(500)\n"
              "    assert el2.text_content() == \"initial\"\n"),
        # a check that nothing happens: the count captured after the pause must stay frozen
        Valid('page.get_by_role("button", name="Pause").click()\nfrozen = page.get_by_test_id("ticks").inner_text()\n'
              'page.wait_for_timeout(1500)\nassert page.get_by_test_id("ticks").inner_text() == frozen'),
        # a forced click on a control asserted disabled changes nothing; the wait gives a wrong change time to show
        Valid('submit = page.get_by_role("button", name="Submit")\nexpect(page.get_by_role("status")).to_have_text("Draft")\n'
              'expect(submit).to_be_disabled()\nsubmit.click(force=True)\npage.wait_for_timeout(500)\n'
              'expect(page.get_by_role("status")).to_have_text("Draft")'),
    )
    invalid = (
        Invalid("page.wait_for_timeout(500)"),
        Invalid(
            "import time\n\nfrom playwright.sync_api import Page\n\n\n"
            "def test_x(page: Page) -> None:\n    page.get_by_role(\"button\").click()\n    time.sleep(2)\n"
        ),
        Invalid("from time import sleep as nap\n\n\ndef test_x(page) -> None:\n    nap(1)\n    page.reload()\n"),
        Invalid(
            "import asyncio\n\nfrom playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n    await asyncio.sleep(0.5)\n    await page.reload()\n"
        ),
        Invalid('for name in ("a", "b"):\n    page.get_by_label(name).click()\n    page.wait_for_timeout(300)'),
        Invalid('def test_x(page) -> None:\n    assert page.title() == "Cart"\n    page.get_by_role("button").click()\n'
                '    page.wait_for_timeout(500)\n    assert page.title() == "Paid"\n'),
        # wave's OIDC test: the same assert again, but of a change (the token was refreshed meanwhile)
        Invalid("import time\n\n\ndef test_x(page) -> None:\n    old = page.get_by_test_id(\"token\").input_value()\n"
                "    page.get_by_role(\"button\").click()\n    new = page.get_by_test_id(\"token\").input_value()\n"
                "    assert old != new\n    old = new\n    time.sleep(8)\n"
                "    new = page.get_by_test_id(\"token\").input_value()\n    assert old != new\n"),
        # the same check twice, but the test acted in between: the wait is for the undo to land
        Invalid('badge = page.get_by_test_id("badge")\nassert badge.inner_text() == "2"\n'
                'page.get_by_role("button", name="Remove").click()\npage.get_by_role("button", name="Undo").click()\n'
                'page.wait_for_timeout(400)\nassert badge.inner_text() == "2"'),
        # a helper the test defines that drives the page
        Invalid("import time\n\n\ndef test_upload(page) -> None:\n    def attach(name):\n"
                "        page.get_by_label(\"File\").set_input_files(name)\n        time.sleep(2)\n\n"
                "    attach(\"a.csv\")\n"),
        # the `break` ends the inner loop, not the one that waits
        Invalid('for tab in ("Inbox", "Sent"):\n    page.get_by_role("tab", name=tab).click()\n'
                '    for row in page.get_by_role("row").all():\n        if row.get_attribute("aria-busy"):\n'
                '            break\n    page.wait_for_timeout(200)'),
        # the loop ends right after the wait: a wait after the click, not between two checks
        Invalid('for name in ("Accept", "OK"):\n    button = page.get_by_role("button", name=name)\n'
                '    if button.count():\n        button.click()\n        page.wait_for_timeout(1000)\n        break'),
        # the page is driven through a page object's elements this file cannot type
        Invalid("import time\n\nfrom playwright.sync_api import expect\n\n\ndef test_save(notebook) -> None:\n"
                "    dialog = notebook.locate(\".modal\")\n"
                "    dialog.wait_for(\"visible\")\n    dialog.click()\n    time.sleep(3)\n"),
        # the `return` belongs to a function the loop defines
        Invalid('for label in ("Save", "Apply"):\n    def press():\n'
                '        return page.get_by_role("button", name=label).click()\n\n    press()\n'
                '    page.wait_for_timeout(300)'),
    )

    def __init__(self, context: "FileContext") -> None:
        super().__init__(context)
        # per enclosing function: whether it drives a page, and the sleeps seen in it (with their statement)
        self._functions: list[tuple[cst.FunctionDef, list[bool], list[tuple[cst.Call, int]]]] = []
        self._poll_loops = [0]      # per enclosing function (and the module): polling loops open around here
        self._loops: list[bool] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions.append((node, [False], []))
        self._poll_loops.append(0)

    def visit_While(self, node: cst.While) -> None:
        self._enter_loop(True)

    def leave_While(self, node: cst.While) -> None:
        self._leave_loop()

    def visit_For(self, node: cst.For) -> None:
        self._enter_loop(polls(node))

    def leave_For(self, node: cst.For) -> None:
        self._leave_loop()

    def _enter_loop(self, polls: bool) -> None:
        self._loops.append(polls)
        self._poll_loops[-1] += polls

    def _leave_loop(self) -> None:
        self._poll_loops[-1] -= self._loops.pop()

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._poll_loops.pop()
        function, drives_page, sleeps = self._functions.pop()
        if drives_page[0]:      # a fixture that logs in counts; one that waits for a port, or the app's callback, does not
            for call, statement in sleeps:
                self.context.reports.append(Report(type(self), call, self._message(call), None,
                                                   statement))

    def visit_Call(self, node: cst.Call) -> None:
        method = method_of(node)
        receiver_kind = self.context.kind_of(receiver_of(node)) if method is not None else None
        if self._functions and (receiver_kind in api.PLAYWRIGHT_KINDS or self._drives_through_a_wrapper(node, method)):
            self._functions[-1][1][0] = True
        if self._poll_loops[-1] and not self._leaves_loop_next():
            return          # the poll interval of a loop that re-checks a condition
        if method == "wait_for_timeout":
            if receiver_kind in _PAGES and not self._waits_for_nothing_to_change(node):
                self.report(node, self._message(node))
        elif (method is None or method == "sleep") and self.context.qualified_name(node.func) in _SLEEPS \
                and not _sleeps_zero(node) and not self._waits_for_nothing_to_change(node):
            if self._functions:
                self._functions[-1][2].append((node, len(self.context.statements) - 1))
            else:
                self.report(node, self._message(node))   # a script's top level

    def _drives_through_a_wrapper(self, call: cst.Call, method: str | None) -> bool:
        """`element.wait_for("visible")`, `cell.is_visible()` on a page object's element this file cannot
        type: names only Playwright uses, on a receiver that is not an imported module (`asyncio.wait_for`)."""
        if method not in _PLAYWRIGHT_ONLY:
            return False
        receiver = receiver_of(call)
        return self.context.kind_of(receiver) is None and self.context.qualified_name(receiver) is None

    def _leaves_loop_next(self) -> bool:
        """A wait followed by `break` or `return` in its own block waits once, after what came before it
        (a click on the option found), then leaves: it is not the interval between two checks."""
        for statement in self.context.neighbours.after():
            if isinstance(statement, cst.SimpleStatementLine) and isinstance(statement.body[0], (cst.Break, cst.Return)):
                return True
        return False

    def _waits_for_nothing_to_change(self, call: cst.Call) -> bool:
        """A wait on a line of its own in a check that nothing happens (see negative_checks)."""
        neighbours = self.context.neighbours
        line = neighbours.current()
        if not isinstance(line, cst.SimpleStatementLine) or not isinstance(line.body[0], cst.Expr) \
                or unwrap_await(line.body[0].value) is not call:
            return False
        return waits_for_nothing_to_change(neighbours.before(), neighbours.after())

    def _message(self, call: cst.Call) -> str:
        return f"Hard wait `{snippet(call, 40)}`; {self.instead}"

    instead = "wait for the condition; if nothing may change, assert it before too"


def _sleeps_zero(call: cst.Call) -> bool:
    """`asyncio.sleep(0)`: gives other tasks a turn, waits for nothing."""
    first = call.args[0].value if call.args else None
    return isinstance(first, (cst.Integer, cst.Float)) and float(first.value) == 0


class NetworkIdle(LintRule):
    """Waiting for `networkidle`."""

    code = "VDX008"
    name = "networkidle"
    message = "`networkidle` is not tied to what the test needs; wait for what the page shows"
    explanation = (
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
    message = "`expect_navigation()` without `url=` waits for any navigation"
    explanation = (
        "`expect_navigation()` without `url=` waits for a navigation, not for the page the test means: any "
        "navigation ends it, and nothing is checked about where it went. Say where the action leads: "
        '`page.wait_for_url("**/checkout")` or `expect(page).to_have_url(re.compile("/checkout"))` after the '
        "action, or `expect_navigation(url=…)` when the test needs the navigation's response (the context "
        "manager is not racy: it listens before the action runs). `wait_for_navigation()` does not exist in "
        "Playwright for Python (it is Puppeteer's name, and old Playwright JavaScript's): that line raises "
        'AttributeError; wait for the URL you expect: `page.wait_for_url("**/checkout")`'
    )
    missing_message = "`wait_for_navigation()` does not exist in Playwright for Python; use `wait_for_url()`"
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
                self.report(node, self.missing_message)
            elif keyword(node, "url") is None:       # with url= it waits for the page the test means
                self.report(node)


class WaitForSelector(LintRule):
    """`page.wait_for_selector(…)` used as a wait, its result thrown away: Playwright's discouraged
    page-level API (eslint-plugin-playwright's `no-wait-for-selector`, recommended). With its result used
    it is an ElementHandle, which VDX007 reports."""

    code = "VDX021"
    name = "wait-for-selector"
    fixable = True
    message = "`wait_for_selector()` waits through the page; assert on a locator instead"
    explanation = (
        "`page.wait_for_selector(sel)` is the legacy, page-level way to wait for an element: it takes the first "
        "match silently, says nothing of why the test waits, and invites keeping the ElementHandle it returns. "
        'Assert what the test needs with a web-first assertion, `expect(page.locator("#done")).to_be_visible()`, '
        'or wait on the locator: `page.locator("#done").wait_for()` (same states and timeout; strict: it fails '
        "when the selector matches several elements instead of taking the first). The fix writes the second"
    )
    valid = (
        Valid('expect(page.locator("#results")).to_be_visible()'),
        Valid('page.get_by_role("table").wait_for()'),
        Valid('handle = page.wait_for_selector("#canvas")'),     # an ElementHandle: VDX007's
        Valid("def wait_for_selector(selector):\n    return selector\n\n\nwait_for_selector('#x')\n"),
    )
    invalid = (
        Invalid('page.wait_for_selector("#results")', fixed='page.locator("#results").wait_for()'),
        Invalid(
            'page.wait_for_selector(".spinner", state="detached", timeout=5000)',
            fixed='page.locator(".spinner").wait_for(state="detached", timeout=5000)',
        ),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            "    await page.main_frame.wait_for_selector('text=Ready')\n",
            fixed="from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            "    await page.main_frame.locator('text=Ready').wait_for()\n",
        ),
        Invalid('page.wait_for_selector("#results", strict=True)'),
    )

    def __init__(self, context: "FileContext") -> None:
        super().__init__(context)
        self._discarded: set[cst.Call] = set()   # calls whose result nothing uses

    def visit_Expr(self, node: cst.Expr) -> None:
        value = unwrap_await(node.value)
        if isinstance(value, cst.Call):
            self._discarded.add(value)

    def visit_Call(self, node: cst.Call) -> None:
        if method_of(node) != "wait_for_selector" or node not in self._discarded:
            return
        kind = self.context.kind_of(receiver_of(node))
        if kind in _PAGES:
            self.report(node, fix=self._fix(node) if kind is not None else None)

    @staticmethod
    def _fix(node: cst.Call) -> Fix | None:
        """`page.wait_for_selector(sel, **kw)` → `page.locator(sel).wait_for(**kw)`: the same states and timeout."""
        selector = positional(node, 0)
        rest = [arg for arg in node.args if arg is not selector]
        if selector is None or any(arg.keyword is None or arg.keyword.value not in ("state", "timeout") for arg in rest):
            return None
        locator = cst.Call(cst.Attribute(receiver_of(node), cst.Name("locator")),
                           [selector.with_changes(comma=cst.MaybeSentinel.DEFAULT)])
        if rest:
            rest[-1] = rest[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return Fix(node, cst.Call(cst.Attribute(locator, cst.Name("wait_for")), rest))
