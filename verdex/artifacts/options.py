"""What a session captures besides facts. Everything is off by default: screenshots cost time."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from verdex.errors import MissingExtra


@dataclass(frozen=True)
class ArtifactOptions:
    screenshots: bool = False        # element (before) and page (after) screenshots stored with the recording
    visual_diff: bool = False        # before/after viewport diff reported among an action's effects
    trace: Path | None = None        # a Playwright trace of each role's context, written on close

    def __post_init__(self) -> None:
        if self.captures and find_spec("PIL") is None:
            raise MissingExtra("screenshots and visual diffs compare pictures with Pillow, which is not "
                               "installed: pip install 'verdex[images]'")

    @property
    def captures(self) -> bool:
        """An action needs its before/after viewport screenshots."""
        return self.screenshots or self.visual_diff

    def trace_path(self, role: str, *, roles: int, run: int) -> Path | None:
        """``trace.zip`` for a one-role session; ``trace-admin.zip`` per role otherwise; ``-2``, ``-3`` for
        the browser started again after a close, so that no run's trace overwrites another's."""
        if self.trace is None:
            return None
        stem = self.trace.stem + (f"-{role}" if roles > 1 else "") + (f"-{run}" if run > 1 else "")
        return self.trace.with_name(stem + self.trace.suffix)
