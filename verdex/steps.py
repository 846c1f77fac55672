"""Recording in one place: every call that changes the browser's state — a navigation of any kind, a
tab opened, selected or closed, a role switched to (and its default URL), a storage state loaded, an
action, a dialog answered, an assertion that held — builds its step here, as the recording format's
typed model (``verdex.recording_format``), and ``recorded`` writes it when the call ends.

``recorded`` wraps the core calls every face reaches (verdex.browser.calls.core_call applies it to
each, and it wraps the tab's and the session's own state-changing methods): the MCP server and the
shell's session process through the tools (verdex.tools), the Python API directly (``tab.navigate()``,
``actions.click(tab, …)``). A call notes its step (``note``) with the facts it found; the outermost
recorded call writes what was noted, in order, when it returns or raises (a refused action is a step
too). A call inside another (``session.new_tab(url)`` navigating the new tab) adds its steps to the
outer call's, so they are written in the order they happened.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from verdex.facts import (AncestorState, Effects, LocatorChoice, NavigationResult, PreflightFacts, RequestEffect,
                          Startup, ValueChange, Verdict, WaitRecord)
from verdex.recorder import Recorder
from verdex.recording_format import (STEP_MODELS, ClickArgs, DialogArgs, DragArgs, FillArgs, NavigateArgs, NoArgs,
                                     PressArgs, SelectArgs, SelectRoleArgs, StateLoadArgs, Step, TabNewArgs, Target,
                                     TypeArgs, UploadArgs, VerifyElementArgs, VerifyTextArgs, VerifyUrlArgs,
                                     WaitForArgs)

if TYPE_CHECKING:
    from verdex.browser.tab import Tab

F = TypeVar("F", bound=Callable[..., Any])
Noted = list[tuple[Recorder, Step, "dict[str, bytes] | None"]]
_noted: ContextVar[Noted | None] = ContextVar("verdex_noted_steps", default=None)


def recorded(fn: F) -> F:
    """The steps ``fn`` notes are written when the outermost recorded call ends, returned or raised."""
    if inspect.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def call(*args: Any, **kwargs: Any) -> Any:
            if _noted.get() is not None:
                return await fn(*args, **kwargs)
            token = _noted.set([])
            try:
                return await fn(*args, **kwargs)
            finally:
                _write(token)
        return call  # type: ignore[return-value]

    @functools.wraps(fn)
    def call_sync(*args: Any, **kwargs: Any) -> Any:
        if _noted.get() is not None:
            return fn(*args, **kwargs)
        token = _noted.set([])
        try:
            return fn(*args, **kwargs)
        finally:
            _write(token)
    return call_sync  # type: ignore[return-value]


def _write(token: Any) -> None:
    noted = _noted.get() or []
    _noted.reset(token)
    for recorder, step, attachments in noted:
        recorder.write(step, attachments)


def note(recorder: Recorder, step: Step, attachments: dict[str, bytes] | None = None) -> None:
    """Record ``step`` when the recorded call it happens in ends."""
    noted = _noted.get()
    if noted is None:
        raise RuntimeError(f"{step.tool} was noted outside a recorded call: wrap its function in verdex.steps.recorded")
    if recorder.on:
        noted.append((recorder, step, attachments))


def _step(tool: str, **fields: Any) -> Step:
    """A step of the format, built as the tool's own model."""
    return STEP_MODELS[tool](tool=tool, **fields)


# what each action tool's arguments are, as recorded
ACTION_ARGS: dict[str, type[BaseModel]] = {
    "browser_click": ClickArgs, "browser_fill": FillArgs, "browser_type": TypeArgs, "browser_select": SelectArgs,
    "browser_check": NoArgs, "browser_uncheck": NoArgs, "browser_hover": NoArgs, "browser_upload": UploadArgs,
    "browser_drag": DragArgs, "browser_press": PressArgs}


# ---------------------------------------------------------------- the steps, by kind
def navigation(tab: Tab, tool: str, result: NavigationResult, url_before: str, args: NavigateArgs | None = None,
               requests_before: list[RequestEffect] = ()) -> Step:
    """browser_navigate (with its ``NavigateArgs``), browser_back, browser_forward or browser_reload."""
    return _step(tool, tab=tab.id, role=tab.role, url=url_before, url_after=result.url, status=result.status,
                 identity=result.identity, dialog=result.dialog, requests_before=list(requests_before),
                 **({"args": args} if args is not None else {}))


