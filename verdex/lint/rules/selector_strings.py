"""Selector strings that a `get_by_*` method says better: raw test-id CSS and legacy text selectors."""

import re
from typing import TYPE_CHECKING

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, positional, receiver_of
from verdex.lint.rule import Fix, Invalid, LintRule, Valid
from verdex.lint.selectors import split_selector

if TYPE_CHECKING:
    from verdex.lint.context import FileContext

_LOCATOR_OWNERS = (api.PAGE, api.FRAME, api.LOCATOR, api.FRAME_LOCATOR)
_TEXT_PSEUDO = re.compile(r":(?:has-text|text-is|text-matches|text)\(")
_BUILT_IN_TEST_ID_ENGINES = ("data-testid", "data-test-id", "data-test")


def _attribute_selectors(attribute: str) -> re.Pattern[str]:
    """`[attribute=value]`, `[attribute="value"]` or `[attribute='value']`, with a plain value."""
    value = r"""(?:"(?P<double>[^"\\]*)"|'(?P<single>[^'\\]*)'|(?P<bare>-?[A-Za-z_][\w-]*))"""
    return re.compile(r"\[\s*" + re.escape(attribute) + r"\s*=\s*" + value + r"\s*\]")


def _sole_literal(node: cst.Call, context: "FileContext") -> cst.SimpleString | None:
    """The selector of `owner.locator("…")` when it is the call's only argument and a plain string
    literal, and the owner has `get_by_*` methods to take its place; None otherwise."""
    selector = positional(node, 0)
    if method_of(node) != "locator" or len(node.args) != 1 or selector is None:
        return None
    literal = selector.value
    if not isinstance(literal, cst.SimpleString) or literal.prefix or len(literal.quote) != 1:
        return None
    return literal if context.kind_of(receiver_of(node)) in _LOCATOR_OWNERS else None


def _rewritten(node: cst.Call, method: str, literal: cst.SimpleString | None, text: str) -> Fix | None:
    """`owner.locator("…")` → `owner.method("text")`, in the literal's quotes unless the text holds them;
    None when there is no literal to rewrite or the text would need escaping."""
    if literal is None or "\\" in text or ('"' in text and "'" in text) or "\n" in text:
        return None
    quote = literal.quote if literal.quote not in text else ("'" if literal.quote == '"' else '"')
    call = node.with_changes(
        func=cst.Attribute(receiver_of(node), cst.Name(method)), args=[cst.Arg(cst.SimpleString(f"{quote}{text}{quote}"))]
    )
    return Fix(node, call)


