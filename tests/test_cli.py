"""The `verdex` command as a user runs it: doctor, snapshot, serve's argument errors, --help."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from verdex.fixtures.server import FixtureServer
from verdex import doctor
from verdex.browser.discovery import INSTALL_COMMAND, find_chromium

REPO = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).with_name("verdex")
VERDEX = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "verdex"]
HANG_S = 120     # a bound on a hang only: these commands end in about a second on a quiet machine


def run(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VERDEX, *args], cwd=REPO, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=timeout)


def test_help_lists_the_subcommands() -> None:
    result = run("--help", timeout=HANG_S)

    assert result.returncode == 0, result.stderr
    for command in ("serve", "doctor", "demo", "snapshot", "lint"):
        assert re.search(rf"^\s+{command}\s", result.stdout, re.M), f"{command} missing from:\n{result.stdout}"


def test_no_subcommand_is_a_usage_error() -> None:
    result = run(timeout=HANG_S)

    assert result.returncode == 2
    assert "usage: verdex" in result.stderr
    assert "Traceback" not in result.stderr


def test_doctor_exits_zero_naming_the_browser_path_and_versions() -> None:
    found = find_chromium()
    if found is None:
        pytest.skip("no Chromium on this machine")

    result = run("doctor")

    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert f"using {found.path} ({found.source})" in out
    assert re.search(r"launches: Chromium \d+\.\d+\.\d+", out), out
    assert re.search(rf"playwright\s+{re.escape(version('playwright'))}", out), out
    assert re.search(rf"mcp\s+{re.escape(version('mcp'))}", out), out
    assert out.startswith(f"verdex {version('verdex')} on Python ")
    assert out.rstrip().endswith("all good")


def test_doctor_skips_a_missing_verdex_chromium() -> None:
    if find_chromium() is None:
        pytest.skip("no Chromium on this machine")

    result = run("doctor", env={**os.environ, "VERDEX_CHROMIUM": "/nonexistent/chromium"})

    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"\[ \] VERDEX_CHROMIUM\s+/nonexistent/chromium", result.stdout), result.stdout
    assert "using /nonexistent" not in result.stdout


def test_doctor_reports_a_browser_that_does_not_start(tmp_path: Path) -> None:
    fake = tmp_path / "chromium"
    shutil.copy("/bin/true", fake)  # an executable that exits at once instead of serving CDP

    result = run("doctor", env={**os.environ, "VERDEX_CHROMIUM": str(fake)})

    assert result.returncode == 1, result.stdout + result.stderr
    assert f"using {fake} (VERDEX_CHROMIUM)" in result.stdout
    assert f"Chromium at {fake} does not start" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_doctor_without_any_browser_exits_1_with_the_install_command(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(doctor, "candidates", lambda: [])
    monkeypatch.setattr(doctor, "find_chromium", lambda headed=False: None)

    code = doctor.run_doctor()

    out = capsys.readouterr().out
    assert code == 1
    assert f"sudo {INSTALL_COMMAND}" in out
    assert "problems:" in out and "all good" not in out


def test_snapshot_prints_the_identity_header_and_the_tree(apps: FixtureServer) -> None:
    shop = apps.url + "/shop/"

    result = run("snapshot", shop)

    assert result.returncode == 0, result.stderr
    header, sep, tree = result.stdout.partition("\n---\n")
    assert sep, result.stdout[:2000]
    assert re.match(r"observation: o\d+ \(tab t\d+\)\n", header), header
    assert f"url: {shop}" in header
    assert 'title: "Verdex Shop – Products"' in header
    assert 'heading: "Products"' in header
    assert re.search(r'^- banner:$', tree, re.M), tree[:2000]
    assert re.search(r'link "Verdex Shop" \[ref=e\d+\]', tree), tree[:2000]


def test_snapshot_of_a_refused_url_exits_1_with_the_error_code() -> None:
    result = run("snapshot", "file:///etc/passwd")

    assert result.returncode == 1
    assert result.stderr.startswith("POLICY_DENIED: ")
    assert "Traceback" not in result.stderr
    assert "root:" not in result.stdout


def test_serve_rejects_an_unknown_transport() -> None:
    result = run("serve", "--transport", "carrier-pigeon", timeout=HANG_S)

    assert result.returncode == 2
    assert "invalid choice: 'carrier-pigeon'" in result.stderr
    assert "Traceback" not in result.stderr


SERVE_ARGUMENT_ERRORS = {"unknown-caps": ["--caps", "nope"],
                         "missing-storage-state": ["--role", "admin", "/nonexistent/state.json", "-"]}


@pytest.fixture(scope="module")
def serve_errors() -> dict[str, subprocess.CompletedProcess[str]]:
    """`verdex serve` with each bad argument, run once for the tests below."""
    return {name: run("serve", *argv, timeout=HANG_S) for name, argv in SERVE_ARGUMENT_ERRORS.items()}


def test_serve_unknown_caps_exits_nonzero_naming_the_known_groups(
        serve_errors: dict[str, subprocess.CompletedProcess[str]]) -> None:
    result = serve_errors["unknown-caps"]

    assert result.returncode != 0
    assert "INVALID_ARGUMENT" in result.stderr
    assert "unknown capability group(s) ['nope']" in result.stderr
    assert "'lint'" in result.stderr
    assert result.stdout == ""  # nothing went to the MCP channel


@pytest.mark.parametrize("case", list(SERVE_ARGUMENT_ERRORS))
def test_serve_argument_errors_print_no_traceback(case: str,
                                                  serve_errors: dict[str, subprocess.CompletedProcess[str]]) -> None:
    result = serve_errors[case]

    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr


def test_an_export_given_a_session_and_an_output_file_says_which_form_does_what(tmp_path: Path) -> None:
    """``-o FILE`` is the recording file's export, ``-s NAME`` the session's: given both, the answer names the two
    forms, not argparse's "unrecognized arguments: -s"."""
    result = run("export", "-o", str(tmp_path / "test_x.py"), "-s", "shop", timeout=HANG_S)

    assert result.returncode == 2
    assert "verdex export FILE -s NAME" in result.stderr and "RECORDING.jsonl -o FILE" in result.stderr, result.stderr
    assert not (tmp_path / "test_x.py").exists()


def test_snapshot_argument_errors_print_no_traceback() -> None:
    result = run("snapshot", "http://127.0.0.1:9/", "--role", "admin", "/nonexistent/state.json", "-", timeout=HANG_S)

    assert result.returncode != 0
    assert "INVALID_ARGUMENT" in result.stderr
    assert "Traceback" not in result.stderr, result.stderr
