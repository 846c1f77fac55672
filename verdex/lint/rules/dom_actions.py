import re

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import keyword, method_of, positional, receiver_of
from verdex.lint.negative_checks import checks_focus_next
from verdex.lint.rule import Invalid, LintRule, Valid

# What a script does to an element that a user would do through the page, and the locator method instead.
_DOM_ACTIONS = (
    (re.compile(r"\.click\s*\(\s*\)"), "`.click()`", "`locator.click()`"),
    (re.compile(r"\.dblclick\s*\(\s*\)"), "`.dblclick()`", "`locator.dblclick()`"),
    (re.compile(r"\.(?:requestSubmit|submit)\s*\(\s*\)"), "`.submit()`", "a click on the submit button"),
    (re.compile(r"\.value\s*=(?!=)"), "`.value =`", "`locator.fill()`"),
    (re.compile(r"\.checked\s*=(?!=)"), "`.checked =`", "`locator.set_checked()`"),
    (re.compile(r"\.(?:selected|selectedIndex)\s*=(?!=)"), "`.selected =`", "`locator.select_option()`"),
    (re.compile(r"\.open\s*=(?!=)"), "`.open =`", "a click on the `<summary>` or the control that opens it"),
    (
        re.compile(r"dispatchEvent\s*\(\s*new\s+\w*Event\s*\(\s*['\"`](?:click|dblclick|mouse\w+|pointer\w+|input|change|submit|key\w+)"),
        "`dispatchEvent(…)`",
        "the locator action a user would take",
    ),
)
_EXPRESSION_POSITION = {"evaluate": 0, "evaluate_handle": 0, "evaluate_all": 0, "eval_on_selector": 1, "eval_on_selector_all": 1}
_USER_EVENTS = frozenset({"click", "dblclick", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart", "touchend"})
_PAGES = (api.PAGE, api.FRAME)
_FOCUS_HINT = " (must it keep the focus? assert the focus next)"


class EvaluateDomAction(LintRule):
    """Acting on an element through the DOM instead of through Playwright: `evaluate("el => el.click()")`,
    `eval_on_selector(sel, "e => e.value = 'x'")`, `dispatch_event("click")`. Not a click from JavaScript
    whose point is that the focus stays where it was: the script or the next statements check the focus."""

    code = "VDX020"
    name = "evaluate-dom-action"
    message = "Acts on the element through the DOM, skipping the actionability checks"
    explanation = (
        "A click, a value or a checked state set from JavaScript (`evaluate(\"el => el.click()\")`, "
        "`el.value = 'x'`, `dispatch_event(\"click\")`) skips everything Playwright checks before it acts — "
        "that the element is visible, stable, enabled and receives the events — and, for values, the input "
        "and change events a user's typing fires. It succeeds on an element a user could not reach, so the "
        "test passes while the app is broken, or the app never notices the change. Act through the locator: "
        "`locator.click()`, `locator.fill(\"x\")`, `locator.set_checked(True)`, `locator.select_option(\"x\")`. "
        "A script's click that must not move the focus (a user's click would) is not reported when the test "
        "checks the focus right after it: `expect(field).to_be_focused()`, or `document.activeElement`"
    )
    valid = (
        Valid('page.get_by_role("button", name="Save").click()'),
        Valid('page.get_by_label("Email").evaluate("el => el.value")'),
        Valid('page.evaluate("() => window.scrollTo(0, 0)")'),
        Valid('page.get_by_role("listitem").evaluate_all("items => items.length")'),
        Valid('page.locator("#drop").dispatch_event("drop", {"dataTransfer": data})'),
        Valid('page.get_by_label("Name").evaluate("el => el.value === \'\'")'),
        # a check that nothing happens: a programmatic click must leave the focus in the editor
        Valid('page.get_by_role("button", name="Bold").evaluate("b => b.click()")\n'
              'expect(page.get_by_role("textbox", name="Body")).to_be_focused()'),
        Valid('page.get_by_role("button", name="Bold").dispatch_event("click")\n'
              'assert page.evaluate("document.activeElement.id") == "body"'),
    )
    invalid = (
        Invalid('page.get_by_role("button", name="Save").evaluate("el => el.click()")'),
        Invalid('page.eval_on_selector("#email", "e => e.value = \'ada@example.com\'")'),
        Invalid('page.get_by_label("Terms").evaluate("(e) => { e.checked = true; }")'),
        Invalid('page.locator("details.actions-menu-links").evaluate("node => node.open = true")'),
        Invalid('page.evaluate("document.querySelector(\'#buy\').click()")'),
        Invalid('page.get_by_role("button", name="Save").dispatch_event("click")'),
        Invalid('page.dispatch_event("#save", "click")'),
        Invalid('page.locator("form").evaluate("f => f.submit()")'),
        Invalid(
            "from playwright.async_api import Page\n\n"
            "CLICK = \"el => el.dispatchEvent(new MouseEvent('click', {bubbles: true}))\"\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    await page.get_by_text("Next").evaluate(CLICK)\n'
        ),
        # the focus is checked, but only after a real action that moves it anyway
        Invalid('page.get_by_role("button", name="Bold").evaluate("b => b.click()")\n'
                'page.get_by_role("textbox").click()\npage.keyboard.type("x")\n'
                'expect(page.get_by_role("textbox")).to_be_focused()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        method = method_of(node)
        if method in _EXPRESSION_POSITION:
            self._check_script(node, method)
        elif method == "dispatch_event":
            self._check_event(node)

    def _check_script(self, node: cst.Call, method: str) -> None:
        kind = self.context.kind_of(receiver_of(node))
        if kind not in (*api.PLAYWRIGHT_KINDS, None):
            return
        argument = positional(node, _EXPRESSION_POSITION[method]) or keyword(node, "expression")
        script = self.context.string_of(argument.value) if argument is not None else None
        if script is None:
            return
        for pattern, action, instead in _DOM_ACTIONS:
            if pattern.search(script):
                if not self._checks_focus(action):
                    self.report(node, f"{action} in JavaScript skips the actionability checks; use {instead}"
                                      f"{_FOCUS_HINT if 'click' in action else ''}")
                return

    def _check_event(self, node: cst.Call) -> None:
        kind = self.context.kind_of(receiver_of(node))
        if kind not in (*api.PLAYWRIGHT_KINDS, None):
            return
        index = 1 if kind in _PAGES else 0
        argument = keyword(node, "type") or positional(node, index)
        event = self.context.string_of(argument.value) if argument is not None else None
        if event in _USER_EVENTS and not self._checks_focus("click"):
            instead = "dblclick" if event == "dblclick" else "click"
            self.report(node, f'`dispatch_event("{event}")` skips the actionability checks; use `locator.{instead}()`'
                              f"{_FOCUS_HINT}")

    def _checks_focus(self, action: str) -> bool:
        """A click whose point is that the focus stays (see negative_checks)."""
        neighbours = self.context.neighbours
        line = neighbours.current()
        return "click" in action and line is not None and checks_focus_next(line, neighbours.after())
