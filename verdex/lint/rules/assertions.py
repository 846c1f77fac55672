import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import method_of, positional, receiver_of, unwrap_await
from verdex.lint.definitions import decorator_name, dotted_name
from verdex.lint.polling import PollingPasses
from verdex.lint.rule import Fix, Invalid, LintRule, Report, Valid, snippet

if TYPE_CHECKING:
    from verdex.lint.context import FileContext

# helpers and decorators that run a function again until it passes. Not a rerun marker
# (`@pytest.mark.flaky(reruns=3)`, `@flaky`): it runs the whole test again, and the read again at the same
# point of the flow, racing the app the same way.
_RETRYING = re.compile(r"(?i)(retry|retrying|until|eventually|poll|wait_for_function|on_exception)")

_LISTS = (api.LOCATOR_LIST, api.ELEMENT_HANDLE_LIST, api.INSTANT_READ)


class NonRetryingAssertion(PollingPasses, LintRule):
    """`assert` on a value read from the page once, instead of a web-first `expect` that retries."""

    code = "VDX006"
    name = "non-retrying-assertion"
    fixable = True
    message = "Assert on a value read from the page once; use a retrying `expect`"
    explanation = (
        "The assert reads the page once, at that instant: if the app is a moment slower it fails, if it changes "
        "later it passes wrongly. Use a web-first assertion, which retries until it holds: "
        "`expect(locator).to_be_visible()`, `.to_have_text()`, `.to_have_count()`, `expect(page).to_have_url()`. An assert on `bounding_box()` is reported on its own: "
        "Python's `expect` has no assertion on geometry, so first wait for what settles the layout "
        "(`expect(locator).to_be_visible()`, `.to_have_css(...)`, the response that fills it), then measure; "
        "or retry the check in a helper"
    )
    valid = (
        Valid('expect(page.get_by_role("alert")).to_be_visible()'),
        Valid('expect(page).to_have_url("https://shop.test/cart")'),
        Valid('names = ["a"]\nassert names.count("a") == 1'),
        Valid('response = page.request.get("/api/health")\nassert response.ok'),
        Valid('title = "Shop"\nassert title.title() == "Shop"'),
        Valid('box = page.get_by_role("img").bounding_box()\nassert box is not None'),
        # an invariant checked on every pass of a polling loop: each status seen must be a known one
        Valid('while page.get_by_role("progressbar").count():\n    status = page.get_by_role("status").inner_text()\n'
              '    assert status in ("Queued", "Running", "Done")'),
    )
    invalid = (
        Invalid(
            'assert page.get_by_role("alert").is_visible()',
            fixed='expect(page.get_by_role("alert")).to_be_visible()',
        ),
        Invalid(
            'banner = page.get_by_test_id("banner")\nassert not banner.is_visible(), "banner must close"',
            fixed='banner = page.get_by_test_id("banner")\nexpect(banner, "banner must close").not_to_be_visible()',
        ),
        Invalid(
            'assert page.get_by_role("row").count() == 3',
            fixed='expect(page.get_by_role("row")).to_have_count(3)',
        ),
        Invalid(
            'assert len(page.get_by_role("row").all()) == 3',
            fixed='expect(page.get_by_role("row")).to_have_count(3)',
        ),
        Invalid(
            'assert page.get_by_label("Email").input_value() == "ada@example.com"',
            fixed='expect(page.get_by_label("Email")).to_have_value("ada@example.com")',
        ),
        Invalid(
            'assert page.get_by_role("link", name="Docs").get_attribute("href") == "/docs"',
            fixed='expect(page.get_by_role("link", name="Docs")).to_have_attribute("href", "/docs")',
        ),
        Invalid(
            'assert page.url == "https://shop.test/cart"',
            fixed='expect(page).to_have_url("https://shop.test/cart")',
        ),
        Invalid('assert page.get_by_test_id("total").text_content() == "$42.00"'),
        Invalid('assert "Welcome" in page.get_by_role("heading").inner_text()'),
        Invalid('assert page.title() == "Checkout"'),
        Invalid('assert page.url.endswith("/cart")'),
        Invalid('assert page.is_visible("#toast")'),
        Invalid(
            "from playwright.async_api import Page\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    assert await page.get_by_role("dialog").is_hidden()\n',
            fixed="from playwright.async_api import Page, expect\n\n\n"
            "async def test_x(page: Page) -> None:\n"
            '    await expect(page.get_by_role("dialog")).to_be_hidden()\n',
        ),
        Invalid(
            "from playwright.sync_api import Page, expect as pw_expect\n\n\n"
            "def test_x(page: Page) -> None:\n"
            '    assert page.get_by_role("checkbox").is_checked()\n',
            fixed="from playwright.sync_api import Page, expect as pw_expect\n\n\n"
            "def test_x(page: Page) -> None:\n"
            '    pw_expect(page.get_by_role("checkbox")).to_be_checked()\n',
        ),
        Invalid(
            'def test_x(page) -> None:\n    assert page.get_by_role("button").is_enabled()\n',
            fixed="from playwright.sync_api import expect\n\n\n"
            'def test_x(page) -> None:\n    expect(page.get_by_role("button")).to_be_enabled()\n',
        ),
        Invalid("def test_x(page, toolbar) -> None:\n    assert toolbar.save_button.is_enabled()\n"),
        # a page object's element, from another module, named for the read it wraps
        Invalid("def test_x(page, notebook) -> None:\n    output = notebook.cell_output(0)\n"
                "    assert output.get_inner_text() == \"42\"\n"),
        # a rerun marker runs the whole test again; the read still races the click
        Invalid("import pytest\n\n\n@pytest.mark.flaky(reruns=3)\ndef test_x(page) -> None:\n"
                '    page.get_by_role("button", name="Add").click()\n'
                '    assert page.get_by_test_id("badge").inner_text() == "1"\n'),
        # one box read, asserted three times: one finding
        Invalid('box = page.get_by_role("img").bounding_box()\nassert box["width"] > 10\nassert box["height"] > 10\n'
                'assert box["x"] >= 0'),
        # the loop goes over rows, it does not poll: the assert reads once
        Invalid('for row in page.get_by_role("row").all():\n    assert row.get_attribute("aria-busy") is None'),
        Invalid(
            "import unittest\n\nfrom playwright.sync_api import Page\n\n\nclass Cart(unittest.TestCase):\n"
            "    page: Page\n\n"
            "    def test_x(self) -> None:\n"
            '        self.assertEqual(self.page.get_by_role("row").count(), 3)\n'
        ),
    )

    geometry_message = "Assert on a box read once; `expect` has no assertion on geometry: wait for the layout first"

    def __init__(self, context: "FileContext") -> None:
        super().__init__(context)
        self._functions: list[str] = []               # the enclosing functions' names, outermost first
        self._retried: set[str] = set()               # functions a retrying helper runs (`wait_until(check)`)
        self._boxes: dict[str, cst.Assign] = {}       # names holding a `bounding_box()`, and the read
        self._boxes_reported: set[cst.Assign] = set() # one finding per read, not one per assert on it
        self._assigned: dict[str, int] = {}           # the order in which names were last assigned
        self._pending: list[tuple[str, Report]] = []  # asserts in nested functions, judged at the end

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if any(_RETRYING.search(decorator_name(d) or "") and not _is_marker(d) for d in node.decorators):
            self._retried.add(node.name.value)
        self._functions.append(node.name.value)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._functions.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        value = unwrap_await(node.value)
        names = [t.target.value for t in node.targets if isinstance(t.target, cst.Name)]
        for name in names:
            self._assigned[name] = len(self.context.statements)
            self._boxes.pop(name, None)
        if isinstance(value, cst.Call) and method_of(value) == "bounding_box":
            self._boxes.update(dict.fromkeys(names, node))

    def leave_Module(self, node: cst.Module) -> None:
        self.context.reports.extend(report for function, report in self._pending if function not in self._retried)

    def visit_Assert(self, node: cst.Assert) -> None:
        read = self._instant_read(node.test)
        if read is None or self.read_by_a_polling_loop(read):
            return
        box = self._box_read(read)
        if box is not None:
            if box in self._boxes_reported:
                return                      # the same box, read once, asserted again
            self._boxes_reported.add(box)
            report = Report(type(self), node, self.geometry_message, None,
                            len(self.context.statements) - 1)
        else:
            report = Report(type(self), node, self._message(read), self._fix(node),
                            len(self.context.statements) - 1)
        if len(self._functions) > 1 or self._functions[-1:] and self._functions[-1] in self._retried:
            self._pending.append((self._functions[-1], report))   # maybe a callback a retrying helper runs
        else:
            self.context.reports.append(report)

    def _box_read(self, read: cst.BaseExpression) -> cst.CSTNode | None:
        """The `bounding_box()` read an assert checks: the assignment of the name that holds it, or the
        read itself when the assert makes it."""
        if isinstance(read, cst.Subscript):
            read = read.value
        if isinstance(read, cst.Name) and read.value in self._boxes:
            return self._boxes[read.value]
        return read if "bounding_box" in snippet(read, 10_000) else None

    def visit_Call(self, node: cst.Call) -> None:
        """unittest's `self.assertEqual(rows.count(), 3)` and friends read the page once too. A function
        handed to a retrying helper (`wait_until(check)`, `retry(check)`, `page.wait_for_function`) is retried."""
        callee = node.func.value if isinstance(node.func, cst.Name) else method_of(node)
        if callee and _RETRYING.search(callee):
            self._retried |= {arg.value.value for arg in node.args if isinstance(arg.value, cst.Name)}
        method = method_of(node)
        if method is None or not method.startswith("assert") or not isinstance(receiver_of(node), cst.Name):
            return
        if receiver_of(node).value != "self":
            return
        for arg in node.args:
            read = self._instant_read(arg.value)
            if read is not None:
                self.report(node, self._message(read))
                return

    def _message(self, read: cst.BaseExpression) -> str:
        return f"`{snippet(read, 40)}` read once in an assert; use a retrying `expect`"

    def _instant_read(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """The read of page state the assert depends on: one made in the assert itself, else the name
        assigned last (in `assert before != after`, `after` is the read that raced the action)."""
        reads = list(self._instant_reads(node))
        if not reads:
            return None
        made_here = [read for read in reads if not isinstance(read, cst.Name)]
        if made_here:
            return made_here[0]
        return max(reads, key=lambda name: self._assigned.get(name.value, -1))

    def _instant_reads(self, node: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
        """Every read of page state inside an assert's expression, in source order."""
        node = unwrap_await(node)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            yield from self._instant_reads(node.expression)
        elif isinstance(node, cst.BooleanOperation):
            yield from self._instant_reads(node.left)
            yield from self._instant_reads(node.right)
        elif isinstance(node, cst.Comparison):
            if not _is_type_guard(node):
                for operand in (node.left, *(target.comparator for target in node.comparisons)):
                    yield from self._instant_reads(operand)
        elif isinstance(node, (cst.Name, cst.Attribute)) and self.context.kind_of(node) == api.INSTANT_READ:
            yield node
        elif isinstance(node, (cst.Attribute, cst.Subscript)):
            yield from self._instant_reads(node.value)
        elif isinstance(node, cst.Call):
            if self.context.kind_of(node) == api.INSTANT_READ:
                yield node
            elif isinstance(node.func, cst.Name) and node.func.value == "len" and node.args \
                    and self.context.kind_of(unwrap_await(node.args[0].value)) in _LISTS:
                yield node
            else:
                if method_of(node) is not None:
                    yield from self._instant_reads(receiver_of(node))
                for arg in node.args:  # float(price_text), sorted(names), expected.issubset(names) …
                    yield from self._instant_reads(arg.value)
        elif isinstance(node, (cst.GeneratorExp, cst.ListComp, cst.SetComp)):   # all(x in names for x in …)
            yield from self._instant_reads(node.elt)
            clause = node.for_in
            while clause is not None:
                yield from self._instant_reads(clause.iter)
                clause = clause.inner_for_in

    # --- the fix: only where the web-first assertion checks exactly the same thing -----------

    def _fix(self, node: cst.Assert) -> Fix | None:
        asynchronous = self.context.scope.in_async_function
        expect = self.context.expect_call(asynchronous)
        if expect is None:
            return None
        matcher = self._matcher(node.test)
        if matcher is None:
            return None
        subject, assertion, args = matcher
        expect_name, imports = expect
        expect_args = [cst.Arg(subject)] + ([cst.Arg(node.msg)] if node.msg is not None else [])
        call: cst.BaseExpression = cst.Call(
            func=cst.Attribute(cst.Call(cst.Name(expect_name), expect_args), cst.Name(assertion)),
            args=[cst.Arg(arg) for arg in args],
        )
        if asynchronous:
            call = cst.Await(call)
        return Fix(node, cst.Expr(call, semicolon=node.semicolon), imports)

    def _matcher(self, test: cst.BaseExpression) -> tuple[cst.BaseExpression, str, list] | None:
        """(subject, assertion, arguments) of the `expect` that means the same as `assert test`."""
        negated = isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
        if negated:
            test = test.expression
        read = unwrap_await(test)
        if isinstance(read, cst.Call) and not read.args and method_of(read) in api.STATE_PREDICATES:
            subject = receiver_of(read)
            if self.context.kind_of(subject) == api.LOCATOR:
                positive, negative = api.STATE_PREDICATES[method_of(read)]
                return subject, negative if negated else positive, []
            return None
        if negated or not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        if not isinstance(test.comparisons[0].operator, cst.Equal):
            return None
        return self._equality_matcher(unwrap_await(test.left), test.comparisons[0].comparator)

    def _equality_matcher(self, left: cst.BaseExpression, right: cst.BaseExpression):
        if isinstance(left, cst.Attribute) and left.attr.value == "url":
            url = right.evaluated_value if isinstance(right, cst.SimpleString) else None
            if (
                self.context.kind_of(left.value) == api.PAGE
                and isinstance(url, str)
                and url.startswith(("http://", "https://"))
            ):
                return left.value, "to_have_url", [right]
            return None
        if not isinstance(left, cst.Call):
            return None
        if isinstance(left.func, cst.Name) and left.func.value == "len" and len(left.args) == 1:
            listed = unwrap_await(left.args[0].value)
            if isinstance(listed, cst.Call) and method_of(listed) == "all" and not listed.args:
                left = cst.Call(cst.Attribute(receiver_of(listed), cst.Name("count")))
        method = method_of(left)
        if method is None or self.context.kind_of(receiver_of(left)) != api.LOCATOR:
            return None
        subject = receiver_of(left)
        if method == "count" and not left.args and isinstance(right, cst.Integer):
            return subject, "to_have_count", [right]
        if method == "input_value" and not left.args and isinstance(right, cst.SimpleString):
            return subject, "to_have_value", [right]
        name = positional(left, 0)
        if (
            method == "get_attribute"
            and len(left.args) == 1
            and name is not None
            and isinstance(right, cst.SimpleString)
        ):
            return subject, "to_have_attribute", [name.value, right]
        return None


def _is_marker(decorator: cst.Decorator) -> bool:
    """`@pytest.mark.…`: a marker tells pytest how to run the test (a rerun), never retries a read in it."""
    target = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
    return (dotted_name(target) or "").startswith(("pytest.mark.", "mark."))


def _is_type_guard(node: cst.Comparison) -> bool:
    """`assert box is not None` after `box = locator.bounding_box()` narrows a type; it asserts nothing."""
    return isinstance(node.left, cst.Name) and all(
        isinstance(target.operator, (cst.Is, cst.IsNot))
        and isinstance(target.comparator, cst.Name)
        and target.comparator.value == "None"
        for target in node.comparisons
    )
