"""What a rule can ask about the file it is looking at, and where its reports go."""

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.calls import keyword, method_of, positional, receiver_of
from verdex.lint.config import LintConfig
from verdex.lint.neighbours import Neighbours
from verdex.lint.rule import Report
from verdex.lint.scope import Scope

_SELECTOR_RECEIVERS = frozenset({None, *api.PLAYWRIGHT_KINDS})
_TEXT_RECEIVERS = frozenset({None, api.PAGE, api.FRAME, api.LOCATOR, api.FRAME_LOCATOR})
_SELECTOR_KEYWORDS = {"drag_and_drop": ("source", "target")}


class FileContext:
    """Shared by every rule during one file's walk."""

    def __init__(self, config: LintConfig, scope: Scope) -> None:
        self.config = config
        self.scope = scope
        self.reports: list[Report] = []
        self.statements: list[cst.CSTNode] = []
        self.neighbours = Neighbours()           # the statements around the one being walked
        self._selectors: dict[int, list[tuple[cst.BaseExpression, str]]] = {}

    def kind_of(self, node: cst.BaseExpression) -> str | None:
        return self.scope.kind_of(node)

    def string_of(self, node: cst.BaseExpression) -> str | None:
        return self.scope.string_of(node)

    def qualified_name(self, node: cst.BaseExpression) -> str | None:
        return self.scope.qualified_name(node)

    def selector_arguments(self, call: cst.Call) -> list[tuple[cst.BaseExpression, str]]:
        """Every selector string this call hands to Playwright, with the expression that holds it."""
        found = self._selectors.get(id(call))
        if found is None:
            found = self._selectors[id(call)] = self._selector_arguments(call)
        return found

    def _selector_arguments(self, call: cst.Call) -> list[tuple[cst.BaseExpression, str]]:
        method = method_of(call)
        if method is None:
            return []
        if method in api.SELECTOR_ARGUMENTS:
            if self.kind_of(receiver_of(call)) not in _SELECTOR_RECEIVERS:
                return []
            args = [positional(call, index) for index in api.SELECTOR_ARGUMENTS[method]]
            args += [keyword(call, name) for name in ("selector", *_SELECTOR_KEYWORDS.get(method, ()))]
        elif method in api.PAGE_SELECTOR_ACTIONS:
            if self.kind_of(receiver_of(call)) not in (api.PAGE, api.FRAME):
                return []
            args = [positional(call, 0), keyword(call, "selector")]
        else:
            return []
        return self._strings(args)

    def text_arguments(self, call: cst.Call) -> list[tuple[cst.BaseExpression, str]]:
        """Every text this call matches against what the user reads (`get_by_text`, `name=`, `has_text=`)."""
        method = method_of(call)
        if method is None or (method not in api.TEXT_ARGUMENTS and method not in api.TEXT_KEYWORDS):
            return []
        if self.kind_of(receiver_of(call)) not in _TEXT_RECEIVERS:
            return []
        args = [positional(call, index) for index in api.TEXT_ARGUMENTS.get(method, ())]
        if method in api.TEXT_ARGUMENTS:
            args.append(keyword(call, "text"))
        args += [keyword(call, name) for name in api.TEXT_KEYWORDS.get(method, ())]
        return self._strings(args)

    def is_expect(self, node: cst.BaseExpression, module: str | None = None) -> bool:
        """Whether `node` is a call of Playwright's `expect` (from `module`, when given). A bare `expect`
        bound to nothing in this file counts too (a star import from a conftest), unless `module` is given."""
        if not isinstance(node, cst.Call):
            return False
        qualified = self.qualified_name(node.func)
        if qualified in api.EXPECT_NAMES:
            return module is None or qualified == f"{module}.expect"
        unbound = isinstance(node.func, cst.Name) and node.func.value == "expect" and not self.scope.is_bound("expect")
        return module is None and unbound

    def expect_call(self, asynchronous: bool) -> tuple[str, tuple[tuple[str, str], ...]] | None:
        """How to call Playwright's `expect` here, and the import that needs, or None if the name is taken."""
        module = "playwright.async_api" if asynchronous else "playwright.sync_api"
        local = self.scope.local_name_for(f"{module}.expect")
        if local is not None:
            return local, ()
        if self.scope.is_bound("expect"):
            return None
        return "expect", ((module, "expect"),)

    def _strings(self, args: list[cst.Arg | None]) -> list[tuple[cst.BaseExpression, str]]:
        found = []
        for arg in args:
            if arg is None:
                continue
            text = self.string_of(arg.value)
            if text is not None:
                found.append((arg.value, text))
        return found
