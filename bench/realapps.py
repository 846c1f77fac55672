"""The real-app corpus, measured: every flow of tests/realapps/ (its thirteen apps from PyPI and npm,
tests/realapps/apps.py, installed by ./dev) is recorded by the
scripted agent over MCP, exported as a pytest and a Playwright Test file, and each generated test runs --runs times against fresh copies of the app.

Per flow it prints the passes, the review problems of the two files (tests/generated_style.py: a port
or path baked in, a chain written three times, a long line, a substring text), how many of verdex's locators are positional (nth) or hold volatile
text (a price, a count, a date), and the same two readings for what Playwright's own generator
(``locator.normalize()``, what codegen writes) picks for the same targets, asked while the generated
test runs.

    ./dev setup && .venv/bin/python bench/realapps.py [--runs 20] [--flow dash/filter] [--workers 2] [--chaos]
                                                      [--shard K/N]

With --chaos the pytest runs go under verdex's client-side chaos (``--chaos-seed n`` for run n:
delayed responses, a slowed CPU, late timers; ``--chaos-max-delay MS`` for longer delays, a busier runner);
Playwright Test runs have no such plugin and run plain.

With --proof it measures proving on export (docs/prove.md) instead: per flow, the export proves the test
it wrote against the app the flow was recorded on (1 run as it is, 2 under chaos); it prints the first
run of the unrevised test, the revisions proving made, the verdict, the seconds the export added against
the seconds of the test's own run (one ``pytest FILE`` after the export, against the same app), why it
is unproven when it is, and the final test under chaos seeds 1…--runs, each run against a fresh copy
of the app. ``--shard K/N`` measures every N-th flow from
the K-th, so N machines (or N sessions) share the corpus.

With --naive it runs, instead, the hand-written naive version of each flow (tests/realapps/naive/:
positions, reads made once, short sleeps — what passed once on an agent's machine) under the same
chaos, each run against a fresh copy of the app, and prints how often each held and what
``verdex lint --select RECOMMENDED,VDX001`` says of it (positions are VDX001, opt-in by default): a
test whose flaw is only a position passes under any timing, and only the linter names it.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.flows.runner import Run, exported_spec, run_pytest, run_typescript  # noqa: E402
from tests.generated_style import style_problems  # noqa: E402
from tests.realapps import proving  # noqa: E402
from tests.realapps.apps import AppNotStarted, running  # noqa: E402
from tests.realapps.flows import FLOWS, AgentError, Flow  # noqa: E402
from verdex.lint import LintConfig, lint_source  # noqa: E402
from verdex.proof import prove_export  # noqa: E402
from verdex.proof_runs import run_pytest as run_pytest_once  # noqa: E402


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def repeat(runs: int, workers: int, once: "callable[[int], Run]", label: str) -> list[Run]:
    """``once(n)`` for n = 1 … runs, ``workers`` at a time."""
    done: list[Run] = []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for run in pool.map(once, range(1, runs + 1)):
            done.append(run)
            say(f"  {label}: {len(done)}/{runs} {'pass' if run.passed else 'FAIL'} ({run.seconds:.1f} s)")
    return done


def measure(flow: Flow, runs: int, workers: int, folder: Path, chaos: tuple[str, ...] | None = None) -> dict[str, object]:
    """``chaos``: None for plain runs, else the chaos options beside each run's seed (empty: the defaults)."""
    say(f"{flow.key}: recording ({flow.what})")
    try:
        recording = proving.record(flow, folder)
    except Exception as error:             # verdex offered no way to do a step: a finding, not a crash
        refused = _agent_refusal(error)
        if refused is None:
            raise
        say(f"  the agent could not record it: {refused}")
        return {"flow": flow.key, "python": 0, "typescript": 0, "runs": runs, "style": 0, "locators": 0, "nth": 0,
                "volatile": 0, "pw_picks": 0, "pw_nth": 0, "pw_volatile": 0, "example": "", "refused": refused}
    reading = proving.LocatorReading.of(recording)
    test_file = proving.export(flow, recording, folder)
    serve = proving.serving(flow.app)
    python = repeat(runs, workers,
                    lambda n: run_pytest(test_file, None, serve, ("--chaos-seed", str(n), *chaos) if chaos is not None else ()),
                    "pytest" + (" under chaos" if chaos is not None else ""))
    with exported_spec(recording, flow.name.replace("-", "_")) as spec:
        style = style_problems(test_file) + style_problems(spec)
        for problem in style:
            say(f"  style: {problem}")
        typescript = repeat(runs, workers, lambda n: run_typescript(spec.parent, None, serve), "playwright test")
    picks = proving.playwright_picks(flow, test_file)
    failures = [run for run in python + typescript if not run.passed]
    if failures:
        say(f"  first failure:\n{failures[0].tail(25)}")
    return {"flow": flow.key, "python": sum(r.passed for r in python), "typescript": sum(r.passed for r in typescript),
            "runs": runs, "style": len(style), "locators": len(reading.locators), "nth": len(reading.positional),
            "volatile": len(reading.volatile), "pw_picks": len(picks), "pw_nth": sum(p.positional for p in picks),
            "pw_volatile": sum(p.volatile for p in picks), "example": _example(reading, picks)}


