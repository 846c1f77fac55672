"""``verdex doctor``: what verdex found on this machine, and how to fix what is missing."""

from __future__ import annotations

import asyncio
import os
import platform
import shutil
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version

from verdex.browser.discovery import HEADED_INSTALL_COMMAND, INSTALL_COMMAND, LAUNCH_ARGS, candidates, find_chromium

PACKAGES = ("playwright", "mcp", "libcst", "jinja2", "pydantic", "black", "pytest", "pytest-playwright")


def run_doctor() -> int:
    print(f"verdex {_version('verdex')} on Python {platform.python_version()} ({sys.executable})")
    for package in PACKAGES:
        print(f"  {package:<18} {_version(package)}")
    problems: list[str] = []

    print("\nbrowser (looked for in this order):")
    for candidate in candidates():
        present = bool(candidate.path) and os.path.isfile(candidate.path) and os.access(candidate.path, os.X_OK)
        shown = candidate.path or "(not set)"
        print(f"  [{'x' if present else ' '}] {candidate.source:<20} {shown}")
    found = find_chromium()
    if found is None:
        problems.append(f"no Chromium: run `sudo {INSTALL_COMMAND}` or set VERDEX_CHROMIUM")
    else:
        print(f"  using {found.path} ({found.source})")
        launched = asyncio.run(_launch_check(found.path))
        if launched.startswith("error"):
            problems.append(f"Chromium at {found.path} does not start: {launched}")
        else:
            print(f"  launches: Chromium {launched}")
    if find_chromium(headed=True) is None:
        print(f"  note: no Chromium that can show a window (for --headed): `sudo {HEADED_INSTALL_COMMAND}`")

    node = shutil.which("node")
    print(f"\nnode: {_command_version([node, '--version']) if node else 'not found'} "
          "(needed only to run generated TypeScript tests)")

    if problems:
        print("\nproblems:")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    print("\nall good")
    return 0


async def _launch_check(path: str) -> str:
    from playwright.async_api import async_playwright
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=path, args=list(LAUNCH_ARGS))
            text = browser.version
            await browser.close()
            return text
    except Exception as exc:  # any failure to start is the finding itself
        return f"error: {str(exc).strip().splitlines()[0]}"


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "not installed"


def _command_version(command: list[str]) -> str:
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
