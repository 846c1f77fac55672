"""Syntax check and formatting for generated TypeScript (@playwright/test) specs, before they are written.

Runs ``prettier_format.mjs`` (next to this file) with ``node``: prettier parses the source with
TypeScript's parser and formats it, in one process. Without prettier, ``typescript_syntax.mjs`` parses it
with the ``typescript`` package. Each package is found in ``node_modules/`` of the working directory or a
parent (the user's project), else of the verdex checkout (``./dev setup`` installs the pinned ones). Only
syntax is checked, not types. Never imports Playwright. See docs/typescript.md.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

__all__ = ["UNCHECKED_NOTE", "NodeToolchainMissing", "TypeScriptSyntaxError", "checked_and_formatted",
           "prettier_formatted", "typescript_syntax_errors"]

SCRIPT = Path(__file__).with_name("typescript_syntax.mjs")
FORMAT_SCRIPT = Path(__file__).with_name("prettier_format.mjs")
REPO_ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 30

_SETUP_HINT = ("run `npm install --save-dev typescript` in your project, or ./dev setup in a verdex checkout "
               "(it runs npm ci and installs the pinned typescript package)")

# The first line of a spec written where node or its typescript package is not found (a pip-installed
# verdex in a project without them): written, not proven to parse, and it says so.
UNCHECKED_NOTE = ("// not syntax-checked or formatted: node or its typescript package is not installed here "
                  "(npm install --save-dev typescript prettier, then export again)")
NOT_FORMATTED_NOTE = "// not formatted: prettier is not installed (npm install --save-dev prettier, then export again)"


class NodeToolchainMissing(RuntimeError):
    """node, or the package a step runs (typescript, prettier), is not where the step looks for it."""


class TypeScriptSyntaxError(ValueError):
    """The source does not parse; ``errors`` are ``"line:col message"`` strings."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


def checked_and_formatted(source: str) -> str:
    """The spec as it is written: parsed and formatted by prettier (one Node.js process: prettier parses
    with TypeScript's own parser, so it is the syntax check too); without prettier, checked by the
    typescript package and written unformatted; without either, written as it is. Each of the two
    last says so in its first line. A source that does not parse raises TypeScriptSyntaxError."""
    try:
        return prettier_formatted(source)
    except NodeToolchainMissing:
        pass
    try:
        errors = typescript_syntax_errors(source)
    except NodeToolchainMissing:
        return f"{UNCHECKED_NOTE}\n{source}"
    if errors:
        raise TypeScriptSyntaxError(errors)
    return f"{NOT_FORMATTED_NOTE}\n{source}"


def package_root(start: Path, package: str = "typescript") -> Path | None:
    """The folder at or above ``start`` whose node_modules holds the package."""
    start = start.resolve()
    return next((folder for folder in (start, *start.parents)
                 if (folder / "node_modules" / package / "package.json").is_file()), None)


def prettier_formatted(source: str, *, root: Path | None = None) -> str:
    """``source`` formatted by the prettier package of the user's project (else of the verdex checkout;
    only under ``root`` when given), 100 columns wide like the Python black writes. A source that does not
    parse raises TypeScriptSyntaxError (its first error); NodeToolchainMissing when node or prettier is not
    there, RuntimeError when prettier fails in any other way."""
    node = shutil.which("node")
    starts = [Path(root)] if root is not None else [Path.cwd(), REPO_ROOT]
    cwd = next((found for found in (package_root(start, "prettier") for start in starts) if found is not None), None)
    if node is None or cwd is None:
        raise NodeToolchainMissing("prettier is not installed (npm install --save-dev prettier)")
    try:
        proc = subprocess.run([node, str(FORMAT_SCRIPT)], input=source, capture_output=True, encoding="utf-8",
                              cwd=cwd, timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired as exc:
        raise RuntimeError(f"prettier took more than {TIMEOUT_S} s") from exc
    if proc.returncode == 1:
        raise TypeScriptSyntaxError([f"{d['line']}:{d['column']} {d['message']}" for d in json.loads(proc.stdout)])
    if proc.returncode != 0:
        raise RuntimeError(f"prettier failed (exit {proc.returncode}): {proc.stderr.strip()}")
    return proc.stdout


def typescript_syntax_errors(source: str, *, root: Path | None = None) -> list[str]:
    """The syntax errors in TypeScript ``source`` as ``"line:col message"`` strings, [] when clean.

    ``root`` is where to look for ``node_modules/typescript`` (there and in its parents); by default
    the working directory, then the verdex checkout. Raises NodeToolchainMissing when ``node`` or the
    ``typescript`` package is missing, RuntimeError when the checker fails in any other way.
    """
    node = shutil.which("node")
    if node is None:
        raise NodeToolchainMissing(
            "node is not installed, so generated TypeScript cannot be syntax-checked; "
            f"{_SETUP_HINT} (on Debian: apt-get install -y nodejs npm)"
        )
    starts = [Path(root)] if root is not None else [Path.cwd(), REPO_ROOT]
    cwd = next((found for found in map(package_root, starts) if found is not None), None)
    if cwd is None:
        raise NodeToolchainMissing(
            "generated TypeScript is syntax-checked with the typescript package, which is not installed in "
            f"node_modules of {starts[0]} or a parent; {_SETUP_HINT}")
    try:
        proc = subprocess.run(
            [node, str(SCRIPT)],
            input=source,
            capture_output=True,
            encoding="utf-8",
            cwd=cwd,
            timeout=TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise RuntimeError(f"the TypeScript syntax check took more than {TIMEOUT_S} s") from exc
    if proc.returncode == 3:
        raise NodeToolchainMissing(
            f"the typescript package is not installed under {cwd}/node_modules; {_SETUP_HINT}"
        )
    if proc.returncode not in (0, 1):
        raise RuntimeError(
            f"the TypeScript syntax check failed (exit {proc.returncode}): {proc.stderr.strip()}"
        )
    try:
        diagnostics = json.loads(proc.stdout)
    except json.JSONDecodeError as exc:
        raise RuntimeError(f"unexpected output from {SCRIPT.name}: {proc.stdout!r}") from exc
    if proc.returncode == 1 and not diagnostics:
        raise RuntimeError(f"{SCRIPT.name} exited 1 without diagnostics: {proc.stderr.strip()}")
    return [f"{d['line']}:{d['column']} {d['message']}" for d in diagnostics]
