"""Acting on a ref: preflight first, then the action through the locator a test will use, then its
effects — each performed with Playwright's real input events and recorded as a step.

    result = await actions.click(tab, "e42")                 # NotActionable if a scrim covers it
    result = await actions.click(tab, "e42", wait=True)      # waits (bounded) for the scrim to go
    result = await actions.fill(tab, "e7", "demo")
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

import verdex.locators as locators
import verdex.steps as steps
from verdex.artifacts.capture import page_picture
from verdex.assertions import (
    framed_text, hidden_copies, host_shown_before, host_shows_it, shown_count, shown_only, text_places,
    through_its_host, whole_text,
)
from verdex.browser.answered_anew import without_values_made_anew
from verdex.browser.startup import hold_startup, since_document_start
from verdex.browser.tab import Tab
from verdex.effects import EffectsWatch, came_before_ready
from verdex.errors import (
    BrowserClosed,
    InvalidArgument,
    NotActionable,
    StaleRef,
    Timeout,
    VerdexError,
    translate_playwright_errors,
)
from verdex.facts import (
    ActionResult,
    Effects,
    LocatorChoice,
    LocatorStep,
    NavigationResult,
    PreflightFacts,
    Startup,
    Verdict,
    WaitRecord,
)
from verdex.preflight import (
    POINTER_ACTIONS, Action, as_acted, as_it_went, blockers, judge, passes_through, waits_in_vain,
)
from verdex.browser.calls import core_call
from verdex.proposals import proposals
from verdex.recording_format import DialogArgs, SecretValue, WaitForArgs
from verdex.safety.gate import gated_risk

ACTION_TIMEOUT_MS = 5_000
# Typed key by key, a text takes as long as the page's work on each key (a block editor re-renders on every one:
# WordPress's took 350 ms a key on a busy machine): each key gets this much beyond the action's own bound.
KEY_TIMEOUT_MS = 1_000
WAIT_BOUND_S = 10.0
WAIT_POLL_S = 0.05
# A target that is only disabled gets this long to be enabled, without wait=true: a form enables its submit
# once it has checked what was typed (a debounce of a few hundred ms), and Playwright's click waits for it too.
DISABLED_GRACE_S = 1.5
DISABLED_ONLY = {"disabled", "aria-disabled=true"}
# What arrow keys move and no typed text sets (a range input, an ARIA slider a component library
# draws, as Fluent UI's in H2O Wave): fill and type on one say to press keys instead
KEY_MOVED_ROLES = frozenset({"slider", "spinbutton", "scrollbar"})
MODIFIERS = ("Alt", "Control", "ControlOrMeta", "Meta", "Shift")
# A line of Playwright's call log saying the action's input was delivered ("click action done")
ACTION_DONE = re.compile(r"^\s*- \w+ action done$", re.MULTILINE)

Perform = Callable[[Locator, bool], Awaitable[None]]


@core_call("click", "medium")
async def click(tab: Tab, ref: str, *, button: Literal["left", "right", "middle"] = "left", click_count: int = 1,
                modifiers: list[str] | None = None, force: bool = False, wait: bool = False,
                effects: bool = True, confirm: str | None = None) -> ActionResult:
    bad = [m for m in modifiers or [] if m not in MODIFIERS]
    if bad or click_count < 1:
        raise InvalidArgument(f"modifiers are {', '.join(MODIFIERS)}; click_count ≥ 1", modifiers=bad)

    async def perform(locator: Locator, forced: bool) -> None:
        await locator.click(button=button, click_count=click_count, modifiers=modifiers or None, force=forced,
                            timeout=ACTION_TIMEOUT_MS)

    return await _act(tab, ref, "click", perform, force=force, wait=wait, effects=effects,
                      confirm=confirm, args={"button": button, "click_count": click_count, "modifiers": modifiers or []})


@core_call("type", "medium")
async def type_text(tab: Tab, ref: str, text: str, *, submit: bool = False, force: bool = False, wait: bool = False,
                    confirm: str | None = None) -> ActionResult:
    """Types key by key (real keyboard events), after what the field holds; Enter after it when submit."""

    async def perform(locator: Locator, forced: bool) -> None:
        await locator.press_sequentially(text, timeout=typing_timeout_ms(text))
        if submit:
            await locator.press("Enter", timeout=ACTION_TIMEOUT_MS)

    return await _act(tab, ref, "type", perform, force=force, wait=wait, confirm=confirm,
                      args={"text": text, "submit": submit}, secret_arg="text")


def typing_timeout_ms(text: str) -> int:
    """The bound on typing ``text`` key by key: the action's, and a key's allowance for each key."""
    return ACTION_TIMEOUT_MS + KEY_TIMEOUT_MS * len(text)


@core_call("fill", "medium")
async def fill(tab: Tab, ref: str, value: str, *, submit: bool = False, force: bool = False, wait: bool = False,
               confirm: str | None = None) -> ActionResult:
    """Replaces the field's value, the way Playwright's fill() does (focus, select all, insert text); a
    field that listens for keys and for no text event (a search box built on keyup) is emptied and then
    typed into key by key, since fill presses no key and its handlers would never run."""
    keys = await _keys_only(tab, ref)
    args: dict[str, Any] = {"value": value, "submit": submit, **({"keys": True} if keys else {})}

    async def perform(locator: Locator, forced: bool) -> None:
        if keys:
            await locator.fill("", force=forced, timeout=ACTION_TIMEOUT_MS)
            await locator.press_sequentially(value, timeout=typing_timeout_ms(value))
        else:
            await locator.fill(value, force=forced, timeout=ACTION_TIMEOUT_MS)
            if await _written_as_it_took_focus(locator, value):
                # the focus is the field's now: a fill again replaces what the page wrote, as the test's does
                args["focus_first"] = True
                await locator.fill(value, force=forced, timeout=ACTION_TIMEOUT_MS)
        if submit:
            await locator.press("Enter", timeout=ACTION_TIMEOUT_MS)

    result = await _act(tab, ref, "fill", perform, force=force, wait=wait, confirm=confirm, args=args,
                        secret_arg="value")
    if args.get("focus_first"):
        note = ("the page wrote into the field as it took the focus (another field's blur handler fills it), and "
                "Playwright's fill selects the field's text before it focuses it: what was typed went after what "
                "the page wrote. Filled again with the focus in it; the test focuses the field first")
    elif keys:
        note = (f"typed key by key: the field listens for {' and '.join(keys)} and nothing on or above it for "
                "input or change, so a plain fill would run none of its handlers (the test does the same)")
    else:
        return result
    return result.model_copy(update={"verdict": result.verdict.model_copy(
        update={"advisory": [*result.verdict.advisory, note]})})


async def _written_as_it_took_focus(locator: Locator, value: str) -> bool:
    """The field holds more than the value just filled, the value at its end: the page wrote into it as it took
    the focus (Roundup's new user: leaving Name fills an empty Login Name), after Playwright's fill had selected
    its text, which was empty then."""
    try:
        held = await locator.input_value(timeout=ACTION_TIMEOUT_MS)
    except PlaywrightError:
        return False            # not a form field (an editing host): its text is not its value
    return bool(value) and held != value and held.endswith(value)


KEY_EVENTS = frozenset({"keydown", "keyup", "keypress"})
TEXT_EVENTS = frozenset({"input", "beforeinput", "change", "textInput"})     # what a fill fires (change: as it leaves)


async def _keys_only(tab: Tab, ref: str) -> list[str]:
    """The key events a field listens for when neither it nor anything above it listens for a text event
    (input, change): typing reaches its handlers, Playwright's fill does not. [] otherwise, and for a
    field in another frame."""
    chain = await tab.listener_types(ref, above_when=KEY_EVENTS)
    if not chain or not chain[0] & KEY_EVENTS or any(types & TEXT_EVENTS for types in chain):
        return []
    return sorted(chain[0] & KEY_EVENTS)


@core_call("select", "medium")
async def select(tab: Tab, ref: str, *, values: list[str] | None = None, labels: list[str] | None = None,
                 force: bool = False, wait: bool = False, confirm: str | None = None) -> ActionResult:
    if not values and not labels:
        raise InvalidArgument("pass values or labels to select")

    chosen: list[str] = []          # the options' values: what a handler sends its server (a settings page's save)

    async def perform(locator: Locator, forced: bool) -> None:
        try:
            chosen[:] = await locator.select_option(value=values, label=labels, force=forced, timeout=2_000)
        except PlaywrightTimeoutError as exc:
            options = await locator.locator("option").all_text_contents()
            raise InvalidArgument("the select has no such option", wanted=values or labels,
                                  options=[o.strip() for o in options][:50]) from exc

    return await _act(tab, ref, "select", perform, force=force, wait=wait, confirm=confirm,
                      args={"values": values, "labels": labels}, chosen=chosen)


@core_call("check", "medium")
async def set_checked(tab: Tab, ref: str, checked: bool, *, force: bool = False, wait: bool = False,
                      confirm: str | None = None) -> ActionResult:
    async def perform(locator: Locator, forced: bool) -> None:
        if checked:
            await locator.check(force=forced, timeout=ACTION_TIMEOUT_MS)
        else:
            await locator.uncheck(force=forced, timeout=ACTION_TIMEOUT_MS)

    return await _act(tab, ref, "check" if checked else "uncheck", perform, force=force, wait=wait, confirm=confirm, args={})


@core_call("upload", "high")
async def upload(tab: Tab, ref: str, paths: list[str], *, force: bool = False, wait: bool = False) -> ActionResult:
    """Give files to a file input (``set_input_files``), or to the file chooser that clicking ref opens."""
    files = [Path(p).expanduser() for p in paths]
    missing = [str(p) for p in files if not p.is_file()]
    if not files or missing:
        raise InvalidArgument("paths must name existing files" + (f"; not found: {', '.join(missing)}" if missing else ""),
                              missing=missing)

    recorded = {"paths": [str(p) for p in files], "via": "input"}

    async def perform(locator: Locator, forced: bool) -> None:
        input_ = (await locator.get_attribute("type", timeout=ACTION_TIMEOUT_MS) or "").lower() == "file"
        recorded["via"] = "input" if input_ else "file_chooser"      # what the generated test does too
        try:
            await give_files(locator, files, via=recorded["via"], timeout_ms=ACTION_TIMEOUT_MS, force=forced)
        except PlaywrightTimeoutError as exc:
            if input_:
                raise
            raise InvalidArgument(f"{ref} is not a file input and clicking it opened no file chooser") from exc

    return await _act(tab, ref, "upload", perform, force=force, wait=wait, args=recorded)


async def give_files(locator: Locator, files: list[Path] | list[str], *, via: str, timeout_ms: float,
                     force: bool = False) -> None:
    """Files to a file input (``via="input"``), or to the file chooser that clicking the element opens."""
    if via == "input":
        await locator.set_input_files(files, timeout=timeout_ms)
        return
    async with locator.page.expect_file_chooser(timeout=timeout_ms) as chooser:
        await locator.click(force=force, timeout=timeout_ms)
    await (await chooser.value).set_files(files, timeout=timeout_ms)


@core_call("hover", "medium")
async def hover(tab: Tab, ref: str, *, force: bool = False, wait: bool = False) -> ActionResult:
    async def perform(locator: Locator, forced: bool) -> None:
        await locator.hover(force=forced, timeout=ACTION_TIMEOUT_MS)

    return await _act(tab, ref, "hover", perform, force=force, wait=wait, args={})


@core_call("drag", "medium")
async def drag(tab: Tab, ref: str, to_ref: str, *, force: bool = False, wait: bool = False,
               confirm: str | None = None) -> ActionResult:
    """Drag ref onto to_ref with real mouse events (Playwright's drag_to): the preflight judges ref as it
    would a click; to_ref is located (and proven unique) first, so the test drags onto the same place."""
    destination = await locators.locate(tab.page, lambda: tab.candidates(to_ref), tab.test_id_attribute)

    async def perform(locator: Locator, forced: bool) -> None:
        await locator.drag_to(locators.build(tab.page, destination.chosen.steps), force=forced,
                              timeout=ACTION_TIMEOUT_MS)

    return await _act(tab, ref, "drag", perform, force=force, wait=wait, confirm=confirm,
                      args={"to": to_ref, "to_locators": destination.model_dump(mode="json")})


@core_call("press", "medium")
async def press(tab: Tab, key: str, ref: str | None = None, *, force: bool = False, wait: bool = False,
                confirm: str | None = None) -> ActionResult:
    """A key (``Enter``, ``Escape``, ``Control+A``) on ref, or on whatever has focus."""
    if not key or len(key) > 64:
        raise InvalidArgument("key is a Playwright key name such as Enter, Escape or Control+A", key=key)
    if ref is not None:
        async def perform(locator: Locator, forced: bool) -> None:
            await locator.press(key, timeout=ACTION_TIMEOUT_MS)

        return await _act(tab, ref, "press", perform, force=force, wait=wait, confirm=confirm,
                          args={"key": key})
    tab.ensure_no_dialog()
    risk, submit_risk = await tab.focused_risk()
    target = {"ref": None, "role": None, "name": "the focused element"}
    tab.guard.confirm("press", target, gated_risk(risk, submit_risk, "press", key=key), confirm, tab.page.url)
    stopped = len(tab.guard.denied_navigations)
    first_page = await tab.first_page_text()
    url_before = tab.page.url          # where the key was pressed: where it leads (a saved title's new URL) is its effect
    watch = EffectsWatch(tab, first_sign=True)
    await watch.start()
    try:
        with translate_playwright_errors(f"pressing {key}"):
            await tab.page.keyboard.press(key)
    except BrowserClosed:
        if not _closed_its_own_window(tab):
            raise
    effects = _without_key_focus(await watch.finish())
    tab.guard.stopped_since(stopped, "press", target)
    result = ActionResult(action="press", ref="", target=f"{key} on the focused element", verdict=Verdict(),
                          effects=effects)
    steps.note(tab.recorder, steps.pressed(tab, key, effects, url_before, first_page_text=first_page, **_before(watch)),
               watch.attachments)
    return result


@core_call("observe", "low")
async def observe(tab: Tab, ref: str, action: Action = "click") -> ActionResult:
    """The preflight facts and what they would mean for an action, without acting."""
    tab.ensure_no_dialog()
    facts = await tab.preflight(ref)
    return ActionResult(action=f"observe ({action})", ref=ref, target=_target(facts), preflight=facts,
                        verdict=judge(facts, action))


async def _act(tab: Tab, ref: str, action: Action | str, perform: Perform, *, force: bool, wait: bool,
               args: dict[str, Any], effects: bool = True, secret_arg: str | None = None,
               confirm: str | None = None, chosen: list[str] | None = None) -> ActionResult:
    tab.ensure_no_dialog()
    startup = await since_document_start(tab) if tab.recorder.on else None
    try:
        return await _act_after_startup(tab, ref, action, perform, startup, force=force, wait=wait, args=args,
                                        effects=effects, secret_arg=secret_arg, confirm=confirm, chosen=chosen)
    except NotActionable:
        raise                                      # its refused step carries the startup
    except BaseException:
        hold_startup(tab, startup)                 # no step carries it: the next action on the document does
        raise


async def _act_after_startup(tab: Tab, ref: str, action: Action | str, perform: Perform, startup: Startup | None, *,
                             force: bool, wait: bool, args: dict[str, Any], effects: bool,
                             secret_arg: str | None, confirm: str | None,
                             chosen: list[str] | None = None) -> ActionResult:
    kind: Action = "click" if action == "drag" else action  # type: ignore[assignment]
    pointer = kind in POINTER_ACTIONS
    facts, locating, started = await tab.preflight_and_candidates(ref, watch=effects, pointer=pointer)
    facts = as_acted(facts, kind)
    tool, target = str(action), {"ref": ref, "role": facts.role, "name": facts.name}
    tab.guard.confirm(tool, target, gated_risk(facts.risk, facts.submit_risk, action, key=args.get("key"),
                                               submit=args.get("submit", False)), confirm, tab.page.url)
    if kind == "select" and facts.tag not in ("select", "label"):
        raise InvalidArgument(
            f"{ref} is a {facts.role or 'control'} drawn by script (<{facts.tag}>), not a <select>: select chooses "
            "the options of a native <select> (or of one a <label> names) only. To choose here, click it, then click "
            "the option it shows (role option in the snapshot)", ref=ref, tag=facts.tag, role=facts.role)
    if kind in ("fill", "type") and facts.role in KEY_MOVED_ROLES and not facts.editable:
        raise InvalidArgument(
            f"{ref} is a {facts.role} (<{facts.tag}>), which takes no typed text: {kind} writes "
            f"into an editable field only. To set it, press keys on it (press with ref {ref}): "
            "ArrowRight or ArrowUp a step up, ArrowLeft or ArrowDown a step down, Home and End "
            "its ends, PageUp and PageDown a larger step", ref=ref, tag=facts.tag, role=facts.role)
    for url in _navigation_urls(facts, action, args):
        tab.guard.check_url(url, tool, target, by_scheme=False)
    if secret_arg and facts.sensitive:
        tab.secrets.add(args[secret_arg])          # known before Playwright sees it: the trace masks it
    verdict = judge(facts, kind)
    waited = None
    if not tab.preflight_enabled:
        # preflight is off for this role: the facts are still read and recorded, nothing is stopped
        verdict = Verdict(advisory=[*verdict.blocking, *verdict.advisory])
    blocker = None
    if verdict.blocking and not force:
        blocker = await blocker_locator(tab, facts)
        # a closed container opens when its toggle is clicked: waiting for it would only run out (said at once)
        in_vain = waits_in_vain(facts, kind)
        if (wait and not in_vain) or set(verdict.blocking) <= DISABLED_ONLY:
            facts, verdict, waited = await _wait_until_clear(tab, ref, kind, verdict,
                                                             WAIT_BOUND_S if wait else DISABLED_GRACE_S)
            locating = await tab.candidates(ref, pointer=pointer)   # the page has changed while waiting
            started = None                                 # so the watch starts again, from the page as it is now
        if verdict.blocking:
            if tab.recorder.on:
                refused = steps.refused(tab, f"browser_{action}",
                                        args=_recorded_args(args, secret_arg, facts, tab), facts=facts,
                                        blocking=verdict.blocking, blocker=blocker, startup=startup)
                steps.note(tab.recorder, refused, await page_picture(tab.page, tab.artifacts))    # what covered it
            # compact: one entry per blocker; the full facts are in the recording and in observe_element_state
            unwaited = f" (not waited for: {in_vain})" if wait and waited is None and in_vain else ""
            raise NotActionable(f"{action} on {ref} would not land: " + "; ".join(verdict.blocking) + unwaited, ref=ref,
                                blocking=verdict.blocking, advisory=verdict.advisory, blockers=blockers(facts))
    disabled_required = await disabled_required_locators(tab, facts) if action == "click" else []
    first_page = await tab.first_page_text()       # just before the recording's first input, as a proof run keeps it
    url_before = tab.page.url
    stopped = len(tab.guard.denied_navigations)
    link, form = facts.navigation.link, facts.navigation.form
    opens_tab = (link is not None and link.target == "_blank") or (form is not None and form.target == "_blank")
    # typing shows nothing to wait for; a typed value submitted with Enter is a key press
    # (or typed into a field that listens for keys: its handlers answer as to a submit)
    first_sign = action not in ("fill", "type", "hover", "upload") or bool(args.get("submit") or args.get("keys"))
    typed = args.get("value", args.get("text")) if action in ("fill", "type") else None
    watch = EffectsWatch(tab, expect_popup=opens_tab, target=facts.box, ref=ref, first_sign=first_sign,
                         typed=None if secret_arg and facts.sensitive else typed) if effects else None
    if watch is not None:
        await watch.start(started)
    choice = locators.bridge_choice(locating, tab.test_id_attribute)
    if choice is not None:
        # act at once with the locator the bridge counted as unique while Playwright's engine proves it
        try:
            proof = await _perform(tab, perform(locators.build(tab.page, choice.chosen.steps), force),
                                   f"{action} on {ref}", proving=locators.prove(tab.page, choice, locating,
                                                          lambda: tab.candidates(ref, pointer=pointer)),
                                   watched=watch is not None)
            choice = _proven(choice, await proof)
        except _Unproven:
            choice = None
    if choice is None:
        # the target's size may change after the preflight measured it (its stylesheet arrived, the layout
        # moved): locate reads it again then
        choice = await locators.locate(tab.page, lambda: tab.candidates(ref, pointer=pointer), tab.test_id_attribute,
                                       first=locating)
        await _perform(tab, perform(locators.build(tab.page, choice.chosen.steps), force), f"{action} on {ref}")
    choice = locators.with_styled_twins(choice, locating, tab.test_id_attribute)
    tab.proven_locators[ref] = choice
    if watch is not None and chosen:
        watch.chose(chosen[0])      # a request that carries the chosen option's value is the choice's, later too
    observed = _without_own_value(await watch.finish(), ref, action, args) if watch is not None else None
    if observed is not None and action == "click":      # keys or a value again would be typed twice
        observed = came_before_ready(observed, watch.ancestors_after or facts.ancestor_state, watch.ancestors_settled)
    tab.guard.stopped_since(stopped, tool, target)
    verdict = as_it_went(verdict, observed)
    proposed = proposals(observed, ref)
    if watch is not None:           # an id the server makes anew at each load is no outcome
        proposed = await without_values_made_anew(proposed, watch.requests(), tab.page.context.request)
    result = ActionResult(action=action, ref=ref, target=_target(facts), locator=choice, preflight=facts,
                          verdict=_with_secrets_variable(verdict, args, secret_arg, facts, tab),
                          forced=force and bool(verdict.blocking), waited=waited, effects=observed, proposals=proposed)
    steps.note(tab.recorder, steps.action(tab, f"browser_{action}", args=_recorded_args(args, secret_arg, facts, tab),
                                          url=url_before, facts=facts, locators=choice, verdict=verdict,
                                          forced=result.forced, waited=waited, blocker=blocker,
                                          disabled_required=disabled_required, effects=observed,
                                          ancestors_after=watch.ancestors_after if watch is not None else [],
                                          startup=startup, first_page_text=first_page,
                                          replaced=watch.replaced if watch is not None else None, **_before(watch)),
               watch.attachments if watch is not None else None)
    return result


def _recorded_args(args: dict[str, Any], secret_arg: str | None, facts: PreflightFacts, tab: Tab) -> dict[str, Any]:
    """The arguments as recorded: a value for a sensitive field as the environment variable a test reads, named
    after the field's name attribute or id, else its label (a field a script renders with neither: Directus's; a
    name too short to say what it holds: DokuWiki's ``p``); another value under a name already taken gets a
    variable of its own (``TypedSecrets.env_name``)."""
    if secret_arg and facts.sensitive:
        return {**args, secret_arg: SecretValue(env=tab.secrets.env_name(_secret_named_by(facts), args[secret_arg]))}
    return dict(args)


def _with_secrets_variable(verdict: Verdict, args: dict[str, Any], secret_arg: str | None, facts: PreflightFacts,
                           tab: Tab) -> Verdict:
    """The answer to typing a secret names the variable the test reads it from (WordPress's ``pwd``:
    VERDEX_SECRET_PWD), which the proof of an export needs set: said as it is typed, not first by a failed proof.
    The recorded verdict stays as judged."""
    if not (secret_arg and facts.sensitive):
        return verdict
    env = _recorded_args(args, secret_arg, facts, tab)[secret_arg].env
    return verdict.model_copy(update={"advisory": [
        *verdict.advisory, f"the test reads what was typed here from {env} (set it where `verdex export` runs)"]})


def _secret_named_by(facts: PreflightFacts) -> str | None:
    """What a secret's variable is named after: the field's name attribute or id when it says something (three
    letters or more: ``otp``, ``pass``), else its label ("Password" for ``name="p"``), else whatever it has."""
    own = facts.field_name or ""
    if len(re.sub(r"[^A-Za-z0-9]", "", own)) >= 3:
        return own
    return facts.name or own or None


def _without_own_value(effects: Effects, ref: str, action: str, args: dict[str, Any]) -> Effects:
    """The target's new value is the action itself when the action filled, chose or checked it (unless
    the page then made it something else: a field that formats what was typed); a key moves the focus
    itself (Tab)."""
    if action == "press":
        return _without_key_focus(effects)
    if action not in ("fill", "type", "select", "check", "uncheck", "upload"):
        return effects
    typed = args.get("value", args.get("text")) if action in ("fill", "type") else None
    own = [v for v in effects.values if v.ref == ref and (typed is None or v.after.endswith(typed))]
    return effects.model_copy(update={"values": [v for v in effects.values if v not in own]}) if own else effects


def _without_key_focus(effects: Effects) -> Effects:
    return effects.model_copy(update={"values": [v for v in effects.values if v.kind != "focus"]})


def _before(watch: EffectsWatch | None) -> dict[str, Any]:
    """What the page did after the previous action had settled, seen as this one started (a debounced
    handler's): the values it set, the requests it made holding the text that action typed, and the
    messages its websocket servers sent after it sent them that text. Recorded with this step, which a
    test must not take before them."""
    if watch is None:
        return {"values_before": [], "requests_before": [], "answers_before": 0}
    return {"values_before": list(watch.late_values), "requests_before": list(watch.late_requests),
            "answers_before": watch.late_answers, "timers_before": watch.timers_before}


def _navigation_urls(facts: PreflightFacts, action: str, args: dict[str, Any]) -> list[str]:
    """Where the action would go: the link it follows, the form it submits (checked against the host policy
    before acting; redirects and scripted navigations are stopped by the context's route)."""
    follows = action == "click" or (action == "press" and str(args.get("key", "")).endswith("Enter"))
    link, form = facts.navigation.link, facts.navigation.form
    return [u for u in (link.href if link and follows else None, form.action if form and follows else None) if u]


async def blocker_locator(tab: Tab, facts: PreflightFacts) -> LocatorChoice | None:
    """The locator of what covers the target's centre, proven while it is still there (a test waits for
    it to be hidden before acting)."""
    centre = next((p for p in facts.coverage if p.point == "center"), None)
    if facts.closed_container is not None:   # what lies where its closed container clips it covers nothing
        return None
    if centre is None or centre.hit is None or centre.hit.reaches_target or passes_through(facts, centre.hit):
        return None
    try:
        return await locators.locate(tab.page, lambda: tab.candidates(centre.hit.ref), tab.test_id_attribute)
    except VerdexError:
        return None      # gone already, or nothing to find it by: the wait falls back to the target's own state


async def disabled_required_locators(tab: Tab, facts: PreflightFacts) -> list[LocatorChoice]:
    """The locators of the submitted form's required fields that were empty and disabled, proven before the
    click: the form could be sent only because they were (a test waits for them to be disabled, as a fresh
    page's script makes them; before that the browser's own validation keeps the form from being sent)."""
    form = facts.navigation.form
    found = []
    for field in form.disabled_required if form is not None else []:
        try:
            found.append(await locators.locate(tab.page, lambda ref=field.ref: tab.candidates(ref),
                                               tab.test_id_attribute))
        except VerdexError:
            continue     # nothing to find it by: no wait for it
    return found


class _Unproven(Exception):
    """Playwright's engine does not find the bridge's locator unique: choose again, the slow way."""


@dataclass(frozen=True)
class _Proof:
    """The proof that ran beside an action, and whether the action was done before it ended."""

    choice: LocatorChoice | None      # None: the proof failed on the page the action had changed
    after_the_action: bool


def _proven(bridge: LocatorChoice, proof: _Proof) -> LocatorChoice:
    """The choice as proven. A proof that ended after the action counted the page the action changed (a
    click that renamed its button, under a load that ran the proof late): the action itself acted on
    exactly one match of the bridge's locator, as Playwright acts only on one, so that is its proof."""
    if proof.choice is not None and (proof.choice.chosen.is_target or not proof.after_the_action):
        return proof.choice
    acted = bridge.chosen.model_copy(update={"matches": 1, "is_target": True, "counted_by": "playwright"})
    return bridge.model_copy(update={"chosen": acted, "candidates": [acted]})


async def _proof_of(proof: asyncio.Future[LocatorChoice], ended: dict[str, float]) -> _Proof:
    """The proof of an action that has acted. One that failed once the action was done read the page the
    action changed (its target re-rendered or gone, under a load that ran the proof late): the action acted
    on exactly one match, and that is its proof."""
    if "landed" in ended:              # the action's input had reached the page when the proof ended
        if not proof.done():           # a dialog the action opened holds the page's script: it cannot end
            proof.cancel()
            proof.add_done_callback(_consume)
            return _Proof(None, after_the_action=True)
        return _Proof(None if proof.exception() is not None else proof.result(), after_the_action=True)
    try:
        choice = await proof
    except VerdexError:
        return _Proof(None, after_the_action=True)
    return _Proof(choice, after_the_action="action" in ended and ended["proof"] > ended["action"])


async def _landed(tab: Tab) -> bool:
    """Whether the action's input has reached the page (the effects watch saw it). A page that cannot answer
    is one the action is changing (a document going away): counted as landed, since awaiting an action
    that has not acted only lets Playwright act on its one match or time out, never act twice."""
    try:
        return (await tab.call_bridge("watchLanded"))["landed"]
    except VerdexError:
        return True


async def _perform(tab: Tab, action: Awaitable[None], what: str,
                   proving: Awaitable[LocatorChoice] | None = None, watched: bool = False) -> Awaitable[_Proof] | None:
    """Run the Playwright action; if it opens a JavaScript dialog, the action is done (its input was
    delivered) even though Playwright's call returns only once the dialog is answered. With a proof
    running beside it: if the proof fails while the action still waits for its element, the action is
    cancelled (it has not acted: Playwright acts only on exactly one match) and _Unproven raised. If the
    action's input has reached the page by then (``watched``: the effects watch saw it land), the proof
    counted the page the action changed (a click that removed its button, or left the page): the
    action is awaited, and its one match is its proof.
    The proof starts once the action's first message is on its way, so that the page answers the action
    first and runs the proof in the frames the action spends waiting for the element to be stable.
    Returns the proof, to be awaited for the proven choice."""
    dialogs_before = len(tab.dialog_log)
    ended: dict[str, float] = {}                   # when the action and the proof ended
    task = asyncio.ensure_future(action)
    task.add_done_callback(lambda _: ended.setdefault("action", time.monotonic()))
    proof: asyncio.Future[LocatorChoice] | None = None
    if proving is not None:
        await asyncio.sleep(0)
        proof = asyncio.ensure_future(proving)
        proof.add_done_callback(lambda _: ended.setdefault("proof", time.monotonic()))
    while not task.done():
        if len(tab.dialog_log) > dialogs_before:         # the action's input reached the page
            ended.setdefault("landed", time.monotonic())
            task.add_done_callback(_consume)
            return _proof_of(proof, ended) if proof is not None else None
        waiting_on = {task} if proof is None or proof.done() else {task, proof}
        await asyncio.wait(waiting_on, timeout=WAIT_POLL_S, return_when=asyncio.FIRST_COMPLETED)
        if proof is not None and proof.done() and not task.done() and "landed" not in ended:
            if proof.exception() is not None or not proof.result().chosen.is_target:
                if watched and await _landed(tab):
                    ended["landed"] = time.monotonic()
                    continue
                task.cancel()
                task.add_done_callback(_consume)
                raise _Unproven()
    if proof is not None and _found_twice(task):
        # Playwright found the locator the bridge counted once more than once, and did not act: the bridge's
        # count was wrong (an option of a native select kept see-through under a scripted one), as a failed proof
        proof.cancel()
        proof.add_done_callback(_consume)
        raise _Unproven()
    try:
        with translate_playwright_errors(what):
            task.result()
    except Timeout:
        if not _delivered(task):
            await tab.check_responsive()
            raise
    except BrowserClosed:
        if not _closed_its_own_window(tab):
            raise
    return _proof_of(proof, ended) if proof is not None else None


def _delivered(task: asyncio.Future[None]) -> bool:
    """Playwright's call timed out after its input was delivered ("click action done"): what it waited for then
    is the navigation the input scheduled, to commit (a form's POST that a busy server answers late). The action
    is done; the effects watch waits for the page's answer as for any other."""
    return (not task.cancelled() and isinstance(task.exception(), PlaywrightTimeoutError)
            and ACTION_DONE.search(str(task.exception())) is not None)


def _closed_its_own_window(tab: Tab) -> bool:
    """Playwright's action failed as its page closed, the browser still there: the page closed its own window
    as the input reached it (a picker's handler that calls ``window.close()``), before Playwright had read the
    action's end from it. The action is done; the effects watch says the tab closed itself."""
    browser = tab.page.context.browser
    return tab.page.is_closed() and (browser is None or browser.is_connected())


def _found_twice(task: asyncio.Future[None]) -> bool:
    """The action failed because its locator matched more than one element (Playwright acts on exactly one)."""
    return (not task.cancelled() and isinstance(task.exception(), PlaywrightError)
            and "strict mode violation" in str(task.exception()))


def _consume(task: asyncio.Future[None]) -> None:
    if not task.cancelled():
        task.exception()


async def _wait_until_clear(tab: Tab, ref: str, action: Action, verdict: Verdict,
                            bound_s: float) -> tuple[PreflightFacts, Verdict, WaitRecord]:
    started = time.monotonic()
    first = list(verdict.blocking)
    while True:
        await asyncio.sleep(WAIT_POLL_S)
        facts = as_acted(await tab.preflight(ref, pointer=action in POINTER_ACTIONS), action)
        verdict = judge(facts, action)
        elapsed = time.monotonic() - started
        if not verdict.blocking or elapsed >= bound_s:
            return facts, verdict, WaitRecord(blocking=first, waited_ms=round(elapsed * 1000),
                                              cleared=not verdict.blocking)


def _target(facts: PreflightFacts) -> str:
    if facts.name:
        return f"{facts.role or facts.tag} {facts.name!r}"
    # an element no role names, as the snapshot showed it (clickable 'companies', not the svg's bare "g")
    return f"{facts.shown_role} {facts.shown_name!r}" if facts.shown_name else (facts.role or facts.tag)


@core_call("navigate", "medium")
async def navigate(tab: Tab, url: str) -> NavigationResult:
    """Go to url (recorded by the tab's own navigate, which the Python API may call directly too)."""
    return await tab.navigate(url)


@core_call("wait_for", "medium")
async def wait_for(tab: Tab, *, text: str | None = None, text_gone: str | None = None, ref: str | None = None,
                   state: Literal["visible", "hidden", "enabled", "disabled", "attached", "detached"] = "visible",
                   timeout_s: float = 10.0) -> dict[str, Any]:
    """Wait, bounded, for text to appear or disappear, or for ref to reach a state."""
    if sum(x is not None for x in (text, text_gone, ref)) != 1:
        raise InvalidArgument("pass exactly one of text, text_gone or ref")
    if (text is not None and not text.strip()) or (text_gone is not None and not text_gone.strip()):
        raise InvalidArgument("the text to wait for is empty")
    timeout_s = min(max(timeout_s, 0.1), 30.0)
    tab.ensure_no_dialog()
    started = time.monotonic()
    showing = None                     # how many elements showed the text: after it came, before it went
    place: list[LocatorStep] = []      # the iframe they are in (a frame_locator chain), [] for the page
    host: LocatorChoice | None = None  # the component that draws it straight in its shadow root, found through it
    if ref is not None:
        await _wait_for_ref(tab, ref, state, timeout_s)
    else:
        shown = await _wait_for_text(tab, text if text is not None else text_gone, gone=text is None,
                                     timeout_s=timeout_s)
        if shown is None:
            named = await _named_not_shown(tab, text) if text is not None else 0
            hint = (f": no element shows it as text, and {named} element(s) have it as their name (a title or a "
                    "label, which is not shown text): wait for the element's ref, or verify_element") if named else ""
            raise Timeout(f"waited {timeout_s:.1f} s{hint}", text=text, text_gone=text_gone, ref=ref, state=state)
        showing, place, host = shown
    waited = {"waited_ms": round((time.monotonic() - started) * 1000), "text": text, "text_gone": text_gone,
              "ref": ref, "state": state}
    if showing is not None:
        waited["elements_showing"] = showing
    if tab.recorder.on:
        one_element = text is not None and showing == 1 and host is None
        hidden = await hidden_copies(tab, place, text) if one_element else 0
        if hidden:
            waited["hidden_copies"] = hidden
        # the text one element alone shows: the test asserts that element's whole text when it is just this
        whole = await whole_text(tab, place, text, visible_only=bool(hidden)) if one_element else {}
        found = None
        if ref is not None and state not in ("detached", "hidden"):
            found = await locators.locate(tab.page, lambda: tab.candidates(ref), tab.test_id_attribute)
        elif host is not None:         # a component's text in its shadow root: the test waits through the component
            found = host if text is not None else shown_only(host)
        elif place and text is not None:   # inside an iframe: the test waits through the frame
            one = showing == 1
            found = framed_text(place, text, exact=one and bool(whole.get("exact")), visible_only=not one or bool(hidden))
        elif place:                    # gone from an iframe: none of its elements shows it
            found = framed_text(place, text_gone or "", visible_only=True)
        steps.note(tab.recorder, steps.waited_for(tab, WaitForArgs(**waited, **whole), found))
    return waited


async def _named_not_shown(tab: Tab, text: str) -> int:
    """How many elements are named ``text`` by a title or a label only (a toolbar button's tooltip title: the
    snapshot shows it as the button's name, the page as no text)."""
    with contextlib.suppress(PlaywrightError):
        page = tab.page
        return await page.get_by_title(text, exact=True).count() + await page.get_by_label(text, exact=True).count()
    return 0


# how many elements show a text, the frame_locator chain of the iframe they are in ([] for the page), and the
# component that draws it straight in its shadow root (found through it, :func:`verdex.assertions.through_its_host`)
Showing = tuple[int, list[LocatorStep], LocatorChoice | None]


async def _wait_for_text(tab: Tab, text: str, *, gone: bool, timeout_s: float) -> Showing | None:
    """Until some element shows the text visibly (or none does) — not only the first match, which may be a
    hidden copy — in the page, else in one of its iframes (an app that draws each of its pages in a frame,
    as Cockpit does), else a component in its shadow root. Returns how many showed it, after it came or before it
    went, and where; None when the time ran out."""
    deadline = time.monotonic() + timeout_s
    found = await _showing(tab, text)
    if gone:
        if found is None:              # gone before the wait began: from the component that showed it, else from
            host = host_shown_before(tab, text)     # where the last action acted
            return 0, [] if host is not None else _acted_in(tab), host
        while await _still_showing(tab, found, text):
            if time.monotonic() >= deadline:
                return None
            await asyncio.sleep(WAIT_POLL_S)
        return found
    while found is None:
        if time.monotonic() >= deadline:
            return None
        await asyncio.sleep(WAIT_POLL_S)
        found = await _showing(tab, text)
    return found


def _acted_in(tab: Tab) -> list[LocatorStep]:
    """The iframe the last action acted in (the frame_locator steps its locator begins with), [] for the page:
    a text gone before the wait for its going began (a deletion the server had done by then) went from there."""
    acted = tab.last_effects[2] if tab.last_effects is not None else None
    choice = tab.proven_locators.get(acted) if acted is not None else None
    if choice is None:
        return []
    return list(itertools.takewhile(lambda step: step.method == "frame_locator", choice.chosen.steps))


async def _showing(tab: Tab, text: str) -> Showing | None:
    """How many elements show ``text`` visibly and where: the page first, then its iframes; else the component that
    draws it straight in its shadow root, which no element's text holds (verdex/component_text.py)."""
    for place in await text_places(tab):
        count = await shown_count(tab, place, text)
        if count:
            return count, place, None
    host = await through_its_host(tab, text)
    return (1, [], host) if host is not None else None


async def _still_showing(tab: Tab, found: Showing, text: str) -> bool:
    _count, place, host = found
    return await host_shows_it(tab, host) if host is not None else bool(await shown_count(tab, place, text))


async def _wait_for_ref(tab: Tab, ref: str, state: str, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            facts = await tab.preflight(ref)
            reached = {"visible": facts.visible, "hidden": not facts.visible, "enabled": not facts.disabled and not facts.aria_disabled,
                       "disabled": facts.disabled or facts.aria_disabled, "attached": True, "detached": False}[state]
        except StaleRef:
            reached = state in ("detached", "hidden")
        if reached:
            return
        if time.monotonic() >= deadline:
            raise Timeout(f"{ref} did not become {state} within {timeout_s:.1f} s", ref=ref, state=state)
        await asyncio.sleep(WAIT_POLL_S)


@core_call("dialog", "medium")
async def answer_dialog(tab: Tab, *, accept: bool, prompt_text: str | None = None) -> dict[str, Any]:
    if not tab.pending_dialogs:
        raise InvalidArgument("no dialog is open")
    dialog = tab.pending_dialogs.pop(0)
    watch = EffectsWatch(tab, first_sign=True) if dialog.type != "beforeunload" else None
    if watch is not None:
        watch.mark()                 # what the page's handler does once answered is the answer's effects
    with translate_playwright_errors("answering the dialog"):
        if accept:
            await dialog.accept(prompt_text) if prompt_text is not None else await dialog.accept()
        else:
            await dialog.dismiss()
    answered = {"type": dialog.type, "message": dialog.message, "accepted": accept, "prompt_text": prompt_text}
    if dialog.type == "beforeunload":
        answered["url"] = await tab.left() or tab.page.url       # where the navigation it held ended
    effects = None
    if watch is not None:
        try:
            await watch.start()
        except NotActionable:
            if not tab.pending_dialogs:
                raise
            watch.abandon()          # the page asked again at once: its next dialog is what the agent answers next
        else:
            effects = await watch.finish()
    steps.note(tab.recorder, steps.dialog(tab, DialogArgs(**answered), effects))
    return {**answered, "effects": effects}
