"""The wheel a user installs into their own project (``pip install verdex``, ``pipx install verdex``,
``uvx verdex serve``): it puts ``verdex`` in site-packages and nothing else, carries its licence and
every file the commands need, and works as a plain install with no checkout beside it — its console
script, ``doctor``, ``serve`` over stdio, a shell session, both exports, ``lint`` and ``prove`` — beside
testing-cabal's ``fixtures``, without the optional extras, and without a Node toolchain (the spec is
written and says in one line that it was not syntax-checked).

The plain install is a fresh virtual environment with the wheel installed by its own pip, run from a
folder outside the checkout; the dependencies come from the project's environment through a path file
(the same pinned versions, no network; its editable verdex is not loaded: path files of another folder
are not run). tests/test_declared_dependencies.py holds that what the wheel declares is what it imports."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from verdex.generators.typescript_syntax import UNCHECKED_NOTE

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
    """A venv with the wheel installed by its own pip (so ``bin/verdex`` is the wheel's console script);
    the project's dependencies reachable, Pillow and the Agents SDK made absent (as without the
    ``images`` and ``agent`` extras). Returns its python."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--quiet", "--disable-pip-version-check",
                    str(wheel)], check=True, timeout=300, cwd=venv)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "zz_project_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    (site / "zz_without_extras.pth").write_text("import sys; sys.modules.update({'PIL': None, 'agents': None})\n")
    return python


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A working folder with no checkout and no node_modules above it."""
    assert not any((folder / "node_modules").exists() or (folder / "pyproject.toml").exists()
                   for folder in (tmp_path, *tmp_path.parents))
    return tmp_path


def verdex(plain_install: Path, *args: str, cwd: Path, timeout: float = 120, **env: str) -> subprocess.CompletedProcess[str]:
    """The wheel's console script."""
    return subprocess.run([str(plain_install.parent / "verdex"), *args], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, env={**os.environ, **env})


