"""CSS selectors that encode position, styling or markup structure instead of what the element is."""

import re

import libcst as cst

from verdex.lint.order_checks import checks_order
from verdex.lint.rule import Invalid, LintRule, Valid
from verdex.lint.selectors import class_names, compound_chains, positional_pseudo_classes, split_selector


class PositionalCss(LintRule):
    """`:nth-child()`, `:nth-of-type()`, `:first-child` … and `>> nth=`: position in the DOM. Not in a test
    whose subject is the order after a sort, where the first row is what the test checks (see order_checks)."""

    code = "VDX002"
    name = "positional-css"
    message = "Selector by position in the DOM"
    explanation = (
        "A positional pseudo-class selects by position in the DOM: a new sibling, a wrapper or a re-sort moves it onto another "
        'element without failing. Select by role, label, text or test id: `page.get_by_role("listitem")'
        '.filter(has_text="…")`. In a test of the order after a sort the position is the assertion: a test '
        "that sorts, or whose name says `sort`, is not reported"
    )
    valid = (
        Valid('page.locator("ul.todo-list li").filter(has_text="Buy milk").click()'),
        Valid('page.locator("[data-testid=row-42]").click()'),
        Valid('page.get_by_text("Use :nth-child() sparingly").click()'),
        Valid('expect(page.locator("li")).to_have_count(3)'),
        # the order after a sort is the subject: the first row's price column is the assertion
        Valid('page.get_by_role("columnheader", name="Price").click()\n'
              'page.goto("/products?_sort=price")\nexpect(page.locator("tr:first-child td:nth-child(4)")).to_have_text("$3")'),
        Valid('def test_sorts_by_date(page) -> None:\n    page.get_by_role("button", name="Newest").click()\n'
              '    expect(page.locator("li:first-child")).to_contain_text("Today")\n'),
    )
    invalid = (
        Invalid('page.locator("ul > li:nth-child(3) > a").click()'),
        Invalid('page.locator("table tr:nth-of-type(2) td").click()'),
        Invalid('page.locator("li:first-child").click()'),
        Invalid('page.locator(".result >> nth=1").click()'),
        Invalid('page.click("div.card:last-of-type button")', count=1),
        Invalid('row = 3\npage.locator(f"tbody tr:nth-child({row})").click()'),
        # nothing sorted here: the fourth cell is a guess at the layout
        Invalid('def test_price_shown(page) -> None:\n    page.goto("/products")\n'
                '    expect(page.locator("tr:first-child td:nth-child(4)")).to_have_text("$3")\n'),
        Invalid(
            "from playwright.sync_api import Page\n\n"
            'THIRD_ROW = "tbody tr:nth-child(3)"\n\n\n'
            "def test_third(page: Page) -> None:\n"
            "    page.locator(THIRD_ROW).click()\n"
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        for argument, selector in self.context.selector_arguments(node):
            if checks_order(self.context.neighbours.functions):
                return                        # after a sort, the first row is the assertion
            found = []
            for part in split_selector(selector):
                if part.engine == "css":
                    found.extend(positional_pseudo_classes(part.body))
                elif part.engine == "nth":
                    found.append(f">> nth={part.body}")
            if found:
                self.report(argument, f"`{found[0]}`: selector by position in the DOM")


# Class names that build tools generate: CSS-in-JS hashes and CSS-modules suffixes.
_GENERATED_PREFIX = re.compile(
    r"^(?:css|sc|jsx|svelte|emotion|styled)-"
    r"(?:(?=[A-Za-z0-9]*[0-9A-Z])[A-Za-z0-9]{4,}|[a-z0-9]{5,}(?=-[A-Z]))(?:-[\w-]*)?$"
)
_JSS = re.compile(r"^(?:jss\d+|(?:makeStyles|withStyles|Mui\w+)-[\w-]*-\d+)$")
_CSS_MODULE = re.compile(r"^[A-Za-z][\w-]*_[\w-]+__(?=[\w-]*[0-9A-Z])[\w-]{5,}$")
_HASH_SEGMENT = re.compile(r"^(?=.*\d)(?=.*[a-zA-Z])[A-Za-z0-9]{5,}$")
_STYLED_HASH = re.compile(r"^(?=(?:.*[A-Z]){2})[A-Za-z]{5,8}$")
# Utility-first frameworks (Tailwind and friends): classes that name a style, not a thing.
_UTILITY = re.compile(
    r"^(?:[a-z]+\\?:)*-?(?:flex|grid|block|inline|hidden|items|justify|content|self|place|p[xytrbl]?|m[xytrbl]?"
    r"|w|h|min-w|min-h|max-w|max-h|text|font|bg|border|rounded|shadow|gap|space-[xy]|leading|tracking|z"
    r"|top|left|right|bottom|inset|opacity|cursor|overflow|truncate|underline|uppercase|col-span|row-span"
    r"|grid-cols|order|ring|divide|transition|duration|ease)(?:-[\w\\/.\[\]#%]+)*$"
)
_MAX_CHAINED_CLASSES = 3
_MAX_UTILITY_CLASSES = 2


def generated_class(name: str) -> bool:
    if _GENERATED_PREFIX.match(name) or _JSS.match(name) or _CSS_MODULE.match(name):
        return True
    segments = re.split(r"[-_]+", name)
    return any(_HASH_SEGMENT.match(s) and _case_or_digit_changes(s) >= 3 for s in segments) or any(
        _STYLED_HASH.match(s) and max(len(run) for run in re.findall(r"[a-z]+", s) or [""]) <= 2 for s in segments
    )


def _case_or_digit_changes(segment: str) -> int:
    kinds = ["d" if c.isdigit() else "u" if c.isupper() else "l" for c in segment]
    return sum(1 for a, b in zip(kinds, kinds[1:]) if a != b)


class GeneratedClassSelector(LintRule):
    """Selectors coupled to styling: generated class names, long chains of utility classes."""

    code = "VDX011"
    name = "styling-coupled-selector"
    message = "Selector tied to styling"
    explanation = (
        "A selector by generated or utility class names couples the test to styling: generated names change with every build or style edit, utility "
        "classes with every restyle, though nothing a user sees has changed. Use a role, label, text or "
        'test id: `page.get_by_test_id("checkout")`'
    )
    valid = (
        Valid('page.locator(".btn.btn-primary").click()'),
        Valid('page.locator(".card__title").click()'),
        Valid('page.locator("nav .nav-item.active").click()'),
        Valid('page.locator(".col-md-6 .mt-4").click()'),
        Valid('page.locator(".product-card h2").click()'),
        Valid('page.locator(".css-modal .sc-header").click()'),
    )
    invalid = (
        Invalid('page.locator(".css-1x2y3z").click()'),
        Invalid('page.locator("div.sc-bdVaJa > button").click()'),
        Invalid('page.locator(".Button_primary__3xK9a").click()'),
        Invalid('page.locator(".jss123").click()'),
        Invalid('page.locator(".kHkPnH").click()'),
        Invalid('page.locator(".css-ptiqhd-MuiSvgIcon-root").click()'),
        Invalid('page.locator(".flex.items-center.justify-between.px-4").click()'),
        Invalid('page.locator("div.flex > span.text-sm.font-bold").click()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        for argument, selector in self.context.selector_arguments(node):
            reason = self._reason(selector)
            if reason:
                self.report(argument, f"Selector tied to styling: {reason}")

    def _reason(self, selector: str) -> str | None:
        for part in split_selector(selector):
            if part.engine != "css":
                continue
            utility = []
            for chain in compound_chains(part.body):
                for compound in chain:
                    classes = class_names(compound)
                    generated = [name for name in classes if generated_class(name)]
                    if generated:
                        return f"`.{generated[0]}` is a generated class name"
                    if len(classes) > _MAX_CHAINED_CLASSES:
                        return f"`.{'.'.join(classes)}` chains {len(classes)} classes"
                    utility += [name for name in classes if _UTILITY.match(name)]
            if len(utility) > _MAX_UTILITY_CLASSES:
                return f"`.{' .'.join(utility)}` are utility classes"
        return None


class DeepCssChain(LintRule):
    """CSS that spells out many levels of markup (`div > div > ul > li > a`)."""

    code = "VDX013"
    name = "deep-css-chain"
    message = "CSS chain that spells out the markup"
    explanation = (
        "A long CSS chain spells out the markup: any wrapper the page gains or loses breaks it. Select the element by what "
        "it is — `get_by_role`, `get_by_label`, `get_by_test_id` — scoped by one meaningful container"
    )
    valid = (
        Valid('page.locator("#cart .line-item").click()'),
        Valid('page.locator("form.login input[name=email]").fill("a@b.c")'),
        Valid('page.locator("main section:has(h2:has-text(\\"A b c d e\\")) button").click()'),
    )
    invalid = (
        Invalid('page.locator("div.container > div.row > div.col > ul > li > a").click()'),
        Invalid('page.locator("#app main section article footer button").click()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        limit = self.context.config.max_css_depth
        for argument, selector in self.context.selector_arguments(node):
            for part in split_selector(selector):
                if part.engine != "css":
                    continue
                depth = max((len(chain) for chain in compound_chains(part.body)), default=0)
                if depth > limit:
                    self.report(argument, f"CSS chain of {depth} levels (more than {limit}) spells out the markup")
                    break
