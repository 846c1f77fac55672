"""An overlay the page put up on its own as it opened (an onboarding, news or consent panel), which the agent
closed before anything else: whether it comes again depends on what the app remembers, so the test closes it
whenever it shows (the plan's ``Dismiss``: ``page.add_locator_handler`` on the control the agent clicked), and
what the page did as that click settled (the focus it moved) is no fact of the steps after it.

So is a popup the page put up in front of what an action asked for, once for each user (VisualEditor's tips
on its first "Link"): closed whenever it shows, in front of the dialog that action opens.

What the dismissal let the page go on to (VisualEditor's edit notices and the focus they take, once its
"Welcome to Wiki" is closed) comes on a run that never shows the overlay as well; it does not make the click
the flow's, unless the agent then uses it: acts on a control that came, or checks a text that appeared (a
consent wall's "Preferences saved", which the agent checks: the click is the flow's). Nor is an overlay whose text
the agent waited for or checked before closing it: the agent says it comes every time, and the test waits for it
and closes it as steps of the flow.
"""

from __future__ import annotations

import json
import re

import verdex.generators.waits as waits
from verdex.facts import Effects
from verdex.recording_format import (ACTION_TOOLS, NAVIGATION_TOOLS, Step as Record, VerifyElementStep, VerifyTextStep,
                                     WaitForStep)

CAME = re.compile(r'^\+\s*- (\w+)(?: "((?:[^"\\]|\\.)*)")? \[ref=([\w-]+)\]')     # a control that came, by its line
REF = re.compile(r"\[ref=([\w-]+)\]")


def dismissed(steps: list[Record], index: int) -> str | None:
    """What step ``index`` closed, when it closed an overlay the page had put up on its own: a click, the first
    action on the view its tab opened (``_view_opened_at``), on a control inside a layer over
    the page (a dialog, a fixed panel), after which a dialog or a blocker no action of the recording opened
    went away; no navigation, tab, download or browser dialog came of it, no value was set, and nothing that
    came of it is used by the agent after it (``_used_later``). None otherwise."""
    record = steps[index - 1]
    effects, locator = record.effects, waits.locator_of(record.locators)
    if (record.tool != "browser_click" or record.outcome != "done" or effects is None or locator is None
            or locator.positional or effects.navigated or effects.moved or effects.new_tabs or effects.downloads
            or effects.dialogs or any(value.kind != "focus" for value in effects.values)):
        return None
    in_front = _in_front_of(steps, index)
    if in_front is not None or record.preflight is None or not record.preflight.in_overlay:
        return in_front
    opener = _view_opened_at(steps, index)
    if opener is None or _used_later(effects, steps[index:]):
        return None
    # an overlay that came with the action that opened the view came as the view opened (a panel that answers
    # a safe "Start editing"); one that came with any other step was that step's to open
    safe = record.target is not None and record.target.risk == "safe"
    with_the_view = safe and steps[opener - 1].tool in ACTION_TOOLS
    opened = {said for at, earlier in enumerate(steps[:index - 1], start=1) if earlier.effects
              and not (with_the_view and at == opener) for said in earlier.effects.appeared}
    closed = [said for said in effects.disappeared if said.startswith(("dialog ", "blocker "))
              and not said.endswith("(loading)") and said not in opened]
    return closed[0] if closed and not _read_before(closed[0], steps[opener:index - 1]) else None


def _read_before(overlay: str, between: list[Record]) -> bool:
    """The agent waited for or checked a text of the overlay before it closed it: the agent says it comes (a
    notice put up at every sign-in while the password is the default one), and a handler that closes it whenever
    it shows would close it before that check could read it."""
    return any(isinstance(step, (VerifyTextStep, WaitForStep)) and step.args.text and step.args.text in overlay
               for step in between)


def _in_front_of(steps: list[Record], index: int) -> str | None:
    """The popup step ``index`` closed, when the page put it up in front of what the action before asked for
    and keeps that it was seen: the control clicked came with that action (VisualEditor's "Links" tips, on the
    first click on "Link"), is safe, went away with its click, which is the next action, sent a change to the
    server (the tips are not shown again to this user), and a dialog came after it (the link dialog the first
    click asked for, held until then). A run the popup does not come to gets that dialog from the action
    before at once."""
    record, before = steps[index - 1], _previous_action(steps, index)
    effects, target = record.effects, record.target
    if before is None or before.effects is None or effects is None or target is None or target.risk != "safe":
        return None
    shown = f'{target.role} {json.dumps(target.name, ensure_ascii=False)}'
    came = any(line.startswith("+") and shown in line for line in before.effects.interactive_diff)
    went = any(line.startswith("-") and shown in line for line in effects.interactive_diff)
    if (not came or not went or not any(r.method in waits.CHANGING_METHODS for r in effects.requests)
            or not any(said.startswith("dialog ") for said in effects.appeared)):
        return None
    return next((said for said in before.effects.appeared if said.startswith("dialog ")), shown)


def _previous_action(steps: list[Record], index: int) -> Record | None:
    """The action on step ``index``'s tab just before it, with only checks and looks between."""
    tab = steps[index - 1].tab
    for record in reversed(steps[:index - 1]):
        if record.tab == tab and (record.tool in ACTION_TOOLS or record.tool in NAVIGATION_TOOLS):
            return record if record.tool in ACTION_TOOLS and record.outcome == "done" else None
    return None


def _view_opened_at(steps: list[Record], index: int) -> int | None:
    """Where (1-based) the step that opened the view step ``index`` acts on is, when no action on its tab came
    between them: a goto, back, forward or reload, or an action that took the page to another URL (a wiki's
    section "edit" link, which opens the editor in the page by ``pushState``). None otherwise."""
    tab = steps[index - 1].tab
    for at in range(index - 1, 0, -1):
        record = steps[at - 1]
        if record.tab != tab:
            continue
        if record.tool in NAVIGATION_TOOLS:
            return at
        if record.tool in ACTION_TOOLS and record.outcome == "done":
            return at if record.effects is not None and (record.effects.navigated or record.effects.moved) else None
    return None


def _used_later(effects: Effects, later: list[Record]) -> bool:
    """A later step acts on a control that came with the click (a line of its own in the click's diff, not one
    that was there before under another state), or checks a text that appeared with it or an element that came."""
    went = {ref for line in effects.interactive_diff if line.startswith("-") for ref in REF.findall(line)}
    came = [found for line in effects.interactive_diff if (found := CAME.match(line)) and found[3] not in went]
    named = {(found[1], json.loads(f'"{found[2] or ""}"')) for found in came}
    refs = {found[3] for found in came}
    shown = [*effects.appeared, *(line for line in effects.interactive_diff if line.startswith("+"))]
    for step in later:
        if step.target is not None and (step.target.role, step.target.name) in named:
            return True
        if isinstance(step, VerifyElementStep) and step.args.ref in refs:
            return True
        text = step.args.text if isinstance(step, (VerifyTextStep, WaitForStep)) else None
        if text and any(text in said for said in shown):
            return True
    return False
