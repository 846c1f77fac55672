"""The refs of a tab's full snapshot whose lines match a pattern, in the snapshot's order: how a test picks its
targets as an agent does, from tool output."""

from __future__ import annotations

import re


async def refs(tab, pattern: str) -> list[str]:
    return [re.search(r"\[ref=(e\d+)\]", row).group(1) for row in (await tab.snapshot(mode="full", max_bytes=None))
            .text.splitlines() if re.search(pattern, row) and "[ref=" in row]
