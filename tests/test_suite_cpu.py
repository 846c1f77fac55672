"""``bench/suite_cpu.py`` tells where the suite's CPU goes: each test's CPU is its worker's and that of every
process under it, a child it waited for and one it left behind alike, added to the test's file."""

from __future__ import annotations

import json
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

def test_does_nothing():
    pass
''')
    out = tmp_path / "out"
    out.mkdir()
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "bench.suite_cpu",
                    str(tmp_path / "test_spins.py")], cwd=REPO_ROOT, check=True, capture_output=True,
                   env={"PATH": "/usr/bin:/bin", "VERDEX_SUITE_CPU_OUT": str(out)})
    rows = {row["test"]: row for path in out.glob("*.jsonl") for row in map(json.loads, path.read_text().splitlines())}
    assert set(rows) == {"test_waits_for_a_child", "test_leaves_a_child_it_never_waited_for", "test_does_nothing"}
    assert {row["file"] for row in rows.values()} == {"test_spins.py"}
    assert rows["test_waits_for_a_child"]["cpu_s"] >= 0.5, rows
    assert rows["test_leaves_a_child_it_never_waited_for"]["cpu_s"] >= 0.5, rows
    assert rows["test_does_nothing"]["cpu_s"] < 0.5, rows
