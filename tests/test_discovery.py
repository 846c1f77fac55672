"""Unit tests of verdex/browser/discovery.py: where verdex looks for Chromium, and in which order.

Every test runs in a hermetic world: no VERDEX_CHROMIUM, an empty Playwright browsers directory,
Debian's paths pointed into tmp_path, and a PATH that holds only the test's own bin directory.
The "browsers" are copies of /bin/true: real executables that are not scripts.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from verdex.browser import discovery
from verdex.browser.discovery import (
    HEADED_INSTALL_COMMAND,
    INSTALL_COMMAND,
    BrowserNotFound,
    find_chromium,
    require_chromium,
)


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing to find anywhere unless the test puts it there."""
    (tmp_path / "bin").mkdir()
    (tmp_path / "ms-playwright").mkdir()
    monkeypatch.delenv("VERDEX_CHROMIUM", raising=False)
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "ms-playwright"))
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(discovery, "DEBIAN_BINARIES", (str(tmp_path / "debian" / "chromium-headless-shell"),
                                                       str(tmp_path / "debian" / "chromium")))
    return tmp_path


def _binary(path: Path) -> Path:
    """A real (ELF) executable that is not a script, at path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy("/bin/true", path)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _script(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body)
    path.chmod(0o755)
    return path


def test_hermetic_world_finds_nothing(world: Path) -> None:
    assert find_chromium() is None


def test_verdex_chromium_wins_when_it_points_at_an_executable(world: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = _binary(world / "mine" / "my-chromium")
    _binary(world / "debian" / "chromium-headless-shell")
    _binary(world / "bin" / "chromium")
    monkeypatch.setenv("VERDEX_CHROMIUM", str(mine))

    found = find_chromium()

    assert found is not None
    assert (found.path, found.source) == (str(mine), "VERDEX_CHROMIUM")


@pytest.mark.parametrize("value", ["", "/nonexistent/chromium"])
def test_empty_or_missing_verdex_chromium_is_skipped(world: Path, monkeypatch: pytest.MonkeyPatch,
                                                     value: str) -> None:
    debian = _binary(world / "debian" / "chromium-headless-shell")
    monkeypatch.setenv("VERDEX_CHROMIUM", value)

    found = find_chromium()

    assert found is not None
    assert (found.path, found.source) == (str(debian), "Debian package")


def test_verdex_chromium_that_is_not_executable_is_skipped(world: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = world / "mine" / "chromium"
    plain.parent.mkdir()
    plain.write_bytes(Path("/bin/true").read_bytes())  # no execute bit
    plain.chmod(0o644)
    debian = _binary(world / "debian" / "chromium")
    monkeypatch.setenv("VERDEX_CHROMIUM", str(plain))

    found = find_chromium()

    assert found is not None and found.path == str(debian)


def test_playwright_installed_browser_comes_before_debian(world: Path) -> None:
    installed = _binary(world / "ms-playwright" / "chromium-1200" / "chrome-linux" / "chrome")
    _binary(world / "debian" / "chromium-headless-shell")

    found = find_chromium()

    assert found is not None
    assert (found.path, found.source) == (str(installed), "playwright install")


def test_wrapper_script_on_path_resolves_to_the_real_binary(world: Path) -> None:
    real = _binary(world / "lib" / "chromium-real" / "chromium")
    wrapper = _script(world / "bin" / "chromium", f'#!/bin/sh\nexport CHROME_WRAPPER="$0"\nexec {real} "$@"\n')

    found = find_chromium()

    assert found is not None
    assert found.path == str(real), f"the wrapper {wrapper} was returned instead of the binary it execs"
    assert found.source == "chromium on PATH"


def test_binary_on_path_that_is_not_a_script_is_used_as_is(world: Path) -> None:
    binary = _binary(world / "bin" / "google-chrome")

    found = find_chromium()

    assert found is not None and found.path == str(binary)


def test_wrapper_is_not_followed_to_another_script(world: Path) -> None:
    inner = _script(world / "lib" / "chromium-inner" / "chromium", "#!/bin/sh\nexit 0\n")
    wrapper = _script(world / "bin" / "chromium", f'#!/bin/sh\nexec {inner} "$@"\n')

    found = find_chromium()

    assert found is not None and found.path == str(wrapper)


def test_debian_style_wrapper_with_variables_resolves_to_the_real_binary(world: Path) -> None:
    libdir = world / "lib" / "chromium"
    real = _binary(libdir / "chromium")
    _script(world / "bin" / "chromium",
            f'#!/bin/sh\n# Chromium launcher\nAPPNAME=chromium\nLIBDIR={libdir}\n'
            'exec $LIBDIR/$APPNAME $CHROMIUM_FLAGS "$@"\n')

    found = find_chromium()

    assert found is not None and found.path == str(real)


def test_headed_skips_headless_shell_paths(world: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shell = _binary(world / "mine" / "chromium-headless-shell")
    _binary(world / "debian" / "chromium-headless-shell")
    headed = _binary(world / "debian" / "chromium")
    monkeypatch.setenv("VERDEX_CHROMIUM", str(shell))

    assert find_chromium().path == str(shell)
    found = find_chromium(headed=True)

    assert found is not None and found.path == str(headed)


def test_headed_skips_playwright_headless_shell(world: Path) -> None:
    _binary(world / "ms-playwright" / "chromium_headless_shell-1200" / "chrome-linux" / "headless_shell")

    assert find_chromium() is not None
    assert find_chromium(headed=True) is None


def test_browser_not_found_names_the_apt_get_command(world: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "candidates", lambda: [])

    with pytest.raises(BrowserNotFound) as info:
        require_chromium()

    message = str(info.value)
    assert INSTALL_COMMAND in message
    assert "apt-get install" in message and "chromium-headless-shell" in message
    assert "VERDEX_CHROMIUM" in message


def test_headed_browser_not_found_names_the_full_chromium_package(world: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "candidates", lambda: [])

    with pytest.raises(BrowserNotFound) as info:
        require_chromium(headed=True)

    assert HEADED_INSTALL_COMMAND in str(info.value)
    assert "headless-shell" not in HEADED_INSTALL_COMMAND


def test_candidates_list_every_place_in_design_order(world: Path) -> None:
    _binary(world / "bin" / "chromium")
    _binary(world / "bin" / "chromium-browser")

    sources = [c.source for c in discovery.candidates()]

    assert sources == ["VERDEX_CHROMIUM", "Debian package", "Debian package",
                       "chromium on PATH", "chromium-browser on PATH"]
    assert os.environ["PATH"] == str(world / "bin")
