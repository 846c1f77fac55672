"""What ``pip install verdex`` brings is what verdex imports: every third-party package the shipped code
imports is declared in pyproject.toml (the core, or the extra whose command needs it), and every core
dependency carries an upper bound at its next major version, so a user's resolver never hands verdex
a major release it has not met (black's major is its yearly style: it changes the tests verdex writes).

The imports are read from the syntax tree of every module the wheel ships (the package folders
pyproject.toml names), the distributions from the installed metadata."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
NAME = re.compile(r"^[A-Za-z0-9._-]+")


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_name(requirement: str) -> str:
    return _normal(NAME.match(requirement).group(0))        # type: ignore[union-attr]


def shipped_modules() -> list[Path]:
    setuptools = PYPROJECT["tool"]["setuptools"]
    folders = {package: ROOT / Path(*package.split(".")) for package in setuptools["packages"]}
    folders.update({package: ROOT / folder for package, folder in setuptools["package-dir"].items()})
    return sorted(module for folder in folders.values() for module in folder.glob("*.py"))


def imported_top_level_names(module: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"), str(module))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"verdex", "__future__"}


def imported_distributions() -> dict[str, set[str]]:
    """distribution → the shipped modules that import it."""
    owners = packages_distributions()
    found: dict[str, set[str]] = {}
    for module in shipped_modules():
        for name in imported_top_level_names(module):
            assert name in owners, f"{module.relative_to(ROOT)} imports {name!r}, which no installed distribution provides"
            for distribution in owners[name]:
                found.setdefault(_normal(distribution), set()).add(str(module.relative_to(ROOT)))
    return found


def test_the_shipped_modules_are_the_ones_the_wheel_carries():
    modules = {str(m.relative_to(ROOT)) for m in shipped_modules()}
    assert {"verdex/cli.py", "verdex/server.py", "generators/planner.py", "verdex/agent/endpoint.py"} <= modules


def test_every_imported_package_is_declared():
    core = {_requirement_name(r) for r in PYPROJECT["project"]["dependencies"]}
    extras = {extra: {_requirement_name(r) for r in requirements}
              for extra, requirements in PYPROJECT["project"]["optional-dependencies"].items() if extra != "dev"}
    undeclared = {distribution: sorted(modules) for distribution, modules in imported_distributions().items()
                  if distribution not in core and not any(distribution in names for names in extras.values())}
    assert undeclared == {}, f"imported but not declared in pyproject.toml: {undeclared}"


def test_what_an_extra_brings_is_imported_only_by_the_command_that_needs_it():
    extras = PYPROJECT["project"]["optional-dependencies"]
    core = {_requirement_name(r) for r in PYPROJECT["project"]["dependencies"]}
    only_in_extras = {_requirement_name(r) for extra in ("agent", "images") for r in extras[extra]} - core
    imported = imported_distributions()
    for distribution in only_in_extras & set(imported):
        importers = imported[distribution]
        assert all(m.startswith(("verdex/agent/", "verdex/artifacts/")) for m in importers), (distribution, importers)


def test_every_dependency_has_an_upper_bound():
    requirements = PYPROJECT["project"]["dependencies"] + [
        r for extra, rs in PYPROJECT["project"]["optional-dependencies"].items() if extra != "dev" for r in rs]
    unbounded = [r for r in requirements if "<" not in r]
    assert unbounded == []
    black = next(r for r in requirements if _requirement_name(r) == "black")
    assert re.search(r"<\d+$", black), black                  # black: a new year's major restyles every test


def test_the_license_the_metadata_names_is_in_the_repo():
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
