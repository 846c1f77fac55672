"""Locators computed from the live page and proven with Playwright's own engine.

The bridge proposes candidates for a target (test id, role + name, label, placeholder, alt, text,
title) and the meaningful containers around it; here each becomes a Playwright locator whose
matches are counted, and the best one that matches exactly the target (same box) is chosen. When
none is unique, the nearest container scopes a simple inner locator
(``get_by_test_id("product-card").filter(has_text="Pixel 8").get_by_role("button", …)``); only when
that fails too does a positional ``nth()`` stand in, marked as a fallback. Scores follow
Playwright's selector generator (test id 1, role 100, placeholder 120, label 140, alt 160, text 180,
title 200); text that looks volatile (prices, counts, dates) is pushed back.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from playwright.async_api import Page

from verdex.errors import VerdexError, translate_playwright_errors
from verdex.facts import Box, LocatorChoice, LocatorStep, RankedLocator

SCORES = {"test_id": 1, "role": 100, "placeholder": 120, "label": 140, "alt": 160, "text": 180, "title": 200}
ROLE_ONLY = 510
VOLATILE_PENALTY = 300
CONTAINER_BASE = 1000
NTH = 10_000
BOX_TOLERANCE = 2.0

def build(page: Page, steps: list[LocatorStep]) -> Any:
    target: Any = page
    for step in steps:
        target = getattr(target, step.method)(*step.args, **step.kwargs)
    return target


def python_expression(steps: list[LocatorStep]) -> str:
    parts = ["page"]
    for step in steps:
        args = [json.dumps(a, ensure_ascii=False) for a in step.args]
        args += [f"{k}={_py(v)}" for k, v in step.kwargs.items()]
        parts.append(f"{step.method}({', '.join(args)})")
    return ".".join(parts)


def _py(value: object) -> str:
    return repr(value) if isinstance(value, bool) else json.dumps(value, ensure_ascii=False)


def candidate_step(candidate: dict[str, Any]) -> tuple[LocatorStep, int]:
    kind = candidate["kind"]
    volatile = VOLATILE_PENALTY if candidate.get("volatile") else 0
    if kind == "test_id":
        return LocatorStep(method="get_by_test_id", args=[candidate["value"]]), SCORES[kind]
    if kind == "role":
        if candidate.get("name") is None:
            return LocatorStep(method="get_by_role", args=[candidate["role"]]), ROLE_ONLY
        return (LocatorStep(method="get_by_role", args=[candidate["role"]],
                            kwargs={"name": candidate["name"], "exact": True}), SCORES[kind] + volatile)
    method = {"label": "get_by_label", "placeholder": "get_by_placeholder", "alt": "get_by_alt_text",
              "text": "get_by_text", "title": "get_by_title"}[kind]
    return LocatorStep(method=method, args=[candidate["value"]], kwargs={"exact": True}), SCORES[kind] + volatile


def frame_step(frame: dict[str, Any], test_id_attribute: str) -> LocatorStep:
    if frame.get("test_id"):
        selector = f"[{test_id_attribute}={json.dumps(frame['test_id'])}]"
    elif frame.get("title"):
        selector = f"iframe[title={json.dumps(frame['title'])}]"
    elif frame.get("name"):
        selector = f"iframe[name={json.dumps(frame['name'])}]"
    elif frame.get("id"):
        selector = f"iframe[id={json.dumps(frame['id'])}]"
    else:
        selector = f"iframe >> nth={frame['index']}"
    return LocatorStep(method="frame_locator", args=[selector])


def container_steps(container: dict[str, Any]) -> list[LocatorStep]:
    if container.get("test_id"):
        steps = [LocatorStep(method="get_by_test_id", args=[container["test_id"]])]
    else:
        steps = [LocatorStep(method="get_by_role", args=[container["role"]],
                             kwargs={"name": container["name"], "exact": True})]
    if container.get("text"):
        steps.append(LocatorStep(method="filter", kwargs={"has_text": container["text"]}))
    return steps


async def choose(page: Page, info: dict[str, Any], test_id_attribute: str = "data-testid") -> LocatorChoice:
    """Rank the bridge's candidates for one target (the answer of its ``candidates`` call)."""
    box = Box.model_validate(info["box"])
    frames = [frame_step(f, test_id_attribute) for f in info["frames"]]
    simple = [(c, *candidate_step(c)) for c in info["candidates"]]
    ranked = await asyncio.gather(*(_measure(page, frames + [step], c["kind"], score, box, bool(c.get("volatile")))
                                    for c, step, score in simple))
    best = _best(ranked)
    if best is None:
        inner = [(c, step, score) for c, step, score in simple if c["kind"] != "test_id"]
        scoped = []
        for depth, container in enumerate(info["containers"]):
            outer = container_steps(container)
            scoped += await asyncio.gather(*(
                _measure(page, frames + outer + [step], f"{container['reason']} > {c['kind']}",
                         CONTAINER_BASE + 100 * depth + score, box, bool(c.get("volatile")))
                for c, step, score in inner))
        ranked += scoped
        best = _best(scoped)
    fallback = False
    if best is None:
        best = await _nth_fallback(page, frames, simple, box)
        fallback = True
        ranked.append(best)
    ranked.sort(key=lambda r: (not r.is_target, r.score))
    return LocatorChoice(chosen=best, candidates=ranked, fallback=fallback, code=python_expression(best.steps))


def _best(ranked: list[RankedLocator]) -> RankedLocator | None:
    valid = [r for r in ranked if r.is_target]
    return min(valid, key=lambda r: r.score) if valid else None


async def _measure(page: Page, steps: list[LocatorStep], kind: str, score: int, box: Box,
                   volatile: bool) -> RankedLocator:
    locator = build(page, steps)
    with translate_playwright_errors("counting a locator's matches"):
        count = await locator.count()
        # A single match of a candidate built from the target's own attributes is the target unless it
        # is another element of the same kind; its size tells them apart even while the target moves.
        is_target = count == 1 and _same_box(await locator.bounding_box(), box, position=False)
    return RankedLocator(kind=kind, steps=steps, score=score, matches=count, is_target=is_target, volatile=volatile)


async def _nth_fallback(page: Page, frames: list[LocatorStep], simple: list[tuple[dict[str, Any], LocatorStep, int]],
                        box: Box) -> RankedLocator:
    for candidate, step, score in sorted(simple, key=lambda item: item[2]):
        locator = build(page, frames + [step])
        with translate_playwright_errors("locating the target by position"):
            count = await locator.count()
            for index in range(min(count, 200)):
                if _same_box(await locator.nth(index).bounding_box(), box):
                    return RankedLocator(kind=f"{candidate['kind']} nth", steps=frames + [step, LocatorStep(method="nth", args=[index])],
                                         score=NTH + score, matches=1, is_target=True)
    raise VerdexError("no locator reaches the target: it has no role, name, text or test id to find it by")


def _same_box(found: dict[str, float] | None, box: Box, *, position: bool = True) -> bool:
    if found is None:
        return False
    same_size = abs(found["width"] - box.width) <= BOX_TOLERANCE and abs(found["height"] - box.height) <= BOX_TOLERANCE
    if not position:
        return same_size
    return same_size and abs(found["x"] - box.x) <= BOX_TOLERANCE and abs(found["y"] - box.y) <= BOX_TOLERANCE
