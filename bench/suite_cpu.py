"""Where the suite's CPU goes: ``./dev test`` with each test's CPU measured, summed by file.

    python bench/suite_cpu.py [--top 40] [-- extra pytest arguments]

The suite is CPU-bound (six workers on two cores), so its minutes are its CPU-seconds over the cores it has;
a file that takes long on the clock while it waits out a timeout costs little, one that renders a real app
costs much. Run as a pytest plugin (``-p bench.suite_cpu``), it measures around each test
the CPU of the worker's whole process tree: the worker itself, the processes it waited for, and those still
running under it (its browsers, servers and the Playwright driver), read from /proc. Setup a session-wide
fixture does is counted in the first test that asks for it. Prints the files by CPU-seconds with their
share, the heaviest tests, and the suite's wall time; Linux only (/proc).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUT_ENV = "VERDEX_SUITE_CPU_OUT"
TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu_s(root: int) -> float:
    """CPU-seconds of a process and everything under it: its own, its waited-for children's, its live ones'."""
    children: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:                 # gone while read
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        ticks[int(entry)] = sum(int(f) for f in fields[11:15])      # utime, stime, cutime, cstime
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += ticks.get(pid, 0)
        todo += children.get(pid, [])
    return total / TICKS


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    folder = os.environ.get(OUT_ENV)
    before = tree_cpu_s(os.getpid()) if folder else 0.0
    yield
    if folder:
        line = {"file": item.path.name, "test": item.name, "cpu_s": tree_cpu_s(os.getpid()) - before}
        with open(Path(folder) / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


def _report(folder: Path, top: int) -> None:
    by_file: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    tests = []
    for path in folder.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            by_file[row["file"]] += row["cpu_s"]
            count[row["file"]] += 1
            tests.append((row["cpu_s"], row["file"], row["test"]))
    total = sum(by_file.values()) or 1.0
    print(f"{total:,.0f} CPU-s in {len(tests)} tests; the files, heaviest first (share, running share):")
    running = 0.0
    for name, cpu in by_file.most_common(top):
        running += cpu
        print(f"  {cpu:7.1f} CPU-s {count[name]:4d} tests {cpu / total:6.1%} {running / total:6.1%}  {name}")
    print("the heaviest tests:")
    for cpu, name, test in sorted(tests, reverse=True)[:top // 2]:
        print(f"  {cpu:7.1f} CPU-s  {name}::{test}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=40, help="how many files to print (half as many tests)")
    parser.add_argument("pytest_args", nargs="*", help="after --: more arguments for ./dev test")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="verdex-suite-cpu-") as folder:
        started = time.monotonic()
        code = subprocess.run([str(ROOT / "dev"), "test", "-p", "bench.suite_cpu", *args.pytest_args], cwd=ROOT,
                              env={**os.environ, OUT_ENV: folder}).returncode
        print(f"./dev test exited {code} after {time.monotonic() - started:,.0f} s")
        _report(Path(folder), args.top)
    return code


if __name__ == "__main__":
    sys.exit(main())
