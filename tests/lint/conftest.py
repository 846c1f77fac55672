import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# The corpus and the real-suite sample are test code to be linted, not tests to run.
collect_ignore = ["corpus", "realsuites", "realsuites2"]

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus"


def run_lint(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    """`python -m verdex.lint ARGS` in `cwd`, as a user or CI would run it."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "verdex.lint", *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def lint():
    return run_lint


@pytest.fixture(scope="session")
def label_scores():
    """``label_scores("lint_corpus.py")``: what a labelled-sample benchmark in bench/ prints with
    ``--json`` (precision and recall per rule), run once per session."""
    printed: dict[str, dict] = {}

    def scores(script: str) -> dict:
        if script not in printed:
            result = subprocess.run([sys.executable, str(REPO / "bench" / script), "--json"], capture_output=True,
                                    text=True, check=True, env={**os.environ, "PYTHONPATH": str(REPO)})
            printed[script] = json.loads(result.stdout)
        return printed[script]

    return scores
