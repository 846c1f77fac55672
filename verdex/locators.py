"""Locators computed from the live page and proven with Playwright's own engine.

The bridge proposes candidates for a target (test id, role + name, label, placeholder, alt, text,
title) and the meaningful containers around it; here each becomes a Playwright locator whose
matches are counted, and the best one that matches exactly the target (same box) is chosen. When
none is unique, the nearest container scopes a simple inner locator
(``get_by_test_id("product-card").filter(has_text="Pixel 8").get_by_role("button", …)``); then the one
a candidate finds shown (``filter(visible=True)``: a field beside a hidden copy of itself); only when
that fails too does a positional ``nth()`` stand in, marked as a fallback. Scores follow
Playwright's selector generator (test id 1, role 100, placeholder 120, label 140, alt 160, text 180,
title 200, a semantic class 520, after a bare role), except a test id that names a kind, not which one (many
elements carry it: Gradio's "textbox"; each todo's "todo-title"), which comes just before the bare role, and like it
is unique only while its target is alone of its kind, as a control of the one item of a list is when every item
has a copy of it (its "Delete"): the item told apart by its own text is preferred; text that looks volatile (prices,
counts, dates) is pushed back.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from verdex.errors import NoLocator, translate_playwright_errors
from verdex.facts import (
    Box, CountedCandidate, FrameFact, HeldImageCandidate, Locating, LocatorChoice, LocatorStep, RankedLocator,
    RoleCandidate, ScopeWay,
)
from verdex.name_words import words_pattern
from verdex.unique import RUN_TOKEN
from verdex.unseen import json_string

SCORES = {"test_id": 1, "role": 100, "placeholder": 120, "label": 140, "alt": 160, "text": 180, "title": 200,
          "attribute": 300, "held_image": 300, "css": 520}
ROLE_ONLY = 510
WORDS = 150            # a role and the words of its name, without the count it holds: before a label or text
# A test id that names the element's kind, not which one (it is the element's role, or another element carries it
# too: Gradio's "textbox" on each text box; or it marks an item of a list, or a part of one, by no word of that item:
# TodoMVC's "todo-title"): unique only while the target is alone of its kind, as its role alone is. After what says
# which one it is — its role and name (or their words), its placeholder, its label, its alt text, text and title,
# what its author named it by — just before its role alone, and a container that tells it apart is preferred.
KIND_TEST_ID = ROLE_ONLY - 1
ITSELF_BASE = 600
VOLATILE_PENALTY = 300
CONTAINER_BASE = 1000
MADE_ELSEWHERE = 2000     # a container not named by the run's {unique} value, around a target inside what it made
BY_CONTROLS = 1000        # a container told apart by which controls it holds (its state): after every other
# A field with a copy of itself the page keeps out of sight (a rich-text editor's 0×0 textarea of the same
# name, a select a widget replaced and hid): the one shown, ``filter(visible=True)``, before any position —
# the copy's place among the matches is the page's markup, not what the reader sees.
VISIBLE_ONLY = 5000
SHOWN_ONLY = LocatorStep(method="filter", kwargs={"visible": True})
# A twin that is inert (a closed drawer's copy of a button, a page's copy that an open modal's script made
# inert): Playwright's role and text engines count what is inert, as the bridge does (aria-hidden they do not),
# and no container may tell the two apart. The one a user can reach is found as the one outside every
# ``inert`` subtree, before any position: ``.and_(page.locator(":not([inert], [inert] *)"))``.
NOT_INERT = 6000
OUTSIDE_INERT = ":not([inert], [inert] *)"
# A twin that an open modal <dialog> (showModal()) blocks: everything outside the modal is inert with no
# attribute saying so, and Playwright's role and text engines count it (measured in this Chromium; its
# accessibility tree leaves it out). The one a user can reach is inside the modal: ``.and_(page.locator(
# "dialog:modal *"))``, tried after the inert tier, before any position.
INSIDE_MODAL = "dialog:modal *"
# what a page holds, then the way to what a user can reach beside it, and how the candidate is said
REACHABLE = (("[inert]", OUTSIDE_INERT, "not inert"), ("dialog:modal", INSIDE_MODAL, "inside the modal"))
NTH = 10_000
READS = 3          # how many times a target is read before no candidate having its size is believed
BOX_TOLERANCE = 2.0

def build(page: Page, steps: list[LocatorStep]) -> Any:
    target: Any = page
    for step in steps:
        if step.method == "and_":
            target = target.and_(build(page, step.has or []))
            continue
        has = {"has": build(page, step.has)} if step.has else {}
        kwargs = {k: re.compile(str(v)) if k in step.regex else v for k, v in step.kwargs.items()}
        target = getattr(target, step.method)(*step.args, **kwargs, **has)
    return target


def python_expression(steps: list[LocatorStep], literal: Callable[[object], str] | None = None) -> str:
    """The chain as Python code; ``literal`` writes its values (the generator's, to write a value of each run's
    own as the test does: ``verdex/heal/patch.py``)."""
    literal = literal or _py
    parts = ["page"]
    for step in steps:
        if step.method == "and_":
            parts.append(f"and_({python_expression(step.has or [], literal)})")
            continue
        args = [literal(a) for a in step.args]
        args += [f"{k}=re.compile({literal(v)})" if k in step.regex else f"{k}={literal(v)}"
                 for k, v in step.kwargs.items()]
        if step.has:
            args.append(f"has={python_expression(step.has, literal)}")
        parts.append(f"{step.method}({', '.join(args)})")
    return ".".join(parts)


def _py(value: object) -> str:
    """A value as Python, spelled as the snapshot and the generated test spell it: an icon font's glyph as its
    escape, not as a character a terminal shows as nothing (``name=" Compose"`` read as a space)."""
    return repr(value) if isinstance(value, bool) else json_string(value)


def candidate_step(candidate: CountedCandidate) -> tuple[LocatorStep, int]:
    volatile = VOLATILE_PENALTY if candidate.volatile else 0
    if isinstance(candidate, RoleCandidate):
        if candidate.name is None:
            return LocatorStep(method="get_by_role", args=[candidate.role]), ROLE_ONLY
        if not candidate.exact and candidate.words:     # the words of a name that holds a count
            pattern = words_pattern(candidate.name, candidate.words)
            if pattern is not None:
                return LocatorStep(method="get_by_role", args=[candidate.role], kwargs={"name": pattern},
                                   regex=["name"]), WORDS
            return LocatorStep(method="get_by_role", args=[candidate.role], kwargs={"name": candidate.words}), WORDS
        return (LocatorStep(method="get_by_role", args=[candidate.role],
                            kwargs={"name": candidate.name, "exact": True}), SCORES["role"] + volatile)
    if isinstance(candidate, HeldImageCandidate):      # ``locator("a.action", has=get_by_role("img", name="Resume"))``
        image = LocatorStep(method="get_by_role", args=["img"], kwargs={"name": candidate.name, "exact": True})
        return LocatorStep(method="locator", args=[candidate.value], has=[image]), SCORES["held_image"] + volatile
    kind = candidate.kind
    if kind == "test_id":      # one that names the kind (``textbox``, its role or another's too): see KIND_TEST_ID
        return LocatorStep(method="get_by_test_id", args=[candidate.value]), KIND_TEST_ID if candidate.generic \
            else SCORES[kind]
    if kind in ("css", "attribute"):   # a semantic class (``span.column-header--sort``), an icon's ``svg``; ``#email``
        return LocatorStep(method="locator", args=[candidate.value]), SCORES[kind]
    method = {"label": "get_by_label", "placeholder": "get_by_placeholder", "alt": "get_by_alt_text",
              "text": "get_by_text", "title": "get_by_title"}[kind]
    return LocatorStep(method=method, args=[candidate.value], kwargs={"exact": True}), SCORES[kind] + volatile


# A test id inside a container: one every item shares (each card's "toggle-pause") names the item's part, and
# finds it after what the target's own role, name or text say there.
INNER_TEST_ID = SCORES["css"] + 1


def _inner(simple: list[Candidate]) -> list[Candidate]:
    """The target's own candidates as they rank inside a container that tells it apart."""
    return sorted(((c, step, INNER_TEST_ID if c.kind == "test_id" else score) for c, step, score in simple),
                  key=lambda item: item[2])


