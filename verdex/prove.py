"""``verdex prove``: run a pytest-playwright suite under many chaos seeds and say, per test, how often
it passed, and for the first seed that broke it, the assertion and the delays drawn.

Each seed is one ``pytest --chaos-seed N`` process (the plugin of :mod:`verdex.chaos.plugin`), several
at a time; its JUnit XML report gives each test's outcome, failure message and the chaos it ran
under. A run that hangs is stopped after ``timeout`` seconds and counted as failed; the others are
still reported.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from verdex.errors import InvalidArgument

if TYPE_CHECKING:
    from verdex.sharding import Shard

DEFAULT_RUNS = 20
DEFAULT_TIMEOUT_S = 600.0
NO_TESTS = 5                      # pytest's exit code when it collected nothing


@dataclass
class Outcome:
    """One test under one seed."""

    seed: int
    passed: bool
    message: str = ""
    chaos: dict[str, object] = field(default_factory=dict)

    def largest_delays(self, count: int = 3) -> list[str]:
        delays = sorted(self.chaos.get("delays", []), key=lambda d: -d["ms"])[:count]   # type: ignore[union-attr]
        return [f"{d['ms']} ms {d['method']} {d['url']}" for d in delays]


@dataclass
class TestRecord:
    name: str
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def passes(self) -> int:
        return sum(o.passed for o in self.outcomes)

    @property
    def first_failure(self) -> Outcome | None:
        failed = [o for o in self.outcomes if not o.passed]
        return min(failed, key=lambda o: o.seed) if failed else None


@dataclass
class Proof:
    path: str
    seeds: list[int]
    tests: dict[str, TestRecord] = field(default_factory=dict)
    run_errors: dict[int, str] = field(default_factory=dict)     # seed -> what went wrong with the whole run
    seconds: float = 0.0
    shard: str = ""                                               # "K/N" when it is one shard's share (verdex.sharding)

    @property
    def passed(self) -> bool:
        nothing_to_run = bool(self.shard) and not self.seeds     # a shard left without a run
        return (bool(self.tests) or nothing_to_run) and not self.run_errors and all(
            t.passes == len(t.outcomes) for t in self.tests.values())

    def as_json(self) -> dict[str, object]:
        return {"path": self.path, "seeds": self.seeds, "shard": self.shard or None, "passed": self.passed,
                "seconds": round(self.seconds, 1), "run_errors": {str(k): v for k, v in self.run_errors.items()},
                "tests": [{"name": t.name, "passes": t.passes, "runs": len(t.outcomes),
                           "passed_seeds": [o.seed for o in t.outcomes if o.passed],
                           "failed_seeds": [o.seed for o in t.outcomes if not o.passed],
                           "first_failure": None if t.first_failure is None else {
                               "seed": t.first_failure.seed, "message": t.first_failure.message,
                               "largest_delays": t.first_failure.largest_delays(),
                               "delays": sorted(t.first_failure.chaos.get("delays", []),   # type: ignore[arg-type]
                                                key=lambda d: -d["ms"])[:3]}}
                          for t in self.tests.values()]}


def prove(path: str | Path, runs: int = DEFAULT_RUNS, seed: int = 1, pytest_args: list[str] | None = None,
          workers: int | None = None, timeout_s: float = DEFAULT_TIMEOUT_S,
          progress: Callable[[int, int], None] | None = None, shard: Shard | None = None) -> Proof:
    """Run the tests at path once per seed (seed, seed+1, …), ``workers`` runs at a time; with a shard,
    only its share of the seeds × tests (verdex.sharding)."""
    target = Path(path)
    if not target.exists():
        raise InvalidArgument(f"no test file or folder at {target}", path=str(target))
    if runs < 1:
        raise InvalidArgument("--runs must be at least 1", runs=runs)
    seeds = list(range(seed, seed + runs))
    if shard is not None:
        from verdex.sharding import shard_runs
        seeds, pytest_args = shard_runs(shard, target, seeds, pytest_args or [])
    workers = workers or max(1, min(len(seeds), os.cpu_count() or 1))
    proof = Proof(str(target), seeds, shard=str(shard or ""))
    started = time.monotonic()
    done = 0
    with tempfile.TemporaryDirectory(prefix="verdex-prove-") as scratch, ThreadPoolExecutor(workers) as pool:
        jobs = [pool.submit(_one_run, target, s, Path(scratch) / f"seed-{s}.xml", pytest_args or [], timeout_s)
                for s in seeds]
        for job in jobs:
            run_seed, outcomes, error = job.result()
            if error:
                proof.run_errors[run_seed] = error
            for name, outcome in outcomes:
                proof.tests.setdefault(name, TestRecord(name)).outcomes.append(outcome)
            done += 1
            if progress is not None:
                progress(done, len(seeds))
    proof.seconds = time.monotonic() - started
    if not proof.tests and proof.run_errors:
        first = proof.run_errors[min(proof.run_errors)]
        raise InvalidArgument(f"no test ran at {target}: {first}", path=str(target))
    return proof


def _one_run(target: Path, seed: int, report: Path, pytest_args: list[str],
             timeout_s: float) -> tuple[int, list[tuple[str, Outcome]], str]:
    command = [sys.executable, "-m", "pytest", str(target.resolve()), "-q", "-p", "no:cacheprovider",
               "--chaos-seed", str(seed), "--junitxml", str(report), "-o", "junit_logging=no", *pytest_args]
    cwd = target.resolve() if target.is_dir() else target.resolve().parent
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, encoding="utf-8", errors="replace",
                              timeout=timeout_s, check=False)
    except subprocess.TimeoutExpired:
        return seed, _read(report, seed), f"timed out after {timeout_s:.0f} s"
    if done.returncode == NO_TESTS:
        return seed, [], "pytest collected no tests"
    outcomes = _read(report, seed)
    if not outcomes:
        said = (done.stdout + done.stderr).strip().splitlines()
        return seed, [], said[-1] if said else f"pytest exited with {done.returncode}"
    return seed, outcomes, ""


def _read(report: Path, seed: int) -> list[tuple[str, Outcome]]:
    if not report.exists():
        return []
    try:
        root = ET.parse(report).getroot()
    except ET.ParseError:
        return []
    out = []
    for case in root.iter("testcase"):
        name = f"{case.get('classname', '')}::{case.get('name', '')}".lstrip(":")
        if case.find("skipped") is not None:
            continue
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        chaos: dict[str, object] = {}
        for prop in case.iter("property"):
            if prop.get("name") == "chaos":
                chaos = json.loads(prop.get("value") or "{}")
        message = ""
        if problem is not None:
            text = (problem.get("message") or "").strip()
            message = (text.splitlines()[0][:300] if text else "failed") + _where(problem.text or "",
                                                                                  case.get("classname", ""))
        out.append((name, Outcome(seed, problem is None, message, chaos)))
    return out


# pytest's report of a failure: each frame's "path:line: Error", the test's own code on ">" lines
FRAME = re.compile(r"^(?P<path>\S+\.py):(?P<line>\d+): ", re.M)


def _where(report: str, classname: str) -> str:
    """Where in the test's module (``classname``: its dotted path, then any class) the run stopped:
    `` (line N: code)``, or nothing when the report does not say."""
    parts = classname.split(".")
    modules = {part + ".py" for part in parts}
    lines = [int(m["line"]) for m in FRAME.finditer(report) if Path(m["path"]).name in modules]
    if not lines:
        return ""
    code = [line[1:].strip() for line in report.splitlines() if line.startswith(">")]
    return f" (line {lines[-1]}: {code[-1][:160]})" if code else f" (line {lines[-1]})"


def render(proof: Proof, naive: Proof | None = None) -> str:
    """The table a person reads: per test, passes out of runs, the first failing seed and what broke it."""
    lines = []
    for label, one in (("", proof), ("naive: ", naive)):
        if one is None:
            continue
        seeds = f" ({one.seeds[0]}–{one.seeds[-1]})" if one.seeds else ""
        shard = f", shard {one.shard}" if one.shard else ""
        lines.append(f"{label}{one.path}: {len(one.seeds)} seeds{seeds}{shard}, {one.seconds:.0f} s")
        width = max((len(t.name) for t in one.tests.values()), default=10)
        for test in one.tests.values():
            mark = "ok  " if test.passes == len(test.outcomes) else "FAIL"
            lines.append(f"  {mark} {test.name:<{width}}  {test.passes}/{len(test.outcomes)}")
            failure = test.first_failure
            if failure is not None:
                lines.append(f"       first failing seed {failure.seed}: {failure.message or 'failed'}")
                for delay in failure.largest_delays():
                    lines.append(f"         drew {delay}")
        for run_seed, error in sorted(one.run_errors.items()):
            lines.append(f"  seed {run_seed}: {error}")
    return "\n".join(lines)
