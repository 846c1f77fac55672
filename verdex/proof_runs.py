"""One run of a test verdex just wrote, as its user would run it, and where it failed: pytest (plain, or
under ``verdex prove``'s chaos with ``--chaos-seed N``; several runs share one pytest process, and
verdex/proof_plugin.py names the failing line) and
``npx playwright test`` (its JSON report names the line). Bounded: a run that hangs is stopped after
``timeout_s`` and reported as such. Values of the secrets the test reads from the environment never
appear in what a run reports.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

import verdex.proof_plugin as proof_plugin
from verdex.generators.typescript_syntax import REPO_ROOT, package_root
from verdex.watched_pytest import last_line, stop_group, watched

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ADDOPTS_ENV = "VERDEX_PYTEST_ADDOPTS"   # pytest options for proving's runs (PYTEST_ADDOPTS is not passed on)


@dataclass(frozen=True)
class Refusal:
    """A server's 4xx answer, in a run, to a request that held values the test had typed, or to any request
    it refused as one too many (429)."""

    method: str
    url: str
    status: int
    held: tuple[str, ...]


@dataclass(frozen=True)
class Run:
    """One run: ``label`` says which (``plain``, ``chaos seed 2``)."""

    label: str
    passed: bool
    seconds: float
    line: int | None = None          # the failing line of the test file
    error: str = ""                  # the exception's type (TimeoutError, AssertionError, …)
    message: str = ""                # its first lines, secrets redacted
    shown: str = ""                  # a pytest run that failed or ran as it is: its first page's text before its first step
    typed: tuple[tuple[str, str], ...] = ()   # ... and each field's value with the page's text before it was typed
    refused: tuple[Refusal, ...] = ()           # a pytest run that failed: the server's 4xx answers to what it typed, and 429s
    dialogs: tuple[tuple[str, str], ...] = ()  # a pytest run that failed: each dialog the page opened (kind, message)
    stopped: str = ""                # a pytest run that failed: the text of the page it stopped on
    stopped_url: str = ""            # ... and its URL
    asked: tuple[str, ...] | None = None   # ... and the paths it had asked (None: not told, a Playwright Test run)
    held: str = ""                   # a run under chaos that failed while its page's open requests held every
                                     # connection to their host (verdex.chaos.connections)

    @property
    def chaos(self) -> bool:
        return "(chaos seed" in self.label

    def first_line(self) -> str:
        return (self.message.strip().splitlines() or [""])[0][:300]

    def landed(self) -> str:
        """The URL a failed URL check saw (pytest-playwright's ``Actual value: …``, Playwright Test's
        ``Received string: "…"``), or ""."""
        found = re.search(r'^\s*(?:Actual value: (\S+)|Received string:\s+"([^"]+)")', self.message, re.MULTILINE)
        return (found.group(1) or found.group(2)) if found else ""

    def actual(self) -> str:
        """What a failed check saw, all of it (pytest-playwright's ``Actual value: …``, Playwright Test's
        ``Received string: "…"``), or ""."""
        found = re.search(r"^\s*(?:Actual value|Received(?: string| value)?):\s*(.*?)\s*$", self.message, re.MULTILINE)
        return found.group(1) if found else ""

    def waiting_for(self) -> str:
        """What Playwright's call log says it was waiting for (the locator, the URL), as `` (…)``."""
        found = re.search(r"^\s*-\s*(waiting for .*)$", self.message, re.MULTILINE)
        return f" ({found.group(1)[:200]})" if found else ""


def redact(text: str, secrets: list[str]) -> str:
    """``text`` with the value of every environment variable in ``secrets`` replaced by ``***``."""
    for name in secrets:
        value = os.environ.get(name)
        if value and len(value) >= 3:
            text = text.replace(value, "***")
    return text


