"""The main job until the generator lands: an agent session over a real stdio MCP connection that
explores the bundled shop and prints what verdex sees.

It starts the fixture apps, launches ``verdex serve`` as a subprocess, and drives it the way an
agent would — choosing refs only from what the tools returned: the page identity while the loading
scrim still covers the grid, the grid once it is gone, and the structure around one of twelve
identical "Add to Cart" buttons that tells it apart.
"""

from __future__ import annotations

import asyncio
import re
import sys
import time
from typing import Any

from mcp import Client, StdioServerParameters
from mcp_types import CallToolResult

from fixtures.server import FixtureServer
from verdex.errors import VerdexError

PRODUCT = "iPhone 15 Pro"
GRID_TIMEOUT_S = 15.0
POLL_S = 0.1


def _step(title: str) -> None:
    print(f"\n\033[1m== {title}\033[0m", flush=True)


def _show(text: str, limit: int = 30) -> None:
    lines = text.splitlines()
    for line in lines[:limit]:
        print(f"   {line}")
    if len(lines) > limit:
        print(f"   … {len(lines) - limit} more lines")


async def _call(client: Client, tool: str, args: dict[str, Any] | None = None) -> CallToolResult:
    result = await client.call_tool(tool, args or {})
    if result.is_error:
        raise VerdexError(f"{tool} failed: {result.content[0].text}")
    return result


async def run_demo(chaos_seed: int | None = None) -> int:
    started = time.perf_counter()
    with FixtureServer(chaos_seed=chaos_seed) as fixtures:
        shop = fixtures.url + "/shop/"
        print(f"fixture apps at {fixtures.url}" + (f" (chaos seed {chaos_seed})" if chaos_seed is not None else ""))
        params = StdioServerParameters(command=sys.executable, args=["-m", "verdex", "serve", "--caps", "more"])
        async with Client(params) as client:
            tools = await client.list_tools()
            print(f"connected to `verdex serve` over stdio: {len(tools.tools)} tools")

            _step("browser_initialize")
            _show((await _call(client, "browser_initialize")).content[0].text)

            _step(f"browser_navigate {shop}")
            _show((await _call(client, "browser_navigate", {"url": shop})).content[0].text)

            _step("browser_snapshot right after navigation: what covers the page?")
            first = await _call(client, "browser_snapshot")
            identity = first.structured_content["identity"]
            _show(first.content[0].text, 14)
            for blocker in identity["blockers"]:
                print(f"   -> blocker: {blocker['role']} [testid={blocker['test_id']}] covers "
                      f"{round(blocker['viewport_share'] * 100)}% of the viewport ({blocker['kind']})")
            if identity["busy"]:
                print("   -> the page reports aria-busy: its data is still loading")

            _step("browser_snapshot(diff=True) until the scrim and busy state are gone")
            snapshot = await _wait_for_grid(client)
            _show(snapshot.content[0].text, 28)

            ref = _add_to_cart_ref(snapshot.content[0].text, PRODUCT)
            same_name = snapshot.content[0].text.count('button "Add to Cart"')
            print(f'\n   the "Add to Cart" button in the {PRODUCT!r} card is {ref}; {same_name} buttons share its name')

            _step(f"get_ancestors({ref}): which container tells it apart?")
            ancestors = await _call(client, "get_ancestors", {"ref": ref})
            _show(ancestors.content[0].text, 8)
            container = next(a for a in ancestors.structured_content["ancestors"] if a["container"])
            level = ancestors.structured_content["ancestors"].index(container) + 1

            _step(f"get_siblings({ref}, ancestor_level={level}): the container's siblings")
            siblings = await _call(client, "get_siblings", {"ref": ref, "ancestor_level": level, "max_items": 5})
            _show(siblings.content[0].text, 10)

            _step("what verdex saw")
            print(f"   - a loading scrim covered the grid at first: a click then would have been lost")
            print(f"   - {ref} sits in {container['tag']} [{container['container_reason']}: "
                  f"{container['attributes'].get('data-testid', '')}], one of "
                  f"{siblings.structured_content['total']} same-shape siblings told apart by their heading")
            print(f"   - a stable locator: the card with test id "
                  f"{container['attributes'].get('data-testid')!r} that has text {PRODUCT!r}, then its button "
                  f"\"Add to Cart\" — no nth(), no sleep")
            await _call(client, "browser_close")
    print(f"\ndone in {time.perf_counter() - started:.1f} s")
    return 0


async def _wait_for_grid(client: Client) -> CallToolResult:
    """Poll the page's facts (every POLL_S, bounded) until nothing covers it and nothing is busy."""
    started = time.monotonic()
    while True:
        diff = await _call(client, "browser_snapshot", {"diff": True})
        identity = diff.structured_content["identity"]
        changes = diff.structured_content["diff"] or []
        elapsed = time.monotonic() - started
        if changes:
            added = sum(line.startswith("+") for line in changes)
            print(f"   +{elapsed:.1f} s: {added} lines added, {len(changes) - added} removed; "
                  f"blockers={[b['test_id'] or b['role'] for b in identity['blockers']]} busy={identity['busy']}")
        if not identity["blockers"] and not identity["busy"]:
            return await _call(client, "browser_snapshot")
        if elapsed > GRID_TIMEOUT_S:
            raise VerdexError(f"the shop grid did not appear within {GRID_TIMEOUT_S:.0f} s")
        await asyncio.sleep(POLL_S)


def _add_to_cart_ref(text: str, product: str) -> str:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if f'heading "{product}"' in line)
    for line in lines[start:]:
        match = re.search(r'button "Add to Cart" \[ref=(\w+)\]', line)
        if match:
            return match.group(1)
    raise VerdexError(f"no Add to Cart button after the {product!r} heading")
