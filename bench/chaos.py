"""Chaos proof: the generated tests of the six flows against the naive tests, under seeded chaos.

    python bench/chaos.py [--seeds N] [--flows shop,checkout] [--reuse] [--record-seed S]
                          [--workers W] [--save-examples] [--json]

For each flow of tests/flows/:

1. Recording. The scripted agent plays the flow over verdex's MCP tools (in memory) against a fresh
   fixture server with chaos seed ``--record-seed`` (default 3: the shop's handlers attach 1213 ms
   after the cards render, after the scrim is gone, and two cards re-render at 1236 ms), or, with
   ``--reuse``, the committed recording examples/recordings/<flow>.jsonl is used instead.
   ``--save-examples`` writes the recording and the tests generated from it to examples/
   (recordings/, generated/python/, generated/typescript/).
2. Generation. The recording is exported to pytest-playwright.
3. Runs. The generated test and the hand-written naive one (examples/naive/test_<flow>_naive.py)
   run once per seed 1..N (``--seeds``, default 30), each run a ``python -m pytest FILE
   --base-url URL`` against its own fresh fixture server ``FixtureServer(chaos_seed=seed)``,
   ``--workers`` runs at a time (default 2).

Every flow's app has seeded chaos (docs/fixtures.md): the shop's scrim, hydration gap, shuffled and
re-rendered cards; login's inert "Sign in" until the form hydrates; the consent wall that arrives late
and eats clicks until it is ready; the payment iframe and the shadow-DOM widget that hydrate late;
the help center's guide list rendered late in a shuffled order. The issue's bar: the generated test
passes 30/30 and the naive one fails at least 10/30.
Progress goes to stderr, the table to stdout (``--json`` for a machine-readable report). The exit
code is 0: this is a report, not a test (tests/test_generated_flows.py is the test).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.flows import FLOWS, runner  # noqa: E402

EXAMPLES = ROOT / "examples"
DEFAULT_RECORD_SEED = 3


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class FlowReport:
    flow: str
    seeds: int
    recording: str
    record_s: float = 0.0
    generated_passed: int = 0
    generated_failed_seeds: list[int] = field(default_factory=list)
    naive_passed: int = 0
    naive_failed_seeds: list[int] = field(default_factory=list)
    generated_s: float = 0.0
    naive_s: float = 0.0
    wall_s: float = 0.0


def save_examples(flow: str, recording: Path) -> None:
    """The recording and both generated tests, as committed examples."""
    recordings = EXAMPLES / "recordings"
    recordings.mkdir(parents=True, exist_ok=True)
    if recording.resolve() != (recordings / f"{flow}.jsonl").resolve():
        shutil.copyfile(recording, recordings / f"{flow}.jsonl")
    runner.export_python(recording, EXAMPLES / "generated" / "python", flow)
    runner.export_typescript(recording, EXAMPLES / "generated" / "typescript", flow)


def bench_flow(flow: str, args: argparse.Namespace, scratch: Path) -> FlowReport:
    started = time.monotonic()
    folder = scratch / flow
    folder.mkdir(parents=True)
    if args.reuse:
        recording = EXAMPLES / "recordings" / f"{flow}.jsonl"
        if not recording.exists():
            raise SystemExit(f"--reuse: {recording} does not exist (run without --reuse, with --save-examples)")
        record_s = 0.0
        progress(f"{flow}: reusing {recording.relative_to(ROOT)}")
    else:
        recording = folder / f"{flow}.jsonl"
        progress(f"{flow}: recording (chaos seed {args.record_seed})")
        record_s = runner.record(FLOWS[flow], recording, chaos_seed=args.record_seed)
        progress(f"{flow}: recorded in {record_s:.1f} s")
    if args.save_examples:
        save_examples(flow, recording)
    generated = runner.export_python(recording, folder / "python", flow)
    report = FlowReport(flow=flow, seeds=len(args.seed_list),
                        recording=str(recording), record_s=record_s)

    def show(kind: str):
        def note(run: runner.Run) -> None:
            progress(f"{flow}: {kind} seed {run.seed}: {'pass' if run.passed else 'FAIL'} ({run.seconds:.1f} s)")
        return note

    for kind, test in (("generated", generated), ("naive", runner.naive_test(flow))):
        t0 = time.monotonic()
        runs = runner.run_seeds(test, args.seed_list, workers=args.workers, progress=show(kind))
        failed = [run.seed for run in runs if not run.passed]
        setattr(report, f"{kind}_passed", len(runs) - len(failed))
        setattr(report, f"{kind}_failed_seeds", failed)
        setattr(report, f"{kind}_s", time.monotonic() - t0)
        if kind == "generated" and failed:
            first = next(run for run in runs if not run.passed)
            progress(f"{flow}: the generated test failed on seed {first.seed}:\n{first.tail(40)}")
    report.wall_s = time.monotonic() - started
    return report


def table(reports: list[FlowReport]) -> str:
    lines = ["| flow | generated pass | naive pass | record s | wall time s |",
             "|---|---:|---:|---:|---:|"]
    for r in reports:
        lines.append(f"| {r.flow} | {r.generated_passed}/{r.seeds} | {r.naive_passed}/{r.seeds} "
                     f"| {r.record_s:.1f} | {r.wall_s:.0f} |")
    notes = []
    for r in reports:
        if r.generated_failed_seeds:
            notes.append(f"{r.flow}: the generated test failed on seeds {r.generated_failed_seeds}")
        if r.naive_failed_seeds:
            notes.append(f"{r.flow}: the naive test failed on seeds {r.naive_failed_seeds}")
    return "\n".join(lines + ([""] + notes if notes else []))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="chaos seeds 1..N (default 30)")
    parser.add_argument("--flows", default=",".join(FLOWS), help=f"comma-separated, of {', '.join(FLOWS)}")
    parser.add_argument("--reuse", action="store_true", help="use examples/recordings/ instead of recording")
    parser.add_argument("--record-seed", type=int, default=DEFAULT_RECORD_SEED,
                        help=f"chaos seed of the recording run (default {DEFAULT_RECORD_SEED}; -1: no chaos)")
    parser.add_argument("--workers", type=int, default=2, help="test runs at a time (default 2)")
    parser.add_argument("--save-examples", action="store_true",
                        help="write the recordings and generated tests to examples/")
    parser.add_argument("--json", action="store_true", help="machine-readable report on stdout")
    args = parser.parse_args(argv)
    flows = [f.strip() for f in args.flows.split(",") if f.strip()]
    unknown = [f for f in flows if f not in FLOWS]
    if unknown:
        parser.error(f"unknown flows {unknown}; known: {', '.join(FLOWS)}")
    if args.record_seed < 0:
        args.record_seed = None
    args.seed_list = list(range(1, args.seeds + 1))
    started = time.monotonic()
    scratch = Path(tempfile.mkdtemp(prefix="verdex-chaos-"))
    try:
        reports = [bench_flow(flow, args, scratch) for flow in flows]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    total = time.monotonic() - started
    if args.json:
        print(json.dumps({"seeds": args.seeds, "record_seed": args.record_seed, "reuse": args.reuse,
                          "total_s": round(total, 1), "flows": [asdict(r) for r in reports]}, indent=2))
    else:
        print(table(reports))
        print(f"\ntotal wall time: {total:.0f} s ({args.seeds} seeds, {args.workers} at a time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
