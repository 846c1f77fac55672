"""Running a test file with pytest in a child process and reading where it failed (``probe.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from verdex.errors import CannotHeal
import verdex.heal.probe as probe

RUN_TIMEOUT_S = 300


@dataclass(frozen=True)
class Failure:
    line: int | None
    error: str
    message: str

    def summary(self) -> str:
        return f"{self.error}: {self.message.strip().splitlines()[0] if self.message.strip() else ''}"


@dataclass(frozen=True)
class TestRun:
    passed: bool
    failure: Failure | None
    output: str


def run_test(path: Path, *, base_url: str, action_timeout_ms: int | None) -> TestRun:
    """One pytest run of the file (its own conftest.py applies), stopping at the first failure."""
    with tempfile.TemporaryDirectory(prefix="verdex-heal-") as scratch:
        report = Path(scratch) / "failures.jsonl"
        env = {**os.environ, probe.REPORT: str(report)}
        if action_timeout_ms:
            env[probe.ACTION_TIMEOUT] = str(action_timeout_ms)
        command = [sys.executable, "-m", "pytest", str(path), "-x", "-q", "-p", "no:cacheprovider",
                   "-p", "verdex.heal.probe", "--base-url", base_url]
        try:
            done = subprocess.run(command, cwd=path.parent, env=env, capture_output=True, text=True,
                                  timeout=RUN_TIMEOUT_S, check=False)
        except subprocess.TimeoutExpired as exc:
            raise CannotHeal(f"the test run took longer than {RUN_TIMEOUT_S} s", test=str(path)) from exc
        failures = [json.loads(line) for line in report.read_text().splitlines()] if report.exists() else []
    output = done.stdout + done.stderr
    if done.returncode == 0:
        return TestRun(True, None, output)
    first = failures[0] if failures else {"line": None, "error": f"pytest exit {done.returncode}",
                                         "message": output[-2000:]}
    return TestRun(False, Failure(first["line"], first["error"], first["message"]), output)