def _agent_refusal(error: BaseException) -> str | None:
    """The first line of the scripted agent's AgentError, also from inside the MCP client's exception group."""
    if isinstance(error, AgentError):
        return str(error).splitlines()[0]
    if isinstance(error, BaseExceptionGroup):
        return next(filter(None, map(_agent_refusal, error.exceptions)), None)
    return None


NAIVE_DIR = Path(__file__).resolve().parents[1] / "tests" / "realapps" / "naive"


def measure_proof(flow: Flow, runs: int, workers: int, folder: Path) -> dict[str, object]:
    """Record the flow and export it with proving while its app still runs; then the test's own run (one
    ``pytest FILE``, as its user runs it, against the same app: its seconds, not its result, are what is
    read) and the final test under chaos, each final run against a fresh copy of the app."""
    say(f"{flow.key}: recording and proving ({flow.what})")
    recording = folder / f"{flow.app.name}-{flow.name}.jsonl"
    test_file = folder / f"test_{flow.name.replace('-', '_')}.py"
    try:
        with running(flow.app) as base_url:
            asyncio.run(flow.record(base_url, recording))
            started = time.monotonic()
            _, proof = prove_export(recording, target="python", path=test_file, name=flow.name.replace("-", "_"))
            added = time.monotonic() - started
            own = run_pytest_once(test_file, label="own", chaos_seed=None, timeout_s=600, secrets=[])
    except AppNotStarted as error:          # a busy machine: said in the table, the other flows still measured
        say(f"  the app did not start: {str(error).splitlines()[0]}")
        return {"flow": flow.key, "first": "-", "revisions": 0, "verdict": "no app", "added": 0.0, "own": 0.0,
                "final": 0, "runs": 0, "said": [], "why": str(error).splitlines()[0]}
    say(f"  {proof.summary()}")
    serve = proving.serving(flow.app)
    final = repeat(runs, workers, lambda n: run_pytest(test_file, None, serve, ("--chaos-seed", str(n))),
                   "final under chaos")
    first = proof.runs[0]
    return {"flow": flow.key, "first": "pass" if first.passed else f"FAIL l.{first.line}",
            "revisions": len(proof.revisions), "verdict": proof.verdict, "added": added, "own": own.seconds,
            "final": sum(r.passed for r in final), "runs": runs,
            "said": [r.said.removeprefix("revised by proving: ") for r in proof.revisions],
            "why": proof.reason.splitlines()[0] if proof.verdict == "unproven" else ""}


def per_flow(flows: list[Flow], measure_one: "callable[[Flow, Path], dict[str, object]]") -> list[dict[str, object]]:
    """``measure_one(flow, folder)`` for each flow, each in a scratch folder of its own."""
    with tempfile.TemporaryDirectory(prefix="verdex-realapps-") as scratch:
        rows = []
        for flow in flows:
            folder = Path(scratch) / flow.key.replace("/", "-")
            folder.mkdir()
            rows.append(measure_one(flow, folder))
    return rows


def table_header(header: str) -> int:
    print(header)
    print("-" * len(header))
    return len(header)


