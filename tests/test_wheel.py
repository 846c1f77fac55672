"""The wheel a user installs into their own project: it puts ``verdex`` in site-packages and nothing
else, carries every file the commands need, and works as a plain install — beside testing-cabal's
``fixtures``, without the optional extras, and without a Node toolchain (a typed error, no traceback).

The plain install is a fresh virtual environment holding only the wheel; the dependencies come from the
project's environment through a path file (its editable verdex is not loaded: path files of another
folder are not run)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORDING = ROOT / "examples" / "recordings" / "checkout.jsonl"
NAIVE_TEST = 'def test_x(page):\n    page.wait_for_timeout(500)\n    page.locator(".card").nth(2).click()\n'


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                    "-w", str(out), str(ROOT)], check=True, timeout=300)
    [built] = out.glob("verdex-*.whl")
    return built


@pytest.fixture(scope="module")
def plain_install(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with the wheel installed; the project's dependencies reachable, Pillow and the Agents SDK
    made absent (as without the ``images`` and ``agent`` extras). Returns its python."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--disable-pip-version-check",
                    "--target", str(site), str(wheel)], check=True, timeout=300)
    (site / "zz_project_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    (site / "zz_without_extras.pth").write_text("import sys; sys.modules.update({'PIL': None, 'agents': None})\n")
    return python


def test_the_wheel_installs_verdex_and_nothing_else_at_the_top_level(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"verdex", wheel.name.split("-py3")[0] + ".dist-info"}
    for needed in ("verdex/bridge/install.js", "verdex/bridge/snapshot.js", "verdex/generators/typescript_syntax.mjs",
                   "verdex/generators/templates/test_pytest.py.j2", "verdex/artifacts/templates/report.html.j2",
                   "verdex/fixtures/apps/shop/index.html"):
        assert needed in names, needed


def test_testing_cabals_fixtures_keeps_working_beside_the_installed_wheel(plain_install, tmp_path):
    done = subprocess.run([str(plain_install), "-c", "import verdex, fixtures; from fixtures import MonkeyPatch; "
                           "print(verdex.__file__); print(fixtures.__file__)"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    verdex_file, fixtures_file = done.stdout.split()
    venv = str(plain_install.parent.parent)
    assert verdex_file.startswith(venv)                    # the wheel's verdex, not the checkout's
    assert not fixtures_file.startswith(venv)              # testing-cabal's own, not one the wheel put there
    assert Path(fixtures_file).parent.name == "fixtures"


def test_lint_runs_without_the_extras_and_the_agent_says_which_extra_it_needs(plain_install, tmp_path):
    (tmp_path / "test_naive.py").write_text(NAIVE_TEST)
    linted = subprocess.run([str(plain_install), "-m", "verdex", "lint", "test_naive.py"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert linted.returncode == 1 and "VDX" in linted.stdout, linted.stdout + linted.stderr
    agent = subprocess.run([str(plain_install), "-m", "verdex", "agent", "buy a phone", "--base-url", "http://127.0.0.1:9"],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert agent.returncode == 1 and "Traceback" not in agent.stderr
    assert "MISSING_EXTRA" in agent.stderr and "pip install 'verdex[agent]'" in agent.stderr


def test_typescript_export_without_a_node_toolchain_explains_itself(plain_install, tmp_path):
    done = subprocess.run([str(plain_install), "-m", "verdex", "export", str(RECORDING), "--target", "typescript",
                           "-o", "checkout.spec.ts"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "npm install --save-dev typescript" in done.stderr
    assert not (tmp_path / "checkout.spec.ts").exists()
    python = subprocess.run([str(plain_install), "-m", "verdex", "export", str(RECORDING), "--target", "python",
                             "-o", "test_checkout.py"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert python.returncode == 0, python.stderr
    assert "def test_checkout" in (tmp_path / "test_checkout.py").read_text()
