"""Generation benchmark: how long the scripted shop flow takes from the agent's first tool call to the
exported test, and how long that generated test runs beside a hand-written ideal one.

    python bench/generation.py [--runs N] [--recordings N] [--chaos SEED ...] [--json]

1. Recording. The shop flow of tests/flows/shop.py (add "Pixel 8" to the cart, see the toast) is
   played by the scripted agent over verdex's MCP tools, in memory, on the fixture server without
   chaos, ``--recordings`` times (default 3). The flow module opens its own client through
   ``recording_client``; this script hands it a client that notes the time of each tool call and,
   when the flow is done, calls ``export_test`` (python, then typescript) in the same session, as the
   agent's last calls. Timed: the agent session (the first tool call's start — which launches the
   browser — to the last flow call's end), each export call, and their sum (first call → exported
   Python file). The browser's shutdown after the export is not counted.
2. Runtime. The last recording's Python test and bench/ideal/test_shop_ideal.py (what an expert
   writes by hand) run ``--runs`` times each (default 10), interleaved (ABBA order), each run a
   ``python -m pytest FILE`` on a fresh fixture server so both see an empty cart and, under chaos,
   the same draws: without chaos, and with each ``--chaos`` seed in turn if given. Timed: the test's
   call phase from pytest's JUnit report (``junit_duration_report=call``: the test body on an open
   page; the browser launch and the page are fixtures), and the whole pytest process's wall time.

Medians and min–max, and the generated/ideal ratio of the medians. Progress goes to stderr, the
report to stdout (``--json`` for a machine-readable one). Exit code 0 always: a report, not a test;
failed runs are counted and shown.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verdex.fixtures.server import FixtureServer  # noqa: E402
from tests.flows import shop  # noqa: E402
from tests.flows.agent import CAPS, recording_client  # noqa: E402

IDEAL = ROOT / "bench" / "ideal" / "test_shop_ideal.py"
RUN_TIMEOUT_S = 120


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------------ recording
@dataclass
class Recording:
    session_s: float
    export_python_s: float
    export_typescript_s: float
    calls: int
    files: list[str]

    @property
    def to_python_s(self) -> float:
        return self.session_s + self.export_python_s


class TimedClient:
    """The MCP client the flow drives, noting when its first call started and its last call ended."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self.first: float | None = None
        self.last = 0.0
        self.calls = 0

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        started = time.perf_counter()
        if self.first is None:
            self.first = started
        try:
            return await self._client.call_tool(name, arguments)
        finally:
            self.last = time.perf_counter()
            self.calls += 1


async def export(client: Any, target: str, path: Path) -> float:
    started = time.perf_counter()
    result = await client.call_tool("export_test", {"target": target, "path": str(path), "name": shop.NAME})
    if result.is_error:
        raise RuntimeError(f"export_test({target}) failed: {result.content[0].text}")
    return time.perf_counter() - started


async def record(base_url: str, folder: Path) -> Recording:
    timings: dict[str, Any] = {}

    @asynccontextmanager
    async def timed_recording_client(path: str | Path, caps: tuple[str, ...] = CAPS) -> AsyncIterator[TimedClient]:
        async with recording_client(path, caps) as client:
            timed = TimedClient(client)
            yield timed                                   # the flow runs here
            timings["timed"] = timed
            timings["python"] = await export(client, "python", folder / f"test_{shop.NAME}.py")
            timings["typescript"] = await export(client, "typescript", folder / f"{shop.NAME}.spec.ts")

    with mock.patch.object(shop, "recording_client", timed_recording_client):
        await shop.record(base_url, folder / "recording.jsonl")
    timed: TimedClient = timings["timed"]
    assert timed.first is not None
    return Recording(session_s=timed.last - timed.first, export_python_s=timings["python"],
                     export_typescript_s=timings["typescript"], calls=timed.calls,
                     files=sorted(p.name for p in folder.iterdir()))


# ------------------------------------------------------------------------------------------ runtime
@dataclass
class Runs:
    call_s: list[float] = field(default_factory=list)     # the test body (pytest's call phase)
    wall_s: list[float] = field(default_factory=list)     # the whole pytest process
    failures: list[str] = field(default_factory=list)


def run_test(test_file: Path, chaos_seed: int | None, report: Path) -> tuple[bool, float, float, str]:
    """One pytest run of one test file on a fresh fixture server: (passed, call s, wall s, output)."""
    with FixtureServer(chaos_seed=chaos_seed) as server:
        started = time.perf_counter()
        run = subprocess.run(
            [sys.executable, "-m", "pytest", str(test_file), "-q", "-p", "no:cacheprovider", "--base-url", server.url,
             f"--junitxml={report}", "-o", "junit_duration_report=call"],
            cwd=test_file.parent, capture_output=True, encoding="utf-8", timeout=RUN_TIMEOUT_S, check=False)
        wall = time.perf_counter() - started
    case = ET.parse(report).getroot().find(".//testcase")
    call = float(case.get("time", "nan")) if case is not None else float("nan")
    return run.returncode == 0, call, wall, run.stdout + run.stderr