def action(tab: Tab, tool: str, *, args: dict[str, Any], url: str, facts: PreflightFacts, locators: LocatorChoice,
           verdict: Verdict, forced: bool, waited: WaitRecord | None, blocker: LocatorChoice | None,
           disabled_required: list[LocatorChoice], effects: Effects | None, ancestors_after: list[AncestorState], startup: Startup | None,
           values_before: list[ValueChange], requests_before: list[RequestEffect], answers_before: int = 0,
           timers_before: list[str] = (), first_page_text: str | None = None, replaced: str | None = None) -> Step:
    """An action done; ``args``: the tool's arguments as it was called (a secret as a ``SecretValue``);
    ``first_page_text``: what the page showed just before it, kept by the recording's first action;
    ``replaced``: whether a fill's or a type's field held a value the page drew it with or set later."""
    typing = {"replaced": replaced} if tool in ("browser_fill", "browser_type") else {}
    return _step(tool, tab=tab.id, role=tab.role, args=ACTION_ARGS[tool](**args), url=url, target=target(facts),
                 locators=locators, preflight=facts, verdict=verdict, forced=forced, waited=waited, blocker=blocker,
                 disabled_required=disabled_required, effects=effects, ancestors_after=ancestors_after, startup=startup, values_before=values_before,
                 requests_before=requests_before, answers_before=answers_before, timers_before=list(timers_before),
                 first_page_text=first_page_text, **typing)


def refused(tab: Tab, tool: str, *, args: dict[str, Any], facts: PreflightFacts, blocking: list[str],
            blocker: LocatorChoice | None, startup: Startup | None) -> Step:
    """An action the preflight stopped: what blocked it, for the test to wait out."""
    return _step(tool, outcome="not_actionable", tab=tab.id, role=tab.role, args=ACTION_ARGS[tool](**args),
                 url=tab.page.url, target=target(facts), blocking=blocking, blocker=blocker, preflight=facts,
                 startup=startup)


def pressed(tab: Tab, key: str, effects: Effects, url: str, values_before: list[ValueChange],
            requests_before: list[RequestEffect], answers_before: int = 0, timers_before: list[str] = (),
            first_page_text: str | None = None) -> Step:
    """A key pressed on whatever had focus, at ``url`` (the page's before the key: the URL it led to is an
    effect, and a name the server gave in its answer is not one the flow had seen)."""
    return _step("browser_press", tab=tab.id, role=tab.role, args=PressArgs(key=key), url=url,
                 effects=effects, values_before=values_before, requests_before=requests_before,
                 answers_before=answers_before, timers_before=list(timers_before), first_page_text=first_page_text)


def waited_for(tab: Tab, args: WaitForArgs, locators: LocatorChoice | None) -> Step:
    """An agent's wait that ended, with what the page asked holding the text the last action typed since it
    settled (:func:`_asked_with_typed_text`)."""
    return _step("browser_wait_for", tab=tab.id, role=tab.role, args=args, locators=locators,
                 requests_before=_asked_with_typed_text(tab))


def dialog(tab: Tab, answered: DialogArgs, effects: Effects | None = None) -> Step:
    """The agent's answer to a dialog, with what the page did once answered (a confirmed delete's request)."""
    return _step("browser_dialog", tab=tab.id, role=tab.role, args=answered, effects=effects)


def verified(tab: Tab, kind: str, args: VerifyTextArgs | VerifyElementArgs | VerifyUrlArgs,
             locators: LocatorChoice | None) -> Step:
    """An agent's check that held, with the places of the requests the page made on its own since the step
    before (a timer's tick after the action it checks) and those it asked holding the text the last action
    typed (:func:`_asked_with_typed_text`)."""
    return _step(f"verify_{kind}", tab=tab.id, role=tab.role, args=args, locators=locators,
                 timers_before=tab.network.asked_on_its_own(), requests_before=_asked_with_typed_text(tab))


def _asked_with_typed_text(tab: Tab) -> list[RequestEffect]:
    """The requests holding the text the last action typed that the page asked and had answered since that
    action settled (a search asked 300 ms after the last key): the typing's, which the next action's watch
    would otherwise read — and no action may come (the check is the flow's last step)."""
    return [record.fact() for record in tab.network.asked_with_typed_text(answered_only=True)]


def tab_opened(tab: Tab, url: str | None) -> Step:
    return _step("browser_tab_new", tab=tab.id, role=tab.role, args=TabNewArgs(url=url))


def tab_selected(tab: Tab) -> Step:
    return _step("browser_tab_select", tab=tab.id, role=tab.role, url=tab.page.url)


def tab_closed(tab: Tab, url: str) -> Step:
    return _step("browser_tab_close", tab=tab.id, role=tab.role, url=url)


def role_selected(role: str, tab: str | None) -> Step:
    return _step("select_role", tab=tab or "", role=role, args=SelectRoleArgs(name=role))


def state_loaded(role: str, path: str) -> Step:
    return _step("browser_state_load", tab="", role=role, args=StateLoadArgs(path=path))


def target(facts: PreflightFacts) -> Target:
    """The target's identity as a step keeps it."""
    return Target(role=facts.role, name=facts.name, tag=facts.tag, container=facts.container, risk=facts.risk.level)
