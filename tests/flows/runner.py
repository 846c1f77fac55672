"""Recording a flow, exporting its tests and running them: shared by tests/test_generated_flows.py and
bench/chaos.py.

A generated Python test runs in its own pytest process against a fresh fixture server (a fresh cart
and chaos sequence) with ``--base-url``; a TypeScript spec runs with ``npx playwright test`` from the
repository root (so Node finds node_modules/), in a folder under the gitignored ``.verdex/tmp-ts/``, on the
Node.js that Playwright's Python package ships (:func:`playwright_test`). Several generated files of one folder
run at once (``run_exported``): one pytest run, one Playwright Test run, each file's own outcome.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from playwright._impl._driver import compute_driver_executable

from verdex.fixtures.server import FixtureServer
from verdex.generators import SUPPORT_FILE, export
from verdex.proof_runs import playwright_test_command

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = REPO_ROOT / "examples"
NAIVE_DIR = EXAMPLES / "naive"
TS_SCRATCH = REPO_ROOT / ".verdex" / "tmp-ts"
PYTEST_TIMEOUT_S = 180
TS_TIMEOUT_S = 180
# the plugin that gives each run of one pytest process its own app (run_seeds_at_once)
CHILD_PLUGINS = REPO_ROOT / "tests" / "child_plugins"
SEED_OUTCOME = re.compile(r"^(PASSED|FAILED|ERROR) \S+\[(?:\w+-)?seed(\d+)\]", re.MULTILINE)


def secret_env() -> dict[str, str]:
    """The values the generated tests read from the environment (verdex recorded the names only)."""
    from tests.flows import frames, login
    return {**login.SECRET_ENV, **frames.SECRET_ENV}


def test_env() -> dict[str, str]:
    return {**os.environ, **secret_env(), "PYTHONDONTWRITEBYTECODE": "1"}


def outside_pytest_env() -> dict[str, str]:
    """The environment for a pytest or ``verdex prove`` a test starts as a user would: without this run's
    own variables (the current test, an xdist worker's name), with its options for every pytest the tests
    start (PYTEST_ADDOPTS, set by tests/conftest.py: the plugins no such run uses, a second of CPU each)."""
    return {key: value for key, value in os.environ.items()
            if not key.startswith("PYTEST_") or key == "PYTEST_ADDOPTS"}


# ---------------------------------------------------------------------------------------- recording
def record(flow: ModuleType, recording_path: Path, chaos_seed: int | None = None, verbose: bool = False,
           pins: dict | None = None) -> float:
    """Run the flow's scripted agent against a fresh fixture server; the seconds it took."""
    started = time.monotonic()
    with FixtureServer(chaos_seed=chaos_seed, pins=pins) as server:
        asyncio.run(flow.record(server.url, recording_path, verbose=verbose))
    return time.monotonic() - started


def export_python(recording: Path, folder: Path, name: str) -> Path:
    path = folder / f"test_{name}.py"
    export(recording, target="python", path=path, name=name, overwrite_support=True)
    return path


def export_typescript(recording: Path, folder: Path, name: str) -> Path:
    path = folder / f"{name}.spec.ts"
    export(recording, target="typescript", path=path, name=name, overwrite_support=True)
    return path


# ---------------------------------------------------------------------------------------- running
@dataclass(frozen=True)
class Run:
    seed: int | None
    passed: bool
    seconds: float
    output: str

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.output.splitlines()[-lines:])

    def failure(self, lines: int = 30) -> str:
        """Where pytest's error starts (its message and Playwright's call log, before any page snapshot
        it prints) and the output's last lines."""
        said = self.output.splitlines()
        start = next((n for n, line in enumerate(said) if line.startswith("E ")), max(0, len(said) - lines))
        return "\n".join([*said[start:start + lines], "…", *said[-8:]])


Serve = Callable[[int | None], AbstractContextManager[str]]


def pinned_apps(pins: dict) -> Serve:
    """Fresh fixture servers with these races pinned (fixtures/chaos.py), the rest as each seed draws."""
    @contextmanager
    def serve(seed: int | None) -> Iterator[str]:
        with FixtureServer(chaos_seed=seed, pins=pins) as server:
            yield server.url
    return serve


fixture_apps = pinned_apps({})   # a fresh fixture server with a chaos seed: its base URL while it runs


