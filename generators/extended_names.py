"""A name the page extends with a status once the status comes: Syncthing's device button "Backup box X" becomes
"Disconnected (Unused) Backup box X" as the device's connection status arrives (the page redraws the list, and
the device's panel the click had opened closes), and its recording clicked the button by both names. Each
locator held in one state alone: a run whose status came before the first click, or after the second, found
nothing.

When a later step of the recording acted on an element of the same role whose name holds an earlier step's name
as whole words, both steps find it by those words, bounded where the longer name goes on (``(?<!\\S)Backup box
X$``): the name in either state, and not a longer word that holds it. When the later step is the same action,
the next action the recording did (the agent did it again because the page's redraw undid it), the test does it
once, at the later step: twice would undo it (a toggle closes the panel it opened) in a run where the status came
before the first or after the second. The agent's checks between stay where they were, and the test waits for
the name to hold the status, as the recording saw it before doing it again: a status that came after the click
would redraw what it opened.

Both steps act on one page: the same document, or one loaded again at the same URL. Two pages' fields are two
fields: DokuWiki's sign-in form has "Password" and its user manager, pages later, "Password:". So are two fields
of their own names on one form: pyLoad's new login asks "Password" (``new_password``) and "Password (repeat)"
(``new_password2``), and Roundup's new user "Name" (``realname``) and "Login Name" (``username``), whichever step
reads them (a check has its field's name from the action on it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from verdex.generators.plan import Locator, Step, Wait
from verdex.generators.rereads import NEW_DOCUMENT_TOOLS
from verdex.generators.waits import STARTUP_TIMEOUT_MS
from verdex.name_words import words_pattern
from verdex.recording_format import Step as Record


@dataclass
class ExtendedNames:
    locators: dict[int, tuple[Locator, str]] = field(default_factory=dict)   # step → its locator by words, and why
    done_again: set[int] = field(default_factory=set)    # steps the test leaves to the same action after them
    extended_first: dict[int, Wait] = field(default_factory=dict)   # the step done once → its wait for the status


def extended_names(steps: list[Record], actions: frozenset[str]) -> ExtendedNames:
    """The steps (1-based) whose locator finds its element, or its container, by the words of a name a later
    step saw extended, each with that locator and why (said as the test's comment says it), and those the later
    step repeats. ``actions``: the tools that act on the page."""
    named = {index: found for index, record in enumerate(steps, 1)
             if record.outcome == "done" and (found := _role_and_name(record)) is not None}
    out = ExtendedNames()
    pages = _pages(steps)
    # the form field each role and name was acted on as (a check reads no field's name: it has its action's)
    field_names = {found: record.preflight.field_name for index, found in named.items()
                   if (record := steps[index - 1]).preflight is not None and record.preflight.field_name}
    extended: dict[str, tuple[str, str, str]] = {}       # a name in either state → (role, the shorter, its pattern)
    for earlier, (role, name) in named.items():
        for later, (later_role, longer) in named.items():
            if later <= earlier or later_role != role or longer == name:
                continue
            if not pages[later - 1].same(pages[earlier - 1]):
                continue                  # two pages' fields (a sign-in's "Password", a user form's "Password:")
            if _two_fields(field_names.get((role, name)), field_names.get((role, longer))):
                continue                  # a field asked twice ("Password", "Password (repeat)"); "Name", "Login Name"
            pattern = _words_of(longer, name)
            if pattern is None:
                continue
            extended.setdefault(name, (role, name, pattern))
            extended.setdefault(longer, (role, name, pattern))
            if _done_again(steps, earlier, later, actions):
                out.done_again.add(earlier)
                out.extended_first[later] = _status_came(steps[later - 1], role, name, longer)
    for index, record in enumerate(steps, 1):
        if record.outcome != "done" or record.tool not in actions or record.locators is None \
                or index in out.done_again:
            continue
        chosen = [Step.model_validate(s.model_dump()) for s in record.locators.chosen.steps]
        found = [(_by_words(step, extended) if step is chosen[-1] else _in_words(step, extended)) for step in chosen]
        said = [why for _, why in found if why]
        if said:
            again = "; done once: the recording did it again after the page's redraw undid it" if index in out.extended_first else ""
            out.locators[index] = (Locator(steps=[step for step, _ in found]), said[0] + again)
    return out


def _status_came(record: Record, role: str, name: str, longer: str) -> Wait:
    """A wait for the element's name to hold more than ``name`` where ``longer`` does (its status has come), as
    the recording saw it before the action done once: a status that comes after the click redraws what it
    opened (Syncthing's device panel, closed as "Disconnected (Unused)" came)."""
    start = longer.find(name)
    words = words_pattern(longer, name) or ""
    pattern = (r"\S.*" if start > 0 else "") + words + (r".*\S" if start + len(name) < len(longer) else "")
    steps = [Step.model_validate(s.model_dump()) for s in record.locators.chosen.steps[:-1]] if record.locators else []
    steps.append(Step(method="get_by_role", args=[role], kwargs={"name": pattern}, regex=["name"]))
    return Wait(kind="visible", locator=Locator(steps=steps), timeout_ms=STARTUP_TIMEOUT_MS,
                reason=f"the recording saw {name!r} become {longer!r} (its status came) before this, which the page "
                       "redraws as the status comes (closing what a click had opened): the test acts once it has")


@dataclass(frozen=True)
class _Page:
    """The page a step acted on: its role and tab, its document there (counted), and its URL."""
    role: str | None
    tab: str
    document: int
    url: str | None

    def same(self, other: _Page) -> bool:
        """One page: the same document, or one loaded again at the same URL (a reload, a return)."""
        return (self.role, self.tab) == (other.role, other.tab) and (
            self.document == other.document or self.url is not None and self.url == other.url)


def _pages(steps: list[Record]) -> list[_Page]:
    loads: dict[tuple[str | None, str], int] = {}
    pages: list[_Page] = []
    for record in steps:
        tab = (record.role, record.tab)
        if record.tool in NEW_DOCUMENT_TOOLS:
            loads[tab] = loads.get(tab, 0) + 1
        document = loads.get(tab, 0)
        pages.append(_Page(*tab, document, record.url.split("#")[0] if record.url else None))
        if record.effects is not None and record.effects.navigated:
            loads[tab] = document + 1
    return pages


def _two_fields(first: str | None, second: str | None) -> bool:
    """The steps acted on two form fields of their own names (``password``, ``password_repeat``; Roundup's
    ``realname`` "Name" and ``username`` "Login Name", the second checked after its fill): a form that asks a value
    twice, or two values, not one field whose name the page extended."""
    return bool(first and second and first != second)


def _done_again(steps: list[Record], earlier: int, later: int, actions: frozenset[str]) -> bool:
    """The later step is the same action as the earlier one, the next action the recording did (the agent's
    checks between stay where they were: of what either state shows, as the name's words)."""
    first, second = steps[earlier - 1], steps[later - 1]
    between = steps[earlier:later - 1]
    return first.tool == second.tool and not any(record.tool in actions and record.outcome == "done"
                                                 for record in between)


def _role_and_name(record: Record) -> tuple[str, str] | None:
    """The role and exact name the step's chosen locator finds its element by (its last step), if it does."""
    choice = record.locators
    if choice is None or choice.fallback or not choice.chosen.steps:
        return None
    last = choice.chosen.steps[-1]
    name = last.kwargs.get("name")
    if last.method != "get_by_role" or not isinstance(name, str) or not name or not last.kwargs.get("exact"):
        return None
    return str(last.args[0]), name


def _words_of(longer: str, name: str) -> str | None:
    """``name`` as words of ``longer`` (a space or a mark where they meet, never a letter or a digit), as a
    pattern; None when ``longer`` does not hold it so."""
    start = longer.find(name)
    if start < 0:
        return None
    end = start + len(name)
    if start > 0 and longer[start - 1].isalnum() or end < len(longer) and longer[end].isalnum():
        return None
    return words_pattern(longer, name)


def _said(name: str, extended: dict[str, tuple[str, str, str]]) -> str:
    _, shorter, _ = extended[name]
    longer = next(n for n, (_, s, _) in extended.items() if s == shorter and n != shorter)
    return (f"found by the words {shorter!r}: the recording saw the page name it {shorter!r}, then {longer!r} "
            "(a status it adds once the status comes), and a run may see either")


def _by_words(step: Step, extended: dict[str, tuple[str, str, str]]) -> tuple[Step, str]:
    """The locator's last step by the words of its name, when the page extends that name; else as it was."""
    name = step.kwargs.get("name")
    if step.method != "get_by_role" or not step.kwargs.get("exact") or name not in extended \
            or extended[str(name)][0] != step.args[0]:
        return step, ""
    pattern = extended[str(name)][2]
    return Step(method="get_by_role", args=step.args, kwargs={"name": pattern}, regex=["name"]), _said(str(name), extended)


def _in_words(step: Step, extended: dict[str, tuple[str, str, str]]) -> tuple[Step, str]:
    """A container's step: one found by role and name as the last step is; one filtered by the text it holds (a
    part of it, any case), the shorter name, which the container holds in either state; one filtered by an
    element it holds, that element so."""
    text = step.kwargs.get("has_text")
    if step.method == "filter" and isinstance(text, str) and text in extended:
        shorter = extended[text][1]
        return step.model_copy(update={"kwargs": {**step.kwargs, "has_text": shorter}}), _said(text, extended)
    if step.has:                          # a container told apart by what it holds (``filter(has=…)``)
        held = [_in_words(inner, extended) for inner in step.has]
        said = next((why for _, why in held if why), "")
        return (step.model_copy(update={"has": [inner for inner, _ in held]}), said) if said else (step, "")
    return _by_words(step, extended)
