import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import is_true, keyword, method_of, positional, receiver_of
from verdex.lint.negative_checks import forced_on_disabled
from verdex.lint.rule import Fix, Invalid, LintRule, Valid


class ForceAction(LintRule):
    """`force=True`: acting on an element whatever state it is in. Not on an element the test has just
    asserted disabled: forcing the click is the only way to prove that a disabled control ignores it."""

    code = "VDX005"
    name = "force-action"
    severity = "error"
    message = "`force=True` skips actionability checks; wait for what is in the way, or assert it disabled first"
    explanation = (
        "`force=True` skips Playwright's actionability checks (visible, stable, enabled, receiving events): "
        "the test clicks through overlays and mid-animation where a user could not, and passes or fails by "
        'timing. Wait for what is in the way instead: `expect(page.get_by_role("dialog")).to_be_hidden()`. '
        "A forced click that proves a disabled control ignores it is not reported when the test asserts the "
        "control disabled just before (`expect(button).to_be_disabled()`, then `button.click(force=True)`)"
    )
    valid = (
        Valid('page.get_by_role("button", name="Save").click()'),
        Valid('page.get_by_role("checkbox").check(force=False)'),
        Valid("import shutil\n\n\ndef clean(page) -> None:\n    shutil.rmtree(page, ignore_errors=True)\n"),
        # a check that nothing happens: the disabled control must ignore the click
        Valid('pay = page.get_by_role("button", name="Pay")\nexpect(pay).to_be_disabled()\npay.click(force=True)\n'
              'expect(page.get_by_role("dialog")).to_be_hidden()'),
        Valid('expect(page.get_by_test_id("next")).to_have_attribute("aria-disabled", "true")\n'
              'page.get_by_test_id("next").click(force=True)\nexpect(page).to_have_url("https://shop.test/step/1")'),
    )
    invalid = (
        Invalid('page.get_by_role("button", name="Save").click(force=True)'),
        Invalid('page.locator("#terms").check(force=True)'),
        Invalid('page.fill("#email", "ada@example.com", force=True)'),
        # asserted disabled, but the test acted since: the control may be enabled by now
        Invalid('pay = page.get_by_role("button", name="Pay")\nexpect(pay).to_be_disabled()\n'
                'page.get_by_label("Card").fill("4242")\npay.click(force=True)'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        if method_of(node) not in api.FORCEABLE_ACTIONS:
            return
        force = keyword(node, "force")
        if force is None or not is_true(force.value) or self.context.kind_of(receiver_of(node)) == api.OTHER:
            return
        if not forced_on_disabled(receiver_of(node), self.context.neighbours.before()):
            self.report(force)


class PageLevelAction(LintRule):
    """Acting through the page with a selector string: `page.click("#buy")`."""

    code = "VDX010"
    name = "page-level-action"
    fixable = True
    message = "Page-level action with a selector string; act through a locator"
    explanation = (
        "A page-level action such as `page.click(\"#buy\")` finds the element anew on each call and, when several match, silently takes the first; it is "
        'the legacy API. Act through a locator, which is strict about ambiguity: `page.locator("#buy").click()`, '
        'or better `page.get_by_role("button", name="Buy").click()`'
    )
    valid = (
        Valid('page.locator("#buy").click()'),
        Valid('page.get_by_role("button", name="Buy").click()'),
        Valid('page.keyboard.press("Enter")'),
        Valid("page.mouse.click(10, 20)"),
    )
    invalid = (
        Invalid('page.click("#buy")', fixed='page.locator("#buy").click()'),
        Invalid(
            'page.fill("#email", "ada@example.com", timeout=2000)',
            fixed='page.locator("#email").fill("ada@example.com", timeout=2000)',
        ),
        Invalid(
            'page.main_frame.check("#terms")',
            fixed='page.main_frame.locator("#terms").check()',
        ),
        Invalid('page.click("#buy", strict=False)'),
        Invalid('page.drag_and_drop("#card", "#done")'),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    await page.select_option("select#size", "XL")\n',
            fixed="from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    await page.locator("select#size").select_option("XL")\n',
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        method = method_of(node)
        if method not in api.PAGE_SELECTOR_ACTIONS and method != "drag_and_drop":
            return
        if self.context.kind_of(receiver_of(node)) not in (api.PAGE, api.FRAME):
            return
        if positional(node, 0) is None and keyword(node, "selector") is None:
            return
        self.report(node, fix=self._fix(node, method))

    def _fix(self, node: cst.Call, method: str) -> Fix | None:
        selector = positional(node, 0)
        if method == "drag_and_drop" or selector is None or keyword(node, "strict") is not None:
            return None
        receiver = receiver_of(node)
        locator = cst.Call(
            cst.Attribute(receiver, cst.Name("locator")), [selector.with_changes(comma=cst.MaybeSentinel.DEFAULT)]
        )
        rest = [arg for arg in node.args if arg is not selector]
        if rest:
            rest[-1] = rest[-1].with_changes(comma=node.args[-1].comma)
        return Fix(node, node.with_changes(func=node.func.with_changes(value=locator), args=rest))
