"""``bench/suite_cpu.py`` tells where the suite's CPU goes: each test's CPU is its worker's and that of every
process it started, a child it waited for, one it left behind and one whose parent left it to init alike (a
browser's renderers as the browser closes), added to the test's file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

SPIN = "import time\\nstart = time.process_time()\\nwhile time.process_time() - start < {s}: pass"


def test_a_tests_cpu_counts_the_processes_it_ran_and_those_still_running(tmp_path: Path) -> None:
    (tmp_path / "test_spins.py").write_text(f'''
import subprocess, sys, time

def test_waits_for_a_child():
    subprocess.run([sys.executable, "-c", "{SPIN.format(s=0.6)}"], check=True)

LEFT = []

def test_leaves_a_child_it_never_waited_for():
    child = subprocess.Popen([sys.executable, "-c", "{SPIN.format(s=0.6)}"])
    LEFT.append(child)                      # not reaped: its CPU is only in its own /proc entry
    while open(f"/proc/{{child.pid}}/stat").read().rsplit(")", 1)[1].split()[0] != "Z": time.sleep(0.05)

def test_leaves_an_orphan(tmp_path):
    done = tmp_path / "done"
    orphan = f"import pathlib\\n{SPIN.format(s=0.6)}\\npathlib.Path({{str(done)!r}}).touch()"
    parent = f"import subprocess, sys\\nsubprocess.Popen([sys.executable, '-c', {{orphan!r}}])"
    subprocess.run([sys.executable, "-c", parent], check=True)    # the parent exits at once: init reaps the orphan
    while not done.exists(): time.sleep(0.05)
    time.sleep(0.2)

def test_does_nothing():
    pass
''')
    out = tmp_path / "out"
    out.mkdir()
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "bench.suite_cpu",
                    str(tmp_path / "test_spins.py")], cwd=REPO_ROOT, check=True, capture_output=True,
                   env={"PATH": "/usr/bin:/bin", "VERDEX_SUITE_CPU_OUT": str(out)})
    rows = {row.get("test", "worker"): row
            for path in out.glob("*.jsonl") for row in map(json.loads, path.read_text().splitlines())}
    workers = rows.pop("worker")
    assert set(rows) == {"test_waits_for_a_child", "test_leaves_a_child_it_never_waited_for", "test_leaves_an_orphan",
                         "test_does_nothing"}
    assert {row["file"] for row in rows.values()} == {"test_spins.py"}
    assert workers["how"] == ("cgroup" if os.geteuid() == 0 else "process tree"), workers
    assert workers["worker_cpu_s"] >= sum(row["cpu_s"] for row in rows.values()), (workers, rows)
    if workers["how"] == "cgroup":
        assert rows["test_leaves_an_orphan"]["cpu_s"] >= 0.5, rows
    assert rows["test_waits_for_a_child"]["cpu_s"] >= 0.5, rows
    assert rows["test_leaves_a_child_it_never_waited_for"]["cpu_s"] >= 0.5, rows
    assert rows["test_does_nothing"]["cpu_s"] < 0.5, rows
