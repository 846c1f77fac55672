"""Roles and accessible names agree with Playwright's: for every ref on every fixture page, once the
page has settled (its data arrived, its scrims gone: the shop's product cards included),
``get_by_role(role, name=name, exact=True)`` includes that element. Names also agree with Chromium's own
accessibility tree (CDP), icon fonts' glyphs and ligature words included."""

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
# not roles Playwright knows: a frame, and what the page wires to a script with no role (``clickable``, found by
# its class and what it holds, never by a role: tests/test_held_titled_icons.py, test_roving_under_shadow_root.py)
NOT_ROLES = {"iframe", "generic", "clickable"}
SETTLE_POLL_S = 0.2
QUIET_S = 0.6
QUIET_BUSY_S = 2.0
SETTLE_TIMEOUT_S = 120.0     # a bound on a page that never settles; /huge/ takes seconds a snapshot on a busy machine

# The hostile page breaks the page's own JavaScript world, and with it Playwright's main-world
# evaluate that this test uses to mark matches; its snapshot is proven identical to the clean
# page's (test_bridge_isolation), so agreement on the clean page covers it.
PAGES = ["/", "/shop/", "/shop/cart", "/shop/checkout", "/login/", "/login/welcome.html", "/consent/",
         "/frames/", "/popup/", "/grid/", "/hostile/clean.html", "/aria/",
         "/banner/", "/huge/", "/routes/todos.html#/active", "/routes/products.html?sort=-price",
         "/aria/icons.html", "/aria/graph.html", "/aria/inert-drawer.html", "/banner/meters.html", "/settling/chat.html",
         # web components: rows and tools straight in shadow roots, slotted labels, a namespaced tag, svg titles
         "/components/shadow-list.html", "/components/roving-shadow.html", "/components/settings-rows.html",
         "/components/namespaced-rows.html", "/races/slotted-label.html", "/aria/titled-icons.html"]
# Pages that stand for scale, whose refs are asked of Playwright by shape of name (see queries()).
SCALE_PAGES = {"/huge/"}
NUMBER = re.compile(r"\d+")
REGEX_SPECIAL = re.compile(r"[.*+?^${}()|[\]\\/]")
# Pages whose every ref's name is compared with Chromium's accessibility tree too.
CHROMIUM_PAGES = ["/aria/", "/aria/icons.html", "/aria/graph.html", "/grid/"]


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
    for index, (frame, role, name, named_refs) in enumerate(queries(groups, by_shape=path in SCALE_PAGES)):
        scope = tab.page if not frame else frames.nth(int(frame[1:]) - 1).content_frame
        marker = f"data-agreement-{index}"
        matches = scope.get_by_role(role, name=name, exact=True)
        await matches.evaluate_all("(els, attr) => els.forEach(e => e.setAttribute(attr, ''))", marker)
        marked = set((await tab.bridge.call("refsWithAttribute", {"attribute": marker}))["refs"])
        missing = [ref for ref, exact in named_refs
                   if ref not in marked and await _still_shown(tab, frame, role, exact, ref)]
        if missing:
            disagreements.append((role, name, missing))
    assert disagreements == [], f"{path}: verdex's role/name not matched by Playwright for {disagreements}"


def queries(groups: dict[tuple[str, str, str], list[str]], *, by_shape: bool
            ) -> list[tuple[str, str, str | re.Pattern[str], list[tuple[str, str]]]]:
    """What to ask Playwright: (frame, role, name, [(ref, its exact name)]), one query per role and exact
    name; on a page that stands for scale (SCALE_PAGES: each query scans its 100,000 elements), one query
    per role and shape of name (its numbers any number, the rest exact, whole) that must find every ref of
    that shape, and one exact query for the first name of each shape."""
    if not by_shape:
        return [(frame, role, name, [(ref, name) for ref in refs]) for (frame, role, name), refs in groups.items()]
    shapes: dict[tuple[str, str, str], list[tuple[str, list[str]]]] = defaultdict(list)
    for (frame, role, name), refs in groups.items():
        shapes[(frame, role, NUMBER.sub(r"\\d+", REGEX_SPECIAL.sub(r"\\\g<0>", name)))].append((name, refs))
    asked: list[tuple[str, str, str | re.Pattern[str], list[tuple[str, str]]]] = []
    for (frame, role, shape), named in shapes.items():
        first, first_refs = named[0]
        asked.append((frame, role, first, [(ref, first) for ref in first_refs]))
        if len(named) > 1:
            asked.append((frame, role, re.compile(f"^{shape}$"), [(ref, name) for name, refs in named for ref in refs]))
    return asked


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