def run_pytest(test_file: Path, seed: int | None, serve: Serve = fixture_apps, extra: tuple[str, ...] = ()) -> Run:
    """One run of a pytest-playwright file against a fresh app (by default the fixture server with this
    chaos seed); ``extra`` goes to pytest (``--chaos-seed N`` for verdex's client-side chaos)."""
    test_file = test_file.resolve()
    started = time.monotonic()
    with serve(seed) as base_url:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "pytest", str(test_file), "-q", "-p", "no:cacheprovider",
                 "--base-url", base_url, *extra],
                cwd=test_file.parent, env=test_env(), capture_output=True, encoding="utf-8",
                timeout=PYTEST_TIMEOUT_S, check=False)
            passed, output = done.returncode == 0, done.stdout + done.stderr
        except subprocess.TimeoutExpired as exc:
            passed, output = False, f"timed out after {PYTEST_TIMEOUT_S} s\n{exc.stdout or ''}"
    return Run(seed, passed, time.monotonic() - started, output)


def run_seeds(test_file: Path, seeds: Iterable[int], workers: int = 2,
              progress: Callable[[Run], None] | None = None) -> list[Run]:
    """The test once per seed, ``workers`` at a time, each against its own fixture server."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        runs = []
        for run in pool.map(lambda seed: run_pytest(test_file, seed), list(seeds)):
            runs.append(run)
            if progress is not None:
                progress(run)
    return runs


def run_seeds_at_once(test_file: Path, seeds: Iterable[int], serve: Serve = fixture_apps) -> list[Run]:
    """The test once per seed, each run against its own fresh app (all of them started first), in one
    pytest process (tests/child_plugins/base_url_per_run.py gives each run its app as ``base_url``):
    pytest's start-up and the browser's launch once for all the runs, each run in a context and a page
    of its own, as ``verdex prove`` runs a test under its seeds. Every seed runs, whichever fails."""
    seeds, test_file = list(seeds), test_file.resolve()
    started = time.monotonic()
    with ExitStack() as apps:
        urls = [apps.enter_context(serve(seed)) for seed in seeds]
        env = {**test_env(), "PYTHONPATH": str(CHILD_PLUGINS), "VERDEX_TEST_BASE_URLS": " ".join(urls),
               "VERDEX_TEST_SEEDS": " ".join(map(str, seeds))}
        try:
            done = subprocess.run(
                [sys.executable, "-m", "pytest", str(test_file), "-q", "-rA", "-p", "no:cacheprovider",
                 "-p", "base_url_per_run"],
                cwd=test_file.parent, env=env, capture_output=True, encoding="utf-8",
                timeout=PYTEST_TIMEOUT_S * len(seeds), check=False)
            output = done.stdout + done.stderr
        except subprocess.TimeoutExpired as exc:
            output = f"timed out after {PYTEST_TIMEOUT_S * len(seeds)} s\n{exc.stdout or ''}"
    outcomes: dict[int, set[str]] = {}
    for outcome, seed in SEED_OUTCOME.findall(output):
        outcomes.setdefault(int(seed), set()).add(outcome)
    seconds = (time.monotonic() - started) / max(1, len(seeds))
    return [Run(seed, outcomes.get(seed) == {"PASSED"}, seconds, output) for seed in seeds]


def first_failure(test_file: Path, seeds: Iterable[int], pins: dict | None = None) -> Run | None:
    """The first run that fails, trying the seeds in order, one at a time (no run after the first that
    fails: a naive test fails on most seeds, and the suite's CPU is what its time is made of); None when
    the test passed on every seed. ``pins``: races set wide."""
    serve = pinned_apps(pins or {})
    for seed in seeds:
        run = run_pytest(test_file, seed, serve)
        if not run.passed:
            return run
    return None


def scratch_ts_dir(flow: str) -> Path:
    """A fresh folder for one flow's spec inside the repository (Node resolves @playwright/test from
    the repository's node_modules/)."""
    TS_SCRATCH.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{flow}-", dir=TS_SCRATCH))


@contextmanager
def exported_spec(recording: Path, name: str) -> Iterator[Path]:
    """The recording exported to a TypeScript spec in a scratch folder (run it with
    ``run_typescript(spec.parent)``), removed afterwards."""
    folder = scratch_ts_dir(name)
    try:
        yield export_typescript(recording, folder, name)
    finally:
        remove_scratch(folder)


def remove_scratch(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    try:
        TS_SCRATCH.rmdir()                    # only when no other run is using it
    except OSError:
        pass


def playwright_test() -> list[str]:
    """``npx playwright test`` as the suite runs it: the repository's @playwright/test on the Node.js that
    Playwright's Python package ships (a current one, 22 or later, where the machine's may be older), whose
    compile cache (``NODE_COMPILE_CACHE``, tests/conftest.py) spares each of the suite's hundreds of runs a
    quarter of its CPU. verdex's own proofs run a user's specs on the user's Node (verdex/proof_runs.py)."""
    node, _driver = compute_driver_executable()
    return [node, *playwright_test_command(REPO_ROOT)[1:]]


def run_typescript(spec_dir: Path, seed: int | None = None, serve: Serve = fixture_apps) -> Run:
    """``npx playwright test`` on the folder's generated playwright.config.ts, with BASE_URL set; each run
    writes its results to a folder of its own, outside the spec's folder (Playwright empties its output
    folder when it starts, and scans the spec's folder for tests: two runs of one spec at a time must
    share neither), removed afterwards."""
    started = time.monotonic()
    with serve(seed) as base_url:
        passed, output = _playwright_test(spec_dir, base_url, [], TS_TIMEOUT_S)
    return Run(seed, passed, time.monotonic() - started, output)


def _playwright_test(spec_dir: Path, base_url: str, options: list[str], timeout_s: float,
                     env: dict[str, str] | None = None) -> tuple[bool, str]:
    env = {**test_env(), **(env or {}), "BASE_URL": base_url, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1", "CI": "1"}
    env.pop("PLAYWRIGHT_BROWSERS_PATH", None)
    from verdex.browser.discovery import find_chromium
    browser = find_chromium()
    if browser is not None and "VERDEX_CHROMIUM" not in env:
        env["VERDEX_CHROMIUM"] = str(browser.path)
    results = tempfile.mkdtemp(prefix="test-results-")
    try:
        done = subprocess.run(
            [*playwright_test(), "--config", str(spec_dir / "playwright.config.ts"),
             "--reporter=line", "--output", results, *options],
            cwd=REPO_ROOT, env=env, capture_output=True, encoding="utf-8", timeout=timeout_s, check=False)
        return done.returncode == 0, done.stdout + done.stderr
    except subprocess.TimeoutExpired as exc:
        return False, f"timed out after {timeout_s} s\n{exc.stdout or ''}"
    finally:
        shutil.rmtree(results, ignore_errors=True)


# ---------------------------------------------------------------------------------------- several at once
def export_grouped(recordings: Mapping[str, Path], folder: Path, target: str) -> dict[str, Path]:
    """Each recording exported (``target``: python or typescript) into a sub-folder of ``folder`` it shares
    with the others whose support file (conftest.py, playwright.config.ts: the recording's origin, language,
    test id attribute) is the same, since a folder holds one; each name's file."""
    write = export_python if target == "python" else export_typescript
    support_name = SUPPORT_FILE[target]
    groups: dict[str, Path] = {}
    exported = {}
    for name, recording in recordings.items():
        staged = write(recording, folder / "staged" / name, name)
        support = (staged.parent / support_name).read_text(encoding="utf-8")
        group = groups.setdefault(support, folder / f"group{len(groups)}")
        exported[name] = write(recording, group, name)
    shutil.rmtree(folder / "staged")
    return exported


def run_exported(recordings: Mapping[str, Path], folder: Path, targets: Sequence[str] = ("python", "typescript"),
                 serve: Serve = fixture_apps) -> dict[str, dict[str, Run]]:
    """Each recording exported to each target and run: the pytest files (under ``folder``) in one pytest run,
    the specs (in a scratch folder of the repository, removed afterwards) in one ``npx playwright test`` run,
    once per group whose support file is the same (export_grouped: one, as a rule), each run against the app
    ``serve`` gives (a fresh fixture server; ``lambda _seed: nullcontext(url)``: the app the flows were
    recorded on, as it is now). Each name's run in each target."""
    runs: dict[str, dict[str, Run]] = {name: {} for name in recordings}
    run_files = {"python": run_pytest_files, "typescript": run_specs}
    for target in targets:
        place = folder / target if target == "python" else scratch_ts_dir("exported")
        try:
            exported = {name: path.resolve() for name, path in export_grouped(recordings, place, target).items()}
            for group in sorted({path.parent for path in exported.values()}):
                names = [name for name, path in exported.items() if path.parent == group]
                ran = run_files[target]([exported[name] for name in names], serve=serve)
                for name in names:
                    runs[name][target] = ran[exported[name]]
        finally:
            if target == "typescript":
                remove_scratch(place)
    return runs


def run_pytest_files(test_files: Sequence[Path], seed: int | None = None,
                     serve: Serve = fixture_apps) -> dict[Path, Run]:
    """Generated pytest files of one folder (its conftest.py is theirs) in one pytest process against one
    fresh app: pytest's start-up and the browser's launch once for all of them, each test in a context and a
    page of its own. Each file's own outcome; its output is its own failure and its lines of the summary."""
    files = [test_file.resolve() for test_file in test_files]
    folder = _one_folder(files)
    started = time.monotonic()
    timeout_s = PYTEST_TIMEOUT_S * len(files)
    with serve(seed) as base_url:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "pytest", *(test_file.name for test_file in files), "-q", "-rfEp",
                 "-p", "no:cacheprovider", "--base-url", base_url],
                cwd=folder, env=test_env(), capture_output=True, encoding="utf-8", timeout=timeout_s, check=False)
            output = done.stdout + done.stderr
        except subprocess.TimeoutExpired as exc:
            output = f"timed out after {timeout_s} s\n{exc.stdout or ''}"
    outcomes: dict[str, set[str]] = {}
    for outcome, filename in FILE_OUTCOME.findall(output):
        outcomes.setdefault(filename, set()).add(outcome)
    seconds = (time.monotonic() - started) / len(files)
    return {test_file: Run(seed, outcomes.get(test_file.name) == {"PASSED"}, seconds,
                           _pytest_said_of(output, test_file.name)) for test_file in files}


FILE_OUTCOME = re.compile(r"^(PASSED|FAILED|ERROR) (\S+?\.py)\b", re.MULTILINE)
PYTEST_SECTION = re.compile(r"^(?=[_=]{3,} .+ [_=]{3,}$)", re.MULTILINE)


def _pytest_said_of(output: str, filename: str) -> str:
    """What one file's run said: its failure's sections and its lines of the summary (all of the output when
    none names it: pytest did not start, or timed out)."""
    own = [section for section in PYTEST_SECTION.split(output) if section.startswith("_") and filename in section]
    summary = [line for line in output.splitlines() if FILE_OUTCOME.match(line) and filename in line]
    return "".join(own) + "\n".join(summary) if own or summary else output


def run_specs(specs: Sequence[Path], seed: int | None = None, serve: Serve = fixture_apps) -> dict[Path, Run]:
    """Specs of one folder (its playwright.config.ts is theirs) in one ``npx playwright test`` run with one
    worker against one fresh app: the runner's and its worker's start-up and the browser's launch once for all
    of them, each test in a context and a page of its own. Each spec's own outcome; its output is its errors
    (Playwright's JSON report), else the run's whole output."""
    specs = [spec.resolve() for spec in specs]
    folder = _one_folder(specs)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="report-") as report_dir, serve(seed) as base_url:
        report = Path(report_dir) / "report.json"
        _, output = _playwright_test(folder, base_url, ["--workers=1", "--reporter=line,json", *map(str, specs)],
                                     TS_TIMEOUT_S * len(specs),
                                     env={"PLAYWRIGHT_JSON_OUTPUT_FILE": str(report)})
        said = _spec_errors(json.loads(report.read_text(encoding="utf-8"))) if report.is_file() else {}
    seconds = (time.monotonic() - started) / len(specs)
    return {spec: Run(seed, said.get(spec.name) == [], seconds, "\n".join(said.get(spec.name) or [output]))
            for spec in specs}


ANSI_COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def _spec_errors(report: dict) -> dict[str, list[str]]:
    """Each spec file's errors in Playwright's JSON report ([] when all its tests passed; none skipped)."""
    errors: dict[str, list[str]] = {}

    def walk(suite: dict) -> None:
        for spec in suite.get("specs", []):
            said = errors.setdefault(Path(spec["file"]).name, [])
            for test in spec["tests"]:
                said += [ANSI_COLOUR.sub("", error.get("message", ""))
                         for result in test["results"] for error in result["errors"]]
                if test["status"] != "expected":
                    said.append(f"{spec['title']}: {test['status']}")
        for inner in suite.get("suites", []):
            walk(inner)

    for suite in report.get("suites", []):
        walk(suite)
    return errors


def _one_folder(files: list[Path]) -> Path:
    folders = {path.parent for path in files}
    if len(folders) != 1:
        raise ValueError(f"files run at once lie in one folder (its support file is theirs): {sorted(folders)}")
    return folders.pop()


def naive_test(flow: str) -> Path:
    return NAIVE_DIR / f"test_{flow}_naive.py"