def report_proof(flows: list[Flow], runs: int, workers: int) -> int:
    started = time.monotonic()
    rows = per_flow(flows, lambda flow, folder: measure_proof(flow, runs, workers, folder))
    print(f"\nproving on export: {len(flows)} flows, final test under chaos seeds 1-{runs} "
          f"({time.monotonic() - started:.0f} s)\n")
    table_header(f"{'flow':24} {'first run':>10} {'revisions':>9} {'verdict':>9} {'export +s':>9} {'own s':>6} "
                 f"{'added/own':>9} {'final':>7}")
    for row in rows:
        print(f"{row['flow']:24} {row['first']:>10} {row['revisions']:>9} {row['verdict']:>9} {row['added']:>9.1f} "
              f"{row['own']:>6.1f} {row['added'] / max(row['own'], 0.1):>9.1f} {row['final']:>3}/{row['runs']:<3}")
        for said in row["said"]:
            print(f"{'':26}revised: {said}")
        if row["why"]:
            print(f"{'':26}unproven: {row['why'][:160]}")
    honest = all(row["final"] == row["runs"] for row in rows if row["verdict"] == "proved")
    timed = [row["added"] / row["own"] for row in rows if row["own"]]
    if timed:
        print(f"proving added {min(timed):.1f}× to {max(timed):.1f}× the test's own run to the export "
              f"(median {statistics.median(timed):.1f}×; target ≤ 3)")
    print(f"\nfirst draft passed its first run: {sum(row['first'] == 'pass' for row in rows)}/{len(rows)}; "
          f"proved: {sum(row['verdict'] == 'proved' for row in rows)}/{len(rows)}; "
          f"every proved test passed all its final runs: {'yes' if honest else 'NO'}")
    return 0 if honest else 1


def naive_file(flow: Flow) -> Path:
    return NAIVE_DIR / f"test_{flow.key.replace('/', '_').replace('-', '_')}.py"


def measure_naive(flows: list[Flow], runs: int, workers: int) -> int:
    """The naive test of each flow, once without chaos and then under chaos seeds 1 … runs."""
    started = time.monotonic()
    rows = []
    for flow in [flow for flow in flows if not naive_file(flow).exists()]:
        say(f"{flow.key}: no naive test in {NAIVE_DIR.name}/, skipped")
    for flow in [flow for flow in flows if naive_file(flow).exists()]:
        serve = proving.serving(flow.app)
        plain = run_pytest(naive_file(flow), None, serve)
        say(f"{flow.key}: naive test without chaos {'passes' if plain.passed else 'FAILS'}")
        chaotic = repeat(runs, workers, lambda n: run_pytest(naive_file(flow), None, serve, ("--chaos-seed", str(n))),
                         "naive under chaos")
        failing = next((run for run in chaotic if not run.passed), None)
        rows.append((flow.key, plain.passed, sum(r.passed for r in chaotic), _lint_codes(naive_file(flow)),
                     f"seed {chaotic.index(failing) + 1}: {_assertion(failing)}" if failing else ""))
    print(f"\nthe naive tests of {len(flows)} flows under chaos seeds 1-{runs} ({time.monotonic() - started:.0f} s)\n")
    print(f"{'flow':24} {'plain':>5} {'chaos':>7}  {'lint':24}  first failure")
    for key, plain, passes, codes, first in rows:
        print(f"{key:24} {'pass' if plain else 'FAIL':>5} {passes:>3}/{runs:<3}  {codes:24}  {first[:70]}")
    caught = sum(passes < runs for _, _, passes, _, _ in rows)
    named = sum(bool(codes) for _, _, _, codes, _ in rows)
    print(f"\n{caught} of {len(rows)} naive tests failed under chaos at least once; the linter named a flaw "
          f"in {named} of {len(rows)}; {sum(passes < runs or bool(codes) for _, _, passes, codes, _ in rows)} "
          "caught by one or the other")
    return 0


def _lint_codes(test_file: Path) -> str:
    """The rules ``verdex lint --select RECOMMENDED,VDX001`` finds in a file, each with its count."""
    findings = lint_source(test_file.read_text(), str(test_file),
                           LintConfig(select=("RECOMMENDED", "VDX001"))).findings
    codes = [finding.rule for finding in findings]
    return " ".join(f"{code}×{codes.count(code)}" if codes.count(code) > 1 else code for code in sorted(set(codes)))


