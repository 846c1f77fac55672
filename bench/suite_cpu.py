"""Where the suite's CPU goes: ``./dev test`` with each test's CPU measured, summed by file.

    python bench/suite_cpu.py [--top 40] [-- extra pytest arguments]

The suite is CPU-bound (six workers on two cores), so its minutes are its CPU-seconds over the cores it has;
a file that takes long on the clock while it waits out a timeout costs little, one that renders a real app
costs much. Run as a pytest plugin (``-p bench.suite_cpu``), it measures around each test
the CPU of everything the worker started: each worker moves itself into a cgroup of its own (cgroup v1's
cpuacct, as root), which keeps every process it starts, those an exiting parent left to init too (a browser's
renderers, orphaned as the browser closes, took their CPU out of the process tree with them). Without a
writable cgroup it reads the worker's process tree from /proc instead, and says so. Setup a session-wide
fixture does is counted in the first test that asks for it. Prints the files by CPU-seconds with their
share, the heaviest tests, the CPU of the workers outside any test (their start, collection, the session's
teardown), the machine's busy CPU-seconds over the run, and the suite's wall time; Linux only.
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
CPUACCT = Path("/sys/fs/cgroup/cpuacct")


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


def own_cgroup() -> Path | None:
    """A cpuacct cgroup this process has moved into (its children follow it), or None where it cannot."""
    group = CPUACCT / f"verdex-suite-cpu-{os.getpid()}"
    try:
        group.mkdir(exist_ok=True)
        (group / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:                     # no cgroup v1 cpuacct here, or not root
        return None
    return group


def cgroup_cpu_s(group: Path) -> float:
    return int((group / "cpuacct.usage").read_text()) / 1e9


class Meter:
    """The CPU-seconds of what this worker started so far: its cgroup's, else its process tree's."""

    def __init__(self) -> None:
        self.group = own_cgroup()
        self.how = "cgroup" if self.group else "process tree"

    def read(self) -> float:
        return cgroup_cpu_s(self.group) if self.group else tree_cpu_s(os.getpid())


METER: Meter | None = None


def _write(row: dict[str, object]) -> None:
    with open(Path(os.environ[OUT_ENV]) / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as out:
        out.write(json.dumps(row) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    global METER
    runs_tests = hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None)
    if os.environ.get(OUT_ENV) and runs_tests:         # a worker, or a run without workers; not their controller
        METER = Meter()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    before = METER.read() if METER else 0.0
    yield
    if METER:
        _write({"file": item.path.name, "test": item.name, "cpu_s": METER.read() - before})


def pytest_unconfigure(config: pytest.Config) -> None:
    if METER:                           # the worker's whole CPU, its tests' and what ran outside them
        _write({"worker_cpu_s": METER.read(), "how": METER.how})
        if METER.group:
            remove_group(METER.group)


def remove_group(group: Path) -> None:
    """Hands what runs in the group (this process, an orphan yet to exit) back to the root group, removes it."""
    try:
        for pid in (group / "cgroup.procs").read_text().split():
            (CPUACCT / "cgroup.procs").write_text(pid)
        group.rmdir()
    except OSError:
        pass


def busy_cpu_s() -> float:
    """The machine's CPU-seconds not idle nor waiting on the disk since it started (/proc/stat)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / TICKS


def _report(folder: Path, top: int) -> None:
    by_file: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    tests = []
    workers: list[dict[str, object]] = []
    for path in folder.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if "worker_cpu_s" in row:
                workers.append(row)
                continue
            by_file[row["file"]] += row["cpu_s"]
            count[row["file"]] += 1
            tests.append((row["cpu_s"], row["file"], row["test"]))
    total = sum(by_file.values()) or 1.0
    how = ", ".join(sorted({str(w["how"]) for w in workers})) or "unknown"
    outside = sum(float(w["worker_cpu_s"]) for w in workers) - total   # type: ignore[arg-type]
    print(f"{total:,.0f} CPU-s in {len(tests)} tests ({how}); {outside:,.0f} more in the {len(workers)} workers "
          "outside any test")
    print("the files, heaviest first (share, running share):")
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
        started, busy = time.monotonic(), busy_cpu_s()
        code = subprocess.run([str(ROOT / "dev"), "test", "-p", "bench.suite_cpu", *args.pytest_args], cwd=ROOT,
                              env={**os.environ, OUT_ENV: folder}).returncode
        wall = time.monotonic() - started
        print(f"./dev test exited {code} after {wall:,.0f} s; the machine was busy {busy_cpu_s() - busy:,.0f} "
              f"CPU-s of {wall * (os.cpu_count() or 1):,.0f} (setup included, and whatever else ran)")
        _report(Path(folder), args.top)
    return code


if __name__ == "__main__":
    sys.exit(main())
