"""Roles and accessible names agree with Playwright's: for every ref on every fixture page, once the
page has settled (its data arrived, its scrims gone: the shop's product cards included),
``get_by_role(role, name=name, exact=True)`` includes that element."""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections import defaultdict

import pytest

pytestmark = pytest.mark.anyio

LINE = re.compile(r'^\s*- (\w+)(?: ("(?:[^"\\]|\\.)*"))?((?: \[[^\]]*\])*)')
REF = re.compile(r"\[ref=((f\d+)?e\d+)\]")
NAME_LIMIT = 100
# `iframe` lines are frames, `generic` lines elements with no ARIA role (shown because they have a
# test id or a ref handed out by the identity header or a structure tool): neither is a role to query.
NOT_ROLES = {"iframe", "generic"}
SETTLE_POLL_S = 0.2
QUIET_S = 0.6
QUIET_BUSY_S = 2.0
SETTLE_TIMEOUT_S = 20.0

# The hostile page breaks the page's own JavaScript world, and with it Playwright's main-world
# evaluate that this test uses to mark matches; its snapshot is proven identical to the clean
# page's (test_bridge_isolation), so agreement on the clean page covers it.
PAGES = ["/", "/shop/", "/shop/cart", "/shop/checkout", "/login/", "/login/welcome.html", "/consent/",
         "/frames/", "/popup/", "/grid/", "/hostile/clean.html", "/aria/",
         "/banner/", "/huge/", "/routes/todos.html#/active", "/routes/products.html?sort=-price"]


def refs_by_role_and_name(text: str) -> dict[tuple[str, str, str], list[str]]:
    groups: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for line in text.splitlines():
        match = LINE.match(line)
        ref = REF.search(line)
        if not match or not ref or match.group(1) in NOT_ROLES:
            continue
        name = json.loads(match.group(2)) if match.group(2) else ""
        if len(name) >= NAME_LIMIT and name.endswith("…"):
            continue                               # clipped in the snapshot; not an exact name
        groups[(ref.group(2) or "", match.group(1), name)].append(ref.group(1))
    return groups


@pytest.mark.parametrize("path", PAGES)
async def test_every_ref_is_found_by_playwright_get_by_role(session, apps, path):
    tab = await session.tab()
    await tab.navigate(apps.url + path)
    snap = await _settled_snapshot(tab)
    groups = refs_by_role_and_name(snap.text)
    assert groups or path == "/login/welcome.html", f"no refs on {path}"
    if path == "/shop/":                         # settled: the product cards are there, every one checked
        assert len(groups[("", "button", "Add to Cart")]) == 12
    frames = tab.page.locator("iframe")
    disagreements = []
    for index, ((frame, role, name), refs) in enumerate(groups.items()):
        scope = tab.page if not frame else frames.nth(int(frame[1:]) - 1).content_frame
        marker = f"data-agreement-{index}"
        matches = scope.get_by_role(role, name=name, exact=True)
        await matches.evaluate_all("(els, attr) => els.forEach(e => e.setAttribute(attr, ''))", marker)
        marked = set((await tab.bridge.call("refsWithAttribute", {"attribute": marker}))["refs"])
        missing = [ref for ref in refs if ref not in marked and await _still_shown(tab, frame, role, name, ref)]
        if missing:
            disagreements.append((role, name, missing))
    assert disagreements == [], f"{path}: verdex's role/name not matched by Playwright for {disagreements}"


async def _settled_snapshot(tab):
    """The snapshot once the page is quiet: loaded, and the same for QUIET_S (QUIET_BUSY_S while it
    still shows a loading indicator: a page may keep one for good) — data arrived, scrims gone."""
    await tab.page.wait_for_load_state("load")
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    previous, unchanged_since = None, time.monotonic()
    while time.monotonic() < deadline:
        snap = await tab.snapshot(mode="full", max_bytes=None)
        if snap.text != previous:
            previous, unchanged_since = snap.text, time.monotonic()
        elif time.monotonic() - unchanged_since >= (QUIET_BUSY_S if snap.identity.loading else QUIET_S):
            return snap
        await asyncio.sleep(SETTLE_POLL_S)
    raise AssertionError(f"{tab.page.url} did not settle within {SETTLE_TIMEOUT_S:.0f} s")


async def _still_shown(tab, frame: str, role: str, name: str, ref: str) -> bool:
    """A page may hide or remove an element between the snapshot and the check (the shop hides its
    products view, scrim included, when it routes to the cart): only what is still shown counts."""
    fresh = refs_by_role_and_name((await tab.snapshot(mode="full", max_bytes=None)).text)
    return ref in fresh.get((frame, role, name), [])