def frame_step(frame: FrameFact, test_id_attribute: str) -> LocatorStep:
    if frame.test_id:
        selector = f"[{test_id_attribute}={json.dumps(frame.test_id)}]"
    elif frame.title:
        selector = f"iframe[title={json.dumps(frame.title)}]"
    elif frame.name:
        selector = f"iframe[name={json.dumps(frame.name)}]"
    elif frame.id:
        selector = f"iframe[id={json.dumps(frame.id)}]"
    elif frame.selector:
        selector = frame.selector
    else:
        selector = f"iframe >> nth={frame.index or 0}"
    return LocatorStep(method="frame_locator", args=[selector])


async def choose(page: Page, info: Locating, test_id_attribute: str = "data-testid") -> LocatorChoice:
    """Rank the bridge's candidates for one target (the answer of its ``candidates`` call).

    The bridge has already counted, with the same role and name rules, how many elements each
    candidate would match; Playwright's engine then proves the best candidate the bridge counts as
    unique (one round trip: its matches and the match's size). Candidates the bridge counts as
    ambiguous are kept in the ranking with that count and are not asked again."""
    box = info.box
    frames = [frame_step(f, test_id_attribute) for f in info.frames]
    ranked: list[RankedLocator] = []
    simple = _ranked_candidates(info)
    best = await _first_proven(page, [(frames + [step], c.kind, score, c.volatile, c.estimate)
                                      for c, step, score in simple], box, ranked)
    simple, renamed = await _names_from_playwright(page, frames, simple, ranked, box)
    if renamed:
        better = await _first_proven(page, [(frames + [step], "role (Playwright's name)", score, c.volatile, None)
                                            for c, step, score in renamed], box, ranked)
        if better is not None and (best is None or best.volatile or better.score < best.score):
            best = better
    made = _made_by_the_flow(info)
    if best is None or best.volatile or _alone(best) or _item_copy(best.kind, info) or made:
        scoped = [(frames + way_steps(way), f"itself by {way.strategy}", ITSELF_BASE + WAY_PENALTY[way.strategy],
                   False, way.estimate) for way in info.itself if not made or _holds_run_token(way)]
        for depth, container in enumerate(info.containers):
            for way in container.ways:
                # inside what the flow made: through the container its value names first, else the nearest; one
                # told apart by which controls it holds (its state) after every other
                elsewhere = (MADE_ELSEWHERE if made and not _holds_run_token(way) else 0) + \
                    (BY_CONTROLS if way.by_controls else 0)
                outer = way_steps(way)
                for c, step, score in _inner(simple):
                    scoped.append((frames + outer + [step], f"{container.reason} > {c.kind}",
                                   CONTAINER_BASE + 100 * depth + WAY_PENALTY[way.strategy] + score + elsewhere,
                                   c.volatile, way.estimates.get(c.key)))
        scoped.sort(key=lambda item: item[2])
        scoped_best = await _first_proven(page, scoped, box, ranked)
        if scoped_best is not None and (best is None or best.volatile or not scoped_best.volatile):
            best = scoped_best
    if best is None:
        best = await _first_proven(page, [(frames + [step, SHOWN_ONLY], f"{c.kind} shown", VISIBLE_ONLY + score,
                                           c.volatile, None) for c, step, score in simple], box, ranked)
    for holds, way, said in REACHABLE:
        if best is None and await build(page, [*frames, LocatorStep(method="locator", args=[holds])]).count():
            reachable = LocatorStep(method="and_", has=[*frames, LocatorStep(method="locator", args=[way])])
            best = await _first_proven(page, [(frames + [step, reachable], f"{c.kind} {said}", NOT_INERT + score,
                                               c.volatile, None) for c, step, score in simple], box, ranked)
    fallback = False
    if best is None:
        best = await _nth_fallback(page, frames, simple, info.containers, box, ranked)
        fallback = True
        ranked.append(best)
    ranked.sort(key=lambda r: (not r.is_target, r.score))
    return LocatorChoice(chosen=best, candidates=ranked, fallback=fallback, code=python_expression(best.steps))


