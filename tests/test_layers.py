"""The house's layer rule, read from the source: data flows one way — facts ← bridge ← browser ←
actions/effects ← session ← faces — so no two modules import each other (directly or round a circle),
no module imports its own package's ``__init__``, the browser layer imports nothing of the action
layer (not even for types), and the generators and the linter never import Playwright."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# folder in the repository -> the package it installs as (pyproject's package-dir)
PACKAGES = {"verdex": "verdex", "generators": "verdex.generators", "fixtures": "verdex.fixtures"}
ACTION_LAYER = ("verdex.actions", "verdex.effects", "verdex.assertions", "verdex.preflight", "verdex.tools", "verdex.server",
                "verdex.cli", "verdex.exporting", "verdex.evaluation", "verdex.reading", "verdex.agent", "verdex.shell")


def _modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            name = ".".join((package, *parts))
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _installed(name: str) -> str:
    """``generators.waits`` (as the repository's tests import it) is ``verdex.generators.waits``."""
    top, _, rest = name.partition(".")
    return PACKAGES[top] + (f".{rest}" if rest else "") if top in PACKAGES and top != "verdex" else name


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(module: str) -> Iterator[tuple[str, bool]]:
    """(imported module, only for types) for every import in the module, wherever it sits."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    typing_only: set[int] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            typing_only |= {id(n) for child in node.body for n in ast.walk(child)}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            base = _installed(base)
            # `from pkg import sub` imports the submodule; `from pkg import Name` reads pkg's __init__
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        for name in names:
            yield _installed(name), id(node) in typing_only


def _edges(*, with_types: bool) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for module in MODULES:
        for name, typing_only in _imports(module):
            if (typing_only and not with_types) or name == module:
                continue
            while name and name not in MODULES:              # `from pkg.mod import Name` -> pkg.mod
                name = name.rpartition(".")[0]
            if name and name != module:
                graph[module].add(name)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _own_package(module: str) -> str | None:
    return module.rpartition(".")[0] if MODULES[module].name != "__init__.py" else None


def test_no_import_circle_between_modules_at_run_time():
    assert _cycles(_edges(with_types=False)) == []


def test_no_module_imports_from_its_own_package_init():
    """Not even a submodule through it (``from verdex.lint import playwright_api``): the package's
    ``__init__`` imports its modules, never the other way round."""
    offenders = []
    for module, path in MODULES.items():
        own = _own_package(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and own is not None and not node.level \
                    and _installed(node.module or "") == own:
                offenders.append(f"{module}: from {node.module} import …")
    assert offenders == []


def test_the_browser_layer_imports_nothing_of_the_action_layer_not_even_for_types():
    offenders = sorted(f"{m} imports {target}" for m, targets in _edges(with_types=True).items()
                       if m.startswith("verdex.browser") for target in targets
                       if target.startswith(ACTION_LAYER))
    assert offenders == []


def test_the_generators_and_the_linter_never_import_playwright_not_even_through_another_module():
    graph = _edges(with_types=False)
    reached = {m for m in MODULES if m.startswith(("verdex.generators", "verdex.lint"))}
    frontier = list(reached)
    while frontier:
        for target in graph[frontier.pop()] - reached:
            reached.add(target)
            frontier.append(target)
    offenders = sorted(m for m in reached for name, type_only in _imports(m)
                       if not type_only and name.split(".")[0] == "playwright")
    assert offenders == []