@pytest.mark.parametrize("path", CHROMIUM_PAGES)
async def test_every_refs_name_is_chromiums_name(session, apps, path):
    """Chromium's name for the same element (its accessibility tree, read over CDP) is verdex's name:
    the spaces Chromium puts between inline pieces aside (``logo Brand`` for ``logoBrand``), which
    Playwright's engine, the judge of a locator, does not put there."""
    tab = await session.tab()
    await tab.navigate(apps.url + path)
    snap = await _settled_snapshot(tab)
    shown = {ref: (role, name) for (frame, role, name), refs in refs_by_role_and_name(snap.text).items()
             if not frame for ref in refs}
    chromium = await _chromium_names(tab)
    disagreements = [(ref, role, name, chromium[ref]) for ref, (role, name) in shown.items()
                     if ref in chromium and role not in CHROMIUM_UNNAMED and _spaceless(chromium[ref]) != _spaceless(name)]
    assert len(set(shown) & set(chromium)) >= len(shown) // 2, "most refs have a node in Chromium's tree"
    assert disagreements == [], f"{path}: verdex's name is not Chromium's for {disagreements}"


# Chromium's tree leaves a table row unnamed; ARIA names it from its content, and so does Playwright.
CHROMIUM_UNNAMED = {"row"}


def _spaceless(name: str) -> str:
    return re.sub(r"\s+", "", name)


# Nodes of a DOM text node, which carries no attribute and no ref.
TEXT_NODE_ROLES = {"StaticText", "InlineTextBox"}


async def _chromium_names(tab) -> dict[str, str]:
    """Each ref's name in Chromium's accessibility tree: every node's element marked over CDP with
    the node's number in an attribute (the nodes resolved side by side, marked in one call, in the
    tree's order), then the bridge asked once which refs carry which number."""
    marker = "data-ax-node"
    cdp = await tab.page.context.new_cdp_session(tab.page)
    try:
        await cdp.send("DOM.getDocument", {"depth": 0})
        nodes = [node for node in (await cdp.send("Accessibility.getFullAXTree"))["nodes"]
                 if not node.get("ignored") and "backendDOMNodeId" in node
                 and node.get("role", {}).get("value") not in TEXT_NODE_ROLES]
        resolved = await asyncio.gather(*(cdp.send("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})
                                          for node in nodes))
        marks = [argument for index, found in enumerate(resolved)
                 if found["object"].get("objectId") is not None and found["object"].get("subtype") == "node"
                 for argument in ({"value": str(index)}, {"objectId": found["object"]["objectId"]})]
        if not marks:
            return {}
        await cdp.send("Runtime.callFunctionOn", {
            "objectId": marks[1]["objectId"], "arguments": [{"value": marker}, *marks],
            "functionDeclaration": "function (marker, ...marks) { for (let i = 0; i < marks.length; i += 2) "
                                   "if (marks[i + 1].setAttribute) marks[i + 1].setAttribute(marker, marks[i]); }"})
        marked = await tab.bridge.call("refsWithAttribute", {"attribute": marker})
        await cdp.send("Runtime.callFunctionOn", {
            "objectId": marks[1]["objectId"], "arguments": [{"value": marker}, *marks],
            "functionDeclaration": "function (marker, ...marks) { for (let i = 1; i < marks.length; i += 2) "
                                   "if (marks[i].removeAttribute) marks[i].removeAttribute(marker); }"})
        return {ref: nodes[int(index)].get("name", {}).get("value", "") for ref, index in marked["values"].items()}
    finally:
        await cdp.detach()