async def locate(page: Page, read: Callable[[], Awaitable[Locating]], test_id_attribute: str = "data-testid",
                 *, first: Locating | None = None) -> LocatorChoice:
    """``choose`` for a target the bridge reads with ``read`` (``first``: a read already made).

    The bridge measures the target's box and Playwright its candidates' matches in two round trips; a
    page still laying out (a paragraph rewrapping as its column settles) can resize the target between
    them, and then no candidate's single match has its size. The target is read again and the choice
    made again, up to ``READS`` reads in all, before that is believed."""
    locating = first if first is not None else await read()
    for _ in range(READS - 1):
        try:
            return await choose(page, locating, test_id_attribute)
        except NoLocator:
            locating = await read()
    return await choose(page, locating, test_id_attribute)


def bridge_choice(info: Locating, test_id_attribute: str = "data-testid") -> LocatorChoice | None:
    """The best candidate the bridge counted as unique, before Playwright is asked: the action can start
    with it while Playwright's engine proves it (see ``prove``)."""
    frames = [frame_step(f, test_id_attribute) for f in info.frames]
    simple = _ranked_candidates(info)
    if any(isinstance(c, RoleCandidate) and c.words for c in info.candidates):
        return None      # a name that holds a count: its words, which only Playwright counts, come first
    if _made_by_the_flow(info):
        return None      # found through what the flow made, which only Playwright proves
    for candidate, step, score in simple:
        if candidate.estimate == 1 and not candidate.volatile and not _alone_candidate(candidate) \
                and not _item_copy(candidate.kind, info):
            chosen = RankedLocator(kind=candidate.kind, steps=frames + [step], score=score, matches=1,
                                   is_target=True, counted_by="bridge")
            return LocatorChoice(chosen=chosen, candidates=[chosen], code=python_expression(chosen.steps))
    for way in info.itself:
        if way.estimate == 1:
            chosen = RankedLocator(kind=f"itself by {way.strategy}", steps=frames + way_steps(way), matches=1,
                                   is_target=True, score=ITSELF_BASE + WAY_PENALTY[way.strategy], counted_by="bridge")
            return LocatorChoice(chosen=chosen, candidates=[chosen], code=python_expression(chosen.steps))
    for depth, container in enumerate(info.containers):
        for way in container.ways:
            for candidate, step, score in _inner(simple):
                if candidate.volatile:
                    continue
                if way.estimates.get(candidate.key) == 1:
                    chosen = RankedLocator(kind=f"{container.reason} > {candidate.kind}",
                                           steps=frames + way_steps(way) + [step], matches=1, is_target=True,
                                           score=CONTAINER_BASE + 100 * depth + WAY_PENALTY[way.strategy] + score,
                                           counted_by="bridge")
                    return LocatorChoice(chosen=chosen, candidates=[chosen], code=python_expression(chosen.steps))
    return None