def test_the_wheel_installs_verdex_and_nothing_else_at_the_top_level(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    dist_info = wheel.name.split("-py3")[0] + ".dist-info"
    assert {name.split("/")[0] for name in names} == {"verdex", dist_info}
    assert zipfile.ZipFile(wheel).read(f"{dist_info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
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
    linted = subprocess.run([str(plain_install.parent / "verdex"), "lint", "test_naive.py"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert linted.returncode == 1 and "VDX" in linted.stdout, linted.stdout + linted.stderr
    agent = subprocess.run([str(plain_install), "-m", "verdex", "agent", "buy a phone", "--base-url", "http://127.0.0.1:9"],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert agent.returncode == 1 and "Traceback" not in agent.stderr
    assert "MISSING_EXTRA" in agent.stderr and "pip install 'verdex[agent]'" in agent.stderr


def test_the_console_script_says_its_version_and_doctor_finds_the_browser(plain_install, outside):
    import verdex as checkout
    version = verdex(plain_install, "--version", cwd=outside)
    assert version.returncode == 0 and version.stdout.strip() == f"verdex {checkout.__version__}", version.stderr
    doctor = verdex(plain_install, "doctor", cwd=outside)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert "launches: Chromium" in doctor.stdout and doctor.stdout.rstrip().endswith("all good")
    located = subprocess.run([str(plain_install), "-c", "import verdex; print(verdex.__file__)"],
                             capture_output=True, text=True, cwd=outside, check=True)
    assert located.stdout.startswith(str(plain_install.parent.parent))


@pytest.mark.anyio
async def test_serve_over_stdio_lists_its_tools_to_the_sdks_client_and_drives_the_browser(plain_install, outside, apps):
    params = StdioServerParameters(command=str(plain_install.parent / "verdex"), cwd=str(outside),
                                   args=["serve", "--record", str(outside / "mcp.jsonl")])
    with anyio.fail_after(120):
        async with Client(params) as client:
            names = {tool.name for tool in (await client.list_tools()).tools}
            assert {"browser_navigate", "browser_snapshot", "browser_click", "export_test"} <= names
            await client.call_tool("browser_navigate", {"url": apps.url + "/shop/"})
            snapshot = (await client.call_tool("browser_snapshot", {})).content[0].text
    assert 'heading "Products"' in snapshot


def test_a_shell_session_opens_acts_and_exports_from_the_wheel(plain_install, outside, apps):
    sessions = {"VERDEX_SESSIONS_DIR": str(outside / "sessions")}
    try:
        opened = verdex(plain_install, "open", apps.url + "/shop/", "-s", "wheel", cwd=outside, **sessions)
        assert opened.returncode == 0, opened.stdout + opened.stderr
        snapshot = verdex(plain_install, "snapshot", "-s", "wheel", cwd=outside, **sessions)
        assert snapshot.returncode == 0 and 'heading "Products"' in snapshot.stdout, snapshot.stderr
        # the suite's fixture shop is shared by the worker's tests: its cart may hold what another test added
        cart = re.search(r'link "Cart \(\d+\)" \[ref=(e\d+)\]', snapshot.stdout).group(1)
        clicked = verdex(plain_install, "click", cart, "-s", "wheel", cwd=outside, **sessions)
        assert clicked.returncode == 0, clicked.stdout + clicked.stderr
        exported = verdex(plain_install, "export", "test_cart.py", "-s", "wheel", cwd=outside, **sessions)
        assert exported.returncode == 0, exported.stdout + exported.stderr
    finally:
        verdex(plain_install, "close", "-s", "wheel", cwd=outside, **sessions)
    assert "def test_cart(page: Page)" in (outside / "test_cart.py").read_text()


def test_typescript_export_without_a_node_toolchain_writes_the_spec_and_says_so_in_one_line(plain_install, outside):
    done = verdex(plain_install, "export", str(RECORDING), "--target", "typescript", "-o", "checkout.spec.ts",
                  cwd=outside)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.splitlines() == [f"verdex export: {UNCHECKED_NOTE.removeprefix('// ')}"]
    spec = (outside / "checkout.spec.ts").read_text()
    assert spec.startswith(UNCHECKED_NOTE + "\n") and 'test("checkout"' in spec
    assert (outside / "playwright.config.ts").exists()
    python = verdex(plain_install, "export", str(RECORDING), "--target", "python", "-o", "test_checkout.py",
                    cwd=outside)
    assert python.returncode == 0, python.stderr
    assert "def test_checkout" in (outside / "test_checkout.py").read_text()


@pytest.mark.skipif(not (ROOT / "node_modules" / "typescript").is_dir(), reason="needs ./dev setup's node_modules")
def test_typescript_export_is_syntax_checked_where_the_project_has_typescript(plain_install, outside):
    (outside / "node_modules").symlink_to(ROOT / "node_modules")      # the user's project's own typescript
    done = verdex(plain_install, "export", str(RECORDING), "--target", "typescript", "-o", "e2e/checkout.spec.ts",
                  cwd=outside)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    spec = (outside / "e2e" / "checkout.spec.ts").read_text()
    assert spec.startswith("// checkout: generated by verdex") and "not syntax-checked" not in spec


def test_prove_runs_an_exported_test_under_chaos_from_the_wheel(plain_install, outside, apps):
    shop = RECORDING.with_name("shop.jsonl")        # runs share the app's server-side cart: one at a time
    assert verdex(plain_install, "export", str(shop), "-o", "test_shop.py", cwd=outside).returncode == 0
    proved = verdex(plain_install, "prove", "test_shop.py", "--runs", "2", "--workers", "1", "--",
                    "--base-url", apps.url, cwd=outside, timeout=600)
    assert proved.returncode == 0, proved.stdout + proved.stderr
    assert re.search(r"ok\s+test_shop\.py::test_shop\S*\s+2/2", proved.stdout), proved.stdout