def compare(generated: Path, runs: int, seeds: list[int | None], scratch: Path) -> dict[str, Runs]:
    """Both tests, ``runs`` times each, interleaved in ABBA order; run i uses seeds[i % len(seeds)]."""
    results = {"generated": Runs(), "ideal": Runs()}
    files = {"generated": generated, "ideal": IDEAL}
    for i in range(runs):
        seed = seeds[i % len(seeds)]
        order = ("generated", "ideal") if i % 2 == 0 else ("ideal", "generated")
        for kind in order:
            passed, call, wall, output = run_test(files[kind], seed, scratch / f"{kind}.xml")
            results[kind].call_s.append(call)
            results[kind].wall_s.append(wall)
            if not passed:
                results[kind].failures.append(f"run {i + 1} (chaos {seed}): {output.strip().splitlines()[-1:]}")
            progress(f"  run {i + 1}/{runs} {kind:<9} {'pass' if passed else 'FAIL'}  call {call * 1000:6.0f} ms  "
                     f"process {wall:5.2f} s" + (f"  (chaos seed {seed})" if seed is not None else ""))
    return results


# ------------------------------------------------------------------------------------------ report
def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f}"


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  " + "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w)
                                       in enumerate(zip(row, widths))).rstrip() for row in rows)


def render(report: dict[str, Any]) -> str:
    env = report["environment"]
    lines = [f"Chromium {env['chromium']}, Playwright {env['playwright']}; {env['cpus']} CPUs, load average "
             f"{env['load_before']:.1f} before, {env['load_after']:.1f} after", ""]
    rec = report["recording"]
    lines.append(f"Shop flow, first tool call → exported test ({len(rec['runs'])} recordings, "
                 f"{rec['runs'][0]['calls']} flow tool calls each)")
    rows = [("part", "median ms", "min–max ms")]
    for key, label in (("session_s", "agent session"), ("export_python_s", "export_test python"),
                       ("to_python_s", "first call → .py written"), ("export_typescript_s", "export_test typescript")):
        s = rec[key]
        rows.append((label, ms(s["median"]), f"{ms(s['min'])}–{ms(s['max'])}"))
    lines += [table(rows), ""]
    for condition in report["runtime"]:
        lines.append(f"Test runtime, {condition['label']} ({condition['runs']} runs each, interleaved)")
        rows = [("test", "measure", "median ms", "min–max ms", "× ideal", "failed")]
        for measure, label in (("call_s", "test body"), ("wall_s", "pytest process")):
            ideal = condition["ideal"][measure]["median"]
            for kind in ("generated", "ideal"):
                s = condition[kind][measure]
                rows.append((kind, label, ms(s["median"]), f"{ms(s['min'])}–{ms(s['max'])}",
                             f"{s['median'] / ideal:.2f}×", str(len(condition[kind]["failures"]))))
        lines += [table(rows)]
        for kind in ("generated", "ideal"):
            lines += [f"  {kind} failed: {failure}" for failure in condition[kind]["failures"]]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each test per condition (default 10)")
    parser.add_argument("--recordings", type=int, default=3, help="recordings of the flow (default 3)")
    parser.add_argument("--chaos", type=int, nargs="+", metavar="SEED", help="also run under these chaos seeds")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()

    from verdex.browser.discovery import find_chromium
    found = find_chromium()
    load_before = os.getloadavg()[0]
    recordings: list[Recording] = []
    conditions: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="verdex-generation-") as tmp:
        scratch = Path(tmp)
        with FixtureServer() as server:
            for i in range(args.recordings):
                folder = scratch / f"recording-{i + 1}"
                folder.mkdir()
                progress(f"recording {i + 1}/{args.recordings}")
                recordings.append(asyncio.run(record(server.url, folder)))
                progress(f"  session {recordings[-1].session_s:.2f} s, export {recordings[-1].export_python_s:.2f} s")
        generated = scratch / f"recording-{args.recordings}" / f"test_{shop.NAME}.py"
        plans: list[tuple[str, list[int | None]]] = [("no chaos", [None])]
        if args.chaos:
            plans.append((f"chaos seeds {', '.join(map(str, args.chaos))}", list(args.chaos)))
        for label, seeds in plans:
            progress(f"runtime, {label}")
            results = compare(generated, args.runs, seeds, scratch)
            conditions.append({"label": label, "seeds": seeds, "runs": args.runs,
                               **{kind: {"call_s": summary(r.call_s), "wall_s": summary(r.wall_s),
                                         "failures": r.failures, "raw": asdict(r)} for kind, r in results.items()},
                               "ratio_call": statistics.median(results["generated"].call_s)
                               / statistics.median(results["ideal"].call_s)})
        generated_source = generated.read_text(encoding="utf-8")
    report = {
        "environment": {"chromium": _chromium_version(found.path) if found else "not found",
                        "playwright": version("playwright"), "cpus": os.cpu_count() or 0,
                        "load_before": load_before, "load_after": os.getloadavg()[0]},
        "recording": {
            "runs": [{**asdict(r), "to_python_s": r.to_python_s} for r in recordings],
            **{key: summary([getattr(r, key) for r in recordings])
               for key in ("session_s", "export_python_s", "export_typescript_s", "to_python_s")},
        },
        "runtime": conditions,
        "generated_test": generated_source,
    }
    print(json.dumps(report, indent=2) if args.json else render(report))
    return 0


def _chromium_version(path: str) -> str:
    try:
        out = subprocess.run([path, "--version"], capture_output=True, encoding="utf-8", timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return out.split()[-1] if out.split() else "unknown"


if __name__ == "__main__":
    sys.exit(main())