def with_styled_twins(choice: LocatorChoice, info: Locating, test_id_attribute: str = "data-testid") -> LocatorChoice:
    """The choice saying how many look-alikes of its target a stylesheet alone hides, when it is the target's
    role and name (the bridge counted them with it): unique on the styled page, the locator finds them too
    while the page's stylesheet is on its way, and an action fails at once on strict mode. The test waits
    for the locator to find one before it acts (``generators/waits.py``, ``styled_wait``)."""
    frames = [frame_step(f, test_id_attribute) for f in info.frames]
    for candidate in info.candidates:
        if isinstance(candidate, RoleCandidate) and candidate.styled_twins:
            if frames + [candidate_step(candidate)[0]] == choice.chosen.steps:
                chosen = choice.chosen.model_copy(update={"styled_twins": candidate.styled_twins})
                candidates = [chosen if c == choice.chosen else c for c in choice.candidates]
                return choice.model_copy(update={"chosen": chosen, "candidates": candidates})
    return choice


def _made_by_the_flow(info: Locating) -> bool:
    """The target is inside what the flow made, and a way to that container (or to the target itself) names the
    run's value: the next run makes another, found by its own value. A container that holds the value but is
    found by nothing of it (a page's header around the breadcrumb that names it) tells no run's apart."""
    ways = [*info.itself, *(way for container in info.containers for way in container.ways)]
    return info.made_around and any(_holds_run_token(way) for way in ways)


def _holds_run_token(way: ScopeWay) -> bool:
    """The way tells its container apart by a name a run of a test made (``{unique}``: "qa-8d0f3a4e")."""
    said = [way.text, way.name, way.has.name if way.has else None]
    return any(RUN_TOKEN.search(text) for text in said if text)


def _alone_candidate(candidate: CountedCandidate) -> bool:
    """A role without a name, a class, or a test id that names a kind: unique only while the target is alone of its
    kind (the one todo's checkbox, ``get_by_role("checkbox")``; its title, ``get_by_test_id("todo-title")``); a
    container that tells the target apart is preferred (the bridge counts containers for it too), so a second of
    its kind does not make the locator two."""
    return (isinstance(candidate, RoleCandidate) and candidate.name is None) or candidate.kind == "css" \
        or (candidate.kind == "test_id" and candidate.generic)


