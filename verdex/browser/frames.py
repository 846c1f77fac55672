"""The frames of a tab as facts (url, origin, name, whether cross-origin), and a bridge in each
cross-origin frame: the tab's own bridge walks same-origin frames from the top document, but a
cross-origin document is closed to it (and Chromium may run it in another process)."""

from __future__ import annotations

from urllib.parse import urlsplit
from weakref import WeakKeyDictionary

from playwright.async_api import Frame, Page

from verdex.bridge import Bridge
from verdex.facts import Fact

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


def _depth(frame: Frame) -> int:
    depth = 0
    while frame.parent_frame is not None:
        frame, depth = frame.parent_frame, depth + 1
    return depth


def frame_facts(tab_id: str, page: Page) -> FrameList:
    """Every frame below the main one, in document order."""
    top = origin_of(page.main_frame.url)
    children = [f for f in page.frames if f is not page.main_frame and not f.is_detached()]
    facts = [FrameFact(url=f.url, origin=origin_of(f.url), name=f.name, depth=_depth(f),
                       cross_origin=origin_of(f.url) != top and f.url != "about:blank",
                       parent_url=f.parent_frame.url if f.parent_frame else None)
             for f in children[:MAX_FRAMES]]
    return FrameList(tab=tab_id, frames=facts, more=max(0, len(children) - MAX_FRAMES))


_bridges: WeakKeyDictionary[Frame, Bridge] = WeakKeyDictionary()


def cross_origin_bridges(page: Page, test_id_attribute: str) -> list[tuple[Frame, Bridge]]:
    """A bridge (in its own isolated world) for each cross-origin frame of the page. Their refs are
    not the tab's: they are read, not acted on."""
    top = origin_of(page.main_frame.url)
    out = []
    for frame in page.frames[: MAX_FRAMES + 1]:
        if frame is page.main_frame or frame.is_detached() or origin_of(frame.url) == top:
            continue
        if frame.url == "about:blank":
            continue
        bridge = _bridges.get(frame)
        if bridge is None:
            bridge = Bridge(page, test_id_attribute=test_id_attribute, next_ref=lambda: 1,
                            on_install=lambda document_id, ref_base: None, frame=frame)
            _bridges[frame] = bridge
        out.append((frame, bridge))
    return out