class RawTestIdSelector(LintRule):
    """A test id written as CSS or as Playwright's attribute engine: `locator("[data-testid=save]")`,
    `page.click('[data-testid="save"]')`, `locator("data-testid=save")`. The attribute is
    `test-id-attribute` from the configuration (Playwright's default, `data-testid`)."""

    code = "VDX018"
    name = "raw-test-id-selector"
    recommended = False       # the same element either way; a migration, not a flake: opt in
    fixable = True
    message = "Test id written as a CSS selector; use `get_by_test_id()`"
    explanation = (
        "`locator(\"[data-testid=save]\")` spells out in CSS what `get_by_test_id(\"save\")` says: the "
        "locator method reads as intent, follows the project's `selectors.set_test_id_attribute(...)`, "
        "and keeps the selector out of CSS, where it tends to grow into chains (`div[data-testid=card] > "
        "span`). Use `page.get_by_test_id(\"save\")`, scoped by another locator when it needs a container. "
        "The fix rewrites `owner.locator(\"[data-testid=x]\")` when the selector is that one attribute with a "
        "plain value; compound selectors are reported without a fix"
    )
    valid = (
        Valid('page.get_by_test_id("save").click()'),
        Valid('page.locator("[data-testid^=row-]").first.click()'),
        Valid('page.locator("[data-test=save]").click()'),
        Valid('page.locator("#save").click()'),
    )
    invalid = (
        Invalid('page.locator("[data-testid=save]").click()', fixed='page.get_by_test_id("save").click()'),
        Invalid(
            "page.get_by_role(\"dialog\").locator('[data-testid=\"confirm\"]').click()",
            fixed="page.get_by_role(\"dialog\").get_by_test_id('confirm').click()",
        ),
        Invalid('page.locator("div[data-testid=card] > .title").click()'),
        Invalid('page.click("[data-testid=\'save\']")'),
        Invalid('page.locator("data-testid=save").click()'),
        Invalid('page.locator("[data-testid=save]", has_text="Save").click()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        attribute = self.context.config.test_id_attribute
        pattern = _attribute_selectors(attribute)
        for argument, selector in self.context.selector_arguments(node):
            parts = split_selector(selector)
            for part in parts:
                found = pattern.search(part.body) if part.engine == "css" else None
                if part.engine == attribute and part.engine in _BUILT_IN_TEST_ID_ENGINES:
                    self.report(argument, f"`{part.engine}={part.body}` is a test id; use `get_by_test_id()`")
                    return
                if found:
                    test_id = next(value for value in found.group("double", "single", "bare") if value is not None)
                    whole = len(parts) == 1 and pattern.fullmatch(part.body.strip()) is not None
                    literal = _sole_literal(node, self.context) if whole else None
                    fix = _rewritten(node, "get_by_test_id", literal, test_id)
                    self.report(argument, f'Test id as CSS `{found.group(0)}`; use `get_by_test_id("{test_id}")`', fix)
                    return


class TextSelectorString(LintRule):
    """Text matched inside a selector string: `text=Save`, `"text='Save'"`, `'"Save"'`,
    `li:has-text("Milk")`, `:text("Save")`, `>> has-text=…`."""

    code = "VDX019"
    name = "text-selector-string"
    recommended = False       # the legacy engines still work; a migration, not a flake: opt in
    fixable = True
    message = "Text matched in a selector string; use `get_by_text()` or `filter(has_text=)`"
    explanation = (
        "`text=…`, quoted text selectors and the `:has-text()` / `:text()` pseudo-classes are Playwright's "
        "legacy way to match text, buried in a string where mistakes in quoting and escaping pass "
        "unnoticed, and where a quoted `text=\"Save\"` also matches every ancestor whose whole text is "
        "\"Save\". Say it with the locator API: `page.get_by_text(\"Save\")` (substring, case-insensitive, "
        "like unquoted `text=Save`), `get_by_text(\"Save\", exact=True)` for a quoted one, "
        "`page.locator(\"li\").filter(has_text=\"Milk\")` for `li:has-text(\"Milk\")`, or better "
        "`get_by_role(\"button\", name=\"Save\")`. The fix rewrites only `owner.locator(\"text=Save\")` "
        "(unquoted, the whole selector) to `owner.get_by_text(\"Save\")`: the two match the same elements"
    )
    valid = (
        Valid('page.get_by_text("Save").click()'),
        Valid('page.get_by_role("listitem").filter(has_text="Milk").click()'),
        Valid('page.locator("#save").click()'),
        Valid('page.locator("[aria-label=\\"text=x\\"]").click()'),
    )
    invalid = (
        Invalid('page.locator("text=Save").click()', fixed='page.get_by_text("Save").click()'),
        Invalid(
            "page.get_by_role(\"dialog\").locator('text=Don\\'t save').click()",
            fixed="page.get_by_role(\"dialog\").get_by_text(\"Don't save\").click()",
        ),
        Invalid('page.locator("text=\'Save\'").click()'),
        Invalid('page.locator("li:has-text(\\"Milk\\")").click()'),
        Invalid('page.click("text=Save")'),
        Invalid('page.locator("#cart >> text=Checkout").click()'),
        Invalid('page.locator("text=/sav(e|ing)/i").click()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        for argument, selector in self.context.selector_arguments(node):
            parts = split_selector(selector)
            for part in parts:
                if part.engine in ("text", "has-text"):
                    self.report(argument, f"`{part.engine}={part.body}` matches text in a selector; {self._instead(part.body)}",
                                self._fix(node, parts, selector))
                    return
                if part.engine == "css" and _TEXT_PSEUDO.search(part.body):
                    self.report(argument, "`:has-text()` in CSS matches text in a selector; use `filter(has_text=)`")
                    return

    def _instead(self, body: str) -> str:
        if body[:1] in ("'", '"'):
            return "use `get_by_text(…, exact=True)`"
        return "use `get_by_text(re.compile(…))`" if body[:1] == "/" else "use `get_by_text()`"

    def _fix(self, node: cst.Call, parts, selector: str) -> Fix | None:
        """Only the unquoted, whole-selector `text=Save`, which matches exactly what `get_by_text("Save")` does."""
        if len(parts) != 1 or not selector.lstrip().startswith("text=") or parts[0].body[:1] in ("'", '"', "/", ""):
            return None
        return _rewritten(node, "get_by_text", _sole_literal(node, self.context), parts[0].body)