def _alone(chosen: RankedLocator) -> bool:
    return chosen.kind == "css" or (chosen.kind == "role" and not chosen.steps[-1].kwargs.get("name")) \
        or (chosen.kind == "test_id" and chosen.score == KIND_TEST_ID)      # only a test id that names a kind scores so


def _item_copy(kind: str, info: Locating) -> bool:
    """The target is a control of the one item of its list that every item to come has a copy of (the one todo's
    "Delete", ``Locating.item_copy``), found by that name, text or label: unique only while the item is alone, so the
    item told apart by its own text is preferred (``get_by_role("listitem").filter(has_text="buy milk")
    .get_by_role("button", name="Delete")``). A test id that names the one (``delete-buy-milk``) still does."""
    return info.item_copy and kind != "test_id"


async def prove(page: Page, choice: LocatorChoice, info: Locating,
                read: Callable[[], Awaitable[Locating]] | None = None) -> LocatorChoice:
    """Ask Playwright's engine about the bridge's choice: its matches and the size of the one. A single match
    of another size is measured once more against the target as ``read`` finds it now: its stylesheet may
    have arrived since the bridge measured it (an unproven choice stops the action it runs beside)."""
    chosen = choice.chosen
    measured = await _measure(page, chosen.steps, chosen.kind, chosen.score, info.box,
                              chosen.volatile)
    if not measured.is_target and measured.matches == 1 and read is not None:
        measured = await _measure(page, chosen.steps, chosen.kind, chosen.score, (await read()).box,
                                  chosen.volatile)
    return choice.model_copy(update={"chosen": measured, "candidates": [measured]})


Candidate = tuple[CountedCandidate, LocatorStep, int]


async def _names_from_playwright(page: Page, frames: list[LocatorStep], simple: list[Candidate],
                                 ranked: list[RankedLocator], box: Box) -> tuple[list[Candidate], list[Candidate]]:
    """The bridge's name checked against Playwright's role engine: a role and name that Playwright's
    engine matched to no element at all disagree about the name (an icon font's glyph, a browser's own
    reading of the page). Playwright's name for the same element (its match of the role with the
    target's box, read from its ARIA snapshot) replaces it. Returns the candidates with the names
    replaced, and the replacements. The words of a name that holds a count (``exact`` False) are a part of
    the name by design, not a reading of it: when they find nothing, the whole name is already among the
    candidates, volatile as it is, so they are not renamed into it."""
    disagreeing = {python_expression(r.steps) for r in ranked if r.kind == "role" and r.matches == 0}
    out, renamed = [], []
    for candidate, step, score in simple:
        if (not isinstance(candidate, RoleCandidate) or candidate.name is None or not candidate.exact
                or python_expression(frames + [step]) not in disagreeing):
            out.append((candidate, step, score))
            continue
        name = await _playwright_name(page, frames, candidate.role, box)
        if name is None or name == candidate.name:
            out.append((candidate, step, score))
            continue
        # a name of icon glyphs only (no letter, no digit) is not words: a title or a label is preferred
        fixed = candidate.model_copy(update={"name": name, "estimate": None,
                                             "volatile": candidate.volatile or not re.search(r"[^\W_]", name)})
        renamed.append((fixed, *candidate_step(fixed)))
        out.append(renamed[-1])
    return out, renamed


# The first line of an element's ARIA snapshot: ``- role "name" [...]``, the whole key maybe in YAML's
# single quotes (a quote inside doubled).
_ARIA_KEY = re.compile(r'^- (?:\'((?:[^\']|\'\')*)\'|(.*))')
_ARIA_NAME = re.compile(r'^[\w-]+ ("(?:[^"\\]|\\.)*")')
NAME_CHECK_LIMIT = 200


