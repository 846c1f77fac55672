"""``verdex prove``: run a pytest-playwright suite under many chaos seeds and say, per test, how often
it passed, and for the first seed that broke it, the assertion, the line and the delays drawn.

The seeds are shared out among ``workers`` pytest processes (one by default: the runs share the app, and a
flow that makes or changes data fails beside another run of itself — two carts in one, a name made twice —
which is no flaw of the test; ``workers`` N for tests whose runs cannot collide); each runs every
test once per seed of its share, one run after another with one start-up and one browser
(verdex/proof_plugin.py, the plugin proving on export loads too; each run gets its own context, and
draws the chaos ``pytest --chaos-seed N`` would: verdex.chaos.plugin). Each run's outcome is read from
the process's report as it ends. A run that hangs is stopped after ``timeout`` seconds and counted as
failed, and a new process makes the runs left.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import verdex.proof_plugin as proof_plugin
from verdex.errors import InvalidArgument, waited_on
from verdex.watched_pytest import last_line, watched

if TYPE_CHECKING:
    from verdex.sharding import Shard

DEFAULT_RUNS = 20
DEFAULT_TIMEOUT_S = 600.0
NO_TESTS = 5                      # pytest's exit code when it collected nothing
TIMED_OUT = re.compile(r"Timeout \d+ms exceeded")


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
    """Run the tests at path once per seed (seed, seed+1, …) in ``workers`` pytest processes, each taking
    its share of the seeds; with a shard, only its share of the seeds × tests (verdex.sharding)."""
    target = Path(path)
    if not target.exists():
        raise InvalidArgument(f"no test file or folder at {target}", path=str(target))
    if runs < 1:
        raise InvalidArgument("--runs must be at least 1", runs=runs)
    seeds = list(range(seed, seed + runs))
    others: set[tuple[str, int | None]] = set()
    if shard is not None:
        from verdex.sharding import shard_runs
        seeds, others = shard_runs(shard, target, seeds, pytest_args or [])
    workers = max(1, min(len(seeds), workers or 1))
    shares = [seeds[i::workers] for i in range(workers) if seeds[i::workers]]
    proof = Proof(str(target), seeds, shard=str(shard or ""))
    counter = _Counter(progress, [len(share) for share in shares])
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="verdex-prove-") as scratch, ThreadPoolExecutor(max(1, len(shares))) as pool:
        jobs = [pool.submit(_share, target, share, others, Path(scratch) / f"share-{n}", pytest_args or [],
                            timeout_s, lambda runs, n=n: counter.collected(n, runs), counter.ended)
                for n, share in enumerate(shares)]
        for job in jobs:
            outcomes, errors = job.result()
            proof.run_errors.update(errors)
            for name, outcome in outcomes:
                proof.tests.setdefault(name, TestRecord(name)).outcomes.append(outcome)
    for test in proof.tests.values():
        test.outcomes.sort(key=lambda outcome: outcome.seed)
    proof.seconds = time.monotonic() - started
    if not proof.tests and proof.run_errors:
        first = proof.run_errors[min(proof.run_errors)]
        raise InvalidArgument(f"no test ran at {target}: {first}", path=str(target))
    return proof


class _Counter:
    """The runs ended out of those to make, told to ``progress`` as each ends: a share's count is known
    once its process has collected its tests (until then, its seeds times the tests another collected)."""

    def __init__(self, progress: Callable[[int, int], None] | None, seeds: list[int]) -> None:
        self._progress, self._seeds = progress, seeds
        self._runs: dict[int, int] = {}
        self._ended = 0
        self._lock = threading.Lock()

    def collected(self, share: int, runs: int) -> None:
        with self._lock:
            self._runs.setdefault(share, runs)

    def ended(self) -> None:
        with self._lock:
            self._ended += 1
            per_seed = max((runs / self._seeds[n] for n, runs in self._runs.items()), default=0)
            total = sum(self._runs.get(n, round(per_seed * seeds)) for n, seeds in enumerate(self._seeds))
            if self._progress is not None:
                self._progress(self._ended, max(total, self._ended))


def _share(target: Path, seeds: list[int], others: set[tuple[str, int | None]], folder: Path,
           pytest_args: list[str], timeout_s: float, collected: Callable[[int], None],
           ended: Callable[[], None]) -> tuple[list[tuple[str, Outcome]], dict[int, str]]:
    """One process's share of the seeds: every test under each of them (verdex/proof_plugin.py). A run
    that hangs is stopped after ``timeout_s`` and counted failed, and a new process makes the runs left."""
    folder.mkdir()
    made: set[tuple[str, int | None]] = set()
    outcomes: list[tuple[str, Outcome]] = []
    for attempt in itertools.count(1):             # each new process has one hung run fewer to make
        skip, report = folder / f"skip-{attempt}.jsonl", folder / f"runs-{attempt}.jsonl"
        skip.write_text("".join(json.dumps({"test": test, "seed": seed}) + "\n" for test, seed in others | made))
        env = {**os.environ, proof_plugin.RUNS: ",".join(map(str, seeds)), proof_plugin.REPORT: str(report),
               proof_plugin.SKIP: str(skip), proof_plugin.EVERY_RUN: "1"}
        command = [sys.executable, "-m", "pytest", str(target.resolve()), "-q", "-p", "no:cacheprovider",
                   "-p", "verdex.proof_plugin", *pytest_args]
        output = folder / f"said-{attempt}.txt"
        cwd = target.resolve() if target.is_dir() else target.resolve().parent
        returncode, hung = watched(command, cwd, env, report, output, timeout_s,
                                   collected if attempt == 1 else lambda _runs: None, ended)
        said = last_line(output)
        for line in proof_plugin.ended(report):
            made.add((line["test"], line["seed"]))
            if not line.get("skipped"):
                outcomes.append((line["test"], _outcome(line)))
        if hung is not None:
            made.add(hung)
            outcomes.append((hung[0], Outcome(hung[1], False, f"timed out after {timeout_s:.0f} s: the run was stopped")))
            ended()
            continue                                   # the runs left, in a new process
        if returncode is None:
            return outcomes, {seed: f"timed out after {timeout_s:.0f} s outside a test (collecting, or tearing "
                                    "down)" for seed in seeds}
        if not made:
            error = "pytest collected no tests" if returncode == NO_TESTS else said or f"pytest exited with {returncode}"
            return outcomes, {seed: error for seed in seeds}
        if returncode not in (0, 1, NO_TESTS):
            return outcomes, {seed: f"pytest exited with {returncode}: {said}" for seed in seeds}
        return outcomes, {}


def _outcome(line: dict[str, object]) -> Outcome:
    chaos = line.get("chaos") or {}
    if line["passed"]:
        return Outcome(int(line["seed"]), True, "", chaos)  # type: ignore[arg-type]
    text = str(line.get("message") or "").strip()
    first = f"{line.get('error') or 'Error'}: {text.splitlines()[0][:300]}" if text else str(line.get("error") or "failed")
    if TIMED_OUT.search(first) and waited_on(text):
        first += f" ({waited_on(text)[:300]})"
    code = str(line.get("code") or "")
    where = f" (line {line['line']}: {code[:160]})" if code else f" (line {line['line']})" if line.get("line") else ""
    return Outcome(int(line["seed"]), False, first + where, chaos)  # type: ignore[arg-type]


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
                for answer in failure.chaos.get("refused", []):      # type: ignore[union-attr]
                    lines.append(f"         the app answered {answer}")
                if failure.chaos.get("held"):
                    lines.append(f"         {failure.chaos['held']}")
                for delay in failure.largest_delays():
                    lines.append(f"         drew {delay}")
        for run_seed, error in sorted(one.run_errors.items()):
            lines.append(f"  seed {run_seed}: {error}")
    return "\n".join(lines)
