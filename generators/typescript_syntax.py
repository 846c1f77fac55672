"""Syntax check for generated TypeScript (@playwright/test) specs, before they are written.

Runs ``typescript_syntax.mjs`` (next to this file) with ``node``; it parses the source with the
pinned ``typescript`` package from ``node_modules/`` (installed by ``./dev setup``, which runs
``npm ci``). Only syntax is checked, not types. Never imports Playwright. See docs/typescript.md.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

__all__ = ["typescript_syntax_errors"]

SCRIPT = Path(__file__).with_name("typescript_syntax.mjs")
REPO_ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 30

_SETUP_HINT = "run ./dev setup (it runs npm ci and installs the pinned typescript package)"


def typescript_syntax_errors(source: str, *, root: Path | None = None) -> list[str]:
    """The syntax errors in TypeScript ``source`` as ``"line:col message"`` strings, [] when clean.

    ``root`` is the directory whose ``node_modules/typescript`` is used (Node looks there and in
    its parents); it defaults to the repository root. Raises RuntimeError when ``node`` or the
    ``typescript`` package is missing, or when the checker fails in any other way.
    """
    node = shutil.which("node")
    if node is None:
        raise RuntimeError(
            "node is not installed, so generated TypeScript cannot be syntax-checked; "
            f"{_SETUP_HINT} (on Debian: apt-get install -y nodejs npm)"
        )
    cwd = Path(root) if root is not None else REPO_ROOT
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
        raise RuntimeError(
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
