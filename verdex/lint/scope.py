"""A cheap scope analysis: which names are Playwright pages, locators and handles, and which are strings.

It follows what a reader of a test file follows, in one pass with the rules:
- imports, with aliases (`from playwright.sync_api import Page as P`, `import time as t`);
- parameters, by annotation, else by pytest-playwright's fixture names (`page`), else by a fixture
  defined in the same file;
- assignments in order (`rows = page.locator("tr")`), `for row in rows.all()`, `with … as info`;
- page objects defined in the file: attributes set in methods (`self.rows = page.locator(…)`),
  class attributes, properties and methods with a return annotation or a single `return`,
  inherited from base classes in the same file.

What it cannot see (a fixture from conftest.py, a page object from another module) is unknown,
and rules treat unknown receivers conservatively.
"""

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.definitions import (
    decorator_name,
    dotted_name,
    is_fixture,
    last_returned,
    subscript_base,
    top_level_statements,
)
from verdex.lint.values import ClassInfo, StringTable, StringValue, Value, element_of, static_text, string_literal
from verdex.lint.walker import nodes_under

_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp)
_FIXTURE_RETURN_WRAPPERS = frozenset(
    {"Iterator", "Iterable", "Generator", "AsyncIterator", "AsyncIterable", "AsyncGenerator"}
)


