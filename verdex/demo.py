"""The main job: an agent session over a real stdio MCP connection that writes a resilient test.

It starts the fixture shop in chaos mode, launches ``verdex serve`` as a subprocess and drives it the
way an agent would — choosing refs only from what the tools returned. The preflight catches the
loading scrim that would have eaten the click, the agent waits it out, adds "Pixel 8" to the cart
and asserts the toast; verdex exports the recording as a pytest-playwright test (and a TypeScript
spec), and the demo runs the Python test 10 times against the shop under 10 chaos seeds, then
``verdex prove`` runs it under 5 seeds of client-side chaos against the shop with its own chaos off.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters
from mcp_types import CallToolResult

from verdex.errors import VerdexError
from verdex.fixtures.server import FixtureServer
from verdex.prove import prove, render

PRODUCT = "Pixel 8"
RECORD_SEED = 1
RUNS = 10
PROVE_RUNS = 5
POLL_S = 0.1
TIMEOUT_S = 20.0
OUT = Path(".verdex/demo")
DEMO_FILES = ("test_add_to_cart.py", "conftest.py", "add_to_cart.spec.ts", "playwright.config.ts")


def _step(title: str) -> None:
    print(f"\n\033[1m== {title}\033[0m", flush=True)


def _show(text: str, limit: int = 12) -> None:
    lines = text.splitlines()
    for line in lines[:limit]:
        print(f"   {line}")
    if len(lines) > limit:
        print(f"   … {len(lines) - limit} more lines")


async def _call(client: Client, tool: str, args: dict[str, Any] | None = None) -> CallToolResult:
    return await client.call_tool(tool, args or {})


def _ref_after(text: str, anchor: str, target: str) -> str | None:
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if anchor in line), None)
    if start is None:
        return None
    for line in lines[start:]:
        if target in line and (match := re.search(r"\[ref=(e\d+)\]", line)):
            return match.group(1)
    return None


async def run_demo(chaos_seed: int | None = None) -> int:
    started = time.perf_counter()
    seed = RECORD_SEED if chaos_seed is None else chaos_seed
    OUT.mkdir(parents=True, exist_ok=True)
    recording = OUT / "shop.jsonl"
    for stale in (recording, *(OUT / name for name in DEMO_FILES)):
        stale.unlink(missing_ok=True)               # the report lists what this run wrote, nothing older
    with FixtureServer(chaos_seed=seed) as shop:
        print(f"fixture shop at {shop.url} in chaos mode (seed {seed}): random latency, hydration delay, "
              "scrim time, card order and re-renders")
        params = StdioServerParameters(command=sys.executable,
                                       args=["-m", "verdex", "serve", "--caps", "test", "--record", str(recording)])
        async with Client(params) as client:
            print(f"connected to `verdex serve` over stdio ({len((await client.list_tools()).tools)} tools)")
            caught = await _record(client, shop.url + "/shop/")
            _step("export_test: the recording as pytest-playwright and @playwright/test")
            for target, path in (("python", OUT / "test_add_to_cart.py"), ("typescript", OUT / "add_to_cart.spec.ts")):
                result = await _call(client, "export_test", {"target": target, "path": str(path), "name": "add to cart"})
                print(f"   {result.content[0].text}")
    test_file = OUT / "test_add_to_cart.py"
    _step(f"the generated test ({test_file})")
    body = test_file.read_text().split("def test_", 1)[1]
    _show("def test_" + body, 40)

    _step(f"running it {RUNS} times against the shop under chaos seeds 1–{RUNS}")
    passed, durations = 0, []
    for run_seed in range(1, RUNS + 1):
        with FixtureServer(chaos_seed=run_seed) as server:
            t0 = time.perf_counter()
            run = subprocess.run([sys.executable, "-m", "pytest", str(test_file), "-q", "-p", "no:cacheprovider",
                                  "--base-url", server.url], capture_output=True, text=True)
            durations.append(time.perf_counter() - t0)
        ok = run.returncode == 0
        passed += ok
        print(f"   seed {run_seed:>2}: {'passed' if ok else 'FAILED'} ({durations[-1]:.1f} s)")
        if not ok:
            _show(run.stdout[-2000:], 30)

    _step(f"verdex prove {test_file} --runs {PROVE_RUNS}: the same test under client-side chaos")
    print("   the shop with its own chaos off; verdex delays responses, slows the CPU and fires timers late")
    with FixtureServer() as server:
        proof = prove(test_file, runs=PROVE_RUNS, pytest_args=["--base-url", server.url])
    _show(render(proof), 12)

    _step("report")
    print(f"   - the preflight caught: {caught}")
    print("   - the test waits only on what was observed and Playwright does not wait for itself: the shop's")
    print("     start-up data, its readiness signal, the cart response (the click waits out the scrim on its own)")
    print(f"   - {passed}/{RUNS} runs passed under chaos; median run {sorted(durations)[len(durations) // 2]:.1f} s")
    print(f"   - verdex prove: {sum(t.passes for t in proof.tests.values())}/{PROVE_RUNS} seeds of client-side chaos passed")
    written = [name for name in (*DEMO_FILES, "shop.jsonl") if (OUT / name).exists()]
    print(f"   - files: {OUT}/{', '.join(written)}")
    print(f"\ndone in {time.perf_counter() - started:.1f} s")
    return 0 if passed == RUNS and proof.passed else 1


async def _record(client: Client, shop: str) -> str:
    _step(f"browser_navigate {shop}")
    _show((await _call(client, "browser_navigate", {"url": shop})).content[0].text, 10)

    _step(f"browser_snapshot until the {PRODUCT!r} card is there")
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        snapshot = await _call(client, "browser_snapshot")
        ref = _ref_after(snapshot.content[0].text, f'heading "{PRODUCT}"', 'button "Add to Cart"')
        if ref:
            break
        if time.monotonic() > deadline:
            raise VerdexError(f"the {PRODUCT!r} card never appeared")
        await asyncio.sleep(POLL_S)
    identity = snapshot.structured_content["identity"]
    print(f"   the {PRODUCT!r} card's button is {ref}; blockers: "
          f"{[b['test_id'] or b['role'] for b in identity['blockers']] or 'none'}")

    _step(f"browser_click {ref}")
    result = await _call(client, "browser_click", {"ref": ref})
    caught: list[str] = []
    if result.is_error:
        _show(result.content[0].text.split("\n{")[0], 3)
        caught.append(_caught(result.content[0].text))
        _step(f"browser_click {ref} wait=true: wait (bounded) for the blocking facts to clear, then click")
        result = await _call(client, "browser_click", {"ref": ref, "wait": True})
        _show(result.content[0].text.split("\n{")[0], 14)
        if result.is_error:
            caught.append(_caught(result.content[0].text))
    # a careful agent: a re-rendered card (STALE_REF) or a click in the hydration gap means look again
    while result.is_error or "no observable effect" in result.content[0].text:
        if time.monotonic() > deadline:
            raise VerdexError(f"could not add {PRODUCT!r} to the cart: {result.content[0].text[:200]}")
        reason = "the card was re-rendered" if "STALE_REF" in result.content[0].text else (
            "the click landed in the hydration gap" if "no observable effect" in result.content[0].text
            else result.content[0].text.split("\n")[0])
        print(f"   {reason}: the agent takes a new snapshot and clicks again")
        await asyncio.sleep(POLL_S)
        ref = _ref_after((await _call(client, "browser_snapshot")).content[0].text,
                         f'heading "{PRODUCT}"', 'button "Add to Cart"')
        if ref is None:
            continue
        result = await _call(client, "browser_click", {"ref": ref, "wait": True})
        _show(result.content[0].text.split("\n{")[0], 14)
    if waited := re.search(r"^waited \d+ ms for: .*$", result.content[0].text, re.M):
        caught.append(waited.group(0))

    _step(f"verify_text_visible 'Added {PRODUCT} to cart' (proposed by the click's effects)")
    verified = await _call(client, "verify_text_visible", {"text": f"Added {PRODUCT} to cart"})
    print(f"   {verified.content[0].text}")
    if not verified.structured_content.get("passed"):
        raise VerdexError("the toast did not show: the recording would not make a test")
    return "; ".join(dict.fromkeys(caught)) or "nothing (the page was ready)"


def _caught(refused: str) -> str:
    """What a refused click's error says the page was doing, in one line."""
    if "would not land: " in refused:
        return refused.split("would not land: ", 1)[1].split("\n")[0]
    if "STALE_REF" in refused:
        return "the card was re-rendered after the snapshot (STALE_REF)"
    return refused.split("\n")[0]
