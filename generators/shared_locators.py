"""Locator chains a test uses more than once, held in a variable: the frame a flow works in, the card or
row it works inside, a control it clicks and checks again. Language-neutral: the targets render the
name in their own case (``payment_form_frame``, ``paymentFormFrame``) and declare it before its first use.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterator

from verdex.generators.plan import Action, Check, Locator, Step, TestPlan

FRAME_OR_CONTAINER_USES = 2      # a frame or container the test goes into twice gets a name
WHOLE_LOCATOR_USES = 3           # a whole locator, three times
MAX_WORDS = 4
FRAME_TITLE = re.compile(r"""\[(?:title|name|id|aria-label)\s*=\s*["']?([^"'\]]+)""")


class Variables:
    """The shared chains of one test file as it is written: the variable a chain starts from, and the
    declarations to write before the statement that first uses each (``take_declarations``)."""

    def __init__(self, plan: TestPlan, name: Callable[[list[str]], str], declaration: str) -> None:
        self._names = {chain: name(words) for chain, words in shared_locators(plan).items()}
        self._declaration = declaration          # "{name} = {chain}"
        self._declared: set[str] = set()
        self._pending: list[str] = []

    def start(self, page: str, steps: list[Step], render: Callable[[str, list[Step], bool], str],
              declaring: bool = False) -> tuple[str, list[Step]]:
        """Where the chain starts — the variable of its longest shared prefix, else the page — and the
        steps left to write after it. ``declaring``: ``steps`` is a variable's own definition."""
        for end in range(len(steps) - declaring, 0, -1):
            name = self._names.get(key(page, steps[:end]))
            if name is not None:
                if name not in self._declared:
                    self._declared.add(name)
                    self._pending.append(self._declaration.format(name=name, chain=render(page, steps[:end], True)))
                return name, steps[end:]
        return page, steps

    def take_declarations(self) -> list[str]:
        taken, self._pending = self._pending, []
        return taken


def key(page: str, steps: list[Step]) -> str:
    return json.dumps([page, [step.model_dump(mode="json") for step in steps]])


def shared_locators(plan: TestPlan) -> dict[str, list[str]]:
    """The chains worth a variable, by ``key(page, steps)``, each with the words of its name."""
    uses: Counter[str] = Counter()
    chains: dict[str, list[Step]] = {}
    for page, locator in _locators(plan):
        steps = locator.steps
        for end in _prefix_ends(steps):
            chain_key = key(page, steps[:end])
            uses[chain_key] += 1
            chains[chain_key] = steps[:end]
    named: dict[str, list[str]] = {}
    taken: set[str] = set()
    for chain_key, steps in chains.items():
        whole = not _is_frame_or_container(steps, chains, chain_key)
        if uses[chain_key] >= (WHOLE_LOCATOR_USES if whole else FRAME_OR_CONTAINER_USES):
            words = _words(steps, plan.unique)
            unique, number = words, 1
            while " ".join(unique) in taken:
                number += 1
                unique = [*words, str(number)]
            taken.add(" ".join(unique))
            named[chain_key] = unique
    return named


def _locators(plan: TestPlan) -> Iterator[tuple[str, Locator]]:
    for statement in plan.statements:
        if isinstance(statement, Check):
            if statement.assertion.locator is not None:
                yield statement.page, statement.assertion.locator
        elif isinstance(statement, Action):
            for wait in statement.waits:
                if wait.locator is not None:
                    yield statement.page, wait.locator
            for locator in (statement.locator, statement.to):
                if locator is not None:
                    yield statement.page, locator
            for assertion in statement.asserts:
                if assertion.locator is not None:
                    yield statement.page, assertion.locator


def _prefix_ends(steps: list[Step]) -> list[int]:
    """Where a chain can be cut for a variable: after each frame, after the container (everything before
    the target's own step), and the whole chain."""
    ends = {index + 1 for index, step in enumerate(steps[:-1]) if step.method == "frame_locator"}
    if len(steps) > 1 and steps[-1].method not in ("filter", "nth"):
        ends.add(len(steps) - 1)
    ends.add(len(steps))
    return sorted(ends)


def _is_frame_or_container(steps: list[Step], chains: dict[str, list[Step]], chain_key: str) -> bool:
    return steps[-1].method in ("frame_locator", "filter") or any(
        len(other) > len(steps) and other[:len(steps)] == steps for other_key, other in chains.items()
        if other_key != chain_key)


def _words(steps: list[Step], token: str | None = None) -> list[str]:
    """``pixel 8 product card`` for ``get_by_test_id("product-card").filter(has_text="Pixel 8")``,
    ``payment form frame`` for ``frame_locator('iframe[title="Payment form"]')``; ``trip unique article`` for
    ``get_by_role("article").filter(has_text="Trip 3b0f4a1e")`` where the recording's ``{unique}`` token stands
    (``token``): each run holds a value of its own there."""
    base_index = max((i for i, step in enumerate(steps) if step.method not in ("filter", "nth")), default=0)
    base = steps[base_index]
    qualifiers: list[str] = []
    for step in steps[base_index + 1:]:
        qualifiers += _plain(_spoken(step, "has_text"), token)
    if base.method == "frame_locator":
        title = FRAME_TITLE.search(str(base.args[0]) if base.args else "")
        kind = [*_plain(title.group(1) if title else "", token), "frame"]
    elif base.method == "get_by_role":
        qualifiers = _plain(_spoken(base, "name"), token) + qualifiers
        kind = _plain(str(base.args[0]))
    else:
        kind = _plain(str(base.args[0]), token) if base.args else []
    words = [*qualifiers, *kind]
    if len(words) > MAX_WORDS:
        words = [*qualifiers[:MAX_WORDS - 1], kind[-1]] if kind else qualifiers[:MAX_WORDS]
    words = words or ["element"]
    return ["the", *words] if words[0][0].isdigit() else words


def _spoken(step: Step, key: str) -> str:
    """The words of the step's ``key``: a pattern's words, not its anchors and classes (``^Filter(?!\\S)``, a
    component's whole text ``^\\s*Saved\\s+Ada\\s*$``)."""
    value = str(step.kwargs.get(key, ""))
    return re.sub(r"\(\?<?[!=][^)]*\)|\\[bBsSdD][*+]?|[$^]", " ", value) if key in step.regex else value


def _plain(text: str, token: str | None = None) -> list[str]:
    """The words of ``text``; the recording's token, where it stands, as ``unique``."""
    lowered = text.lower()
    return re.findall(r"[a-z0-9]+", lowered.replace(token, " unique ") if token else lowered)