class Scope:
    """Answers "what is this expression?" at the point the walk has reached."""

    def __init__(self) -> None:
        self.imports: dict[str, str] = {}
        self.uses_playwright = False
        self.has_page_parameter = False
        self.module_names: set[str] = set()
        self._functions: dict[str, cst.FunctionDef] = {}
        self._class_nodes: dict[str, cst.ClassDef] = {}
        self._classes: dict[str, ClassInfo] = {}
        self._returns: dict[int, Value] = {}
        self._frames: list[dict[str, Value]] = [{}]
        self._owners: list[ClassInfo | None] = [None]
        self._asynchronous: list[bool] = [False]

    # --- the walk ---------------------------------------------------------------------------

    def visit_Module(self, node: cst.Module) -> None:
        for statement in top_level_statements(node.body):
            if isinstance(statement, cst.FunctionDef):
                self._functions[statement.name.value] = statement
                self.module_names.add(statement.name.value)
            elif isinstance(statement, cst.ClassDef):
                self._class_nodes[statement.name.value] = statement
                self.module_names.add(statement.name.value)
            elif isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Assign):
                        for target in small.targets:
                            if isinstance(target.target, cst.Name):
                                self.module_names.add(target.target.value)
                                self._frames[0][target.target.value] = self.value_of(small.value)

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            dotted = dotted_name(alias.name)
            if dotted is None:
                continue
            self._note_module(dotted)
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                self.imports[alias.asname.name.value] = dotted
            else:
                top = dotted.split(".")[0]
                self.imports[top] = top

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.relative or node.module is None:
            return
        module = dotted_name(node.module)
        if module is None:
            return
        self._note_module(module)
        if isinstance(node.names, cst.ImportStar):
            if module in api.API_MODULES:
                for name in (*api.TYPE_NAMES, "expect", "sync_playwright", "async_playwright"):
                    self.imports[name] = f"{module}.{name}"
            return
        for alias in node.names:
            if not isinstance(alias.name, cst.Name):
                continue
            local = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(local, cst.Name):
                self.imports[local.value] = f"{module}.{alias.name.value}"

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in api.UNMISTAKABLE_METHODS:
            self.uses_playwright = True

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        info = self._classes.get(node.name.value)
        if info is None or info.node is not node:
            info = self._class_info(node)
        self._owners.append(info)

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self._owners.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._frames.append(self._parameters(node, self._owners[-1]))
        self._owners.append(None)
        self._asynchronous.append(node.asynchronous is not None)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._frames.pop()
        self._owners.pop()
        self._asynchronous.pop()

    def leave_Assign(self, node: cst.Assign) -> None:
        value = self.value_of(node.value)
        for target in node.targets:
            self._bind(target.target, value)

    def leave_AnnAssign(self, node: cst.AnnAssign) -> None:
        value = self.annotation_value(node.annotation.annotation)
        if value is None and node.value is not None:
            value = self.value_of(node.value)
        self._bind(node.target, value)

    def visit_For(self, node: cst.For) -> None:
        iterated = node.iter
        if isinstance(node.target, cst.Tuple) and isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) \
                and iterated.func.value == "zip" and len(iterated.args) == len(node.target.elements):
            for element, arg in zip(node.target.elements, iterated.args):   # `for user, link in zip(rows, links)`
                self._bind(element.value, element_of(self.value_of(arg.value)))
            return
        self._bind(node.target, element_of(self.value_of(iterated)))

    def visit_With(self, node: cst.With) -> None:
        for item in node.items:
            if item.asname is not None:
                self._bind(item.asname.name, self.value_of(item.item))

    # --- questions rules ask ----------------------------------------------------------------

    @property
    def in_async_function(self) -> bool:
        return self._asynchronous[-1]

    def kind_of(self, node: cst.BaseExpression) -> str | None:
        """The Playwright type of an expression ("Page", "Locator" …), `OTHER` for a string
        or an instance of a class in this file, None when unknown."""
        value = self.value_of(node)
        if value is None or isinstance(value, str):
            return value
        return api.OTHER

    def string_of(self, node: cst.BaseExpression) -> str | None:
        """The text of a string literal, or of a name or attribute bound to one."""
        value = self.value_of(node)
        return value.text if isinstance(value, StringValue) else None

    def qualified_name(self, node: cst.BaseExpression) -> str | None:
        """`t.sleep` → "time.sleep" when `import time as t`; None for names not imported."""
        if isinstance(node, cst.Name):
            if self._is_local(node.value):
                return None
            return self.imports.get(node.value)
        if isinstance(node, cst.Attribute):
            base = self.qualified_name(node.value)
            return f"{base}.{node.attr.value}" if base else None
        return None

    def local_name_for(self, qualified: str) -> str | None:
        for local, target in self.imports.items():
            if target == qualified:
                return local
        return None

    def is_bound(self, name: str) -> bool:
        return name in self.imports or name in self.module_names or self._is_local(name)

    def value_of(self, node: cst.BaseExpression) -> Value:
        kind = type(node)
        if kind is cst.Name:
            return self._name_value(node.value)
        if kind is cst.Attribute:
            owner = self.value_of(node.value)
            if owner is None and node.attr.value == "page" and self.uses_playwright:
                return api.PAGE          # a page object's page (`login_page.page`), in a file of Playwright code
            return self._member(owner, node.attr.value)
        if kind is cst.Call:
            return self._call_value(node)
        if kind is cst.Await:
            return self.value_of(node.expression)
        if kind is cst.Subscript:
            container = self.value_of(node.value)
            if isinstance(container, StringTable):
                key = self.value_of(node.slice[0].slice.value) if isinstance(node.slice[0].slice, cst.Index) else None
                text = container.entries.get(key.text) if isinstance(key, StringValue) else None
                return StringValue(text) if text is not None else None
            if container == api.INSTANT_READ:
                return api.INSTANT_READ   # model["scopes"] of a model read once
            return element_of(container)
        if kind is cst.Dict:
            return _string_table(self, node)
        if kind is cst.SimpleString:
            text = string_literal(node)
            return StringValue(text) if text is not None else None
        if kind is cst.ConcatenatedString or kind is cst.FormattedString:
            text = static_text(node)
            return StringValue(text) if text is not None else None
        if kind is cst.NamedExpr:
            return self.value_of(node.value)
        if kind is cst.BooleanOperation:  # `text_content() or ""`
            return self.value_of(node.left)
        if kind in _COMPREHENSIONS:  # `[float(t) for t in texts]` is as instant as `texts`
            iterated = node.for_in
            while iterated is not None:
                listed = self.value_of(iterated.iter)
                if listed == api.INSTANT_READ or listed in (api.LOCATOR_LIST, api.ELEMENT_HANDLE_LIST) \
                        and _reads_each(node.elt, iterated.target):
                    return api.INSTANT_READ     # `[row.text_content() for row in rows.all()]` reads each once
                iterated = iterated.inner_for_in
        return None

    def annotation_value(self, node: cst.BaseExpression) -> Value:
        """What a parameter or variable annotated with `node` holds."""
        if isinstance(node, cst.SimpleString):
            text = node.evaluated_value
            return self._name_annotation(text) if isinstance(text, str) and text.isidentifier() else None
        if isinstance(node, cst.Name):
            return self._name_annotation(node.value)
        if isinstance(node, cst.Attribute):
            return api.kind_of_qualified_name(self.qualified_name(node))
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            return self.annotation_value(node.left) or self.annotation_value(node.right)
        if isinstance(node, cst.Subscript) and node.slice:
            base = node.value.value if isinstance(node.value, cst.Name) else getattr(node.value, "attr", None)
            base_name = base.value if isinstance(base, cst.Name) else base
            first = node.slice[0].slice
            if not isinstance(first, cst.Index):
                return None
            inner = self.annotation_value(first.value)
            if base_name == "Optional":
                return inner
            if base_name in ("list", "List", "Sequence") and inner == api.LOCATOR:
                return api.LOCATOR_LIST
            if base_name in ("list", "List", "Sequence") and inner == api.ELEMENT_HANDLE:
                return api.ELEMENT_HANDLE_LIST
        return None

    # --- how values are found ---------------------------------------------------------------

    def _note_module(self, dotted: str) -> None:
        if dotted.split(".")[0] in api.PLAYWRIGHT_MODULES:
            self.uses_playwright = True

    def _is_local(self, name: str) -> bool:
        return any(name in frame for frame in self._frames)

    def _name_value(self, name: str) -> Value:
        for frame in reversed(self._frames):
            if name in frame:
                return frame[name]
        if name in self._class_nodes:
            return self._class_info(self._class_nodes[name])
        return None

    def _name_annotation(self, name: str) -> Value:
        if name in self._class_nodes:
            return self._class_info(self._class_nodes[name])
        return api.kind_of_qualified_name(self.imports.get(name))

    def _member(self, owner: Value, name: str) -> Value:
        if isinstance(owner, ClassInfo):
            return self._attribute(owner, name)
        if name in api.PAGE_STATE_PROPERTIES and owner in (api.PAGE, api.FRAME):
            return api.INSTANT_READ
        if isinstance(owner, str):
            if name in api.LOCATOR_PROPERTIES and owner in (api.LOCATOR, api.FRAME_LOCATOR):
                return owner
            return api.MEMBER_KINDS.get((owner, name))
        return None

    def _call_value(self, node: cst.Call) -> Value:
        func = node.func
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            receiver = self.value_of(func.value)
            if isinstance(receiver, ClassInfo):
                return self._method_return(receiver, method)
            if api.reads_page(method, receiver):
                return api.INSTANT_READ
            if method in api.LOCATOR_METHODS:
                if receiver == api.FRAME_LOCATOR and method == "nth":
                    return api.FRAME_LOCATOR
                if receiver in (api.PAGE, api.FRAME, api.LOCATOR, api.FRAME_LOCATOR):
                    return api.LOCATOR
                if receiver is None and (method.startswith("get_by_") or method in ("locator", "nth")):
                    return api.LOCATOR
                return None
            if isinstance(receiver, str):
                return api.MEMBER_KINDS.get((receiver, method))
            if (self.qualified_name(func.value) or "") in _PARSERS and _reads_an_argument(self, node):
                return api.INSTANT_READ   # json.loads(body_text): the read, parsed
            return None
        if isinstance(func, cst.Name):
            value = self._name_value(func.value)
            if isinstance(value, ClassInfo):
                return value
            if func.value in self._functions and not self._is_local(func.value):
                return self._return_value(self._functions[func.value], None)
            qualified = self.imports.get(func.value)
            if qualified in ("playwright.sync_api.sync_playwright", "playwright.async_api.async_playwright"):
                return api.PLAYWRIGHT
            if any(self.value_of(arg.value) == api.INSTANT_READ for arg in node.args):
                return api.INSTANT_READ  # float(price), sorted(names): derived from an instant read
        return None

    def _bind(self, target: cst.BaseExpression, value: Value) -> None:
        if isinstance(target, cst.Name):
            owner = self._owners[-1]
            if owner is not None:
                owner.attributes[target.value] = value
            else:
                self._frames[-1][target.value] = value
        elif isinstance(target, cst.Attribute):
            owner_value = self.value_of(target.value)
            if isinstance(owner_value, ClassInfo):
                owner_value.attributes[target.attr.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind(element.value, None)

    def _parameters(self, node: cst.FunctionDef, owner: ClassInfo | None) -> dict[str, Value]:
        frame: dict[str, Value] = {}
        params = node.params
        positional = [*params.posonly_params, *params.params]
        decorators = {decorator_name(decorator) for decorator in node.decorators}
        for index, param in enumerate([*positional, *params.kwonly_params]):
            name = param.name.value
            if index == 0 and owner is not None and "staticmethod" not in decorators and param in positional:
                frame[name] = owner
            elif param.annotation is not None:
                annotation = param.annotation.annotation
                value = self.annotation_value(annotation)
                if value is None and name in api.FIXTURE_KINDS and _names_a_playwright_type(annotation):
                    value = api.FIXTURE_KINDS[name]   # `page: "Page"` with Page from where this file cannot see
                frame[name] = value
            elif name in api.FIXTURE_KINDS:
                frame[name] = api.FIXTURE_KINDS[name]
                if frame[name] != api.PAGE and _used_as_page(node, name):
                    frame[name] = api.PAGE      # a suite's own `browser` fixture that yields a page
            elif name in self._functions and is_fixture(self._functions[name]):
                frame[name] = self._return_value(self._functions[name], None, fixture=True)
            else:
                frame[name] = None
            if frame[name] == api.PAGE:
                self.has_page_parameter = True
        return frame

    def _return_value(self, node: cst.FunctionDef, owner: ClassInfo | None, fixture: bool = False) -> Value:
        key = id(node)
        if key in self._returns:
            return self._returns[key]
        self._returns[key] = None  # a recursive function returns "unknown" to itself
        value: Value = None
        if node.returns is not None:
            annotation = node.returns.annotation
            if (
                fixture
                and isinstance(annotation, cst.Subscript)
                and subscript_base(annotation) in _FIXTURE_RETURN_WRAPPERS
            ):
                first = annotation.slice[0].slice
                value = self.annotation_value(first.value) if isinstance(first, cst.Index) else None
            else:
                value = self.annotation_value(annotation)
        if value is None:  # no annotation, or one like `list[str]` that says less than the code
            returned = last_returned(node)
            if returned is not None:
                self._frames.append(self._parameters(node, owner))
                self._owners.append(None)
                try:
                    value = self.value_of(returned)
                finally:
                    self._frames.pop()
                    self._owners.pop()
        self._returns[key] = value
        return value

    def _class_info(self, node: cst.ClassDef) -> ClassInfo:
        known = self._classes.get(node.name.value)
        if known is not None and known.node is node:
            return known
        info = ClassInfo(node)
        self._classes[node.name.value] = info
        for base in node.bases:
            if isinstance(base.value, cst.Name) and base.value.value in self._class_nodes:
                base_node = self._class_nodes[base.value.value]
                if base_node is not node:
                    info.bases.append(self._class_info(base_node))
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
        for statement in body:
            if isinstance(statement, cst.FunctionDef):
                info.methods[statement.name.value] = statement
                if {decorator_name(d) for d in statement.decorators} & {"property", "cached_property"}:
                    info.properties.add(statement.name.value)
            elif isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Assign) and isinstance(small.targets[0].target, cst.Name):
                        info.attributes[small.targets[0].target.value] = self.value_of(small.value)
                    elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                        value = self.annotation_value(small.annotation.annotation)
                        if value is None and small.value is not None:
                            value = self.value_of(small.value)
                        info.attributes[small.target.value] = value
        for method in info.methods.values():
            self._collect_instance_attributes(method, info)
        return info

    def _collect_instance_attributes(self, method: cst.FunctionDef, info: ClassInfo) -> None:
        if not isinstance(method.body, cst.IndentedBlock):
            return
        self._frames.append(self._parameters(method, info))
        self._owners.append(None)
        try:
            for statement in method.body.body:
                if not isinstance(statement, cst.SimpleStatementLine):
                    continue
                for small in statement.body:
                    if isinstance(small, cst.Assign):
                        value = self.value_of(small.value)
                        for target in small.targets:
                            self._bind_instance_attribute(target.target, value, info)
                    elif isinstance(small, cst.AnnAssign):
                        value = self.annotation_value(small.annotation.annotation)
                        if value is None and small.value is not None:
                            value = self.value_of(small.value)
                        self._bind_instance_attribute(small.target, value, info)
        finally:
            self._frames.pop()
            self._owners.pop()

    def _bind_instance_attribute(self, target: cst.BaseExpression, value: Value, info: ClassInfo) -> None:
        if isinstance(target, cst.Attribute) and self.value_of(target.value) is info:
            if value is not None or target.attr.value not in info.attributes:
                info.attributes[target.attr.value] = value
        elif isinstance(target, cst.Name):
            self._frames[-1][target.value] = value

    def _attribute(self, info: ClassInfo, name: str, seen: frozenset[int] = frozenset()) -> Value:
        if id(info) in seen:
            return None
        if name in info.attributes:
            return info.attributes[name]
        if name in info.properties:
            return self._return_value(info.methods[name], info)
        for base in info.bases:
            value = self._attribute(base, name, seen | {id(info)})
            if value is not None:
                return value
        return None

    def _method_return(self, info: ClassInfo, name: str, seen: frozenset[int] = frozenset()) -> Value:
        if id(info) in seen:
            return None
        if name in info.methods:
            return self._return_value(info.methods[name], info)
        for base in info.bases:
            value = self._method_return(base, name, seen | {id(info)})
            if value is not None:
                return value
        return None