def _environment() -> dict[str, str]:
    """The run's environment: the user's (the test reads its secrets from it), minus what would send
    it to another app than its own folder says (BASE_URL) or change pytest's options (PYTEST_ADDOPTS, a
    developer's options for their own suite); ``VERDEX_PYTEST_ADDOPTS`` is the options meant for the
    runs of proving (``-p no:hypothesispytest``: a plugin a generated test has no use for)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "FORCE_COLOR": "0", "NO_COLOR": "1"}
    for name in ("BASE_URL", "PYTEST_ADDOPTS", ADDOPTS_ENV):
        env.pop(name, None)
    if os.environ.get(ADDOPTS_ENV):
        env["PYTEST_ADDOPTS"] = os.environ[ADDOPTS_ENV]
    if "VERDEX_CHROMIUM" not in env:
        from verdex.browser.discovery import find_chromium
        found = find_chromium()
        if found is not None:
            env["VERDEX_CHROMIUM"] = str(found.path)
    return env


def run_pytest(path: Path, *, label: str, chaos_seed: int | None, timeout_s: float, secrets: list[str]) -> Run:
    """``pytest FILE`` from the file's folder (its conftest.py applies), with chaos when a seed is given."""
    return run_pytest_rounds(path, [(label, chaos_seed)], timeout_s=timeout_s, secrets=secrets)[0]


