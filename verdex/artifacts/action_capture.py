"""The before and after of one action, compared (Pillow, the ``images`` extra):

    capture = await ActionCapture.before(page, options, target_box)   # before the action
    visual = await capture.after(page)                                # after the page settled
    capture.attachments      # {"element": png, "page": png, "diff": png} for the recording

The element picture is cut from the before screenshot (the target as it was acted on), so an action
costs two screenshots whatever is kept.
"""

from __future__ import annotations

import asyncio
import time

from playwright.async_api import Page

import verdex.artifacts.pixels as pixels
from verdex.artifacts.capture import screenshot
from verdex.artifacts.options import ArtifactOptions
from verdex.facts import Box, VisualDiff


class ActionCapture:
    def __init__(self, options: ArtifactOptions, before_png: bytes | None, target: Box | None, spent_s: float) -> None:
        self._options = options
        # decoded in a worker thread while the action runs
        self._before = asyncio.ensure_future(asyncio.to_thread(pixels.decode, before_png)) if before_png else None
        self._target = target
        self._spent_s = spent_s
        self.attachments: dict[str, bytes] = {}

    @classmethod
    async def before(cls, page: Page, options: ArtifactOptions, target: Box | None = None) -> "ActionCapture":
        started = time.monotonic()
        png = await screenshot(page)
        return cls(options, png, target, time.monotonic() - started)

    async def after(self, page: Page) -> VisualDiff | None:
        started = time.monotonic()
        after = await screenshot(page)
        if after is None or self._before is None:
            return None
        change = await asyncio.to_thread(pixels.compare, await self._before, after)
        if self._options.screenshots:
            await asyncio.to_thread(self._keep, after, change)
        if not self._options.visual_diff:
            return None
        left, top, right, bottom = change.box or (0, 0, 0, 0)
        return VisualDiff(changed=round(change.share, 6),
                          box=Box(x=left, y=top, width=right - left, height=bottom - top) if change.box else None,
                          viewport=list(change.after.size),
                          ms=round((self._spent_s + time.monotonic() - started) * 1000))

    def _keep(self, after: bytes, change: pixels.Comparison) -> None:
        if self._target is not None:
            target = self._target
            element = pixels.crop(change.before, target.x, target.y, target.width, target.height)
            if element is not None:
                self.attachments["element"] = element
        self.attachments["page"] = after
        if change.box is not None:
            self.attachments["diff"] = pixels.highlight(change)
