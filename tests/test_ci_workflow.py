"""The GitHub Actions workflow users copy (examples/ci/github-actions.yml): it is valid YAML with the
jobs it documents, every action it uses is pinned to a major version, every command it runs exists
with the options it gives, and its lint, prove (two shards instead of four) and merge steps run here
as they would on the runners, on the fixture shop and the test verdex generates for it."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

from verdex.browser.discovery import find_chromium

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / "examples" / "ci" / "github-actions.yml"
SHOP = ROOT / "examples" / "recordings" / "shop.jsonl"
ACTION = re.compile(r"^[\w-]+/[\w/-]+@v\d+$")


def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def steps(job: str) -> dict[str, str]:
    """The job's run steps by name."""
    return {step["name"]: step["run"] for step in workflow()["jobs"][job]["steps"] if "run" in step}


def command_lines() -> list[list[str]]:
    """Every verdex and Python command of every run step, as words (||, | and > end a command)."""
    found = []
    for job in workflow()["jobs"].values():
        for step in job["steps"]:
            for line in step.get("run", "").splitlines():
                if line.strip().startswith(("verdex ", "python -m ")):
                    found.append(shlex.split(re.split(r"\|\||\||>", line)[0]))
    return found


def test_the_workflow_has_the_jobs_it_documents_and_pins_its_actions():
    jobs = workflow()["jobs"]
    assert list(jobs) == ["lint", "prove", "merge"]
    assert jobs["lint"]["permissions"]["security-events"] == "write"
    assert jobs["prove"]["strategy"]["matrix"]["shard"] == [1, 2, 3, 4]
    assert jobs["prove"]["env"]["SHARD"] == "${{ matrix.shard }}/4"
    assert jobs["merge"]["needs"] == "prove" and jobs["merge"]["if"] == "always()"
    uses = [step["uses"] for job in jobs.values() for step in job["steps"] if "uses" in step]
    assert "github/codeql-action/upload-sarif@v3" in uses
    assert all(ACTION.match(action) for action in uses), uses


def test_every_command_the_workflow_runs_exists_with_the_options_it_gives():
    checked = set()
    for words in command_lines():
        # verdex SUBCOMMAND …, python -m MODULE SUBCOMMAND …
        runner, length = ([sys.executable], 3) if words[0] == "python" else ([sys.executable, "-m", "verdex"], 1)
        command = words[1:1 + length]
        given = words[1 + length:words.index("--")] if "--" in words else words[1 + length:]   # after --: pytest's
        options = {w.split("=")[0] for w in given if w.startswith("--")}
        helped = subprocess.run([*runner, *command, "--help"], capture_output=True, text=True, timeout=120)
        assert helped.returncode == 0, (command, helped.stderr)
        missing = [option for option in options if option not in helped.stdout]
        assert missing == [], f"{' '.join(command)} has no {missing}"
        checked.add(" ".join(command))
    assert {"lint", "prove", "prove-merge", "-m playwright install", "-m pip install"} <= checked, checked


def run_step(script: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """A run step as the runner's `shell: bash` runs it, with verdex and Python on the PATH."""
    bin_dir = str(Path(sys.executable).parent)
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=cwd,
                          capture_output=True, text=True, timeout=900,
                          env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}",
                               "VERDEX_CHROMIUM": find_chromium().path, **env})


def test_the_lint_prove_and_merge_steps_run_here_with_two_shards(tmp_path, apps):
    e2e = tmp_path / "tests" / "e2e"
    subprocess.run([sys.executable, "-m", "verdex", "export", str(SHOP), "-o", str(e2e / "test_shop.py")],
                   check=True, capture_output=True, timeout=120)
    env = {**workflow()["env"], "E2E_TESTS": "tests/e2e", "BASE_URL": apps.url, "RUNS": "2"}
    linted = run_step(steps("lint")["Lint the tests"], tmp_path, **env)
    assert linted.returncode == 0, linted.stderr
    sarif = json.loads((tmp_path / "verdex-lint.sarif").read_text())
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"] == []     # a generated test lints clean

    for shard in (1, 2):
        proved = run_step(steps("prove")["Prove this shard"], tmp_path, **env,
                          SHARD=f"{shard}/2", REPORT=f"prove-{shard}.json")
        assert proved.returncode == 0, proved.stderr
    shares = [json.loads((tmp_path / f"prove-{shard}.json").read_text())["proof"] for shard in (1, 2)]
    assert [share["seeds"] for share in shares] == [[2], [1]]          # one test × 2 seeds: a run each

    summary = tmp_path / "summary.md"
    merged = run_step(steps("merge")["Merge the shards"], tmp_path, **env, GITHUB_STEP_SUMMARY=str(summary))
    assert merged.returncode == 0, merged.stdout + merged.stderr
    assert re.search(r"^  ok\s+\S*test_shop\S*\s+2/2$", merged.stdout, re.M), merged.stdout
    assert summary.read_text() == "```\n" + merged.stdout + "```\n"
