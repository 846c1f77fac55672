"""Recording a real-app flow, exporting it, running the generated tests against fresh copies of the app,
and reading its locators: shared by tests/test_realapps.py and bench/realapps.py."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.flows.runner import (
    PYTEST_TIMEOUT_S, REPO_ROOT, Run, Serve, export_python, export_typescript, exported_spec, run_pytest,
    run_typescript, test_env,
)
from tests.realapps.apps import RealApp, running
from tests.realapps.flows import Flow

# What changes with the data and so never belongs in a locator: a price, a count, a time, a date,
# a number of three digits or more (the page script's own test, in verdex/bridge/locators.js).
VOLATILE = re.compile(r"[$€£¥]\s?\d|\d[\d,.]*\s?(%|items?|left|in stock|results?)\b|\(\d+\)|\b\d{1,2}:\d{2}\b"
                      r"|\b(19|20)\d{2}-\d{2}|\b\d{3,}\b", re.IGNORECASE)


def serving(app: RealApp) -> Serve:
    """A fresh copy of the app per run (the flows change its data); real apps take no chaos seed."""
    @contextmanager
    def serve(seed: int | None) -> Iterator[str]:
        with running(app) as base_url:
            yield base_url
    return serve


def record(flow: Flow, folder: Path, *, verbose: bool = False) -> Path:
    recording = folder / f"{flow.app.name}-{flow.name}.jsonl"
    with running(flow.app) as base_url:
        asyncio.run(flow.record(base_url, recording, verbose=verbose))
    return recording


def export(flow: Flow, recording: Path, folder: Path) -> Path:
    return export_python(recording, folder, flow.name.replace("-", "_"))


def run_python(flow: Flow, test_file: Path, runs: int) -> list[Run]:
    serve = serving(flow.app)
    return [run_pytest(test_file, None, serve) for _ in range(runs)]


def run_spec(flow: Flow, recording: Path) -> Run:
    with exported_spec(recording, flow.name.replace("-", "_")) as spec:
        return run_typescript(spec.parent, None, serving(flow.app))


def check_sampled_flow(flow: Flow, folder: Path, runs: int = 1) -> None:
    """What a sampled flow must show: recorded by the scripted agent, its generated test holds no nth()
    and no volatile text, both files pass the review checks, the pytest file passes ``runs`` times
    against fresh copies of the app and the TypeScript spec once. The suite runs each once; how often
    they hold, run after run and under chaos, is bench/realapps.py's measure (``--runs``, ``--chaos``)."""
    from tests.generated_style import style_problems
    recording = record(flow, folder)
    reading = LocatorReading.of(recording)
    assert reading.locators, "the flow recorded no action on an element"
    assert reading.positional == [], reading.positional
    assert reading.volatile == [], reading.volatile
    test_file = export(flow, recording, folder)
    spec = export_typescript(recording, folder / "typescript", test_file.stem.removeprefix("test_"))
    problems = style_problems(test_file) + style_problems(spec)
    assert problems == [], "\n".join(problems) + "\n" + test_file.read_text(encoding="utf-8")
    failed = [run for run in run_python(flow, test_file, runs) if not run.passed]
    assert not failed, failed[0].failure()
    spec_run = run_spec(flow, recording)
    assert spec_run.passed, spec_run.tail()


@dataclass(frozen=True)
class LocatorReading:
    """What a recording's chosen locators are made of."""

    locators: list[str]
    positional: list[str]           # an nth() stood in
    volatile: list[str]             # a price, count or date inside a locator

    @classmethod
    def of(cls, recording: Path) -> LocatorReading:
        locators, positional, volatile = [], [], []
        for line in recording.read_text(encoding="utf-8").splitlines():
            step = json.loads(line)
            chosen = ((step.get("locators") or {}).get("chosen") or {}) if step.get("type") == "step" else {}
            if not chosen:
                continue
            steps = chosen["steps"]
            code = ".".join(_call(s) for s in steps)
            locators.append(code)
            if any(s["method"] == "nth" for s in steps):
                positional.append(code)
            if any(VOLATILE.search(value) for value in _values(steps)):
                volatile.append(code)
        return cls(locators, positional, volatile)


def _values(steps: list[dict[str, Any]]) -> Iterator[str]:
    for step in steps:
        yield from (a for a in step.get("args", []) if isinstance(a, str) and step["method"] != "get_by_role")
        yield from (v for v in step.get("kwargs", {}).values() if isinstance(v, str))
        yield from _values(step.get("has") or [])


def _call(step: dict[str, Any]) -> str:
    args = [json.dumps(a) for a in step.get("args", [])] + [f"{k}={json.dumps(v)}" for k, v in step.get("kwargs", {}).items()]
    if step.get("has"):
        args.append("has=page." + ".".join(_call(s) for s in step["has"]))
    return f"{step['method']}({', '.join(args)})"


@dataclass(frozen=True)
class PlaywrightPick:
    """What Playwright's own generator (``locator.normalize()``) writes for one of the test's targets."""

    ours: str                       # the generated test's locator, as a Playwright selector
    theirs: str

    @property
    def positional(self) -> bool:
        return "nth=" in self.theirs

    @property
    def volatile(self) -> bool:
        return bool(VOLATILE.search(re.sub(r"internal:\w+=|>>|nth=\d+", " ", self.theirs)))


def playwright_picks(flow: Flow, test_file: Path) -> list[PlaywrightPick]:
    """Run the generated test once with tests/realapps/playwright_picks.py, which asks Playwright for its
    own locator of each target just before the test acts on it."""
    picks_file = test_file.parent / "playwright-picks.tsv"
    picks_file.unlink(missing_ok=True)
    env = {**test_env(), "VERDEX_PLAYWRIGHT_PICKS": str(picks_file),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))}
    with serving(flow.app)(None) as base_url:
        subprocess.run([sys.executable, "-m", "pytest", str(test_file), "-q", "-p", "no:cacheprovider",
                        "-p", "tests.realapps.playwright_picks", "--base-url", base_url],
                       cwd=test_file.parent, env=env, capture_output=True, timeout=PYTEST_TIMEOUT_S, check=False)
    if not picks_file.exists():
        return []
    return [PlaywrightPick(*line.split("\t", 1)) for line in picks_file.read_text(encoding="utf-8").splitlines()]