def run_pytest_rounds(path: Path, runs: list[tuple[str, int | None]], *, timeout_s: float,
                      secrets: list[str]) -> list[Run]:
    """The test at ``path`` run once per ``(label, chaos seed or None)``, in order, in one pytest process
    from the file's folder (its conftest.py applies): one start-up and one browser for all the runs
    (verdex/proof_plugin.py), each run in a context of its own. Stops at the first failing run; the runs
    it did are returned, the last one failed. ``timeout_s`` bounds each run: a run that hangs is stopped
    and reported as such."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="verdex-proof-") as scratch:
        report = Path(scratch) / "runs.jsonl"
        env = {**_environment(), proof_plugin.REPORT: str(report),
               proof_plugin.RUNS: ",".join("plain" if seed is None else str(seed) for _, seed in runs)}
        command = [sys.executable, "-m", "pytest", str(path.resolve()), "-x", "-q", "-p", "no:cacheprovider",
                   "-p", "verdex.proof_plugin"]
        output = Path(scratch) / "output"
        returncode, _ = watched(command, path.parent, env, report, output, timeout_s)
        said = last_line(output, 5)
        outcomes = proof_plugin.ended(report)
    finished = [_run(label, outcome, secrets) for (label, _), outcome in zip(runs, outcomes)]
    seconds = time.monotonic() - started - sum(run.seconds for run in finished)
    if returncode is None and len(finished) < len(runs):
        return [*finished, Run(runs[len(finished)][0], False, seconds, error="Hang",
                               message=f"the run did not finish in {timeout_s:.0f} s and was stopped")]
    if returncode is not None and returncode != 0 and all(run.passed for run in finished):
        label = runs[len(finished)][0] if len(finished) < len(runs) else runs[-1][0]
        return [*finished, Run(label, False, seconds, error=f"pytest exit {returncode}",
                               message=redact(said, secrets))]
    if finished:          # start-up (imports, collection, the browser's launch) is the first run's
        finished[0] = replace(finished[0], seconds=finished[0].seconds + max(seconds, 0.0))
    return finished


def _run(label: str, outcome: dict, secrets: list[str]) -> Run:
    kept = {"shown": outcome.get("shown", ""),
            "typed": tuple((field.get("value", ""), field.get("before", "")) for field in outcome.get("typed", []))}
    if outcome["passed"]:
        return Run(label, True, outcome["seconds"], **kept)
    refused = tuple(Refusal(r["method"], r["url"], r["status"], tuple(r["held"])) for r in outcome.get("refused", []))
    dialogs = tuple((dialog["type"], redact(dialog["message"], secrets)) for dialog in outcome.get("dialogs", []))
    return Run(label, False, outcome["seconds"], outcome.get("line"), outcome.get("error", "Error"),
               redact(_short(outcome.get("message", "")), secrets), refused=refused, dialogs=dialogs,
               stopped=outcome.get("stopped", ""), stopped_url=redact(outcome.get("stopped_url", ""), secrets),
               asked=tuple(outcome["asked"]) if "asked" in outcome else None,
               held=redact(str((outcome.get("chaos") or {}).get("held", "")), secrets), **kept)


def node_missing() -> str:
    """Why ``npx playwright test`` cannot run here, or empty when it can."""
    if shutil.which("node") is None:
        return "Node.js is not installed (node is not on PATH)"
    return ""


def playwright_test_command(project: Path) -> list[str]:
    """``npx playwright test`` as node runs it without npx: the CLI of the project's @playwright/test (npx
    only finds that file, and its own start costs each run half a second of CPU)."""
    return [shutil.which("node") or "node", str(project / "node_modules" / "@playwright" / "test" / "cli.js"), "test"]


def run_playwright_test(path: Path, *, label: str, timeout_s: float, secrets: list[str]) -> Run:
    """``npx playwright test`` on the spec, with the playwright.config.ts beside it, from the project that
    holds @playwright/test (the spec's, else the verdex checkout's)."""
    started = time.monotonic()
    path = path.resolve()                  # the run's working directory is the project's, not the caller's
    missing = node_missing()
    project = package_root(path.parent, "@playwright/test") or package_root(REPO_ROOT, "@playwright/test")
    if missing or project is None:
        return Run(label, False, 0.0, error="NoNode",
                   message=missing or "@playwright/test is not installed (npm install --save-dev @playwright/test)")
    env = {**_environment(), "NODE_PATH": str(project / "node_modules"), "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"}
    config = path.parent / "playwright.config.ts"
    with tempfile.TemporaryDirectory(prefix="verdex-proof-ts-") as results:
        command = [*playwright_test_command(project), *(["--config", str(config)] if config.is_file() else []),
                   str(path), "--reporter=json", "--output", results, "--retries=0", "--workers=1"]
        process = subprocess.Popen(command, cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   stdin=subprocess.DEVNULL, encoding="utf-8", errors="replace",
                                   start_new_session=True)
        try:
            stdout, stderr = process.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            stop_group(process)
            return Run(label, False, time.monotonic() - started, error="Hang",
                       message=f"the run did not finish in {timeout_s:.0f} s and was stopped")
        done = subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
    seconds = time.monotonic() - started
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:           # it stopped before running a test: its error first, not its stack's end
        said = ANSI.sub("", done.stdout + done.stderr).strip().splitlines()
        start = next((n for n, line in enumerate(said) if line.startswith("Error")), max(0, len(said) - 5))
        return Run(label, False, seconds, error=f"playwright test exit {done.returncode}",
                   message=redact("\n".join(said[start:start + 5]), secrets))
    if done.returncode == 0 and report.get("stats", {}).get("expected", 0) > 0:
        return Run(label, True, seconds)
    for error in _errors(report):
        location = error.get("location") or {}
        line = location.get("line") if Path(location.get("file", "")).name == path.name else None
        message = ANSI.sub("", error.get("message", ""))
        return Run(label, False, seconds, line, message.split(":", 1)[0][:60] if ":" in message else "Error",
                   redact(_short(message), secrets))
    return Run(label, False, seconds, error=f"playwright test exit {done.returncode}",
               message="no test ran (see `npx playwright test` in the spec's folder)")


def _errors(report: dict) -> list[dict]:
    """The failed tests' errors, then the run's own (a spec that did not load)."""
    found: list[dict] = []
    stack = list(report.get("suites") or [])
    while stack:
        suite = stack.pop(0)
        stack += suite.get("suites") or []
        for spec in suite.get("specs") or []:
            for test in spec.get("tests") or []:
                for result in test.get("results") or []:
                    found += result.get("errors") or []
    return found + list(report.get("errors") or [])


# The line of Playwright's call log that says why an element it found was not acted on
NOT_ACTIONABLE = re.compile(r"^\s*- (element is not \w+|.* intercepts pointer events)$")


def _short(message: str, lines: int = 6) -> str:
    """The message's first lines: enough to tell what broke, without the call log's tail; and, when the call
    log says so further down, why the element it found was not acted on (``- element is not enabled``)."""
    said = message.strip().splitlines()
    why = next((line for line in said[lines:] if NOT_ACTIONABLE.match(line)), None)
    return "\n".join(said[:lines] + ([why] if why and why not in said[:lines] else []))
