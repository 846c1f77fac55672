"""The frames of a tab as facts (url, origin, name, whether cross-origin), and a bridge in each
cross-origin frame: the tab's own bridge walks same-origin frames from the top document, but a
cross-origin document is closed to it (and Chromium may run it in another process)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import urlsplit
from weakref import WeakKeyDictionary

from playwright.async_api import Frame, Page

from verdex.bridge import Bridge
from verdex.errors import VerdexError
from verdex.facts import Fact

if TYPE_CHECKING:
    from verdex.browser.tab import Tab

MAX_FRAMES = 50


class FrameFact(Fact):
    url: str
    origin: str
    name: str = ""
    depth: int = 0
    cross_origin: bool
    parent_url: str | None = None


class FrameList(Fact):
    tab: str
    frames: list[FrameFact]
    more: int = 0

    def to_text(self) -> str:
        lines = [f"{len(self.frames)} frame(s) in tab {self.tab}"]
        for frame in self.frames:
            mark = "cross-origin" if frame.cross_origin else "same-origin"
            name = f" name={frame.name!r}" if frame.name else ""
            lines.append("  " * frame.depth + f"- {frame.url} ({frame.origin}, {mark}){name}")
        if self.more:
            lines.append(f"… {self.more} more frames")
        return "\n".join(lines)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else parts.scheme + ":"


def frame_origin(frame: Frame) -> str:
    """A frame's origin: an ``about:srcdoc`` or ``about:blank`` document has its parent's (a rich-text editor's
    iframe is the page's own); a sandboxed one is opaque, which the snapshot finds when it cannot read it."""
    while frame.url.startswith("about:") and frame.parent_frame is not None:
        frame = frame.parent_frame
    return origin_of(frame.url)


def _depth(frame: Frame) -> int:
    depth = 0
    while frame.parent_frame is not None:
        frame, depth = frame.parent_frame, depth + 1
    return depth


def frame_facts(tab_id: str, page: Page) -> FrameList:
    """Every frame below the main one, in document order."""
    top = origin_of(page.main_frame.url)
    children = [f for f in page.frames if f is not page.main_frame and not f.is_detached()]
    facts = [FrameFact(url=f.url, origin=origin, name=f.name, depth=_depth(f), cross_origin=origin != top,
                       parent_url=f.parent_frame.url if f.parent_frame else None)
             for f in children[:MAX_FRAMES] for origin in [frame_origin(f)]]
    return FrameList(tab=tab_id, frames=facts, more=max(0, len(children) - MAX_FRAMES))


FIRST_PREFIX = 101          # the tab's bridge numbers same-origin frames f1, f2, …; these start far above


class _FrameBridges:
    """The cross-origin frames' bridges of one page, each with its own ref prefix (f101, f102, …)."""

    def __init__(self) -> None:
        self.of_frame: WeakKeyDictionary[Frame, Bridge] = WeakKeyDictionary()
        self.by_prefix: dict[str, tuple[Frame, Bridge]] = {}


_pages: WeakKeyDictionary[Page, _FrameBridges] = WeakKeyDictionary()


def cross_origin_bridges(tab: "Tab") -> list[tuple[Frame, Bridge]]:
    """A bridge (in its own isolated world) for each cross-origin frame of the tab's page. Its refs carry
    the frame's prefix and numbers from the tab's sequence, so they never collide with the tab's own; the
    secrets it shows are the tab's to mask."""
    page = tab.page
    top = origin_of(page.main_frame.url)
    known = _pages.setdefault(page, _FrameBridges())
    out = []
    for frame in page.frames[: MAX_FRAMES + 1]:
        if frame is page.main_frame or frame.is_detached() or frame.url == "about:blank":
            continue
        if origin_of(frame.url) == top:
            continue
        bridge = known.of_frame.get(frame)
        if bridge is None:
            prefix = f"f{FIRST_PREFIX + len(known.by_prefix)}"
            bridge = Bridge(page, test_id_attribute=tab.test_id_attribute, next_ref=lambda: tab.refs.next_ref,
                            on_install=lambda document_id, ref_base: None, shown_secrets=tab.shown_secrets,
                            frame=frame, ref_prefix=prefix)
            known.of_frame[frame] = bridge
            known.by_prefix[prefix] = (frame, bridge)
        out.append((frame, bridge))
    return out


def bridge_for_ref(page: Page, ref: str) -> tuple[Frame, Bridge] | None:
    """The cross-origin frame (and its bridge) that issued ref, if one did."""
    match = re.match(r"^(f\d+)e\d+$", ref)
    known = _pages.get(page)
    if not match or known is None:
        return None
    found = known.by_prefix.get(match.group(1))
    return found if found is not None and not found[0].is_detached() else None


FRAME_SNAPSHOT_BYTES = 6_000


async def snapshot_lines(tab: "Tab", text: str, observation_id: str) -> str:
    """The snapshot text with each cross-origin frame's own lines (budgeted, with its refs) under
    its iframe line, where the tab's bridge could only say ``[cross-origin]``."""
    if "[cross-origin]" not in text:
        return text
    bridges = cross_origin_bridges(tab)
    if not bridges:
        return text
    elements = (await tab.call_bridge("closedFrames", {}))["frames"]
    lines = text.split("\n")
    for frame, bridge in bridges:
        element = next((e for e in elements if (e["name"] and e["name"] == frame.name)
                        or (not e["name"] and e["url"] == frame.url)), None)
        at = next((i for i, line in enumerate(lines) if element and f"[ref={element['ref']}]" in line), None)
        inner = await _frame_lines(tab, bridge, observation_id) if at is not None else None
        if not inner:
            continue
        indent = " " * (len(lines[at]) - len(lines[at].lstrip()) + 2)
        if not lines[at].endswith(":"):
            lines[at] += ":"
        lines[at + 1:at + 1] = [indent + line for line in inner]
    return "\n".join(lines)


async def frames_content(tab: "Tab") -> dict[str, list[str]]:
    """Each cross-origin frame's snapshot lines by frame url, for telling what an action changed
    inside it (the tab's own watch does not reach there). Empty when verdex has no frame bridges."""
    known = _pages.get(tab.page)
    if known is None or not known.by_prefix:
        return {}
    out = {}
    for frame, bridge in cross_origin_bridges(tab):
        lines = await _frame_lines(tab, bridge, "effects")
        if lines is not None:
            out[frame.url] = lines
    return out


async def _frame_lines(tab: "Tab", bridge: Bridge, observation_id: str) -> list[str] | None:
    try:
        answer = await bridge.call("snapshot", {"observation_id": observation_id, "mode": "default",
                                                "max_bytes": FRAME_SNAPSHOT_BYTES})
    except VerdexError:
        return None
    tab.refs.saw(answer.get("next_ref", 0) or 0)
    lines = [line for line in answer["text"].split("\n") if line.strip()]
    if answer.get("has_more"):
        lines.append("- … more in this frame: extracting or finding its text reads all of it")
    return lines
