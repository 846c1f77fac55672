"""Snapshot benchmark: verdex's full and default snapshots beside Playwright's ``aria_snapshot(mode="ai")``.

    python bench/snapshot.py [--runs N] [--warmups N] [--json]

For each page (the 5,000-button grid, the shop) the three snapshots are taken interleaved
(Playwright, verdex full, verdex default, Playwright, ...) on the same loaded page, so machine
noise hits all three alike. Each one is timed from the Python call to the returned result, which
is what an agent waits for. Two sizes are taken, in UTF-8 bytes: the tree alone (``snap.text``;
Playwright's string is a tree alone, so this is like for like and the bytes target is judged on it)
and what a verdex client receives (``snap.to_text()``: the tree plus the page identity header, which
Playwright's snapshot does not carry). Medians are reported with the
ratios verdex/Playwright and PASS/MISS against the targets. The exit code is always 0: this is a
report, not a test. Progress goes to stderr, the report to stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from verdex.fixtures.server import FixtureServer  # noqa: E402
from verdex.browser.session import Session  # noqa: E402
from reporting import rounded  # noqa: E402  (bench/ is on sys.path when a script runs)
from verdex.browser.tab import Tab  # noqa: E402

GRID_BUTTONS = 5_000
FULL_TIME_RATIO = 0.7      # verdex full / Playwright ai, time
FULL_BYTES_RATIO = 0.8     # verdex full / Playwright ai, bytes
DEFAULT_MAX_BYTES = 24_000  # the default snapshot's budget, on every page
DEFAULT_GRID_MS = 150.0    # the default snapshot's first page, on the 5,000-button page

KINDS = ("playwright_ai", "verdex_full", "verdex_default")
LABELS = {"playwright_ai": "Playwright ai", "verdex_full": "verdex full", "verdex_default": "verdex default"}


@dataclass
class Measure:
    ms: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)        # the tree alone
    sent_sizes: list[int] = field(default_factory=list)   # what the client receives

    @property
    def median_ms(self) -> float:
        return statistics.median(self.ms)

    @property
    def median_bytes(self) -> int:
        return int(statistics.median(self.sizes))

    @property
    def median_sent_bytes(self) -> int:
        return int(statistics.median(self.sent_sizes))


@dataclass
class Check:
    target: str
    value: str
    passed: bool


@dataclass
class PageResult:
    page: str
    path: str
    runs: int
    medians: dict[str, dict[str, float]]
    ratios: dict[str, dict[str, float]]
    checks: list[Check]


Snap = Callable[[], Awaitable[tuple[str, str]]]   # (tree, what the client receives)


async def load_grid(tab: Tab, base: str) -> None:
    await tab.navigate(base + "/grid/")
    await tab.page.wait_for_function(f"document.querySelectorAll('button').length >= {GRID_BUTTONS}")


async def load_shop(tab: Tab, base: str) -> None:
    await tab.navigate(base + "/shop/")
    await tab.page.wait_for_selector("[data-testid=product-card]")
    await tab.page.wait_for_selector("[data-testid=loading-scrim]", state="hidden")


PAGES: list[tuple[str, str, Callable[[Tab, str], Awaitable[None]]]] = [
    ("5,000 buttons", "/grid/", load_grid),
    ("shop", "/shop/", load_shop),
]


def snappers(tab: Tab) -> dict[str, Snap]:
    async def playwright_ai() -> tuple[str, str]:
        text = await tab.page.aria_snapshot(mode="ai")
        return text, text

    async def verdex_full() -> tuple[str, str]:
        snap = await tab.snapshot(mode="full", max_bytes=None)
        return snap.text, snap.to_text()

    async def verdex_default() -> tuple[str, str]:
        snap = await tab.snapshot()
        return snap.text, snap.to_text()

    return {"playwright_ai": playwright_ai, "verdex_full": verdex_full, "verdex_default": verdex_default}


async def measure(snap: Snap) -> tuple[float, int, int]:
    start = time.perf_counter()
    tree, sent = await snap()
    elapsed_ms = (time.perf_counter() - start) * 1000
    return elapsed_ms, len(tree.encode("utf-8")), len(sent.encode("utf-8"))


async def bench_page(tab: Tab, name: str, path: str, runs: int, warmups: int) -> PageResult:
    snaps = snappers(tab)
    measures = {kind: Measure() for kind in KINDS}
    for round_no in range(warmups + runs):
        warm = round_no < warmups
        for kind in KINDS:
            ms, size, sent = await measure(snaps[kind])
            if not warm:
                measures[kind].ms.append(ms)
                measures[kind].sizes.append(size)
                measures[kind].sent_sizes.append(sent)
        print(f"  {name}: {'warm-up' if warm else 'run'} {round_no + 1 - (0 if warm else warmups)}"
              f"/{warmups if warm else runs}", file=sys.stderr)

    pw, full, default = (measures[kind] for kind in KINDS)
    time_ratio = {kind: measures[kind].median_ms / pw.median_ms for kind in KINDS}
    bytes_ratio = {kind: measures[kind].median_bytes / pw.median_bytes for kind in KINDS}
    checks = [
        Check(f"full time ≤ {FULL_TIME_RATIO}× Playwright", f"{time_ratio['verdex_full']:.2f}×",
              time_ratio["verdex_full"] <= FULL_TIME_RATIO),
        Check(f"full tree bytes ≤ {FULL_BYTES_RATIO}× Playwright", f"{bytes_ratio['verdex_full']:.2f}×",
              bytes_ratio["verdex_full"] <= FULL_BYTES_RATIO),
        Check(f"default bytes sent ≤ {DEFAULT_MAX_BYTES:,}", f"{max(default.sent_sizes):,} (largest run)",
              max(default.sent_sizes) <= DEFAULT_MAX_BYTES),
    ]
    if path == "/grid/":
        checks.append(Check(f"default first page ≤ {DEFAULT_GRID_MS:.0f} ms", f"{default.median_ms:.1f} ms",
                            default.median_ms <= DEFAULT_GRID_MS))
    medians = {kind: {"ms": m.median_ms, "bytes": m.median_bytes, "sent_bytes": m.median_sent_bytes,
                      "min_ms": min(m.ms), "max_ms": max(m.ms)} for kind, m in measures.items()}
    ratios = {kind: {"time": time_ratio[kind], "bytes": bytes_ratio[kind],
                     "sent_bytes": measures[kind].median_sent_bytes / pw.median_bytes} for kind in KINDS[1:]}
    return PageResult(name, path, runs, medians, ratios, checks)


def render(result: PageResult) -> str:
    lines = [f"{result.page} ({result.path}), median of {result.runs} runs",
             f"  {'snapshot':<16}{'ms':>10}{'(min–max)':>20}{'tree bytes':>12}{'sent bytes':>12}"
             f"{'time ×PW':>10}{'tree ×PW':>10}{'sent ×PW':>10}"]
    for kind in KINDS:
        m = result.medians[kind]
        r = result.ratios.get(kind, {"time": 1.0, "bytes": 1.0, "sent_bytes": 1.0})  # Playwright is the unit
        spread = f"{m['min_ms']:.1f}–{m['max_ms']:.1f}"
        lines.append(f"  {LABELS[kind]:<16}{m['ms']:>10.1f}{spread:>20}{int(m['bytes']):>12,}{int(m['sent_bytes']):>12,}"
                     f"{r['time']:>9.2f}×{r['bytes']:>9.2f}×{r['sent_bytes']:>9.2f}×")
    for check in result.checks:
        lines.append(f"  {'PASS' if check.passed else 'MISS'}  {check.target:<40}{check.value}")
    return "\n".join(lines)


@dataclass
class Report:
    chromium: str
    playwright: str
    runs: int
    warmups: int
    cpus: int
    load_before: float
    load_after: float
    pages: list[PageResult]


async def run(runs: int, warmups: int) -> Report:
    results: list[PageResult] = []
    load_before = os.getloadavg()[0]
    with FixtureServer() as server:
        async with Session() as session:
            tab = await session.tab()
            browser = tab.page.context.browser
            chromium = browser.version if browser is not None else "?"
            for name, path, load in PAGES:
                print(f"loading {path}", file=sys.stderr)
                await load(tab, server.url)
                results.append(await bench_page(tab, name, path, runs, warmups))
    return Report(chromium, version("playwright"), runs, warmups, os.cpu_count() or 0, load_before,
                  os.getloadavg()[0], results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="measured rounds per page (default 15)")
    parser.add_argument("--warmups", type=int, default=2, help="unmeasured rounds first (default 2)")
    parser.add_argument("--json", action="store_true", help="print machine-readable results instead of the table")
    args = parser.parse_args()
    report = asyncio.run(run(max(1, args.runs), max(0, args.warmups)))
    if args.json:
        print(json.dumps(rounded(asdict(report)), indent=2, ensure_ascii=False))
    else:
        print(f"Chromium {report.chromium}, Playwright {report.playwright}; "
              f"{report.runs} runs after {report.warmups} warm-ups, interleaved; {report.cpus} CPUs, "
              f"load average {report.load_before:.1f} before, {report.load_after:.1f} after\n")
        print("\n\n".join(render(result) for result in report.pages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