async def _playwright_name(page: Page, frames: list[LocatorStep], role: str, box: Box) -> str | None:
    """Playwright's accessible name of the element of this role with the target's box, or None."""
    same_role = build(page, frames + [LocatorStep(method="get_by_role", args=[role])])
    with translate_playwright_errors("reading Playwright's accessible name"):
        try:
            boxes = await same_role.evaluate_all(BOXES_OF_ALL, NAME_CHECK_LIMIT)
        except PlaywrightError:
            return None
        index = next((i for i, found in enumerate(boxes) if same_box(found, box, position=not frames)), None)
        if index is None:
            return None
        snapshot = await same_role.nth(index).aria_snapshot()
    key = _ARIA_KEY.match(snapshot.splitlines()[0] if snapshot else "")
    if key is None:
        return None
    text = key.group(1).replace("''", "'") if key.group(1) is not None else key.group(2)
    name = _ARIA_NAME.match(text)
    return json.loads(name.group(1)) if name else None


BOXES_OF_ALL = """(els, limit) => els.slice(0, limit).map((e) => { const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height }; })"""


def _ranked_candidates(info: Locating) -> list[Candidate]:
    """The target's own candidates with their locator step and score, best first; a name that holds a count
    is also offered by its words (``words``), which Playwright counts."""
    offered = list(info.candidates)
    offered += [c.model_copy(update={"exact": False, "volatile": False, "estimate": None})
                for c in info.candidates if isinstance(c, RoleCandidate) and c.words]
    return sorted(((c, *candidate_step(c)) for c in offered), key=lambda item: item[2])


# How a way of finding a container again ranks among the others (added to the container's base score):
# by test id, by role and name, by role or by semantic class with a named child or a stable text inside, by a
# data attribute that names it (a grid column's key). The text a target with no name of its own shows
# (``*_shown``: the folder's name in its clickable title) comes before a named child or another text of the
# container: it names this one item, where what the item holds beside the target (a "Move" link) may tell
# only its kind apart, and holds only while it is the one of its kind; a list that grows by items like it
# (a folder each run) keeps the name apart, never the kind.
WAY_PENALTY = {"test_id": 0, "role": 50, "role_only": 55, "role_shown": 56, "class_shown": 58, "role_has": 60,
               "role_text": 70, "role_own": 71, "attr": 72, "class_only": 75, "class_has": 80, "class_text": 90,
               "class_own": 91}


def way_steps(way: ScopeWay) -> list[LocatorStep]:
    """The locator steps that find a container again the bridge's way (see ``scopeWays`` in scopes.js);
    one found inside a unique outer container (``within``) is chained after it."""
    if way.within is not None:
        return way_steps(way.within) + way_steps(way.model_copy(update={"within": None}))
    if way.test_id:
        steps = [LocatorStep(method="get_by_test_id", args=[way.test_id])]
    elif way.selector:
        steps = [LocatorStep(method="locator", args=[way.selector])]
    elif way.name:
        steps = [LocatorStep(method="get_by_role", args=[way.role], kwargs={"name": way.name, "exact": True})]
    else:
        steps = [LocatorStep(method="get_by_role", args=[way.role])]
    if way.own is not None:     # an item holding the items under it: by its own child's title, then its own part
        title = [LocatorStep(method="locator", args=[f":scope > {way.own}"]),
                 LocatorStep(method="get_by_text", args=[way.text], kwargs={"exact": True})]
        return [*steps, LocatorStep(method="filter", has=title),
                LocatorStep(method="locator", args=[f":scope > {way.part}"])]
    if way.has is not None:
        steps.append(LocatorStep(method="filter", has=[LocatorStep(method="get_by_role", args=[way.has.role],
                                                                   kwargs={"name": way.has.name, "exact": True})]))
    elif way.text and way.exact:      # "Email", whole: has_text would find "Confirm Email" too
        steps.append(LocatorStep(method="filter", has=[LocatorStep(method="get_by_text", args=[way.text],
                                                                   kwargs={"exact": True})]))
    elif way.text:
        steps.append(LocatorStep(method="filter", kwargs={"has_text": way.text}))
    return steps


Option = tuple[list[LocatorStep], str, int, bool, int | None]


async def _first_proven(page: Page, options: list[Option], box: Box, ranked: list[RankedLocator]) -> RankedLocator | None:
    """Walk the options best first; ask Playwright only about those the bridge counts as unique (or did
    not count), and stop at the first Playwright proves to match exactly the target."""
    best = None
    for steps, kind, score, volatile, estimate in options:
        if best is not None or (estimate is not None and estimate != 1):
            ranked.append(RankedLocator(kind=kind, steps=steps, score=score, matches=estimate if estimate is not None else -1,
                                        is_target=False, volatile=volatile, counted_by="bridge"))
            continue
        measured = await _measure(page, steps, kind, score, box, volatile)
        ranked.append(measured)
        if measured.is_target and not volatile:
            best = measured
    if best is None:
        volatile_ones = [r for r in ranked if r.is_target]
        best = min(volatile_ones, key=lambda r: r.score) if volatile_ones else None
    return best


