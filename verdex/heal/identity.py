"""A recorded target's identity, and finding that element again in fresh facts.

The identity is what the recording says the target was: its role and accessible name, and what told
it apart from its look-alikes — the texts and names of the container its locator was scoped by
(``filter(has_text="Pixel 8")``, ``get_by_role("article", name="Pixel 8")``, the heading of
``filter(has=page.get_by_role("heading", name="Pixel 8"))``). Finding it again does
not use the old locator: a fresh snapshot lists the elements with that role and name, and among
several, the one is kept whose nearest ancestor holding the container's texts holds no other of them.

A control renamed since ("Buy" is now "Add to basket") has no element with its recorded name. It is
found again only when its container tells it apart: among the elements of its role, the one alone
in the nearest ancestor holding the container's texts. A target that no container told apart is not
guessed at: any other element of its role could be the one.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass

from verdex.browser.tab import Tab
from verdex.errors import CannotHeal
from verdex.facts import SNAPSHOT_LINE, ElementFacts
from verdex.recording_format import Step

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


def identity_of(step: Step) -> Identity:
    """What the recording says the target of an action step was."""
    target = step.target
    if target is None or not target.role:
        raise CannotHeal(f"step {step.index} recorded no role for its target: nothing to find it by", step=step.index)
    chosen = step.locators.chosen.steps if step.locators is not None else []
    texts = [s.kwargs["has_text"] for s in chosen if s.method == "filter" and isinstance(s.kwargs.get("has_text"), str)]
    texts += [s.kwargs["name"] for s in chosen[:-1] if s.method == "get_by_role" and s.kwargs.get("name")]
    texts += [inner.kwargs["name"] for s in chosen for inner in s.has or [] if isinstance(inner.kwargs.get("name"), str)]
    return Identity(target.role, target.name or "", tuple(texts))


@dataclass(frozen=True)
class Found:
    ref: str
    renamed: str | None = None            # the name it has now, when it is not the recorded one

    def describe(self, identity: Identity) -> str:
        return identity.describe() + (f", now named {json.dumps(self.renamed)}" if self.renamed is not None else "")


async def find(tab: Tab, identity: Identity, timeout_s: float = FIND_TIMEOUT_S) -> Found:
    """The element with this identity, waiting (bounded) for the page to render it."""
    deadline = time.monotonic() + timeout_s
    seen: list[str] = []
    while True:
        snapshot = (await tab.snapshot(mode="full", max_bytes=None)).text
        seen = [ref for ref, _ in _same_role(snapshot, identity.role, identity.name)]
        chosen = await _told_apart(tab, seen, identity)
        if len(chosen) == 1:
            return Found(chosen[0])
        if not seen and identity.container_texts:
            renamed = await _alone_in_container(tab, _same_role(snapshot, identity.role), identity)
            if renamed is not None:
                return renamed
        if time.monotonic() >= deadline:
            break
        await asyncio.sleep(POLL_S)
    if not seen:
        raise CannotHeal(f"the recorded target, {identity.describe()}, is not on the page"
                         + (", and no element of its role is alone in its container" if identity.container_texts
                            else " (and no container told it apart, so a renamed one is not guessed at)"),
                         identity=identity.describe())
    raise CannotHeal(f"the recorded target, {identity.describe()}, cannot be told apart from "
                     f"{len(seen) - 1} other(s) like it", identity=identity.describe(), refs=seen)


def _same_role(snapshot: str, role: str, name: str | None = None) -> list[tuple[str, str]]:
    """The refs of the snapshot's elements with this role (and this name), each with its name."""
    found = []
    for line in snapshot.splitlines():
        match = SNAPSHOT_LINE.match(line)
        if match and match["ref"] and match["role"] == role:
            named = json.loads(match["name"]) if match["name"] else ""
            if name is None or named == name:
                found.append((match["ref"], named))
    return found


async def _told_apart(tab: Tab, refs: list[str], identity: Identity) -> list[str]:
    if len(refs) <= 1 or not identity.container_texts:
        return refs
    return [ref for ref in refs if await _alone(tab, ref, refs, identity)]


async def _alone_in_container(tab: Tab, elements: list[tuple[str, str]], identity: Identity) -> Found | None:
    """The one element of the role alone in the nearest ancestor that holds the container's texts."""
    refs = [ref for ref, _ in elements]
    alone = [(ref, name) for ref, name in elements if await _alone(tab, ref, refs, identity)]
    return Found(alone[0][0], alone[0][1]) if len(alone) == 1 else None


async def _alone(tab: Tab, ref: str, refs: list[str], identity: Identity) -> bool:
    """Is ``ref`` the only one of ``refs`` in its nearest ancestor holding the container's texts?"""
    ancestors = (await tab.ancestors(ref)).ancestors
    holder = next((a for a in ancestors if _holds(a, identity.container_texts)), None)
    return holder is not None and holder.ref_count <= len(holder.refs) and not (set(holder.refs) & set(refs)) - {ref}


def _holds(element: ElementFacts, texts: tuple[str, ...]) -> bool:
    return all(text in element.text or text == element.name for text in texts)
