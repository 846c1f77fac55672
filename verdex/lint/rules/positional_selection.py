from typing import TYPE_CHECKING

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, positional, receiver_of, unwrap_await
from verdex.lint.order_checks import checks_order
from verdex.lint.rule import Invalid, LintRule, Valid, snippet

if TYPE_CHECKING:
    from verdex.lint.context import FileContext

_LOCATORS = (api.LOCATOR, api.FRAME_LOCATOR)
_MEANT = "a guess in generated code, `# noqa: VDX001` where it is meant"


class PositionalSelection(LintRule):
    """Picking an element by its position among matches: `.nth()`, `.first`, `.last`, `.all()[i]`.

    For code just written by an agent, a recorder or codegen, where a position is usually a guess at
    which match was meant (`.nth(8)`); opt-in, because in a suite people wrote and kept the position is
    usually meant (the row just added, "any one of them", the order under test). Not in a test whose
    subject is the order after a sort (see order_checks), not in a loop over every match."""

    code = "VDX001"
    recommended = False       # for generated code; hand-written suites mean their positions: opt in
    name = "positional-selection"
    message = "Picks a match by position: in generated code a guess; noqa it where the position is meant"
    explanation = (
        "For reviewing code an agent, a recorder or codegen just wrote, where `.nth(8)` is usually a guess at "
        "which of several matches was meant: when items are added, removed, re-sorted or render in another "
        "order it silently acts on a different element. Narrow by what the element is: "
        '`rows.filter(has_text="Alice")`, `get_by_role("row", name="Alice")`. In a suite people wrote the '
        "position is often what they mean (the row just added, any one of several, the order after a sort, "
        "which is not reported): say so with `# noqa: VDX001 <why>`. Off by default; `--select VDX001`"
    )
    valid = (
        Valid('page.get_by_role("row").filter(has_text="Alice").get_by_role("button", name="Edit").click()'),
        Valid('expect(page.get_by_role("listitem")).to_have_count(3)'),
        Valid('for row in page.get_by_role("row").all():\n    expect(row).to_be_visible()'),
        Valid(
            "from playwright.sync_api import Page\n\n\n"
            "def test_first_name(page: Page) -> None:\n"
            '    names = ["Ada", "Grace"]\n'
            '    page.get_by_label("Name").fill(names[0])\n'
        ),
        Valid('rows = page.get_by_role("row")\nfor i in range(rows.count()):\n    expect(rows.nth(i)).to_be_visible()'),
        Valid('rows = page.get_by_role("row")\ncells = [rows.nth(i).inner_text() for i in range(rows.count())]'),
        Valid(
            'rows = page.get_by_role("row")\nn = rows.count()\n'
            "for i in range(1, n):\n    expect(rows.nth(i)).not_to_be_empty()"
        ),
        Valid(
            'rows = page.get_by_role("row")\n'
            "for i, row in enumerate(rows.all()):\n    expect(rows.nth(i)).to_have_text(row.inner_text())"
        ),
        Valid('def test_sort_by_stars(page) -> None:\n    page.get_by_role("columnheader", name="Stars").click()\n'
              '    expect(page.get_by_role("row").nth(1)).to_contain_text("5")\n'),
        Valid(
            "import pandas as pd\nfrom playwright.sync_api import Page\n\n\n"
            "def test_export(page: Page) -> None:\n"
            '    frame = pd.read_csv("export.csv")\n'
            '    assert frame.groupby("team").first() is not None\n'
        ),
    )
    invalid = (
        Invalid('page.get_by_role("row").nth(2).click()'),
        Invalid('page.locator("li").first.click()'),
        Invalid('page.locator("li").last.click()'),
        Invalid('page.get_by_role("row").all()[1].click()'),
        Invalid(
            "from playwright.sync_api import Page as P\n\n\n"
            "def test_cart(p: P) -> None:\n"
            '    items = p.locator(".cart-item")\n'
            "    items.first.click()\n"
        ),
        Invalid(
            "from playwright.sync_api import Page\n\n\n"
            "class CartPage:\n"
            "    def __init__(self, page: Page) -> None:\n"
            '        self.items = page.locator(".cart-item")\n\n'
            "    def remove_last(self) -> None:\n"
            '        self.items.last.get_by_role("button", name="Remove").click()\n'
        ),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_rows(page: Page) -> None:\n"
            '    await page.get_by_role("row").nth(1).click()\n'
        ),
    )

    def __init__(self, context: "FileContext") -> None:
        super().__init__(context)
        self._counts: set[str] = set()     # names holding a locator's count: `n = rows.count()`
        self._indices: list[str] = []      # loop variables running over every match: `for i in range(n)`

    def visit_Assign(self, node: cst.Assign) -> None:
        if self._is_count(node.value):
            self._counts |= {target.target.value for target in node.targets if isinstance(target.target, cst.Name)}

    def visit_For(self, node: cst.For) -> None:
        self._indices.append(self._index_over_all_matches(node))

    def leave_For(self, node: cst.For) -> None:
        self._indices.pop()

    def _enter_comprehension(self, node: cst.BaseComp) -> None:
        """`[rows.nth(i) for i in range(rows.count())]`: the element is walked before its `for`, so the
        loop variables are read first."""
        names, clause = [], node.for_in
        while clause is not None:
            names.append(self._index_over_all_matches(clause))
            clause = clause.inner_for_in
        self._indices.append(" ".join(names))

    def _leave_comprehension(self, node: cst.BaseComp) -> None:
        self._indices.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _enter_comprehension
    leave_ListComp = leave_SetComp = leave_GeneratorExp = leave_DictComp = _leave_comprehension

    def visit_Call(self, node: cst.Call) -> None:
        if method_of(node) != "nth":
            return
        assert isinstance(node.func, cst.Attribute)
        index = positional(node, 0)
        if index is not None and isinstance(index.value, cst.Name) and \
                any(index.value.value in names.split() for names in self._indices):
            return      # `for i in range(rows.count()): rows.nth(i)` visits every match: iterating, not guessing
        if self.context.kind_of(receiver_of(node)) in (*_LOCATORS, None) \
                and not checks_order(self.context.neighbours.functions):
            shown = f"`.nth({snippet(index.value)})`" if index is not None else "`.nth()`"
            self.report(node.func.attr, f"{shown} picks a match by position; {_MEANT}")

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value in ("first", "last") and self.context.kind_of(node.value) in _LOCATORS \
                and not checks_order(self.context.neighbours.functions):
            self.report(node.attr, f"`.{node.attr.value}` picks a match by position; {_MEANT}")

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if self.context.kind_of(node.value) in (api.LOCATOR_LIST, api.ELEMENT_HANDLE_LIST) \
                and not checks_order(self.context.neighbours.functions):
            self.report(node, f"Indexing the matches picks one by position; {_MEANT}")

    def _index_over_all_matches(self, loop: cst.For | cst.CompFor) -> str:
        """`i` in `for i in range(rows.count())`, `range(n)` with `n = rows.count()`, or
        `for i, row in enumerate(rows.all())`; "" for any other loop."""
        iterated, target = loop.iter, loop.target
        if not isinstance(iterated, cst.Call) or not isinstance(iterated.func, cst.Name) or not iterated.args:
            return ""
        if iterated.func.value == "range" and len(iterated.args) <= 2 and isinstance(target, cst.Name):
            return target.value if self._is_count(iterated.args[-1].value) else ""
        if iterated.func.value == "enumerate" and isinstance(target, cst.Tuple) and len(target.elements) == 2:
            first, listed = target.elements[0].value, unwrap_await(iterated.args[0].value)
            if isinstance(first, cst.Name) and self.context.kind_of(listed) == api.LOCATOR_LIST:
                return first.value
        return ""

    def _is_count(self, node: cst.BaseExpression) -> bool:
        """`rows.count()` on a locator, `len(rows.all())`, or a name holding either."""
        node = unwrap_await(node)
        if isinstance(node, cst.Name):
            return node.value in self._counts
        if not isinstance(node, cst.Call):
            return False
        if method_of(node) == "count" and not node.args:
            return self.context.kind_of(receiver_of(node)) in _LOCATORS
        if isinstance(node.func, cst.Name) and node.func.value == "len" and len(node.args) == 1:
            return self.context.kind_of(unwrap_await(node.args[0].value)) == api.LOCATOR_LIST
        return False