async def _measure(page: Page, steps: list[LocatorStep], kind: str, score: int, box: Box,
                   volatile: bool) -> RankedLocator:
    locator = build(page, steps)
    with translate_playwright_errors("counting a locator's matches"):
        try:      # one round trip: how many, and the size of the one
            found = await locator.evaluate_all(SIZE_OF_SINGLE)
            count, size = found["count"], found.get("size")
        except PlaywrightError:   # a page that broke its own JavaScript world: ask the slower way
            count = await locator.count()
            size = await locator.bounding_box() if count == 1 else None
    # A single match of a candidate built from the target's own attributes is the target unless it is
    # another element of the same kind; its size tells them apart even while the target moves.
    is_target = count == 1 and same_box(size, box, position=False)
    return RankedLocator(kind=kind, steps=steps, score=score, matches=count, is_target=is_target, volatile=volatile)


SIZE_OF_SINGLE = """els => els.length === 1
    ? { count: 1, size: { x: 0, y: 0, width: els[0].getBoundingClientRect().width,
                         height: els[0].getBoundingClientRect().height } }
    : { count: els.length }"""


async def _nth_fallback(page: Page, frames: list[LocatorStep], simple: list[Candidate], containers: list[ScopeFact],
                        box: Box, ranked: list[RankedLocator]) -> RankedLocator:
    """The target by its place among the fewest of its kind: a candidate's matches inside the nearest container
    found alone, else on the page, the fewest winning (the nearer container, then the better candidate, on a tie).
    The first condition's operator of a filter whose script adds a row once the last is used (Adminer's search)
    is the first ``select[name$="][op]"]`` of the group "Filter", not the page's fourth combobox, which counts
    every fieldset opened before it."""
    best: RankedLocator | None = None
    for outer, kind, score, candidates in _positional_scopes(simple, containers):
        if outer and await build(page, frames + outer).count() != 1:
            continue
        for candidate, step, candidate_score in candidates:
            locator = build(page, frames + outer + [step])
            with translate_playwright_errors("locating the target by position"):
                count = await locator.count()
                if best is not None and count >= best.matches:
                    continue
                for index in range(min(count, 200)):
                    if same_box(await locator.nth(index).bounding_box(), box):
                        best = RankedLocator(kind=f"{kind}{candidate.kind} nth",
                                             steps=frames + outer + [step, LocatorStep(method="nth", args=[index])],
                                             score=NTH + score + candidate_score, matches=count, is_target=True)
                        break
    if best is not None:
        return best.model_copy(update={"matches": 1})
    tried = [{"locator": python_expression(r.steps), "matches": r.matches} for r in ranked]
    if not simple:
        raise NoLocator("no locator reaches the target: it has no role, name, text or test id to find it by",
                        tried=tried, box=box.model_dump())
    raise NoLocator("no locator reaches the target: no candidate matched it alone, and none of their matches "
                    "has its box", tried=tried, box=box.model_dump())


def _positional_scopes(simple: list[Candidate], containers: list[ScopeFact]
                       ) -> list[tuple[list[LocatorStep], str, int, list[Candidate]]]:
    """Where a position may be counted, nearest first: inside each container (each way of finding it again),
    then on the page."""
    scopes = [(way_steps(way), f"{container.reason} > ", CONTAINER_BASE + 100 * depth + WAY_PENALTY[way.strategy],
               _inner(simple)) for depth, container in enumerate(containers) for way in container.ways]
    return scopes + [([], "", 0, simple)]


def same_box(found: dict[str, float] | None, box: Box, *, position: bool = True) -> bool:
    if found is None:
        return False
    same_size = abs(found["width"] - box.width) <= BOX_TOLERANCE and abs(found["height"] - box.height) <= BOX_TOLERANCE
    if not position:
        return same_size
    return same_size and abs(found["x"] - box.x) <= BOX_TOLERANCE and abs(found["y"] - box.y) <= BOX_TOLERANCE
