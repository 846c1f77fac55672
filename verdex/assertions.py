"""The agent's assertions: checked on the live page with Playwright's own ``expect`` (so that a recorded
assertion is one that held), then recorded for the generated test.

    await assertions.text_visible(tab, "Added Pixel 8 to cart")
    await assertions.element(tab, "e42", "text", "Cart (1)")
    await assertions.url(tab, "/shop/cart")
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any, Literal

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Locator, expect

import verdex.locators as locators
from verdex.clock_readings import clock_note
from verdex.component_text import host_ways
from verdex.record_numbers import record_number_note
from verdex.figure_label import is_figure, labelled_figure
from verdex.gone_notices import label_taken_back, shown_by_the_action
import verdex.steps as recording_steps
from verdex.browser.tab import Tab
from verdex.errors import InvalidArgument, StaleObservation, StaleRef
from verdex.generators.plan import ARIA_STATES
from verdex.facts import FrameFact, LocatorChoice, LocatorStep, OwnLabel, RankedLocator, Verification
from verdex.browser.calls import core_call
from verdex.shown_locator import shown_locator
from verdex.recording_format import VerifyElementArgs, VerifyTextArgs, VerifyUrlArgs
from verdex.unseen import json_string

CHECK_TIMEOUT_MS = 5_000
VISIBLE_ONLY = LocatorStep(method="filter", kwargs={"visible": True})    # the elements that show it, not hidden copies
POLL_S = 0.1
ElementState = Literal["visible", "hidden", "enabled", "disabled", "checked", "unchecked", "selected", "expanded",
                       "collapsed", "pressed", "value", "text", "count"]
NEEDS_VALUE = ("value", "text", "count")


@core_call("verify_text", "low")
async def text_visible(tab: Tab, text: str) -> Verification:
    """Exactly one element shows the text, visibly: in the page, or else in one of its iframes (then the
    recorded locator goes through the frame, ``page.frame_locator(…).get_by_text(…)``). Hidden elements
    may hold it too (a truncated label's measurer): the test then finds it among the visible ones
    (``.filter(visible=True)``), which is what is checked. When several show it as a part of their text
    and one as its whole text (a dialog's title "Konfiguration" over "Konfigurationsdetails …"), that one
    is found by the whole text, as Playwright's ``exact=True`` finds it. A text a web component draws straight in
    its shadow root, which is no element's, is found through that component (verdex/component_text.py). Bounded."""
    if not text.strip():
        raise InvalidArgument("text is empty")
    tab.ensure_no_dialog()
    deadline = time.monotonic() + CHECK_TIMEOUT_MS / 1000
    found: list[LocatorStep] | None = None
    host: LocatorChoice | None = None
    whole = False
    while found is None and host is None:
        for frame_steps in await text_places(tab):
            whole_only = await _shown_once_by(tab, frame_steps, text)
            if whole_only is not None:
                found, whole = frame_steps, whole_only
                break
        else:
            host = await through_its_host(tab, text)     # no element's text: a component's, in its shadow root
            if host is None:
                if time.monotonic() >= deadline:
                    break
                await asyncio.sleep(POLL_S)
    if host is not None:
        return _checked_through_its_host(tab, text, host)
    choice = None
    recorded: dict[str, Any] = {"text": text}
    hidden = await hidden_copies(tab, found, text, exact=whole) if found is not None else 0
    if hidden:
        recorded["hidden_copies"] = hidden
    if found is not None:
        recorded.update({"exact": True} if whole else await whole_text(tab, found, text, visible_only=bool(hidden)))
    if found == [] and not hidden and recorded.get("exact") and is_figure(text):
        label = await labelled_figure(tab.page, text)
        if label:                    # the figure beside its label: the test finds that element (verdex/figure_label.py)
            recorded = {"text": text, "shown": label}
    if found:                        # inside an iframe: the test goes through the frame to the text
        choice = framed_text(found, text, exact=bool(recorded.get("exact")), visible_only=bool(hidden))
    note = await _gone_since_the_action(tab, text) if found is None else None
    if note is not None:
        recorded["transient"] = True
    passed = found is not None or note is not None
    actual = None if passed else await _why_not_shown_once(tab, text)
    result = Verification(kind="text_visible", passed=passed, expected=f"text {text!r} visible", actual=actual,
                          locator=choice, note=note or (_made_values_note(tab, text) if passed else None))
    _record(tab, result, VerifyTextArgs(**recorded, polled=tab.network.polled()))
    return result


async def through_its_host(tab: Tab, text: str) -> LocatorChoice | None:
    """The locator the test finds the component by that draws ``text`` straight in its shadow root (its role, else
    its tag, filtered by its whole text; through its iframe, in one), the first proven to find one element, shown,
    and kept for the page (:func:`host_shown_before`); None when there is none."""
    for frame_steps, frame in await _framed(tab):
        for kind, way in await host_ways(frame, text):
            steps = [*frame_steps, *way]
            if await _shows_once(locators.build(tab.page, steps)):
                host = LocatorChoice(chosen=RankedLocator(kind=kind, steps=steps, score=locators.SCORES[kind],
                                                          matches=1, is_target=True),
                                     candidates=[], code=locators.python_expression(steps))
                tab.hosts_shown[text] = (tab.refs.current_document, host)
                return host
    return None


def host_shown_before(tab: Tab, text: str) -> LocatorChoice | None:
    """The component :func:`through_its_host` found showing ``text`` on the page the tab is still on, gone since (a
    toast its timer took away): what a check that the text is gone goes through, as ``get_by_text`` never finds it."""
    document, host = tab.hosts_shown.get(text, (None, None))
    return host if host is not None and document == tab.refs.current_document else None


async def host_shows_it(tab: Tab, host: LocatorChoice) -> bool:
    """The component found by ``host`` (:func:`through_its_host`) still shows the text it is filtered by."""
    return await _shows_once(locators.build(tab.page, host.chosen.steps))


def shown_only(choice: LocatorChoice) -> LocatorChoice:
    """``choice`` among the visible elements: what a check that none shows it counts."""
    steps = [*choice.chosen.steps, VISIBLE_ONLY]
    return LocatorChoice(chosen=choice.chosen.model_copy(update={"steps": steps}), candidates=[],
                         code=locators.python_expression(steps))


def _checked_through_its_host(tab: Tab, text: str, host: LocatorChoice) -> Verification:
    """The check of a text found through the component that draws it, recorded with that locator: the test checks
    that locator visible."""
    result = Verification(kind="text_visible", passed=True, expected=f"text {text!r} visible", locator=host,
                          note=_made_values_note(tab, text))
    _record(tab, result, VerifyTextArgs(text=text, polled=tab.network.polled()))
    return result


def _made_values_note(tab: Tab, checked: str) -> str | None:
    """What the agent is told of a passed check whose value the run made and a fresh run makes otherwise: a time
    of today (the clock's), or the number the last submission's record was given (on the page it led to)."""
    effects = None
    if tab.last_effects is not None and tab.last_effects[0] == tab.refs.current_document:
        effects = tab.last_effects[1]
    return clock_note(checked) or record_number_note(checked, tab.page.url, effects)


async def _gone_since_the_action(tab: Tab, text: str) -> str | None:
    """What to say when no element shows ``text`` now, but a notice the last action showed, or its own control's
    label, did as it settled (verdex/gone_notices.py), on the page it is still on: the test checks it right after
    that action."""
    if tab.last_effects is None:
        return None
    document, effects, target = tab.last_effects
    said = shown_by_the_action(effects, target, text)
    if said is None or document != tab.refs.current_document:
        return None
    try:
        if await tab.page.get_by_text(text).filter(visible=True).count():
            return None                  # shown, by several elements: the strict check's failure stands
    except PlaywrightError:
        return None
    return f"{said} appeared with the last action and is gone again: the test checks it right after that action"


def _text_step(text: str, *, exact: bool = False) -> LocatorStep:
    return LocatorStep(method="get_by_text", args=[text], kwargs={"exact": True} if exact else {})


def framed_text(frame_steps: list[LocatorStep], text: str, *, exact: bool = False,
                visible_only: bool = False) -> LocatorChoice:
    """How the test finds ``text`` inside an iframe: through the frame (``frame_steps``) to the text."""
    steps = [*frame_steps, _text_step(text, exact=exact), *([VISIBLE_ONLY] if visible_only else [])]
    return LocatorChoice(chosen=RankedLocator(kind="text", steps=steps, score=locators.SCORES["text"],
                                              matches=1, is_target=True),
                         candidates=[], code=locators.python_expression(steps))


async def shown_count(tab: Tab, frame_steps: list[LocatorStep], text: str) -> int:
    """How many elements of the frame (the page for ``[]``) show ``text`` visibly."""
    try:
        return await locators.build(tab.page, [*frame_steps, _text_step(text), VISIBLE_ONLY]).count()
    except PlaywrightError:          # the frame navigated or went away meanwhile
        return 0


async def _shown_once_by(tab: Tab, frame_steps: list[LocatorStep], text: str) -> bool | None:
    """How the generated test's strict locator finds the one element that shows ``text`` visibly in the
    frame: False by a part of its text, True only by its whole text (others show it as a part of theirs);
    None when neither finds one."""
    for exact in (False, True):
        if await _shows_once(locators.build(tab.page, [*frame_steps, _text_step(text, exact=exact), VISIBLE_ONLY])):
            return exact
    return None


async def _why_not_shown_once(tab: Tab, text: str) -> str:
    """What the page and its iframes have of the text when no one element shows it: none, hidden ones (a flash
    message that went away as the agent checked), or several (the test's strict locator needs one). A frame's
    elements are said to be in it (a console whose every page is an iframe)."""
    places = await text_places(tab)
    held, total, visible, where = tab.page.get_by_text(text), 0, 0, ""
    for frame_steps in places:
        in_place = locators.build(tab.page, [*frame_steps, _text_step(text)])
        try:
            counted = await in_place.count()
            shown = await in_place.filter(visible=True).count() if counted else 0
        except PlaywrightError:      # the frame navigated or went away meanwhile
            continue
        if counted and (total == 0 or (shown and not visible)):
            held, total, visible = in_place, counted, shown
            where = f" in the iframe {' > '.join(step.args[0] for step in frame_steps)}" if frame_steps else ""
    if total == 0:
        drawn = await _drawn_by_components(tab, text)
        if drawn is not None and drawn[1]:
            return (f"no element of the page holds this text: {drawn[1]} shown {drawn[0]} components draw it straight "
                    "in their shadow root, and the test's check needs one")
        return "no element of the page holds this text" + (" (nor of its iframes)" if len(places) > 1 else "")
    if visible == 0:
        return (f"{total} element(s) of the page{where} hold this text, none of them visible (hidden, or gone as "
                "the check ran)")
    shown = await _texts_of(held.filter(visible=True), min(visible, READ_AT_MOST))
    longer = [own for own in shown if own != " ".join(text.split())][:SHOWN_AT_MOST]
    if not longer:        # each shows this text and nothing more: no longer text tells one apart
        return (f"{visible} visible elements{where} show this text and nothing more: the test's check needs one "
                "(check it on one of them by its ref: verify_element with state \"text\", which the test finds in "
                "its container)")
    more = f" and {visible - len(longer)} more" if visible > len(longer) else ""
    return (f"{visible} visible elements{where} show this text: the test's check needs one (check a longer text: "
            f"one of theirs, {', '.join(map(repr, longer))}{more})")


async def _drawn_by_components(tab: Tab, text: str) -> tuple[str, int] | None:
    """The tag of the components that draw ``text`` straight in their shadow root, where no element holds it, and
    how many of them show it (a stack of toasts that say it twice, which no way of the test finds alone); None
    when none draws it."""
    by_tag = [steps for kind, steps in await host_ways(tab.page.main_frame, text) if kind == "css"]
    if not by_tag:
        return None
    try:
        return str(by_tag[0][0].args[0]), await locators.build(tab.page, [*by_tag[0], VISIBLE_ONLY]).count()
    except PlaywrightError:          # gone or redrawn meanwhile
        return None


SHOWN_AT_MOST = 3        # the elements a refused text check names, with their own texts
READ_AT_MOST = 10        # the elements whose texts it reads to find them
SHOWN_CHARACTERS = 60
READ_TIMEOUT_MS = 2_000


async def _texts_of(elements: Locator, count: int) -> list[str]:
    """The first ``count`` elements' texts as a reader sees them, each on one line and clipped: the longer texts
    an agent can check instead (a response body's ``"Biscuit"`` beside a cURL command that holds it too)."""
    out = []
    for index in range(count):
        try:
            text = " ".join((await elements.nth(index).inner_text(timeout=READ_TIMEOUT_MS)).split())
        except PlaywrightError:
            continue                     # gone as it was read
        out.append(text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS - 1] + "\u2026")
    return out


async def hidden_copies(tab: Tab, frame_steps: list[LocatorStep], text: str, *, exact: bool = False) -> int:
    """How many elements hold ``text`` (as their whole text, when ``exact``) without showing it, beside
    the one that shows it: a strict ``get_by_text`` counts them too."""
    held = locators.build(tab.page, [*frame_steps, _text_step(text, exact=exact)])
    try:
        return max(0, await held.count() - await held.filter(visible=True).count())
    except PlaywrightError:          # the frame navigated or went away meanwhile
        return 0


async def whole_text(tab: Tab, frame_steps: list[LocatorStep], text: str, *, visible_only: bool = False) -> dict[str, Any]:
    """What the one element showing ``text`` shows: ``{"exact": True}`` when Playwright finds it by the
    whole text too (the test then asserts that text exactly), else ``{"shown": its whole text}``;
    ``visible_only``: among the elements that show it (hidden copies hold it too). An element that holds text
    it does not draw (a message's statement hidden until its link is clicked: Adminer's "SQL command", naming
    the row by the key the server made) gives ``{}``: the agent's words are checked as a part of it, never the
    text nobody saw, which Playwright's match would read."""
    shown_only = [VISIBLE_ONLY] if visible_only else []
    exact = locators.build(tab.page, [*frame_steps, LocatorStep(method="get_by_text", args=[text],
                                                                kwargs={"exact": True}), *shown_only])
    try:
        if await _shows_once(exact):
            return {"exact": True}
        element = locators.build(tab.page, [*frame_steps, LocatorStep(method="get_by_text", args=[text]), *shown_only])
        shown, drawn = await element.evaluate(TEXT_AND_DRAWN_TEXT, timeout=CHECK_TIMEOUT_MS)
    except PlaywrightError:          # gone or redrawn meanwhile: the assertion stays a substring match
        return {}
    if "".join(shown.split()) != "".join(drawn.split()):
        return {}
    return {"shown": " ".join(shown.split())}


# An element's text as Playwright's text engine reads it (every text node, drawn or not) and as it is drawn.
TEXT_AND_DRAWN_TEXT = "el => [el.textContent || '', el.innerText || '']"


async def _shows_once(locator: Any) -> bool:
    try:
        return await locator.count() == 1 and await locator.is_visible()
    except PlaywrightError:          # the frame navigated or went away meanwhile
        return False


async def text_places(tab: Tab) -> list[list[LocatorStep]]:
    """Where a text is looked for: the page (``[]``), then each of its iframes by its frame_locator chain."""
    return [steps for steps, _frame in await _framed(tab)]


async def _framed(tab: Tab) -> list[tuple[list[LocatorStep], Frame]]:
    """The page's frames, each with its frame_locator chain: the page's own (``[]``) first, then every iframe
    (nested ones too), outermost first."""
    paths: list[tuple[list[LocatorStep], Frame]] = [([], tab.page.main_frame)]
    for frame in tab.page.frames:
        if frame == tab.page.main_frame:
            continue
        try:
            paths.append((await _frame_path(frame, tab.test_id_attribute), frame))
        except PlaywrightError:      # detached while we looked
            continue
    return paths


async def _frame_path(frame: Frame, test_id_attribute: str) -> list[LocatorStep]:
    steps: list[LocatorStep] = []
    while frame.parent_frame is not None:
        element = await frame.frame_element()
        info: dict[str, Any] = {key: await element.get_attribute(attribute) for key, attribute in
                                (("test_id", test_id_attribute), ("title", "title"), ("name", "name"), ("id", "id"))}
        if not any(info.values()):
            info["index"] = await element.evaluate(
                "e => Array.prototype.indexOf.call(e.ownerDocument.querySelectorAll('iframe'), e)")
        steps.insert(0, locators.frame_step(FrameFact.model_validate(info), test_id_attribute))
        frame = frame.parent_frame
    return steps


@core_call("verify_element", "low")
async def element(tab: Tab, ref: str, state: ElementState, value: str | int | None = None) -> Verification:
    """The element holds the state now. A text the last action's own control took as its label as that action
    settled and has given up since (a Save that read "Saved" for a moment; the page may have drawn the control
    anew since, so that the ref is gone) passes with a note: the test checks it right after that action, the
    control found by that label (verdex/gone_notices.py)."""
    if state in NEEDS_VALUE and value is None:
        raise InvalidArgument(f"state {state!r} needs a value")
    tab.ensure_no_dialog()
    acted = tab.proven_locators.get(ref)          # the action's, when the ref was the last action's target
    try:
        # hidden now: the way the snapshot showed it, proven to reach it alone (its look-alikes that are shown
        # have its size, so a locator measured by size alone may find one of them)
        shown = await shown_locator(tab, ref) if state == "hidden" else None
        choice = shown or await locators.locate(tab.page, lambda: tab.candidates(ref), tab.test_id_attribute)
    except (StaleRef, StaleObservation) as gone:
        label = _label_given_up(tab, ref, str(value)) if state == "text" and isinstance(gone, StaleRef) else None
        if label is not None:
            return _checked_by_label(tab, ref, value, acted, label, None)
        # gone from the page, or with the page that held it (a server-rendered admin answers a deletion by
        # loading the page again: pyLoad's users): what a check that it is hidden asserts, by the locator the
        # ref last proved, on the page the tab is on now
        if state != "hidden" or ref not in tab.proven_locators:
            raise
        choice = tab.proven_locators[ref]
    tab.proven_locators[ref] = choice
    target = locators.build(tab.page, choice.chosen.steps)
    if state == "value" and await _shows_as_chosen(target, str(value)):
        choice, state = _chosen_option(choice), "text"
        target = locators.build(tab.page, choice.chosen.steps)
    check = {
        "visible": lambda: expect(target).to_be_visible(timeout=CHECK_TIMEOUT_MS),
        "hidden": lambda: expect(target).to_be_hidden(timeout=CHECK_TIMEOUT_MS),
        "enabled": lambda: expect(target).to_be_enabled(timeout=CHECK_TIMEOUT_MS),
        "disabled": lambda: expect(target).to_be_disabled(timeout=CHECK_TIMEOUT_MS),
        "checked": lambda: expect(target).to_be_checked(timeout=CHECK_TIMEOUT_MS),
        "unchecked": lambda: expect(target).not_to_be_checked(timeout=CHECK_TIMEOUT_MS),
        "value": lambda: expect(target).to_have_value(str(value), timeout=CHECK_TIMEOUT_MS),
        "text": lambda: expect(target).to_have_text(str(value), timeout=CHECK_TIMEOUT_MS),
        "count": lambda: expect(target).to_have_count(int(value), timeout=CHECK_TIMEOUT_MS),
        **{aria: (lambda said=said: expect(target).to_have_attribute(*said, timeout=CHECK_TIMEOUT_MS))
           for aria, said in ARIA_STATES.items()},
    }[state]
    passed = await _holds(check())
    actual = None
    if not passed and state in ("text", "value"):
        actual = await (target.inner_text() if state == "text" else target.input_value())
    label = _label_given_up(tab, ref, str(value)) if not passed and state == "text" else None
    if label is not None:
        return _checked_by_label(tab, ref, value, acted, label, actual)
    expected = f"{choice.code} {state}" + (f" {value!r}" if value is not None else "")
    note = _made_values_note(tab, str(value)) if passed and state in ("text", "value") else None
    result = Verification(kind="element", passed=passed, expected=expected, actual=actual, locator=choice, note=note)
    _record(tab, result, VerifyElementArgs(ref=ref, state=state, value=value, polled=tab.network.polled()))
    return result


# A select's chosen option, which the snapshot shows as the select's value (``combobox: "urgent"``)
CHOSEN_OPTION = LocatorStep(method="locator", args=["option:checked"])


async def _shows_as_chosen(target: Locator, value: str) -> bool:
    """A select of one choice whose chosen option reads ``value`` and whose value is another (a server-rendered
    form's ``<option value="2">urgent</option>``): the agent checks what the snapshot shows, the option's label."""
    try:
        return await target.evaluate("""(el, value) => el.tagName === 'SELECT' && !el.multiple && el.value !== value
          && el.selectedIndex >= 0 && el.options[el.selectedIndex].label.trim() === value.trim()""", value)
    except PlaywrightError:
        return False


def _chosen_option(choice: LocatorChoice) -> LocatorChoice:
    """The select's chosen option, found through the select's locator; its text is what the check asserts."""
    steps = [*choice.chosen.steps, CHOSEN_OPTION]
    return choice.model_copy(update={"chosen": choice.chosen.model_copy(update={"steps": steps}),
                                     "code": locators.python_expression(steps)})


def _checked_by_label(tab: Tab, ref: str, value: str | int | None, acted: LocatorChoice | None, label: OwnLabel,
                      actual: str | None) -> Verification:
    """The check of the text the last action's own control took as its label (``label``) and has given up since
    (``actual``: what it reads now; None when the page drew it anew since): passed with a note, and recorded to
    be made right after that action, on the control found by that label."""
    choice = _found_by_label(acted, label)
    now = f"it reads {json_string(' '.join(actual.split()))} now" if actual is not None \
        else "the page has drawn it anew since"
    note = (f"its own label {json_string(label.name)} appeared with the last action and is gone "
            f"again ({now}): the test checks it right after that action, found by that label")
    result = Verification(kind="element", passed=True, expected=f"{choice.code} text {value!r}", locator=choice,
                          note=note)
    _record(tab, result, VerifyElementArgs(ref=ref, state="text", value=value, polled=tab.network.polled(),
                                           transient=True))
    return result


def _label_given_up(tab: Tab, ref: str, text: str) -> OwnLabel | None:
    """The label ``text`` the last action's own control (``ref``) took as it settled, on the page the tab is
    still on, which it no longer shows."""
    if tab.last_effects is None:
        return None
    document, effects, target = tab.last_effects
    return label_taken_back(effects, target, ref, text) if document == tab.refs.current_document else None


def _found_by_label(acted: LocatorChoice | None, label: OwnLabel) -> LocatorChoice:
    """The action's own control found by the label it took: the action's locator, where it found the control by
    its role and name (within a container, say), with that name; else its role and that name. Not counted: the
    page no longer shows it."""
    steps = acted.chosen.steps if acted is not None else []
    scope = steps[:-1] if steps and steps[-1].method == "get_by_role" else []
    found = [*scope, LocatorStep(method="get_by_role", args=[label.role], kwargs={"name": label.name, "exact": True})]
    kind = acted.chosen.kind if acted is not None and scope else "role"
    return LocatorChoice(chosen=RankedLocator(kind=kind, steps=found, score=locators.SCORES["role"], matches=-1,
                                              is_target=True), candidates=[], code=locators.python_expression(found))


@core_call("verify_url", "low")
async def url(tab: Tab, expected: str) -> Verification:
    """The page's URL ends with (or, given as /regex/, matches) the expected text."""
    return await _url(tab, expected, CHECK_TIMEOUT_MS)


@core_call("wait_for_url", "low")
async def wait_for_url(tab: Tab, expected: str, timeout_s: float = 10.0) -> Verification:
    """Wait, bounded (0.1-30 s), for the URL to end with (or match, as /regex/) the expected text; what
    held is recorded as a URL check, which the test makes with to_have_url (itself a wait)."""
    return await _url(tab, expected, round(min(max(timeout_s, 0.1), 30.0) * 1000))


async def _url(tab: Tab, expected: str, timeout_ms: int) -> Verification:
    if expected.startswith("/") and expected.endswith("/") and len(expected) > 2:
        pattern = re.compile(expected[1:-1])
    else:
        pattern = re.compile(re.escape(expected) + r"$")
    passed = await _holds(expect(tab.page).to_have_url(pattern, timeout=timeout_ms))
    result = Verification(kind="url", passed=passed, expected=f"URL matching {pattern.pattern!r}", actual=tab.page.url)
    _record(tab, result, VerifyUrlArgs(url=expected, pattern=pattern.pattern))
    return result


async def _holds(check: Any) -> bool:
    try:
        await check
        return True
    except (AssertionError, PlaywrightError):      # a strict-mode violation is a failed check too
        return False


def _record(tab: Tab, result: Verification, args: VerifyTextArgs | VerifyElementArgs | VerifyUrlArgs) -> None:
    if result.passed:
        recording_steps.note(tab.recorder, recording_steps.verified(tab, result.kind, args, result.locator))
