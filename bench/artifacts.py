"""What artifacts cost per action: the same clicks with nothing captured, with the visual diff, and with
the visual diff and step screenshots kept.

    python bench/artifacts.py [--clicks N] [--json]

Each mode runs its own Session on the fixture server (no chaos) and clicks "Add to Cart" on the shop's
products in turn, ``--clicks`` times (default 12), recording every step. Timed: each click (preflight →
action → effects settled → pictures written), and the visual diff's own time (two masked viewport
screenshots and the comparison, ``effects.visual.ms``). Medians and min–max; exit code 0 always.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from verdex.fixtures.server import FixtureServer  # noqa: E402
from verdex import actions  # noqa: E402
from verdex.artifacts import ArtifactOptions  # noqa: E402
from verdex.browser.session import BrowserOptions, Session  # noqa: E402

MODES = {"nothing": ArtifactOptions(), "visual diff": ArtifactOptions(visual_diff=True),
         "visual diff + screenshots": ArtifactOptions(visual_diff=True, screenshots=True)}


async def _run(url: str, options: ArtifactOptions, clicks: int, folder: Path) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {"click_ms": [], "visual_ms": []}
    async with Session(BrowserOptions(artifacts=options), record=folder / "bench.jsonl") as session:
        tab = await session.tab()
        await actions.navigate(tab, url + "/shop/")
        await tab.page.get_by_test_id("product-card").first.wait_for()
        refs = re.findall(r'button "Add to Cart" \[ref=(e\d+)\]', (await tab.snapshot()).text)
        for i in range(clicks):
            started = time.monotonic()
            result = await actions.click(tab, refs[i % len(refs)], wait=True)
            timings["click_ms"].append((time.monotonic() - started) * 1000)
            if result.effects and result.effects.visual:
                timings["visual_ms"].append(result.effects.visual.ms)
    return timings


def _summary(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})" if values else "–"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {}
    with FixtureServer() as apps, tempfile.TemporaryDirectory() as work:
        for name, options in MODES.items():
            folder = Path(work) / name.replace(" ", "-")
            folder.mkdir()
            print(f"{name} …", file=sys.stderr)
            report[name] = asyncio.run(_run(apps.url, options, args.clicks, folder))
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print("| captured | click, ms median (min–max) | visual diff, ms median (min–max) |")
    print("|---|---|---|")
    for name, timings in report.items():
        print(f"| {name} | {_summary(timings['click_ms'])} | {_summary(timings['visual_ms'])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
