"""Preflight benchmark: the latency a preflighted click adds over a plain Playwright ``locator.click()``.

    python bench/preflight.py [--runs N] [--warmups N] [--json]

On each page (the shop, the 5,000-button grid) a few target buttons take turns, one per round. In a
round the same button is clicked twice, interleaved: first plainly, with the very Playwright locator
verdex chose for it (``locators.build(page, result.locator.chosen.steps)``; ``await locator.click()``),
then through verdex (``actions.click(tab, ref, effects=False)``: the preflight — one bridge round
trip — the bridge's locator candidates, the locator choice proven with Playwright, then the same
Playwright click). The added latency is the per-round difference; its median is judged against the
issue's target (≤ 10 ms). For context the parts are timed alone in the same round: ``tab.preflight``,
``tab.candidates`` and ``locators.choose``, and a preflighted click with effects (which waits for the
page to settle, so it is much slower and not judged).

Each call is timed from the Python call to its return. Nothing timed waits on anything else: between
calls the script waits (untimed) for the page's answer to a click — on the shop the cart count going
up, which is when the card is re-rendered — and, on the shop, takes a new snapshot for a fresh ref,
since the re-render replaces the button. The target is scrolled into view (untimed) before each
round, so neither click pays for scrolling. Exit code 0 always: this is a report, not a test.
Progress goes to stderr, the report to stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from verdex.fixtures.server import FixtureServer  # noqa: E402
from verdex import actions, locators  # noqa: E402
from verdex.browser.session import Session  # noqa: E402
from reporting import rounded  # noqa: E402  (bench/ is on sys.path when a script runs)
from verdex.browser.tab import Tab  # noqa: E402
from verdex.facts import ActionResult, LocatorStep  # noqa: E402

TARGET_MS = 10.0  # median added latency of a preflighted click
GRID_BUTTONS = 5_000

KINDS = ("plain", "preflighted", "added", "preflight", "candidates", "choose", "effects")
LABELS = {
    "plain": "plain locator.click()",
    "preflighted": "preflighted click",
    "added": "added (paired difference)",
    "preflight": "  tab.preflight alone",
    "candidates": "  tab.candidates alone",
    "choose": "  locators.choose alone",
    "effects": "click with effects",
}
NOTES = {
    "plain": "",
    "preflighted": "effects=False",
    "added": "judged",
    "preflight": "1 bridge round trip",
    "candidates": "1 bridge round trip",
    "choose": "count() + bounding_box()",
    "effects": "waits for the page to settle; context",
}


@dataclass
class Target:
    heading: str  # the card's heading
    button: str  # the button's name inside it
    ref: str = ""
    steps: list[LocatorStep] = field(default_factory=list)  # the locator verdex chose
    code: str = ""
    added_ms: list[float] = field(default_factory=list)  # measured rounds only

    @property
    def label(self) -> str:
        return f"{self.heading} / {self.button}"


@dataclass
class PageSpec:
    name: str
    path: str
    load: Callable[[Tab, str], Awaitable[None]]
    targets: list[tuple[str, str]]
    rerenders: bool  # a click replaces the button: a new snapshot for a fresh ref after each one


async def load_grid(tab: Tab, base: str) -> None:
    await tab.navigate(base + "/grid/")
    await tab.page.wait_for_function(f"document.querySelectorAll('button').length >= {GRID_BUTTONS}")


async def load_shop(tab: Tab, base: str) -> None:
    await tab.navigate(base + "/shop/")
    await tab.page.wait_for_selector("[data-testid=product-grid][data-hydrated=true]")
    await tab.page.wait_for_selector("[data-testid=loading-scrim]", state="detached")


PAGES = [
    PageSpec(
        "shop",
        "/shop/",
        load_shop,
        # the outer columns: the toasts ("Added … to cart", 3 s each) stack up the middle of the page
        [("iPhone 15 Pro", "Add to Cart"), ("Fairphone 5", "Add to Cart"), ("Kindle Paperwhite", "Add to Cart")],
        True,
    ),
    PageSpec(
        "5,000 buttons",
        "/grid/",
        load_grid,
        [("Card 1", "Action 3"), ("Card 250", "Action 7"), ("Card 500", "Action 10")],
        False,
    ),
]

CART_COUNT = "() => +(/\\d+/.exec(document.querySelector('[data-testid=cart-link]').textContent) || [0])[0]"


def find_ref(text: str, heading: str, button: str) -> str:
    """The ref of the first button named ``button`` after the heading ``heading`` in a snapshot."""
    start = text.find(f'heading "{heading}"')
    match = re.compile(rf'button "{re.escape(button)}" \[ref=(e\d+)\]').search(text, start)
    if start < 0 or match is None:
        raise RuntimeError(f"no button {button!r} under {heading!r} in the snapshot")
    return match.group(1)


class Clicks:
    """One page's targets and the untimed steps around each timed call."""

    def __init__(self, tab: Tab, spec: PageSpec) -> None:
        self.tab = tab
        self.spec = spec
        self.targets = [Target(heading, button) for heading, button in spec.targets]

    async def refresh_refs(self) -> None:
        snap = await self.tab.snapshot(mode="full", max_bytes=None)
        for target in self.targets:
            target.ref = find_ref(snap.text, target.heading, target.button)

    async def before_click(self) -> int:
        return int(await self.tab.page.evaluate(CART_COUNT)) if self.spec.rerenders else 0

    async def after_click(self, count_before: int) -> None:
        """Wait for the page's answer to the click; on the shop, the card is re-rendered with a new button."""
        if self.spec.rerenders:
            await self.tab.page.wait_for_function(f"({CART_COUNT})() > {count_before}")
            await self.refresh_refs()

    async def timed(self, call: Callable[[], Awaitable[Any]], clicks: bool) -> tuple[float, Any]:
        count = await self.before_click() if clicks else 0
        start = time.perf_counter()
        value = await call()
        elapsed_ms = (time.perf_counter() - start) * 1000
        if clicks:
            await self.after_click(count)
        return elapsed_ms, value

    async def preflighted(self, target: Target, effects: bool) -> ActionResult:
        result = await actions.click(self.tab, target.ref, effects=effects)
        assert result.locator is not None
        target.steps, target.code = result.locator.chosen.steps, result.locator.code
        return result

    async def round(self, target: Target) -> dict[str, float]:
        tab = self.tab
        if not target.steps:  # first round: learn the locator verdex chooses
            await self.timed(lambda: self.preflighted(target, effects=False), clicks=True)
        locator = locators.build(tab.page, target.steps)
        await locator.scroll_into_view_if_needed()
        ms: dict[str, float] = {}
        ms["plain"], _ = await self.timed(lambda: locator.click(), clicks=True)
        ms["preflighted"], _ = await self.timed(lambda: self.preflighted(target, effects=False), clicks=True)
        ms["added"] = ms["preflighted"] - ms["plain"]
        ms["preflight"], _ = await self.timed(lambda: tab.preflight(target.ref), clicks=False)
        ms["candidates"], info = await self.timed(lambda: tab.candidates(target.ref), clicks=False)
        ms["choose"], _ = await self.timed(lambda: locators.choose(tab.page, info, tab.test_id_attribute), clicks=False)
        ms["effects"], _ = await self.timed(lambda: self.preflighted(target, effects=True), clicks=True)
        return ms


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
    locators: dict[str, str]  # target -> the locator verdex chose, as Python
    added_by_target: dict[str, float]  # target -> median added latency (ms)
    medians: dict[str, dict[str, float]]  # kind -> median, min, max (ms)
    difference_of_medians_ms: float
    checks: list[Check]


