"""Waits for what the page settled into after an action, before the next one: a value the page set,
or the field it moved the focus to (no mutation shows either; a test that acts at once races it). Each traces to a recorded fact: the value
the recording saw the page set after the previous action — as that action settled (its effects) or
only later, before the next one started (``values_before``, a debounced handler's).

    a title field whose handler fills a hidden slug 100 ms after the last key: wait for the slug before
    Publish; a todo field the app clears after saving: wait for it to be empty before typing the next;
    a dialog that clears its form and focuses its first field once it has opened: wait for the focus.

Before the next action, likewise, after one in a layer over the page that took its own target away: an app
whose windows close with a transition may ignore what comes while one closes:

    VisualEditor's link dialog closes as its option is chosen; a click on the toolbar's "Save page…" while
    it fades opens nothing.

Before a step that leaves the page (a goto, back, forward, reload): the action before it took its own
target away as it settled (a tray or dialog closed by its own button), so the test waits for that
before it leaves, since the app may finish its work as it closes:

    Node-RED stores the language its settings tray chose once the tray has slid shut, in the task that
    removes it: a test that goes to the editor again at once finds it in English.

A value the page set in a field the flow then types over (a CMS's form loaded with the page's title, which
the flow renames) is waited for as any value: the app keeps what each run saves, so the next run's form
is filled with the run before's. So is a value the page set in a field it had drawn empty, which the agent
found filled and the flow types over (``replaced``: an edit dialog's form, filled a moment after the server
answered with the record): the test that types as soon as the answer has come types before the form is
filled, and the page fills the old value over what it typed.

The URL the page moved to after the action before had settled, before the next one began (a search field
whose debounced handler writes what was typed into the query and draws the list anew, a moment after the
typing): the test checks it before it acts, or it acts on the list the app is about to draw again — a row
menu it opens closes as its row is drawn anew; a locator the narrowed list holds once finds the rows of
the whole list.

A value that holds what the action before typed, and more (a rich-text editor's hidden JSON: the
text beside block keys the editor makes anew on every load), is waited for as holding the typed text:
the rest is the app's own and need not come back the same.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import verdex.generators.overlays as overlays
from verdex.facts import LocatorChoice, ValueChange
from verdex.generators.plan import Locator, Wait
from verdex.generators.waits import (
    STARTUP_TIMEOUT_MS, answered_over_a_socket, escape_pattern, loaded_code, locator_of, url_assertion, url_moved,
    value_of_one_record,
)
from verdex.recording_format import FillStep, Step as Record, Target, TypeStep, VerifyElementStep

ANY_VALUE = r"\S"                  # a field filled, whatever with
READ_ONLY_PREFIXES = ("verify_", "browser_wait_for")       # steps that leave the page as it was
# Actions that put the focus in their own field: a move elsewhere seen as one of them settles is a timer's an
# earlier action started (I Hate Money's modal focuses "What?" 300 ms after it has opened, while a fast agent
# types "How much?"). In the test it may come before that action, which then takes the focus back: waiting
# for the move after it would wait for ever. A move after a click or a key is that action's.
FOCUSING_TOOLS = ("browser_fill", "browser_type", "browser_select", "browser_check", "browser_upload")
TYPING_TOOLS = ("browser_fill", "browser_type", "browser_press")      # what a focus moved away loses

SAID_REF = re.compile(r"\[ref=([\w-]+)\]")           # the ref a snapshot line says


def value_waits(steps: list[Record], index: int) -> list[Wait]:
    """Before step ``index`` (1-based): wait for each value the page set after the action before it."""
    record = _previous_action(steps, index)
    late = steps[index - 1].values_before
    if record is None:
        return []
    typed = _typed(record)
    changes: dict[str, tuple[ValueChange, str]] = {}
    for change in record.effects.values if record.effects else []:     # the action's own value is not among them
        changes[_key(change)] = (change, "as it settled")
    for change in late:
        if not _a_timers(change, steps[index - 1], typed):
            changes[_key(change)] = (change, "after it had settled, before the next one")
    checked = _checked_by_the_agent(steps, index)
    # a focus moved into a popup the test closes whenever it shows (overlays.py) is no fact of a run it never shows in
    popped = any(overlays.dismissed(steps, at) for at in range(_previous_action_at(steps, index) or index, index))
    waits = [wait for wait in _value_waits(steps, index, record, changes, typed)
             if (wait.kind != "value" or (wait.locator, wait.value) not in checked)
             and not (popped and wait.kind == "focused")]
    filled = _filled_later(steps, index)
    if filled is not None and not any(wait.kind == "value" and wait.locator == filled.locator for wait in waits):
        waits.append(filled)
    paced = loaded_code(record)         # the page drew it with code it loaded only then: at the network's pace
    return [wait.model_copy(update={"timeout_ms": STARTUP_TIMEOUT_MS, "reason": f"{wait.reason}; {paced}"})
            if paced else wait for wait in waits]


def _checked_by_the_agent(steps: list[Record], index: int) -> list[tuple[Locator | None, str | int | None]]:
    """The values the agent checked since the action before step ``index``: its check waits for each (DokuWiki's
    media picker writes into its opener's text as it closes, and the agent checked the text before saving)."""
    after = _previous_action_at(steps, index) or 0
    return [(locator_of(record.locators), record.args.value) for record in steps[after:index - 1]
            if isinstance(record, VerifyElementStep) and record.outcome == "done" and record.args.state == "value"]


def _filled_later(steps: list[Record], index: int) -> Wait | None:
    """Step ``index`` types over a value the page set in a field it had drawn empty (an edit dialog's form,
    filled a moment after the server answered with the record), which the agent found already filled: wait
    for the field to be filled, or the page fills it over what the test typed. Not a value the flow typed
    there itself before."""
    step = steps[index - 1]
    if not isinstance(step, (FillStep, TypeStep)) or step.replaced != "later":
        return None
    locator = locator_of(step.locators)
    if locator is None or locator.positional or _typed_into(steps[:index - 1], step.locators):
        return None
    field = f'{step.target.role} "{step.target.name}"' if step.target and step.target.role else "the field"
    return Wait(kind="value", locator=locator, pattern=ANY_VALUE,
                reason=f"the page filled {field} after it had drawn it empty (a form it fills from the server's "
                       "answer), as the agent found it: any value before the test types, or the page fills it "
                       "over what was typed")


def _value_waits(steps: list[Record], index: int, record: Record, changes: dict[str, tuple[ValueChange, str]],
                 typed: str | None) -> list[Wait]:
    out = []
    for change, when in changes.values():
        locator = locator_of(change.locator)
        if locator is None or locator.positional:
            continue
        field = f"{change.field}{' (hidden)' if change.hidden else ''}"
        if change.kind == "focus":
            if record.tool in FOCUSING_TOOLS:
                continue
            moved = "as the action before settled" if when == "as it settled" else "after the action before had settled"
            lost = ("what the test types before that may be lost" if steps[index - 1].tool in TYPING_TOOLS
                    else "the test acts once it has")
            out.append(Wait(kind="focused", locator=locator,
                            reason=f"the page moved the focus to {field} {moved} (a dialog takes it once it has "
                                   f"opened): {lost}"))
            continue
        if change.kind != "value":
            continue
        if value_of_one_record(_name_of(change), change.after):
            if not change.before.strip():
                out.append(Wait(kind="value", locator=locator, pattern=ANY_VALUE,
                                reason=f"the page filled {field} after the action before, {when}, with a value of "
                                       "that run's (an id, a token, a time): any value, not the recording's"))
            continue
        if change.attribute:          # an ARIA slider: no value property for to_have_value to read
            out.append(Wait(kind="attribute", locator=locator, attribute=change.attribute, value=change.after,
                            reason=f"the page set {field} to {_shown(change.after)} after the action before, {when}"))
        elif change.after.strip() and _typed_over_later(steps, index, change):
            out.append(Wait(kind="value", locator=locator, pattern=ANY_VALUE,
                            reason=f"the page filled {field} after the action before, {when}; the flow types over "
                                   "it, and the app keeps what each run saves: any value, not the recording's"))
        elif typed and typed in change.after and typed != change.after:
            out.append(Wait(kind="value", locator=locator, pattern=escape_pattern(typed),
                            reason=f"the page set {field} to a value holding the text the action before typed, "
                                   f"{when}; the rest of it is the app's own"))
        else:
            out.append(Wait(kind="value", locator=locator, value=change.after, replaced=change.before,
                            reason=f"the page set {field} to {_shown(change.after)} after the action before, {when}"))
    return out


def _a_timers(change: ValueChange, step: Record, typed: str | None) -> bool:
    """A hidden value the page set between two steps while it also asked the server on its own (``timers_before``:
    an autosave, a session's ping), and that holds nothing the action before typed: the timer's answer may have
    set it (an editor's revision number and time), which a run faster than the agent may never see before
    its next step. A value derived from the typed text (a slug) is the action's, whatever else the page asked."""
    return change.hidden and bool(step.timers_before) and not _derived_from(typed, change.after)


def _derived_from(typed: str | None, value: str) -> bool:
    """``value`` holds ``typed``'s letters and digits in order, case and punctuation aside ("Hello World" in
    "hello-world")."""
    letters = re.sub(r"[\W_]+", "", (typed or "").casefold())
    return bool(letters) and letters in re.sub(r"[\W_]+", "", value.casefold())


def _name_of(change: ValueChange) -> str:
    """The field's name attribute (what a form posts it as), else how the recording named it."""
    named = re.search(r'\[name="([^"]+)"\]', change.selector or change.field)
    return named.group(1) if named else change.field


def _typed_over_later(steps: list[Record], index: int, change: ValueChange) -> bool:
    """Step ``index`` or a later one types into the field whose value the page set: the value the recording saw
    there is data the flow replaces (the title a CMS's form loaded), which the next run finds replaced."""
    return _typed_into(steps[index - 1:], change.locator)


def _typed_into(steps: list[Record], field: LocatorChoice | None) -> bool:
    """One of ``steps`` fills or types into the field ``field`` finds."""
    chosen = field.chosen if field else None
    return chosen is not None and any(
        isinstance(step, (FillStep, TypeStep)) and step.locators is not None and step.locators.chosen is not None
        and step.locators.chosen.steps == chosen.steps for step in steps)


def went_on(left_at: str | None, url: str | None) -> str | None:
    """Why a step found its page at ``url`` (an action's, or the one an agent's URL check saw), when the step
    before left it at ``left_at`` and no step of its own moved it (None: it had not moved)."""
    if not left_at or not url or not url_moved(left_at, url):
        return None
    return (f"the page went on to {_shown(_place(url))} after the step before had settled (a handler it set "
            "off later: a search field's debounced one, a retry)")


def went_on_wait(left_at: str | None, record: Record, made: frozenset[str]) -> Wait | None:
    """Before an action: the URL its page went on to since the step before (``went_on``)."""
    why = went_on(left_at, record.url)
    moved = url_assertion(left_at or "", record.url or "", made) if why else None
    if moved is None:
        return None
    return Wait(kind="url", pattern=moved.pattern, reason=f"{why}: the test acts once it has")


def _place(url: str) -> str:
    """A URL as a test of its origin says it: its path, query and fragment."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")


def before_leaving(steps: list[Record], index: int) -> list[Wait]:
    """Before step ``index``, which leaves its page: wait for the action before it to have taken its own
    target away, when the recording saw it do so as that action settled (unless a check after that action
    waited for it already)."""
    at = _previous_action_at(steps, index)
    if at is None or any(before_checking(steps, check) for check in range(at + 1, index)):
        return []
    record = steps[at - 1]
    return [wait.model_copy(update={"reason": _paced(wait.reason + " (a tray or dialog that closes): the app may "
                                                     "finish its work as it closes, which leaving the page at once "
                                                     "would cut off", record)})
            for wait in [_taken_away(record, steps[index - 1])] if wait is not None]


def before_acting(steps: list[Record], index: int) -> list[Wait]:
    """Before step ``index``, the first action after one in a layer over the page that took its own target
    away as it settled (a link dialog's option, which inserts the link and closes the dialog): wait for that
    target to be gone. The agent acted once it had; an app whose windows close with a transition ignores
    what comes while one is closing (VisualEditor's window manager drops a toolbar click, and Save opens
    nothing), and nothing on the page says so but the closing window still shown. Not when a check between
    them waited for it already (``before_checking``)."""
    at = _previous_action_at(steps, index)
    record = steps[at - 1] if at is not None else None
    if (record is None or record.preflight is None or not record.preflight.in_overlay
            or any(before_checking(steps, check) for check in range(at + 1, index))):
        return []
    return [wait.model_copy(update={"reason": _paced(wait.reason + " (a layer that closes): an app may take no "
                                                     "input while its window is closing", record)})
            for wait in [_taken_away(record, steps[index - 1])] if wait is not None]


def before_checking(steps: list[Record], index: int) -> Wait | None:
    """Before step ``index``, the agent's first check after an action in a layer over the page that took
    its own target away as it settled (a dialog's Save): wait for that target to be gone. The agent checked
    once it had; a test that checks at once may find the layer's copy of what it looks for as it fades."""
    at = _previous_action_at(steps, index)
    record = steps[at - 1] if at is not None else None
    if (record is None or not steps[index - 1].tool.startswith("verify_")
            or record.preflight is None or not record.preflight.in_overlay
            or any(step.tool.startswith(READ_ONLY_PREFIXES) for step in steps[at:index - 1])):
        return None
    wait = _taken_away(record, steps[index - 1])
    return None if wait is None else wait.model_copy(update={
        "reason": _paced(wait.reason + " (a dialog that closes): a check made at once may find its copy as it fades",
                         record)})


def _taken_away(record: Record, then: Record) -> Wait | None:
    """A wait for ``record``'s own target to be gone, when the recording saw it go as the action settled."""
    target = getattr(record, "target", None)
    if target is None or record.effects is None or record.tab != then.tab:
        return None
    locator = locator_of(record.locators)
    if locator is None or locator.positional or not _took_away(record.effects.interactive_diff, target):
        return None
    paced = answered_over_a_socket(record) is not None
    return Wait(kind="hidden", locator=locator, timeout_ms=STARTUP_TIMEOUT_MS if paced else None,
                reason=f'the action before took its own {target.role} "{target.name}" away as it settled')


def _paced(reason: str, record: Record) -> str:
    """The reason of a wait for the action's own target to go, with why it waits as long as a load: the server
    answered the action over its websocket (Cockpit's dialogs close once their command has run, each message of
    the answer as late as the network makes it)."""
    paced = answered_over_a_socket(record)
    return f"{reason}; {paced}" if paced else reason


def _took_away(diff: list[str], target: Target) -> bool:
    """The target's own line left the page's snapshot, and no line of its role and name came in its place, nor
    its own element under another name (a Save button that reads "Saved" for a moment after its click: it
    stayed, and a wait for it to be hidden would fail once it reads "Save" again)."""
    if not target.role or not target.name:
        return False
    shown = f'{target.role} "{target.name}"'
    went = [line for line in diff if line.startswith("-") and shown in line]
    refs = {found[1] for line in went if (found := SAID_REF.search(line))}
    came = [line for line in diff if line.startswith("+")]
    return bool(went) and not any(shown in line or ((found := SAID_REF.search(line)) and found[1] in refs)
                                  for line in came)


def _typed(record: Record) -> str | None:
    """The text the action typed, when it typed one the test writes out (a secret is read from the
    environment: no value holds it in the test)."""
    if isinstance(record, FillStep):
        typed = record.args.value
    elif isinstance(record, TypeStep):
        typed = record.args.text
    else:
        return None
    return (typed.strip() or None) if isinstance(typed, str) else None


def _shown(value: str, limit: int = 60) -> str:
    return repr(value if len(value) <= limit else value[:limit] + "…")


def _previous_action(steps: list[Record], index: int) -> Record | None:
    """The step just before step ``index`` that changed the page."""
    at = _previous_action_at(steps, index)
    return steps[at - 1] if at is not None else None


def _previous_action_at(steps: list[Record], index: int) -> int | None:
    """Where (1-based) the step just before step ``index`` that changed the page is."""
    for at in range(index - 1, 0, -1):
        if steps[at - 1].outcome == "done" and not steps[at - 1].tool.startswith(READ_ONLY_PREFIXES) \
                and overlays.dismissed(steps, at) is None:      # a test's step only when the overlay shows
            return at
    return None


def _key(change: ValueChange) -> str:
    return repr((change.kind == "focus", change.locator.chosen.steps if change.locator else None))
