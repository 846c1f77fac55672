"""Finding a Chromium to drive.

Order (DESIGN.md): the ``VERDEX_CHROMIUM`` environment variable, a browser that ``playwright
install`` put in place, Debian's ``/usr/lib/chromium/chromium-headless-shell`` and
``/usr/lib/chromium/chromium``, then ``chromium``, ``chromium-browser`` and ``google-chrome`` on
PATH. Wrapper shell scripts are followed to the real binary they start.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from verdex.errors import BrowserUnavailable

INSTALL_COMMAND = "apt-get install -y --no-install-recommends chromium-headless-shell"
HEADED_INSTALL_COMMAND = "apt-get install -y --no-install-recommends chromium"
DEBIAN_BINARIES = ("/usr/lib/chromium/chromium-headless-shell", "/usr/lib/chromium/chromium")
PATH_NAMES = ("chromium", "chromium-browser", "google-chrome")
LAUNCH_ARGS = ("--disable-quic",)


@dataclass(frozen=True)
class FoundBrowser:
    path: str
    source: str


class BrowserNotFound(BrowserUnavailable):
    def __init__(self, *, headed: bool = False) -> None:
        what, command = ("a Chromium that can show a window", HEADED_INSTALL_COMMAND) if headed else (
            "Chromium", INSTALL_COMMAND)
        super().__init__(
            f"no {what} found. Install Debian's with\n"
            f"    sudo {command}\n"
            "or point VERDEX_CHROMIUM at a Chromium binary, or connect to a running browser with "
            "--cdp-endpoint / --ws-endpoint. `verdex doctor` shows what was looked at.")


def find_chromium(*, headed: bool = False) -> FoundBrowser | None:
    """The first usable browser; a headed run skips headless-only builds."""
    for candidate in candidates():
        if headed and "headless" in os.path.basename(candidate.path):
            continue
        if candidate.path and _is_executable(candidate.path):
            return candidate
    return None


def require_chromium(*, headed: bool = False) -> FoundBrowser:
    found = find_chromium(headed=headed)
    if found is None:
        raise BrowserNotFound(headed=headed)
    return found


def candidates() -> list[FoundBrowser]:
    """Every place looked at, in order, whether or not something is there."""
    found = [FoundBrowser(os.environ.get("VERDEX_CHROMIUM", ""), "VERDEX_CHROMIUM")]
    found += [FoundBrowser(path, "playwright install") for path in _playwright_installed()]
    found += [FoundBrowser(path, "Debian package") for path in DEBIAN_BINARIES]
    for name in PATH_NAMES:
        on_path = shutil.which(name)
        if on_path:
            found.append(FoundBrowser(_real_binary(on_path), f"{name} on PATH"))
    return found


def _playwright_installed() -> list[str]:
    root = os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or str(Path.home() / ".cache" / "ms-playwright")
    patterns = ("chromium-*/chrome-linux*/chrome", "chromium_headless_shell-*/chrome-*/chrome-headless-shell",
                "chromium_headless_shell-*/chrome-*/headless_shell")
    paths: list[str] = []
    for pattern in patterns:
        paths += sorted(glob.glob(os.path.join(root, pattern)), reverse=True)
    return paths


def _real_binary(path: str) -> str:
    """Follow a wrapper script (``#!/bin/sh … exec /usr/lib/chromium/chromium``) to what it runs."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(8192)
    except OSError:
        return path
    if not head.startswith(b"#!"):
        return path
    text = head.decode("utf-8", "replace")
    variables = dict(re.findall(r"^\s*([A-Za-z_]\w*)=[\"']?([^\"'\s;]*)", text, re.M))
    text = re.sub(r"\$\{?([A-Za-z_]\w*)\}?", lambda m: variables.get(m.group(1), m.group(0)), text)
    for match in re.finditer(r"(/[\w./-]*chrom[\w./-]*)", text):
        target = match.group(1)
        if target != path and _is_executable(target) and not _is_script(target):
            return target
    return path


def _is_script(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(2) == b"#!"
    except OSError:
        return False


def _is_executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)
