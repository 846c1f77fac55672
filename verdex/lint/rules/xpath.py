import libcst as cst

from verdex.lint.order_checks import checks_order
from verdex.lint.rule import Invalid, LintRule, Valid
from verdex.lint.selectors import split_selector, xpath_problems

_WHY = {
    "absolute": "starts at the document root",
    "index": "picks by index",
}


class BrittleXPath(LintRule):
    """XPath that starts at the document root (`/html/body/…`) or picks by index (`//tr[3]`); not an index
    in a test whose subject is the order after a sort (see order_checks)."""

    code = "VDX003"
    name = "brittle-xpath"
    message = "Brittle XPath"
    explanation = (
        "XPath from the document root breaks when any wrapper is added above the element; XPath by index "
        "retargets silently when a sibling is added, removed or re-sorted. Use what the user sees instead: `get_by_role`, `get_by_label`, `get_by_text`, or a test id; "
        "an XPath by attribute (`//button[@data-testid='save']`) is acceptable"
    )
    valid = (
        Valid("page.locator(\"//button[@data-testid='save']\").click()"),
        Valid('page.locator("xpath=//label[text()=\'Email\']/following-sibling::input").fill("a@b.c")'),
        Valid("page.locator(\"//a[contains(@href, '/docs')]\").click()"),
        Valid('def test_sort_by_name(page) -> None:\n    page.get_by_role("columnheader", name="Name").click()\n'
              '    expect(page.locator("//tbody/tr[1]/td[1]")).to_have_text("Ada")\n'),
    )
    invalid = (
        Invalid('page.locator("/html/body/div[2]/form/button").click()'),
        Invalid('page.locator("xpath=//table/tbody/tr[3]/td[2]").click()'),
        Invalid('page.locator("(//button)[2]").click()'),
        Invalid('page.locator("//ul/li[last()]").click()'),
        Invalid('page.locator("#grid >> xpath=./div[1]").click()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        for argument, selector in self.context.selector_arguments(node):
            for part in split_selector(selector):
                problems = xpath_problems(part.body) if part.engine == "xpath" else ()
                if problems == ("index",) and checks_order(self.context.neighbours.functions):
                    continue                  # after a sort, the first row is the assertion
                if problems:
                    why = " and ".join(_WHY[problem] for problem in problems)
                    self.report(argument, f"Brittle XPath: {why}")
                    break
