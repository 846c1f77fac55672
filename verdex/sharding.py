"""``verdex prove --shard K/N`` and ``verdex prove-merge``: seeds × tests split across N machines, and
their reports added up into one.

The runs of a proof are the pairs (seed, test), in a fixed order: seed by seed, and within a seed the
tests sorted by node id. Pair number i belongs to shard ``i % N + 1``, so the shards differ by at
most one run, every pair is in exactly one shard, and the split depends on nothing but the seeds,
the test ids and N — each machine of a CI matrix works out its own share alone. A shard runs one
pytest process per seed it has a pair in (this module is also the pytest plugin, ``-p
verdex.sharding --verdex-shard K/N``, that deselects the other tests of that seed); a seed with no
pair in the shard is not run. Each shard's ``--json`` report is read back by :func:`proof_from_json`
and :func:`merge` adds them into the proof one machine would have made.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from verdex.errors import InvalidArgument
from verdex.prove import Outcome, Proof, TestRecord

SHARD = re.compile(r"^(\d+)/(\d+)$")
COLLECT_TIMEOUT_S = 300


@dataclass(frozen=True)
class Shard:
    index: int          # 1-based, as a CI matrix counts
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        match = SHARD.match(text.strip())
        if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
            raise InvalidArgument(f"--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/4 (got {text!r})", shard=text)
        return cls(int(match.group(1)), int(match.group(2)))

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def owns(self, seed: int, position: int, tests: int) -> bool:
        """Is the run of the test at ``position`` (of ``tests``, sorted by node id) under ``seed`` ours?"""
        return (seed * tests + position) % self.count == self.index - 1


def shard_runs(shard: Shard, target: Path, seeds: list[int], pytest_args: list[str]) -> tuple[list[int], list[str]]:
    """The seeds this shard runs, and the pytest arguments that keep each run to this shard's tests."""
    tests = collected_tests(target, pytest_args)
    if tests == 0:
        return seeds, pytest_args          # nothing collected: the run says so, as without a shard
    mine = [seed for seed in seeds if any(shard.owns(seed, position, tests) for position in range(tests))]
    return mine, [*pytest_args, "-p", "verdex.sharding", "--verdex-shard", str(shard)]


def collected_tests(target: Path, pytest_args: list[str]) -> int:
    """How many tests pytest collects at ``target`` with these arguments (the runs collect the same)."""
    cwd = target.resolve() if target.is_dir() else target.resolve().parent
    done = subprocess.run([sys.executable, "-m", "pytest", str(target.resolve()), "--collect-only", "-q",
                           "-p", "no:cacheprovider", *pytest_args], cwd=cwd, capture_output=True,
                          encoding="utf-8", errors="replace", timeout=COLLECT_TIMEOUT_S, check=False)
    return sum("::" in line for line in done.stdout.splitlines())


# ------------------------------------------------------------------------------------------- the plugin
def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("verdex chaos").addoption(
        "--verdex-shard", default=None, metavar="K/N",
        help="run only this shard's tests of the seed (verdex prove --shard; needs --chaos-seed)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    given = config.getoption("verdex_shard", None)
    seed = config.getoption("chaos_seed", None)
    if given is None or seed is None:
        return
    shard = Shard.parse(given)
    ordered = sorted(items, key=lambda item: item.nodeid)
    keep = {item.nodeid for position, item in enumerate(ordered) if shard.owns(seed, position, len(ordered))}
    deselected = [item for item in items if item.nodeid not in keep]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if item.nodeid in keep]


# ----------------------------------------------------------------------------------------- the merge
def proof_from_json(report: dict[str, Any]) -> Proof:
    """A proof as :meth:`Proof.as_json` wrote it."""
    try:
        proof = Proof(report["path"], list(report["seeds"]), seconds=float(report["seconds"]),
                      run_errors={int(seed): error for seed, error in report["run_errors"].items()})
        for test in report["tests"]:
            record = proof.tests.setdefault(test["name"], TestRecord(test["name"]))
            failure = test["first_failure"] or {}
            for seed in test["passed_seeds"]:
                record.outcomes.append(Outcome(seed, True))
            for seed in test["failed_seeds"]:
                first = seed == failure.get("seed")
                record.outcomes.append(Outcome(seed, False, failure.get("message", "") if first else "",
                                               {"delays": failure.get("delays", [])} if first else {}))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidArgument(f"not a verdex prove --json report: {exc!r}") from exc
    return proof


def merge(proofs: list[Proof]) -> Proof:
    """The shards' proofs as one: every run of every test, every seed; the time is the longest shard's."""
    if not proofs:
        raise InvalidArgument("no reports to merge")
    paths = {proof.path for proof in proofs}
    if len(paths) > 1:
        raise InvalidArgument(f"the reports prove different paths: {', '.join(sorted(paths))}")
    merged = Proof(proofs[0].path, sorted({seed for proof in proofs for seed in proof.seeds}),
                   seconds=max(proof.seconds for proof in proofs))
    for proof in proofs:
        merged.run_errors.update(proof.run_errors)
        for name, test in proof.tests.items():
            merged.tests.setdefault(name, TestRecord(name)).outcomes.extend(test.outcomes)
    for test in merged.tests.values():
        test.outcomes.sort(key=lambda outcome: outcome.seed)
    merged.tests = dict(sorted(merged.tests.items()))
    return merged
