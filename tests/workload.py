"""Several roles working at once on the fixture apps, and the memory of the processes doing it.

Shared by bench/load.py (8 roles × 200 actions, memory growth after warm-up) and tests/test_load.py
(a short run). Each role has its own browser context and tab on /hostile/clean.html and repeats a
cycle of real actions through verdex (preflight, proven locator, Playwright, effects): fill the email
and the display name, uncheck and check a checkbox, save, export; every 50 actions it loads the page
again.

Memory is measured as what each process retains: after a garbage collection in Python, in every
page (CDP ``HeapProfiler.collectGarbage``) and in Playwright's Node driver (the same command through
the driver's inspector, which ``inspectable_driver()`` opens on a free loopback port while the
session starts). Without the driver's collection its resident size follows V8's lazy heap growth,
not what it keeps: tens of MB up and down between cycles.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import websockets

from verdex import actions
from verdex.browser.session import RoleSpec, Session
from verdex.browser.tab import Tab
from verdex.errors import VerdexError

PAGE = "/hostile/clean.html"
RELOAD_EVERY = 50


@dataclass
class RoleRun:
    role: str
    latencies_ms: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    done: int = 0


def role_specs(count: int) -> list[RoleSpec]:
    return [RoleSpec(f"role{i + 1}") for i in range(count)]


async def _open(tab: Tab, base_url: str) -> dict[str, str]:
    await tab.navigate(base_url + PAGE)
    snapshot = (await tab.snapshot()).text
    refs = {}
    for key, line in (("email", 'textbox "Email"'), ("display", 'textbox "Display name"'),
                      ("updates", 'checkbox "Send me product updates"'), ("save", 'button "Save settings"'),
                      ("export", 'button "Export data"')):
        refs[key] = re.search(re.escape(line) + r".*?\[ref=(e\d+)\]", snapshot).group(1)
    return refs


async def _one(tab: Tab, refs: dict[str, str], step: int, role: str) -> None:
    kind = step % 6
    if kind == 0:
        await actions.fill(tab, refs["email"], f"{role}.{step}@example.com")
    elif kind == 1:
        await actions.fill(tab, refs["display"], f"{role} {step}")
    elif kind in (2, 3):
        await actions.set_checked(tab, refs["updates"], kind == 3)
    elif kind == 4:
        await actions.click(tab, refs["save"])
    else:
        await actions.click(tab, refs["export"])


async def work(session: Session, run: RoleRun, base_url: str, count: int) -> None:
    """count more actions of one role, timing each; errors are counted by code, never raised."""
    tab = await session.tab(run.role)
    refs = await _open(tab, base_url) if run.done == 0 else None
    for _ in range(count):
        if refs is None or (run.done and run.done % RELOAD_EVERY == 0):
            refs = await _open(tab, base_url)
        started = time.perf_counter()
        try:
            await _one(tab, refs, run.done, run.role)
        except VerdexError as exc:
            run.errors[exc.code] += 1
            refs = None                              # look again before the next action
        run.latencies_ms.append((time.perf_counter() - started) * 1000)
        run.done += 1


async def work_all(session: Session, runs: list[RoleRun], base_url: str, count: int) -> None:
    await asyncio.gather(*(work(session, run, base_url, count) for run in runs))


async def collect_page_garbage(session: Session, runs: list[RoleRun]) -> None:
    """Garbage-collect every role's page (CDP HeapProfiler.collectGarbage), so that a measurement sees
    what the pages retain rather than what V8 has not got round to freeing."""
    for run in runs:
        page = (await session.tab(run.role)).page
        cdp = await page.context.new_cdp_session(page)
        try:
            await cdp.send("HeapProfiler.collectGarbage")
        finally:
            await cdp.detach()


class DriverInspector:
    """Playwright's Node driver seen through its inspector (Chrome DevTools protocol over a websocket)."""

    def __init__(self, port: int) -> None:
        self.port = port

    async def collect_garbage(self) -> float:
        """Run a full garbage collection in the driver; return its V8 heap in use afterwards (MB)."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=10) as answer:
            url = json.loads(answer.read())[0]["webSocketDebuggerUrl"]
        async with websockets.connect(url, max_size=None, ping_interval=None) as inspector:
            await _inspect(inspector, 1, "HeapProfiler.collectGarbage")
            usage = await _inspect(inspector, 2, "Runtime.evaluate",
                                   expression="process.memoryUsage().heapUsed", returnByValue=True)
        return usage["result"]["value"] / 2**20


async def _inspect(inspector, message_id: int, method: str, **params) -> dict:
    await inspector.send(json.dumps({"id": message_id, "method": method, "params": params}))
    while (message := json.loads(await inspector.recv())).get("id") != message_id:
        pass                                   # an event, not our answer
    if "error" in message:
        raise RuntimeError(f"driver inspector: {method}: {message['error']}")
    return message["result"]


@contextmanager
def inspectable_driver() -> Iterator[DriverInspector]:
    """While inside, a Playwright driver started (a Session entered) listens for its inspector on a free
    127.0.0.1 port; the setting is gone again afterwards (the driver keeps its inspector)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    before = os.environ.get("NODE_OPTIONS")
    os.environ["NODE_OPTIONS"] = f"{before or ''} --inspect=127.0.0.1:{port} --inspect-publish-uid=http".strip()
    try:
        yield DriverInspector(port)
    finally:
        if before is None:
            del os.environ["NODE_OPTIONS"]
        else:
            os.environ["NODE_OPTIONS"] = before


# ------------------------------------------------------------------------------------ memory
def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _pss_kb(pid: int) -> int:
    """Proportional set size (shared pages divided among their sharers), falling back to RSS."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        try:
            text = Path(f"/proc/{pid}/status").read_text().replace("VmRSS", "Pss")
        except OSError:
            return 0
    match = re.search(r"^Pss:\s+(\d+) kB", text, re.M)
    return int(match.group(1)) if match else 0


def memory_mb(pid: int) -> dict[str, float]:
    """Resident memory (PSS, MB) of a Python process, of the Playwright driver it started (node) and of
    the Chromium processes (browser, renderers, GPU, utilities) under that driver."""
    totals = {"python": _pss_kb(pid) / 1024, "driver": 0.0, "chromium": 0.0}
    queue = [pid]
    while queue:
        for child in _children(queue.pop()):
            part = "driver" if _command(child).endswith("node") else "chromium"
            totals[part] += _pss_kb(child) / 1024
            queue.append(child)
    return totals


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
    except OSError:
        return ""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0
