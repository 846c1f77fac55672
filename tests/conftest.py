"""Shared fixtures: the fixture apps on a free port, and a verdex Session on a real Chromium."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from verdex.fixtures.server import FixtureServer
from verdex.browser.driver import acquire
from verdex.browser.session import Session
from verdex.exporting import PROVE_ENV
from verdex.proof_runs import ADDOPTS_ENV
from verdex.recorder import RECORDINGS_DIR_ENV
from tests.blank_tab import start_blank


# The files whose tests take half a minute or more (real apps started for every run, generated tests run by pytest
# and npx, proofs and heals that run them again, timers and hangs waited out), the longest first, by their
# time in `./dev test --durations=0` (2026-11-29): collected first, in this order, so that ./dev test (one
# file per worker, --dist loadfile, in this order: --no-loadscope-reorder) starts the longest at once and
# hands the short ones out last, never a long one to a worker near the end while the others have nothing
# left. Alphabetical, the files from test_settling.py on (three of the ten longest) came last. Every other
# file keeps its place after them.
LONGEST_FIRST = ("test_generated_flows.py", "test_heal.py", "test_realapps_kinds.py",
                 "test_realapps.py", "test_settling.py", "test_prove.py",
                 # proving's tests: one file of 11 minutes on the clock alone (2026-12-03) until split in three by theme
                 "test_proof_kept_state.py", "test_proof.py", "test_proof_kept_state_where_stopped.py",
                 "test_shell.py", "test_startup_text.py",
                 "test_hostile_text.py", "test_injection_property.py", "test_transports.py", "test_roles_export.py",
                 "test_fuzz.py", "test_server_names.py", "test_leave_prompt.py", "test_preflight.py",
                 "test_hostile_pages.py", "test_aria_agreement.py",
                 # half a minute or more
                 "test_reading.py", "test_mcp_tools.py", "test_wheel.py", "test_agent.py",
                 "test_recording_fidelity.py", "test_locale_pinning.py", "test_artifacts.py", "test_race_fixtures.py",
                 "test_replay.py", "test_ci_workflow.py", "test_upload_generation.py", "test_startup_order.py",
                 "test_typescript_toolchain.py", "test_safety_policy.py", "test_safety_risk.py",
                 "test_playwright_glob.py", "test_periodic_requests.py", "test_tabs.py", "test_prove_sharding.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session", autouse=True)
def recordings_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Sessions record by default (to .verdex/recordings/): during the tests, and in the servers they
    start, that folder is a temporary one, never the working tree."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(RECORDINGS_DIR_ENV, str(tmp_path_factory.mktemp("recordings")))
        yield


@pytest.fixture(scope="session", autouse=True)
def exports_unproven_unless_asked() -> Iterator[None]:
    """An export proves the test it wrote by running it three times (verdex/proof.py); the tests of
    generation run the exported tests themselves, so their exports skip proving (VERDEX_PROVE=0, the
    same setting a user's CI would use). The tests of proving ask for it (``exports_proven``, below)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(PROVE_ENV, "0")
        yield


@pytest.fixture
def exports_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every export of the test proves, as a user's does (the suite's skip proving: above); a module of such
    tests asks for it with ``pytestmark = pytest.mark.usefixtures("exports_proven")``."""
    monkeypatch.delenv(PROVE_ENV, raising=False)


@pytest.fixture
def proof_actions_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The runs of the test's proofs bound an action at 10 s, not Playwright's 30 s
    (tests/child_plugins/bounded_actions.py): for a test whose proof is meant to fail on a run as it is, at an
    action whose element the page never offers (the kept state), which would otherwise wait 30 s for it."""
    plugins = str(Path(__file__).parent / "child_plugins")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, (plugins, os.environ.get("PYTHONPATH")))))
    monkeypatch.setenv(ADDOPTS_ENV, f"{os.environ.get(ADDOPTS_ENV, '')} -p bounded_actions".strip())


# Plugins that come with this suite's environment (the fuzz tests' hypothesis; anyio's, whose library verdex's
# server runs on; xdist and its looponfail, which run this suite; pytest-timeout; platformdirs') and that no test a
# child pytest runs uses (one that does asks for it: ``-p xdist``): each is imported at every child's start
# (hypothesis at its end too).
CHILD_PYTEST_SKIPS = ("hypothesispytest", "anyio", "xdist", "xdist.looponfail", "timeout", "platformdirs")


@pytest.fixture(scope="session", autouse=True)
def child_pytest_without_test_plugins() -> Iterator[None]:
    """The pytest runs the tests start (generated tests, heal's probes, ``verdex prove``, an export's
    proof: hundreds) skip the plugins of ``CHILD_PYTEST_SKIPS``, 1.2 s of CPU in each run with them
    (hypothesis 0.9 s, anyio 0.3 s). An export's proof drops PYTEST_ADDOPTS, as it does a user's, and
    takes VERDEX_PYTEST_ADDOPTS instead."""
    skip = " ".join(f"-p no:{name}" for name in CHILD_PYTEST_SKIPS)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTEST_ADDOPTS", skip)
        patch.setenv(ADDOPTS_ENV, skip)
        yield


@pytest.fixture(scope="session", autouse=True)
def node_compile_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every Playwright driver the tests start (one per verdex session, generated test and proof run: hundreds)
    is a Node process that compiles Playwright's bundle at start; with Node's compile cache (the driver's Node
    is 22 or later) each one after the first reads the compiled code instead, a quarter of its start-up
    CPU. A run's own cache, in its temporary folder: nothing is left in the user's home."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NODE_COMPILE_CACHE", str(tmp_path_factory.mktemp("node-compile-cache")))
        yield


@pytest.fixture(scope="session")
def apps() -> Iterator[FixtureServer]:
    """The bundled fixture apps, deterministic (no chaos), for the whole test run."""
    with FixtureServer() as server:
        yield server


@pytest.fixture(scope="session")
def other_origin() -> Iterator[FixtureServer]:
    """The same apps on another origin (localhost rather than 127.0.0.1), for cross-origin frames."""
    with FixtureServer(host="localhost") as server:
        yield server


@pytest.fixture(scope="session")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session", autouse=True)
async def one_driver_per_worker(anyio_backend: str) -> AsyncIterator[None]:
    """One event loop for the worker's tests (anyio keeps its runner while a fixture holds it) and one
    Playwright driver on it, held for the whole run: the sessions the tests open (hundreds) share it
    (verdex/browser/driver.py) instead of each starting a Node.js process of its own."""
    lease = await acquire()
    yield
    await lease.release()


@pytest.fixture(scope="module")
async def shared_session() -> AsyncIterator[Session]:
    async with Session() as s:
        yield s


@pytest.fixture
async def session(shared_session: Session) -> AsyncIterator[Session]:
    """One browser per test module; each test starts on a blank active tab of the default role, recording
    nothing until it says where (``session.record(path)``)."""
    await start_blank(shared_session)
    yield shared_session
