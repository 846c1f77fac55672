"""``verdex prove --shard K/N``: seeds × tests split across N machines (``verdex prove-merge``,
:mod:`verdex.prove_merge`, adds their reports up into one).

The runs of a proof are the pairs (seed, test), in a fixed order: seed by seed, and within a seed the
tests sorted by node id. Pair number i belongs to shard ``i % N + 1``, so the shards differ by at
most one run, every pair is in exactly one shard, and the split depends on nothing but the seeds,
the test ids and N — each machine of a CI matrix works out its own share alone. A shard runs the
seeds it has a pair in, and tells its processes the other shards' pairs, which they do not make
(verdex/proof_plugin.py); a seed with no pair in the shard is not run.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from verdex.errors import InvalidArgument

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


def shard_runs(shard: Shard, target: Path, seeds: list[int],
               pytest_args: list[str]) -> tuple[list[int], set[tuple[str, int | None]]]:
    """The seeds this shard runs, and the runs (test node id, seed) of theirs that are another shard's."""
    tests = sorted(collected_tests(target, pytest_args))
    if not tests:
        return seeds, set()                # nothing collected: the run says so, as without a shard
    mine = [seed for seed in seeds if any(shard.owns(seed, position, len(tests)) for position in range(len(tests)))]
    return mine, {(test, seed) for seed in mine for position, test in enumerate(tests)
                  if not shard.owns(seed, position, len(tests))}


def collected_tests(target: Path, pytest_args: list[str]) -> list[str]:
    """The node ids pytest collects at ``target`` with these arguments (the runs collect the same)."""
    cwd = target.resolve() if target.is_dir() else target.resolve().parent
    done = subprocess.run([sys.executable, "-m", "pytest", str(target.resolve()), "--collect-only", "-q",
                           "-p", "no:cacheprovider", *pytest_args], cwd=cwd, capture_output=True,
                          encoding="utf-8", errors="replace", timeout=COLLECT_TIMEOUT_S, check=False)
    return [line.strip() for line in done.stdout.splitlines() if "::" in line]