async def bench_page(tab: Tab, spec: PageSpec, runs: int, warmups: int) -> PageResult:
    clicks = Clicks(tab, spec)
    await clicks.refresh_refs()
    samples: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for round_no in range(warmups + runs):
        warm = round_no < warmups
        target = clicks.targets[round_no % len(clicks.targets)]
        ms = await clicks.round(target)
        if not warm:
            target.added_ms.append(ms["added"])
            for kind in KINDS:
                samples[kind].append(ms[kind])
        print(
            f"  {spec.name}: {'warm-up' if warm else 'run'} {round_no + 1 - (0 if warm else warmups)}"
            f"/{warmups if warm else runs}: plain {ms['plain']:.1f} ms, preflighted {ms['preflighted']:.1f} ms",
            file=sys.stderr,
        )
    medians = {
        kind: {"ms": statistics.median(values), "min_ms": min(values), "max_ms": max(values)}
        for kind, values in samples.items()
    }
    added = medians["added"]["ms"]
    difference = medians["preflighted"]["ms"] - medians["plain"]["ms"]
    checks = [Check(f"added latency ≤ {TARGET_MS:.0f} ms (median)", f"{added:.1f} ms", added <= TARGET_MS)]
    return PageResult(
        spec.name,
        spec.path,
        runs,
        {t.label: t.code for t in clicks.targets if t.code},
        {t.label: statistics.median(t.added_ms) for t in clicks.targets if t.added_ms},
        medians,
        difference,
        checks,
    )


def render(result: PageResult) -> str:
    lines = [
        f"{result.page} ({result.path}), median of {result.runs} rounds",
        f"  {'call':<28}{'ms':>8}{'(min–max)':>16}   note",
    ]
    for kind in KINDS:
        m = result.medians[kind]
        spread = f"{m['min_ms']:.1f}–{m['max_ms']:.1f}"
        lines.append(f"  {LABELS[kind]:<28}{m['ms']:>8.1f}{spread:>16}   {NOTES[kind]}".rstrip())
    lines.append(f"  {'(difference of medians)':<28}{result.difference_of_medians_ms:>8.1f}")
    for check in result.checks:
        lines.append(f"  {'PASS' if check.passed else 'MISS'}  {check.target:<36}{check.value}")
    for target, code in result.locators.items():
        added = result.added_by_target.get(target)
        lines.append(
            f"  {target}: added {added:.1f} ms (median), locator {code}"
            if added is not None
            else f"  {target}: locator {code}"
        )
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
            for spec in PAGES:
                print(f"loading {spec.path}", file=sys.stderr)
                await spec.load(tab, server.url)
                results.append(await bench_page(tab, spec, runs, warmups))
    return Report(
        chromium, version("playwright"), runs, warmups, os.cpu_count() or 0, load_before, os.getloadavg()[0], results
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="measured rounds per page (default 30)")
    parser.add_argument("--warmups", type=int, default=3, help="unmeasured rounds first (default 3)")
    parser.add_argument("--json", action="store_true", help="print machine-readable results instead of the table")
    args = parser.parse_args()
    report = asyncio.run(run(max(1, args.runs), max(0, args.warmups)))
    if args.json:
        print(json.dumps(rounded(asdict(report)), indent=2, ensure_ascii=False))
    else:
        print(
            f"Chromium {report.chromium}, Playwright {report.playwright}; "
            f"{report.runs} rounds after {report.warmups} warm-ups, plain and preflighted interleaved; "
            f"{report.cpus} CPUs, load average {report.load_before:.1f} before, {report.load_after:.1f} after\n"
        )
        print("\n\n".join(render(result) for result in report.pages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