def _string_table(scope: Scope, node: cst.Dict) -> StringTable | None:
    entries = {}
    for element in node.elements:
        if not isinstance(element, cst.DictElement):
            return None
        key, value = scope.value_of(element.key), scope.value_of(element.value)
        if isinstance(key, StringValue) and isinstance(value, StringValue):
            entries[key.text] = value.text
    return StringTable(entries) if entries else None


# What a Page has and a Browser or BrowserContext does not: `browser.goto(…)` says `browser` is a page.
_PAGE_ONLY = frozenset({
    "goto", "locator", "get_by_role", "get_by_text", "get_by_label", "get_by_test_id", "get_by_placeholder",
    "url", "wait_for_url", "wait_for_load_state", "wait_for_selector", "click", "fill", "title", "reload",
    "frame_locator", "keyboard", "mouse", "expect_navigation", "query_selector", "evaluate",
})


# Modules whose functions parse or reshape a text without fetching anything: what they return of a
# value read from the page is still that read (`json.loads(body.text_content())`), not `httpx.get(href)`.
_PARSERS = frozenset({"json", "re", "ast", "html", "urllib.parse", "shlex", "textwrap", "decimal", "math"})


def _reads_an_argument(scope: "Scope", call: cst.Call) -> bool:
    return any(scope.value_of(arg.value) == api.INSTANT_READ for arg in call.args)


def _reads_each(element: cst.BaseExpression, target: cst.BaseAssignTargetExpression) -> bool:
    """Whether a comprehension's element reads the page through its loop variable: `row.text_content()`."""
    if not isinstance(target, cst.Name):
        return False
    return any(isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
               and isinstance(node.func.value, cst.Name) and node.func.value.value == target.value
               and api.reads_page(node.func.attr.value, api.LOCATOR)
               for node in (element, *nodes_under(element)))


def _used_as_page(function: cst.FunctionDef, name: str) -> bool:
    return any(isinstance(node, cst.Attribute) and node.attr.value in _PAGE_ONLY and isinstance(node.value, cst.Name)
               and node.value.value == name for node in nodes_under(function.body))


def _names_a_playwright_type(annotation: cst.BaseExpression) -> bool:
    """`Page`, `"Page"`, `pw.Page`: an annotation whose last name is one of Playwright's types."""
    text = annotation.evaluated_value if isinstance(annotation, cst.SimpleString) else cst.Module([]).code_for_node(annotation)
    return isinstance(text, str) and text.strip().rpartition(".")[2] in api.TYPE_NAMES