def _assertion(run: Run) -> str:
    """The failing line of a pytest run's output (its E lines, first one)."""
    return next((line[1:].strip() for line in run.output.splitlines() if line.startswith("E ")), "failed")


def _example(reading: proving.LocatorReading, picks: list[proving.PlaywrightPick]) -> str:
    """The first target where Playwright's pick is positional, side by side with verdex's."""
    for pick in picks:
        if pick.positional:
            return f"verdex: {pick.ours}\n      Playwright: {pick.theirs}"
    return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--flow", action="append", help="only this flow (app/flow); repeatable")
    parser.add_argument("--shard", help="K/N: only the K-th of N equal shares of the flows (one machine's share)")
    parser.add_argument("--naive", action="store_true",
                        help="run each flow's naive test (tests/realapps/naive/) under chaos instead")
    parser.add_argument("--proof", action="store_true",
                        help="measure proving on export: first draft, revisions, verdict, final under chaos")
    parser.add_argument("--chaos", action="store_true",
                        help="run the pytest files under verdex's client-side chaos, seed n for run n (docs/prove.md)")
    parser.add_argument("--chaos-max-delay", type=int, metavar="MS",
                        help="with --chaos: the longest delay a response draws (the plugin's default 1500 ms): a "
                             "busier runner")
    args = parser.parse_args()
    flows = [FLOWS[key] for key in args.flow] if args.flow else list(FLOWS.values())
    if args.shard:
        shard, shards = (int(part) for part in args.shard.split("/"))
        if not 1 <= shard <= shards:
            parser.error("--shard is K/N with 1 ≤ K ≤ N")
        flows = flows[shard - 1::shards]
    if args.chaos_max_delay is not None and not args.chaos:
        parser.error("--chaos-max-delay goes with --chaos")
    if args.naive:
        return measure_naive(flows, args.runs, args.workers)
    if args.proof:
        return report_proof(flows, args.runs, args.workers)
    started = time.monotonic()
    chaos = (("--chaos-max-delay", str(args.chaos_max_delay)) if args.chaos_max_delay is not None else ()) \
        if args.chaos else None
    rows = per_flow(flows, lambda flow, folder: measure(flow, args.runs, args.workers, folder, chaos))
    print(f"\nreal-app corpus: {len(flows)} flows on {len({f.app.name for f in flows})} apps, "
          f"{args.runs} runs of each generated test{', pytest under chaos seeds 1-' + str(args.runs) if args.chaos else ''} "
          f"({time.monotonic() - started:.0f} s)\n")
    width = table_header(f"{'flow':24} {'pytest':>7} {'pw test':>7} {'style':>5} {'locators':>8} {'nth':>4} "
                         f"{'volatile':>8} {'| Playwright picks':>17} {'nth':>4} {'volatile':>8}")
    for row in rows:
        print(f"{row['flow']:24} {row['python']:>3}/{row['runs']:<3} {row['typescript']:>3}/{row['runs']:<3} "
              f"{row['style']:>5} {row['locators']:>8} {row['nth']:>4} {row['volatile']:>8} | {row['pw_picks']:>15} "
              f"{row['pw_nth']:>4} {row['pw_volatile']:>8}")
    total = lambda key: sum(int(row[key]) for row in rows)  # noqa: E731
    print("-" * width)
    print(f"{'all':24} {total('python'):>3}/{args.runs * len(rows):<3} {total('typescript'):>3}/{args.runs * len(rows):<3} "
          f"{total('style'):>5} {total('locators'):>8} {total('nth'):>4} {total('volatile'):>8} | {total('pw_picks'):>15} "
          f"{total('pw_nth'):>4} {total('pw_volatile'):>8}")
    refused = [(row["flow"], row["refused"]) for row in rows if row.get("refused")]
    if refused:
        print("\nflows the scripted agent could not record (0 runs of their tests):")
        for key, reason in refused:
            print(f"  {key}: {reason[:300]}")
    examples = [(row["flow"], row["example"]) for row in rows if row["example"]]
    if examples:
        print("\nwhere Playwright's generator falls back to a position:")
        for key, example in examples:
            print(f"  {key}\n      {example}")
    failed = total("python") + total("typescript") < 2 * args.runs * len(rows) or total("style") > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
