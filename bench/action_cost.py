"""What a verdex click costs beside a raw Playwright ``locator.click()`` on the same pages, in one run.

For each page, round after round (after warm-ups), the same target is clicked twice in turn: by
``verdex.actions.click`` (preflight, the click through the proven locator, the effects) and by Playwright
alone (``locator.click()`` with the locator verdex chose, in a context of its own in the same browser).
Each click is timed from the call until it returns. Printed per page: the medians and their ratio, the
calls verdex made into the page per click (the bridge's calls: preflight+candidates with the watch's
start, then the watch's finish; the click itself is Playwright's), the bytes of JSON those calls
brought to Python, and the bytes of the tool result the agent reads.

Pages: the fixture shop's "Add to Cart", a fixture page that keeps a long poll open (its "Send"), and
two real apps of tests/realapps (Flask-Admin's sort by price, a link that reloads the list; NiceGUI's
first todo checkbox, answered over a websocket).

    ./dev setup && .venv/bin/python bench/action_cost.py [--rounds 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.async_api import Page  # noqa: E402

from tests.realapps.apps import APPS, running  # noqa: E402
from verdex import actions, locators  # noqa: E402
from verdex.browser.session import Session  # noqa: E402
from verdex.browser.tab import Tab  # noqa: E402
from verdex.errors import StaleRef  # noqa: E402
from verdex.fixtures.server import FixtureServer  # noqa: E402

WARM_UPS = 2


@dataclass(frozen=True)
class Target:
    name: str
    path: str                                       # from the app's base URL
    line: str                                       # the snapshot line of the target (its first match)
    ready: Callable[[Page], Awaitable[None]]        # the page can be acted on
    fresh_page: bool = False                        # go to the page before each click (the click navigates)


@dataclass
class Measured:
    page: str
    rounds: int
    verdex_ms: float
    playwright_ms: float
    ratio: float
    bridge_calls: float
    bridge_calls_max: int
    bytes_to_python: float
    result_bytes: float


async def shop_ready(page: Page) -> None:
    await page.get_by_test_id("loading-scrim").wait_for(state="detached")
    await page.wait_for_selector("[data-testid=product-grid][data-hydrated=true]")


async def visible(page: Page, selector: str) -> None:
    await page.locator(selector).first.wait_for()


FIXTURES = [
    Target("fixture shop: Add to Cart", "/shop/", 'button "Add to Cart"', shop_ready),
    Target("fixture long poll: Send", "/settling/longpoll.html", 'button "Send"',
           lambda page: visible(page, "#send")),
]
REAL = {
    "flask-admin": Target("Flask-Admin: sort by Price (reloads the list)", APPS["flask-admin"].path, 'link "Price"',
                          lambda page: page.get_by_role("link", name="Price").wait_for(), fresh_page=True),
    "nicegui": Target("NiceGUI: the first todo's checkbox (websocket)", APPS["nicegui"].path, "checkbox",
                      lambda page: page.get_by_role("checkbox").first.wait_for()),
}


def ref_of(text: str, line: str) -> str:
    import re
    return next(re.search(r"\[ref=(\w+)\]", row).group(1) for row in text.splitlines()
                if row.strip().startswith(f"- {line}") and "[ref=" in row)


async def measure(session: Session, base_url: str, target: Target, rounds: int) -> Measured:
    tab: Tab = await session.tab()
    browser = await session.start()
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    url = base_url + target.path

    async def on_verdex_page() -> str:
        if target.fresh_page or tab.page.url != url:
            await tab.navigate(url)
            await target.ready(tab.page)
        return ref_of((await tab.snapshot()).text, target.line)

    async def on_playwright_page() -> None:
        if target.fresh_page or page.url != url:
            await page.goto(url)
            await target.ready(page)

    times: dict[str, list[float]] = {"verdex": [], "playwright": []}
    calls, answered, said = [], [], []
    for round_ in range(WARM_UPS + rounds):
        for _ in range(3):              # a page that re-renders the target after the snapshot: snapshot again
            ref = await on_verdex_page()
            before_calls, before_bytes = tab.bridge.traffic.calls, tab.bridge.traffic.bytes
            started = time.perf_counter()
            try:
                result = await actions.click(tab, ref)
                break
            except StaleRef:
                continue
        took = time.perf_counter() - started
        steps = result.locator.chosen.steps
        await on_playwright_page()
        started = time.perf_counter()
        await locators.build(page, steps).click()
        raw = time.perf_counter() - started
        if round_ >= WARM_UPS:
            times["verdex"].append(took * 1000)
            times["playwright"].append(raw * 1000)
            calls.append(tab.bridge.traffic.calls - before_calls)
            answered.append(tab.bridge.traffic.bytes - before_bytes)
            said.append(len(result.to_text().encode()))
    await context.close()
    verdex_ms, playwright_ms = statistics.median(times["verdex"]), statistics.median(times["playwright"])
    return Measured(target.name, rounds, round(verdex_ms), round(playwright_ms), round(verdex_ms / playwright_ms, 1),
                    statistics.median(calls), max(calls), round(statistics.median(answered)),
                    round(statistics.median(said)))


@asynccontextmanager
async def fresh_session() -> AsyncIterator[Session]:
    async with Session(record=False) as session:
        yield session


async def run(rounds: int) -> list[Measured]:
    out = []
    with FixtureServer() as apps:
        for target in FIXTURES:
            print(f"measuring {target.name} …", file=sys.stderr, flush=True)
            async with fresh_session() as session:
                out.append(await measure(session, apps.url, target, rounds))
    for name, target in REAL.items():
        print(f"measuring {target.name} …", file=sys.stderr, flush=True)
        with running(APPS[name]) as base_url:
            async with fresh_session() as session:
                out.append(await measure(session, base_url, target, rounds))
    return out


def table(rows: list[Measured]) -> str:
    lines = ["| page | verdex click (ms) | Playwright click (ms) | ratio | calls into the page | bytes to Python | "
             "tool result bytes |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r.page} | {r.verdex_ms} | {r.playwright_ms} | {r.ratio}× | {r.bridge_calls:g} (max "
                     f"{r.bridge_calls_max}) + the click | {r.bytes_to_python:,} | {r.result_bytes:,} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = asyncio.run(run(args.rounds))
    print(json.dumps([asdict(r) for r in rows], indent=2) if args.json else table(rows))


if __name__ == "__main__":
    main()
