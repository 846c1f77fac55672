"""A secret the recording stored by name, missing from the environment when the generated test runs:
the test fails at once, naming the variable, in both languages (never types an empty string)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.flows import runner
from verdex.generators import export

LOGIN = Path(__file__).resolve().parent.parent / "examples" / "recordings" / "login.jsonl"
VARIABLE = "VERDEX_SECRET_PASSWORD"


def _without_the_secret() -> dict[str, str]:
    env = runner.test_env()
    env.pop(VARIABLE, None)
    return env


def test_python_fails_at_once_naming_the_variable(apps, tmp_path):
    test_file = tmp_path / "test_login.py"
    export(LOGIN, target="python", path=test_file, name="login")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--base-url", apps.url,
                           str(test_file)], cwd=tmp_path, env=_without_the_secret(), capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 1 and f"KeyError: '{VARIABLE}'" in done.stdout, done.stdout[-2000:]


def test_typescript_fails_at_once_naming_the_variable(apps):
    spec_dir = runner.scratch_ts_dir("secret")
    try:
        export(LOGIN, target="typescript", path=spec_dir / "login.spec.ts", name="login")
        done = subprocess.run(
            [*runner.playwright_test(), "--config", str(spec_dir / "playwright.config.ts"),
             "--reporter=line", "--output", str(spec_dir / "test-results")],
            cwd=runner.REPO_ROOT, env={**_without_the_secret(), "BASE_URL": apps.url, "CI": "1"},
            capture_output=True, text=True, timeout=180)
        assert done.returncode == 1 and f"set {VARIABLE}" in done.stdout, done.stdout[-2000:]
    finally:
        runner.remove_scratch(spec_dir)
