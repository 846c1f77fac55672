from typing import TYPE_CHECKING

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, receiver_of, unwrap_await
from verdex.lint.polling import PollingPasses
from verdex.lint.rule import Invalid, LintRule, Valid, snippet

if TYPE_CHECKING:
    from verdex.lint.context import FileContext

_STATE_OWNERS = (api.LOCATOR, api.PAGE, api.FRAME, api.ELEMENT_HANDLE, None)


class ConditionalOnInstantRead(PollingPasses, LintRule):
    """`if`, `elif`, `while` or a conditional expression whose test reads element state once:
    `is_visible()`, `is_checked()`, `is_enabled()` … , `count()`, `len(loc.all())`, also through a
    variable holding such a read. A loop over `range(loc.count())` is not a decision, nor the `if` of a
    loop that polls, on what that pass read: it is checked again on every pass."""

    code = "VDX017"
    name = "conditional-on-instant-read"
    message = "Test flow decided by a one-time read of the page"
    explanation = (
        "`if loc.is_visible():` or `if loc.count() > 0:` reads the page once, at that instant, and the test "
        "takes a different path depending on whether the app was a moment faster or slower: a banner that "
        "appears 100 ms later is missed and then covers the next click; a `while not loc.is_visible():` loop "
        "is a hand-made wait without a timeout. If the state must hold, assert it: "
        "`expect(loc).to_be_visible()`; to wait for it, `loc.wait_for(state=\"visible\")`; to accept either of "
        "two outcomes, wait for both: `expect(ok.or_(error)).to_be_visible()`; for an overlay that may or may "
        "not appear (a cookie banner), `page.add_locator_handler(banner, lambda: accept.click())`. When the "
        "branch is deliberate and the state cannot change any more, say so with `# noqa: VDX017`"
    )
    valid = (
        Valid('expect(page.get_by_role("dialog")).to_be_visible()'),
        Valid('rows = page.get_by_role("row")\nfor i in range(rows.count()):\n    expect(rows.nth(i)).to_be_visible()'),
        Valid('banner = page.get_by_role("dialog")\npage.add_locator_handler(banner, lambda: banner.get_by_role("button").click())'),
        Valid('if page.url.endswith("/login"):\n    page.get_by_label("Email").fill("ada@example.com")'),
        Valid("import os\n\n\ndef test_x(page) -> None:\n    if os.environ.get(\"CI\"):\n        page.reload()\n"),
        Valid('names = ["a"]\nif names.count("a") > 0:\n    page.reload()'),
        # a hand-made poll: the check is made again on every pass (VDX004 says the same of its wait)
        Valid('import time\n\n\ndef test_x(page) -> None:\n    save = page.get_by_role("button", name="Save")\n'
              '    for _ in range(30):\n        if save.is_enabled():\n            break\n        time.sleep(0.5)\n'),
    )
    invalid = (
        Invalid('cookies = page.get_by_role("button", name="Accept")\nif cookies.is_visible():\n    cookies.click()'),
        Invalid('if page.locator(".row").count() > 0:\n    page.get_by_role("button", name="Clear").click()'),
        Invalid('if not page.get_by_label("Remember me").is_checked():\n    page.get_by_label("Remember me").check()'),
        Invalid('spinner = page.locator(".spinner")\nwhile spinner.is_visible():\n    page.wait_for_timeout(100)'),
        Invalid('label = "Close" if page.get_by_role("dialog").is_visible() else "Open"'),
        Invalid('empty = len(page.get_by_role("row").all()) == 0\nif empty:\n    page.reload()'),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    if await page.get_by_role("alert").is_visible():\n'
            '        await page.get_by_role("button", name="Dismiss").click()\n'
        ),
        Invalid('if page.is_visible("#promo"):\n    page.reload()'),
        # inside a loop that does not poll (nothing ends it early): each item decided once
        Invalid('for name in ("Terms", "Privacy"):\n    box = page.get_by_label(name)\n'
                '    if not box.is_checked():\n        box.check()'),
    )

    def __init__(self, context: "FileContext") -> None:
        super().__init__(context)
        self._reads: set[str] = set()      # names holding a one-time read of state: `shown = loc.is_visible()`

    def visit_Assign(self, node: cst.Assign) -> None:
        names = {target.target.value for target in node.targets if isinstance(target.target, cst.Name)}
        if self._read_in(node.value) is not None:
            self._reads |= names
        else:
            self._reads -= names

    def visit_If(self, node: cst.If) -> None:
        self._check(node.test, in_poll=True)

    def visit_While(self, node: cst.While) -> None:
        self._check(node.test)
        super().visit_While(node)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check(node.test)

    def _check(self, test: cst.BaseExpression, in_poll: bool = False) -> None:
        read = self._read_in(test)
        if read is None or in_poll and self.read_by_a_polling_loop(read):
            return
        self.report(test, f"`{snippet(read, 50)}` decides the test's flow at one instant")

    def _read_in(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """The one-time read of element state the expression depends on, if any."""
        node = unwrap_await(node)
        if isinstance(node, cst.Name):
            return node if node.value in self._reads else None
        if isinstance(node, cst.UnaryOperation):
            return self._read_in(node.expression)
        if isinstance(node, cst.BooleanOperation):
            return self._read_in(node.left) or self._read_in(node.right)
        if isinstance(node, cst.Comparison):
            for operand in (node.left, *(target.comparator for target in node.comparisons)):
                found = self._read_in(operand)
                if found is not None:
                    return found
            return None
        if not isinstance(node, cst.Call):
            return None
        method = method_of(node)
        if method in api.STATE_PREDICATES and self.context.kind_of(receiver_of(node)) in _STATE_OWNERS:
            return node
        if method == "count" and not node.args and self.context.kind_of(receiver_of(node)) == api.LOCATOR:
            return node
        if isinstance(node.func, cst.Name) and node.func.value == "len" and len(node.args) == 1:
            listed = unwrap_await(node.args[0].value)
            if self.context.kind_of(listed) in (api.LOCATOR_LIST, api.ELEMENT_HANDLE_LIST):
                return node
        return None
