"""A recorded target's identity, and finding that element again in fresh facts.

The identity is what the recording says the target was: its role and accessible name, and what told
it apart from its look-alikes — the texts and names of the container its locator was scoped by
(``filter(has_text="Pixel 8")``, ``get_by_role("article", name="Pixel 8")``, the heading of
``filter(has=page.get_by_role("heading", name="Pixel 8"))``). Finding it again does
not use the old locator: a fresh snapshot lists the elements with that role and name, and among
several, the one is kept whose nearest ancestor holding the container's texts holds no other of them.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

from verdex.browser.tab import Tab
from verdex.errors import CannotHeal
from verdex.facts import SNAPSHOT_LINE, ElementFacts

FIND_TIMEOUT_S = 10.0
POLL_S = 0.25


@dataclass(frozen=True)
class Identity:
    role: str
    name: str
    container_texts: tuple[str, ...]

    def describe(self) -> str:
        inside = f" in the container with {', '.join(json.dumps(t) for t in self.container_texts)}" \
            if self.container_texts else ""
        return f"{self.role} {json.dumps(self.name)}{inside}"


def identity_of(step: dict[str, Any]) -> Identity:
    """What the recording says the target of an action step was."""
    target = step.get("target") or {}
    if not target.get("role"):
        raise CannotHeal(f"step {step.get('index')} recorded no role for its target: nothing to find it by",
                         step=step.get("index"))
    chosen = ((step.get("locators") or {}).get("chosen") or {}).get("steps", [])
    texts = [s["kwargs"]["has_text"] for s in chosen if s["method"] == "filter"
             and isinstance(s.get("kwargs", {}).get("has_text"), str)]
    texts += [s["kwargs"]["name"] for s in chosen[:-1] if s["method"] == "get_by_role" and s.get("kwargs", {}).get("name")]
    texts += [inner["kwargs"]["name"] for s in chosen for inner in s.get("has") or []
              if isinstance(inner.get("kwargs", {}).get("name"), str)]
    return Identity(target["role"], target.get("name") or "", tuple(texts))


async def find(tab: Tab, identity: Identity, timeout_s: float = FIND_TIMEOUT_S) -> str:
    """The ref of the element with this identity, waiting (bounded) for the page to render it."""
    deadline = time.monotonic() + timeout_s
    seen: list[str] = []
    while True:
        seen = _same_role_and_name((await tab.snapshot(mode="full", max_bytes=None)).text, identity)
        chosen = await _told_apart(tab, seen, identity)
        if len(chosen) == 1:
            return chosen[0]
        if time.monotonic() >= deadline:
            break
        await asyncio.sleep(POLL_S)
    if not seen:
        raise CannotHeal(f"the recorded target, {identity.describe()}, is not on the page", identity=identity.describe())
    raise CannotHeal(f"the recorded target, {identity.describe()}, cannot be told apart from "
                     f"{len(seen) - 1} other(s) like it", identity=identity.describe(), refs=seen)


def _same_role_and_name(snapshot: str, identity: Identity) -> list[str]:
    refs = []
    for line in snapshot.splitlines():
        match = SNAPSHOT_LINE.match(line)
        if match and match["ref"] and match["role"] == identity.role and (json.loads(match["name"]) if match["name"] else "") == identity.name:
            refs.append(match["ref"])
    return refs


async def _told_apart(tab: Tab, refs: list[str], identity: Identity) -> list[str]:
    if len(refs) <= 1 or not identity.container_texts:
        return refs
    chosen = []
    for ref in refs:
        ancestors = (await tab.ancestors(ref)).ancestors
        holder = next((a for a in ancestors if _holds(a, identity.container_texts)), None)
        if holder is not None and holder.ref_count <= len(holder.refs) and not (set(holder.refs) & set(refs)) - {ref}:
            chosen.append(ref)
    return chosen


def _holds(element: ElementFacts, texts: tuple[str, ...]) -> bool:
    return all(text in element.text or text == element.name for text in texts)
