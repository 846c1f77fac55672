"""Recording → test plan. Walks the recorded steps in order and turns the evidence of each into
waits, wrappers and assertions (generators/waits.py). Every step that changed the browser's state
becomes a statement (a navigation, back, forward, reload, a page opened or closed, an action) or moves
the test to another page (a tab selected, a role switched to); a step the test cannot do as the agent
did it stops the export (UnrenderableStep) instead of leaving a test that does something else.

Roles become browser contexts: a recording whose steps ran in more than one role, or in a role with a
storage state, plans one context per role (``TestPlan.contexts``) and opens each role's pages in it."""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Any
from urllib.parse import urlsplit

import verdex.generators.busy_notices as busy_notices
import verdex.generators.overlays as overlays
import verdex.generators.page_scripts as page_scripts
import verdex.generators.rereads as rereads
import verdex.generators.route_data as route_data
import verdex.generators.settling as settling
import verdex.generators.server_names as server_names
import verdex.generators.unique_literals as unique_literals
import verdex.generators.waits as waits
from verdex.generators.extended_names import extended_names
from verdex.generators.periodic import asked_between_steps, timer_requests
from verdex.generators.plan import (Action, Assertion, Check, ClosePage, Context, Dismiss, Goto, History, OpenPage,
                                    ResponseMatch, Settled, Secret, Statement, TestPlan, Value, Wait)
from verdex.generators.recording import Recording
from verdex.generators.targets.errors import UnrenderableStep
from verdex.facts import RequestEffect
from verdex.preflight import endless_movement
from verdex.recording_format import (ClickStep, DialogStep, DragStep, FillStep, NavigateStep, PressStep, SecretValue,
                                     SelectStep, StateLoadStep, TypeStep, UploadStep, VerifyElementStep,
                                     VerifyTextStep, VerifyUrlStep, WaitForStep)
from verdex.recording_format import Step as Record

ACTION_TOOLS = {"browser_click": "click", "browser_fill": "fill", "browser_type": "type", "browser_select": "select",
                "browser_check": "check", "browser_uncheck": "uncheck", "browser_hover": "hover",
                "browser_press": "press", "browser_upload": "upload", "browser_drag": "drag"}


def test_name(name: str) -> str:
    cleaned = re.sub(r"\W+", "_", name.strip().lower()).strip("_")
    return cleaned if cleaned and not cleaned[0].isdigit() else f"flow_{cleaned}"


HISTORY_TOOLS = {"browser_back": "back", "browser_forward": "forward", "browser_reload": "reload"}
# steps on no page of their own: they move the test to another page, or set up a role's context
SWITCHES = ("select_role", "browser_state_load", "browser_tab_select")
AT_A_POINT = ("browser_click", "browser_check", "browser_uncheck", "browser_hover")   # Playwright waits for it to stand still


class _Pages:
    """Tab ids of the recording → page variables of the test. One role and no storage state: ``page``
    (pytest-playwright's own) for the tab the flow starts in; else each role's first page is named for
    the role (``buyer_page``) in the role's context (``buyer_context``). Other tabs are ``page1``,
    ``page2`` …: popups the flow opens, and tabs it opened itself."""

    def __init__(self, contexts: dict[str, Context]) -> None:
        self._names: dict[str, str] = {}
        self._popups = 0
        self._contexts = contexts
        self._roles_with_pages: set[str] = set()

    def known(self, tab: str | None) -> bool:
        return (tab or "") in self._names

    def of(self, tab: str | None) -> str:
        return self._names.get(tab or "", "page")

    def popup(self, tab: str) -> str:
        self._popups += 1
        self._names[tab] = f"page{self._popups}"
        return self._names[tab]

    def has_pages(self, role: str) -> bool:
        return role in self._roles_with_pages

    def open(self, tab: str, role: str, index: int) -> OpenPage | None:
        """A page for a tab the test has not seen, opened in its role's context; None for the first page
        of a test without contexts (pytest-playwright gives it)."""
        context = self._contexts.get(role)
        first = role not in self._roles_with_pages
        self._roles_with_pages.add(role)
        if first and context is not None:
            self._names[tab] = context.variable.removesuffix("_context") + "_page"
        elif first and not self._contexts:
            self._names[tab] = "page"
            return None
        else:
            self._popups += 1
            self._names[tab] = f"page{self._popups}"
        return OpenPage(page=self._names[tab], context=context.variable if context else None, step=index)


def _contexts(recording: Recording) -> dict[str, Context]:
    """The browser contexts the test opens, by role: none when the steps ran in one role without a storage
    state (the test uses pytest-playwright's ``page``)."""
    header = recording.header
    roles = header.roles
    first = roles[0].name if roles else "default"
    if header.format < 4 and len(roles) > 1:
        raise UnrenderableStep(1, recording.records[0].tool if recording.records else "None",
                               "the recording is of format 3, which does not say which of its roles "
                               f"({', '.join(r.name for r in roles)}) each step ran in; record it again")
    states = {role.name: role.storage_state for role in roles}
    used: list[str] = []
    for record in recording.records:
        role = record.role or first
        if isinstance(record, StateLoadStep) and role not in used:
            states[role] = record.args.path
        elif record.tool not in SWITCHES and role not in used:
            used.append(role)
    if len(used) <= 1 and not any(states.get(role) for role in used):
        return {}
    contexts, taken = {}, set()
    for role in used:
        word = re.sub(r"\W+", "_", role.lower()).strip("_") or "role"
        word = f"role_{word}" if word[0].isdigit() else word
        while word in taken:
            word += "_"
        taken.add(word)
        state = states.get(role)
        contexts[role] = Context(role=role, variable=f"{word}_context", storage_state=state,
                                 storage_state_env=f"VERDEX_STORAGE_STATE_{word.upper()}" if state else None)
    return contexts


def build_plan(recording: Recording, name: str) -> TestPlan:
    steps = recording.records
    contexts = _contexts(recording)
    roles = recording.header.roles
    first_role = roles[0].name if roles else "default"
    pages = _Pages(contexts)
    base_url = _base_url(steps)
    statements: list[Statement] = []
    pending_waits: dict[str, list[Wait]] = {}           # target → waits learnt from a blocked attempt
    no_effect: dict[str, Record] = {}                   # target → the click that did nothing
    ready_signals: set[tuple[str, str | None]] = set()  # readiness attributes already waited for
    uploads: dict[str, str] = {}                        # upload_files/ name → the file uploaded
    startup: list[Wait] = []                            # the page's own loading, waited for before the next action
    loading = False                                     # a page opened and no action yet
    paced: str | None = None                            # why the checks up to the next action wait longer
    opened: str | None = None                           # why, after the test's own goto, up to its first action
    said: list[str] = []                                # the reasons for waiting longer the test said since
    answered = _answered_dialogs(steps)                 # browser_dialog steps an action's handler answers
    where: dict[str, str] = {}                          # page → the URL its last recorded step left it at
    acted: dict[str, Record] = {}                       # page → its last action the test does, on its document
    right_after: list[Check] = []                       # the checks put right after their action (transient)
    asserted = frozenset(r.args.text for r in steps if isinstance(r, (VerifyTextStep, WaitForStep))
                         and r.args.text)                # texts the agent itself checked
    likely_timers = timer_requests(steps) | asked_between_steps(steps)     # requests no action is answered by
    token = recording.header.unique                     # what {unique} stood for in the session
    extended = extended_names(steps, frozenset(ACTION_TOOLS))   # locators by a name's words; steps done again
    for index, record in enumerate(steps, 1):
        tool, outcome = record.tool, record.outcome
        role = record.role or first_role
        if tool in SWITCHES:
            if tool == "browser_state_load" and pages.has_pages(role):
                raise UnrenderableStep(index, tool, f"it starts role {role!r} again in a fresh context after the "
                                       "test has used the role's pages; load the storage state before the role's "
                                       "first step (or start the session with it: --role NAME STATE URL)")
            continue
        if tool == "browser_tab_new":
            opened = pages.open(record.tab, role, index)
            if opened is not None:          # else its first page: the test's own `page`
                statements.append(opened)
            continue
        if not pages.known(record.tab):
            if tool != "browser_navigate" and pages.has_pages(role):
                raise UnrenderableStep(index, tool, f"it ran in tab {record.tab}, which no recorded step "
                                       "opened (a tab the page opened without an action that was seen opening "
                                       "it): the test would have no way to reach it")
            opened = pages.open(record.tab, role, index)
            if opened is not None:
                statements.append(opened)
        page = pages.of(record.tab)
        startup = waits.startup_waits(record, asserted, recording.header.unique) or startup
        if isinstance(record, NavigateStep):
            left = _left(steps, index)
            statements.append(Goto(page=page, url=_relative(record.args.url, base_url),
                                   waits=settling.before_leaving(steps, index), leave=LEAVE_REASON if left is not None else None))
            where[page] = (left.args.url if left is not None else None) or record.url_after or record.args.url
            loading, paced, said, opened = True, None, [], waits.opened_by_the_test()
            acted.pop(page, None)
            continue
        if tool in HISTORY_TOOLS:
            moved = waits.url_assertion(where[page], record.url or "") if where.get(page) else None
            if moved is not None:        # the page went on by itself: the test goes back (reloads) from there too
                statements.append(Check(page=page, assertion=moved.model_copy(update={
                    "reason": f"the page had gone on to {record.url} by itself when the agent did this"})))
            left = _left(steps, index)
            landed = (left.args.url if left is not None else None) or record.url_after or ""
            where[page] = landed
            url_check = waits.url_assertion(record.url or "", landed, server_names.made_names(steps)[index - 1])
            statements.append(History(page=page, kind=HISTORY_TOOLS[tool], step=index,
                                      waits=settling.before_leaving(steps, index), asserts=[url_check] if url_check is not None else [],
                                      leave=LEAVE_REASON if left is not None else None))
            loading, paced, said, opened = True, waits.reloaded_by_the_test(HISTORY_TOOLS[tool]), [], None
            acted.pop(page, None)
            continue
        if tool == "browser_tab_close":
            statements.append(ClosePage(page=page, step=index))
            continue
        if tool == "browser_dialog":
            if index not in answered:
                raise UnrenderableStep(index, tool, "no recorded action opened this dialog, so the test has no "
                                       "action to answer it around")
            loaded = waits.loaded_another_page(record)      # its answer sent a form (a confirmed deletion)
            if loaded is not None:
                loading, paced, said, opened = True, loaded, [], None
            continue
        if tool in ACTION_TOOLS and outcome == "not_actionable":
            wait = waits.blocker_wait(record)
            known = pending_waits.setdefault(_target_key(record), [])
            if wait is not None and not any(w.locator == wait.locator and w.kind == wait.kind for w in known):
                known.append(wait)
            continue
        overlay = overlays.dismissed(steps, index)
        opened_at = next((at for at in range(len(statements) - 1, -1, -1)                # what opened its view
                          if isinstance(statements[at], (Goto, History, Action)) and statements[at].page == page), None)
        if overlay is not None and opened_at is not None:
            locator = waits.locator_of(record.locators)
            assert locator is not None                  # dismissed() holds only for a click found by a locator
            dismiss = Dismiss(page=page, locator=locator, overlay=overlay, step=index)
            statements.insert(opened_at, dismiss)
            # what the overlay said is no sign the page has loaded: a run where it does not come never shows it
            startup = [w for w in startup if not (w.kind == "text_visible" and w.text and w.text in dismiss.overlay)]
            continue
        if tool in ACTION_TOOLS and index in extended.done_again:
            continue
        if tool in ACTION_TOOLS:
            went_on = settling.went_on_wait(where.get(page), record, server_names.made_names(steps)[index - 1])
            action = _action(record, index, page, pages, steps, pending_waits, no_effect, ready_signals, uploads)
            if action is not None and index in extended.locators:
                locator, why = extended.locators[index]
                came = [extended.extended_first[index]] if index in extended.extended_first else []
                action = action.model_copy(update={"locator": locator, "waits": [*came, *action.waits],
                                                   "note": "; ".join(filter(None, [action.note, why]))})
            if action is not None and went_on is not None \
                    and not _url_checked_since_acting(statements, page, record.url or ""):
                action = action.model_copy(update={"waits": [went_on, *action.waits]})
            if action is not None:
                server_answer = waits.answered_before_next(acted.get(page), record)
                if server_answer is not None:
                    action = action.model_copy(update={"waits": [server_answer, *action.waits]})
                acted[page] = record
                if loading:
                    action = action.model_copy(update={"waits": [_paced_signal(w) for w in action.waits]})
                startup = [w for w in startup if not _checked_since_navigation(statements, page, w)]
                if startup:
                    action = action.model_copy(update={"waits": [*startup, *action.waits]})
                    startup = []
                statements.append(action)
                where[page] = (record.effects.url_after if record.effects else "") or where.get(page, "")
                loading, opened = waits.loaded_another_page(record) is not None, None
                paced = waits.answered_over_a_socket(record) or _url_pace(record, action.response, likely_timers)
                said = [paced] if any(a.timeout_reason == paced for a in action.asserts) else []
            continue
        went = _went_on_to_check(where.get(page), record) if isinstance(record, VerifyUrlStep) else None
        if went is not None and paced is None:       # by itself, at its own pace: the checks wait as for a load
            paced = f"{went}: the checks wait as long as a load may"
        if isinstance(record, WaitForStep):
            check = _wait_statement(record, page, token)
            if check is not None:
                statements.append(_paced(check, paced or (waits.drawn_after_load(record) if loading else None) or opened,
                                         said))
            continue
        if isinstance(record, (VerifyTextStep, VerifyElementStep, VerifyUrlStep)):
            assertion = _assertion(record, token)
            url = record.args.url if isinstance(record, VerifyUrlStep) else ""
            if isinstance(record, (VerifyTextStep, VerifyElementStep)) and record.args.transient:
                right_after.append(_paced(Check(page=page, assertion=assertion), paced, said))
                statements.insert(_after_acting(statements, page, right_after), right_after[-1])
                continue
            said_at = _already_asserted(statements, page, assertion, url)
            if said_at is not None:
                statements[said_at] = _agents_url(statements[said_at])
            else:
                settled = settling.before_checking(steps, index)
                if settled is not None:
                    statements.append(Settled(page=page, wait=settled))
                statements.append(_paced(Check(page=page, assertion=assertion),
                                         paced or opened or waits.redrawn_by_a_timer(record), said))
                counted = waits.counted_name(record, token) if isinstance(record, VerifyElementStep) else None
                if counted is not None:
                    statements.append(_paced(Check(page=page, assertion=counted),
                                             paced or opened or waits.redrawn_by_a_timer(record), said))
            continue
        raise UnrenderableStep(index, tool, "verdex has no test statement for it")
    return TestPlan(name=test_name(name), base_url=base_url, statements=statements, uploads=uploads,
                    source=recording.header.started, contexts=list(contexts.values()),
                    locale=recording.header.locale, timezone_id=recording.header.timezone_id,
                    test_id_attribute=recording.header.test_id_attribute, unique=token if any(unique_literals.holds(s.model_dump_json(), token) for s in statements) else None)


def _went_on_to_check(left_at: str | None, record: VerifyUrlStep) -> str | None:
    """Why the page was at the URL the agent checked, when the step before left it elsewhere (``went_on``):
    not when the agent's pattern holds for where it was left (a check by the URL's end, "/#/posts", as the tool
    asks, of the URL the last action moved to)."""
    if left_at and re.search(record.args.pattern, left_at):
        return None
    return settling.went_on(left_at, record.args.url)


def _checked_since_navigation(statements: list[Statement], page: str, wait: Wait) -> bool:
    """The agent already checked this text on this page since it last navigated: a startup wait on it
    would say it twice. Its check finds it when it names the text, or when it finds its element by the
    whole text's shape (the agent waited for "Total tasks", which the element showed as "Total tasks: 1")."""
    for statement in reversed(statements):
        if isinstance(statement, Goto) and statement.page == page:
            return False
        if (wait.kind == "text_visible" and wait.text and isinstance(statement, Check) and statement.page == page
                and statement.assertion.kind.endswith("text_visible")
                and (statement.assertion.text == wait.text
                     or (statement.assertion.pattern and re.search(statement.assertion.pattern, wait.text)))):
            return True
    return False


def _paced_signal(wait: Wait) -> Wait:
    """The app's readiness signal, or its stylesheet hiding a look-alike, before the first action on a page it
    opened is part of its loading: it waits as long as a navigation may (a fresh load that hydrates late, or
    whose CSS comes late, still gets there)."""
    if wait.kind not in ("attribute", "count") or wait.timeout_ms is not None:
        return wait
    return wait.model_copy(update={"timeout_ms": waits.STARTUP_TIMEOUT_MS,
                                   "reason": f"{wait.reason}; the page is still loading, so it waits as long as a load"})


def _paced(check: Check, why: str | None, said: list[str]) -> Check:
    """A check paced like a page's loading (``why`` says how) waits as long as a navigation may; the test
    says why once after the action (``said``: what it has said since)."""
    if why is None:
        return check
    reason = "" if why in said else why
    said.append(why)
    return check.model_copy(update={"assertion": check.assertion.model_copy(
        update={"timeout_ms": waits.STARTUP_TIMEOUT_MS, "timeout_reason": reason})})


def _action(record: Record, index: int, page: str, pages: _Pages, steps: list[Record],
            pending_waits: dict[str, list[Wait]], no_effect: dict[str, Record],
            ready_signals: set[tuple[str, str | None]], uploads: dict[str, str]) -> Action | None:
    kind = ACTION_TOOLS[record.tool]
    key = _target_key(record)
    effects = record.effects
    if kind == "click" and ((effects is not None and effects.no_effect) or _into_the_void(record, index, steps)):
        no_effect[key] = record                          # retried later, or a click that changed nothing
        return None
    found_waits = [*settling.value_waits(steps, index), *settling.before_acting(steps, index),
                   *pending_waits.pop(key, [])]
    blocker = waits.blocker_wait(record) if record.waited else None
    if blocker is not None and not any(w.kind == blocker.kind and w.locator == blocker.locator for w in found_waits):
        found_waits.append(blocker)
    styled = waits.styled_wait(record)
    if styled is not None:
        found_waits.append(styled)
    found_waits.extend(waits.disabled_required_waits(record))
    found_waits.extend(busy_notices.busy_notices_gone(steps, index))
    code_run = page_scripts.code_run_wait(steps, index)
    found_waits[:0] = page_scripts.scripts_run_waits(steps, index) or ([code_run] if code_run is not None else [])
    if key in no_effect:
        readiness = waits.readiness_wait(no_effect.pop(key), record)
        if readiness is not None:
            found_waits.append(readiness)
    for signal in waits.readiness_attributes(record):
        seen = (repr(signal.locator), signal.attribute)
        if seen not in ready_signals and not any(w.locator == signal.locator and w.attribute == signal.attribute
                                                 for w in found_waits):
            found_waits.append(signal)
        ready_signals.add(seen)
    dialog, prompt_text = _dialog_answer(steps, index)
    popup = pages.popup(effects.new_tabs[0]) if effects is not None and effects.new_tabs else None
    made = server_names.made_names(steps)[index - 1]
    seen, timers, between = waits.recorded_requests(steps), timer_requests(steps), asked_between_steps(steps)
    likely_timers = timers | between
    elsewhere = asked_between_steps(steps, but_after=index)   # not the action's handler asking again
    answer = _answer(steps, index)
    caused = waits.with_answer(effects, answer.effects) if answer is not None else effects
    answered = rereads.answered_before(steps)[index - 1]
    caused, reread = rereads.without_rereads(caused, answered, likely_timers, made)
    response = (waits.response_beside_timers(caused, seen, made, timers | elsewhere, between)
                or waits.typed_text_response(_asked_after(steps, index), seen, made, likely_timers))
    if _last_before_leaving(steps, index):
        response = waits.saved_last(caused, response, seen, made, likely_timers)
    asserts = []
    url_check = (waits.url_assertion(effects.url_before, effects.url_after, made | server_names.linked_numbers(record))
                 if effects is not None else None)
    closes = effects is not None and effects.closed_to is not None
    if url_check is not None and popup is None and not closes:
        # a route the app moves to once code it loads only then has come (a lazily loaded chunk), or once the
        # answers its route waits for have come, is as late
        late = _url_pace(record, response, likely_timers)
        asserts.append(url_check if late is None else url_check.model_copy(
            update={"timeout_ms": waits.STARTUP_TIMEOUT_MS, "timeout_reason": late}))
    return Action(page=page, locator=waits.locator_of(record.locators), waits=found_waits, response=response,
                  popup=popup, closes=closes,
                  reloads=waits.reloaded_its_page(record) if popup is None else "",
                  download=bool(effects is not None and effects.downloads), dialog=dialog, prompt_text=prompt_text,
                  asserts=asserts, note=rereads.reread_reason(reread) if reread and response is None else None,
                  step=index, force=_forced_for_good(record), **{"kind": kind, **_arguments(record, uploads)})


def _url_pace(record: Record, response: ResponseMatch | None, timers: frozenset[str]) -> str | None:
    """Why what the action's URL move draws comes at the network's pace: it loaded another page, code it did not
    have, or the URL moved only once answers the test does not wait for had come."""
    return (waits.loaded_another_page(record) or waits.loaded_code(record)
            or route_data.moved_once_answered(record.effects, response, timers))


def _forced_for_good(record: Record) -> str:
    """Why the test acts with force as the agent did, or "": the agent forced its way past a target that moved
    round after round of an animation that repeats forever (a call to action's pulse), and nothing else stood
    in the way. Playwright's click waits for its target to stand still, which this one never does; the force
    the agent used past anything else (a cover, a disabled control) is not the test's."""
    verdict, facts = record.verdict, record.preflight
    if (record.tool not in AT_A_POINT or not record.forced or verdict is None or facts is None
            or len(verdict.blocking) != 1):
        return ""
    endless = endless_movement(facts)
    if endless is None:
        return ""
    what = f"{endless.type} {endless.name}".strip()
    where = "it" if endless.on == "target" else f"its {endless.tag}"
    return (f"{where} moves for good ({what} repeats forever): Playwright's wait for it to stand still "
            "would never end, so the test acts with force, as the agent did")


def _last_before_leaving(steps: list[Record], index: int) -> bool:
    """Step ``index`` is the last action on its page before the test leaves it: the recording ends, or the
    next step on its tab that acts goes to another document (a goto, back, forward, reload, closing the
    tab, an action that loaded another page), with only checks, waits and answers to dialogs between.
    Leaving cuts off a write the page had yet to send (a syncer's second request), as ending does."""
    tab = steps[index - 1].tab
    for record in steps[index:]:
        if record.tab != tab:
            continue
        if record.tool in HISTORY_TOOLS or record.tool in ("browser_navigate", "browser_tab_close"):
            return True
        if record.tool in ACTION_TOOLS and record.outcome == "done":
            return waits.loaded_another_page(record) is not None
    return True


def _asked_after(steps: list[Record], index: int) -> list[RequestEffect]:
    """What the page asked for after step ``index`` had settled holding the text it typed, as the checks and
    waits after it and the next action that watched the page saw it (``requests_before``)."""
    asked: list[RequestEffect] = []
    for record in steps[index:]:
        asked += record.requests_before
        leaves = isinstance(record, NavigateStep) or record.tool in HISTORY_TOOLS    # leaving the page, which saw them
        if record.outcome == "done" and (record.effects is not None or leaves) and not isinstance(record, DialogStep):
            break
    return asked


def _arguments(record: Record, uploads: dict[str, str]) -> dict[str, Any]:
    """The action's own arguments as the plan's fields: what it typed, chose, pressed, uploaded or dragged to."""
    if isinstance(record, ClickStep):
        return {"kind": "dblclick" if record.args.click_count == 2 else "click", "button": record.args.button}
    if isinstance(record, (FillStep, TypeStep)):
        typed = record.args.value if isinstance(record, FillStep) else record.args.text
        value = Value(secret=Secret(env=typed.env)) if isinstance(typed, SecretValue) else Value(text=typed)
        filled = isinstance(record, FillStep)
        return {"value": value, "submit": record.args.submit, "keys": filled and record.args.keys,
                "focus_first": filled and record.args.focus_first}
    if isinstance(record, SelectStep):
        return {"options": record.args.labels or record.args.values or [],
                "select_by": "label" if record.args.labels else "value"}
    if isinstance(record, PressStep):
        return {"key": record.args.key}
    if isinstance(record, UploadStep):
        return {"files": [_upload_name(path, uploads) for path in record.args.paths],
                "file_chooser": record.args.via == "file_chooser"}
    if isinstance(record, DragStep):
        return {"to": waits.locator_of(record.args.to_locators)}
    return {}


def _upload_name(path: str, uploads: dict[str, str]) -> str:
    """Where the file goes in upload_files/ beside the test: under its own name (the page may show it;
    made plain), in a numbered folder when another file uploaded in the session has the same name."""
    plain = re.sub(r"[^\w.-]", "_", PurePath(path).name).lstrip(".") or "file"
    name, number = plain, 1
    while uploads.get(name, path) != path:
        number += 1
        name = f"{number}/{plain}"
    uploads[name] = path
    return name


REF = re.compile(r" \[ref=[\w-]+\]")


def _retry_of(record: Record, index: int, steps: list[Record]) -> Record | None:
    """The agent's next action, when it is this action again: the same tool on the same target."""
    following = next((later for later in steps[index:] if later.tool in ACTION_TOOLS), None)
    if following is None or following.tool != record.tool or _target_key(following) != _target_key(record):
        return None
    return following


def _into_the_void(record: Record, index: int, steps: list[Record]) -> bool:
    """A click the agent retried at once that did not take, like a click with no effect at all: it caused
    nothing a test can rely on (``_caused_nothing``), or the target's container said the app was ready only
    before the retry (``data-hydrated="true"``), whatever else the page did meanwhile on its own (a widget
    elsewhere that drew itself as the click settled)."""
    retry = _retry_of(record, index, steps)
    return retry is not None and (_caused_nothing(record) or waits.ready_before_retry(record, retry))


def _caused_nothing(record: Record) -> bool:
    """No request, navigation, popup, dialog or notice, and no interactive element that was not just
    replaced by an identical one (the app re-rendered on its own, e.g. a chaos re-render)."""
    effects = record.effects
    if effects is not None and effects.consequential():
        return False
    diff = effects.interactive_diff if effects is not None else []

    def lines(sign: str) -> list[str]:
        return sorted(REF.sub("", line[1:]).strip() for line in diff if line.startswith(sign))

    return lines("+") == lines("-")


def _after_acting(statements: list[Statement], page: str, right_after: list[Check]) -> int:
    """Where a check of a text the last action showed and took away again by itself goes (a toast its timer
    dismisses): right after that action, before any wait the test makes after it (verdex/gone_notices.py), after
    the checks already put there (``right_after``), in the agent's order."""
    for at in range(len(statements) - 1, -1, -1):
        if isinstance(statements[at], Action) and statements[at].page == page:
            at += 1
            while at < len(statements) and any(statements[at] is check for check in right_after):
                at += 1
            return at
    return len(statements)


def _already_asserted(statements: list[Statement], page: str, assertion: Assertion, url: str) -> int | None:
    """The agent's verify_url after an action that already asserts the URL it landed on, with only checks
    between (a text, an element: Calibre-Web's new shelf at ``/shelf/1``), says it once: the action's
    pattern (ids as wildcards) holds for the URL text the agent verified. The action's index, or None."""
    if assertion.kind != "url":
        return None
    at = next((i for i in range(len(statements) - 1, -1, -1)
               if not (isinstance(statements[i], Check) and statements[i].page == page)), None)
    last = statements[at] if at is not None else None
    said = isinstance(last, Action) and last.page == page and any(
        a.kind == "url" and (a.pattern == assertion.pattern or (url and re.search(a.pattern or "", url)))
        for a in last.asserts)
    return at if said else None


def _agents_url(action: Action) -> Action:
    """The action whose URL check says the agent's verify_url too: it is the agent's from now on."""
    asserts = [a.model_copy(update={"agent": True}) if a.kind == "url" else a for a in action.asserts]
    return action.model_copy(update={"asserts": asserts})


def _url_checked_since_acting(statements: list[Statement], page: str, url: str) -> bool:
    """The agent checked the URL the page is at since the test last acted on it (its own check waits)."""
    for statement in reversed(statements):
        if not isinstance(statement, Check):
            return False
        if statement.page == page and statement.assertion.kind == "url" \
                and re.search(statement.assertion.pattern or "", url):
            return True
    return False


def _answered_dialogs(steps: list[Record]) -> set[int]:
    """The browser_dialog steps (1-based) that answer a dialog an action opened, or the page's question
    before a navigation left it: the handler the test registers before that action (``_dialog_answer``)
    or navigation (``_left``) answers it."""
    answered: set[int] = set()
    for index, record in enumerate(steps, 1):
        if record.tool in ("browser_navigate", *HISTORY_TOOLS) and record.dialog is not None and index < len(steps) \
                and isinstance(steps[index], DialogStep):
            answered.add(index + 1)
        if record.tool in ACTION_TOOLS and record.effects is not None and record.effects.dialogs:
            later = next((i for i in range(index + 1, len(steps) + 1)
                          if isinstance(steps[i - 1], DialogStep) and i not in answered), None)
            if later is not None:
                answered.add(later)
    return answered


def _dialog_answer(steps: list[Record], index: int) -> tuple[str | None, str | None]:
    """A dialog the action opened is answered by a later browser_dialog step: register the handler first."""
    effects = steps[index - 1].effects
    if effects is None or not effects.dialogs:
        return None, None
    answer = _answer(steps, index)
    return ("accept" if answer.args.accepted else "dismiss", answer.args.prompt_text) if answer is not None \
        else ("dismiss", None)


def _answer(steps: list[Record], index: int) -> DialogStep | None:
    """The browser_dialog step that answered the dialog action ``index`` opened, if it opened one."""
    effects = steps[index - 1].effects
    if effects is None or not effects.dialogs:
        return None
    return next((later for later in steps[index:] if isinstance(later, DialogStep)), None)


LEAVE_REASON = "the page asks before it is left (a beforeunload handler): the agent accepted, and so does the test"


def _left(steps: list[Record], index: int) -> DialogStep | None:
    """The agent's answer when the page asked before navigation ``index`` left it (a beforeunload
    dialog, answered by the next step): the test accepts it the same way. A page the agent stayed on
    cannot be written: a test's navigation does not stay."""
    record = steps[index - 1]
    if record.dialog is None:
        return None
    answer = steps[index] if index < len(steps) else None
    if not isinstance(answer, DialogStep):
        raise UnrenderableStep(index, record.tool, "the page asked before it was left and the recording has no "
                               "answer to it next (browser_dialog): the test could not tell whether to leave")
    if not answer.args.accepted:
        raise UnrenderableStep(index + 1, answer.tool, "the agent stayed on the page that asked before it was left "
                               "(its beforeunload dialog dismissed): a test's navigation cannot be told to stay; "
                               "record the flow without that navigation")
    return answer


def _wait_statement(record: WaitForStep, page: str, token: str | None) -> Check | None:
    args = record.args
    reason = "the agent waited for this"
    shared = (args.elements_showing or 1) > 1           # a strict get_by_text would match them all
    # a text gone before the wait began: how many showed it the recording cannot tell (a row's cell and its
    # checkbox's label), and a strict check made while the text is still there fails at once: none shows it
    shared = shared or (args.text_gone is not None and args.elements_showing == 0)
    locator = waits.locator_of(record.locators)
    if (args.text or args.text_gone) and locator is not None:      # inside an iframe: through the frame
        kind = ("shared_text_visible" if shared else "visible") if args.text else "shared_text_hidden"
        return Check(page=page, assertion=Assertion(kind=kind, locator=locator, reason=reason))
    if args.text:
        if shared:
            return Check(page=page, assertion=Assertion(kind="shared_text_visible", text=args.text, reason=reason))
        return Check(page=page, assertion=waits.text_assertion("text_visible", args, reason, token))
    if args.text_gone:
        kind = "shared_text_hidden" if shared else "hidden"
        return Check(page=page, assertion=Assertion(kind=kind, text=args.text_gone, reason=reason))
    if locator is not None and args.state in ("visible", "enabled", "disabled"):
        return Check(page=page, assertion=Assertion(kind=args.state, locator=locator, reason=reason))
    return None


def _assertion(record: VerifyTextStep | VerifyElementStep | VerifyUrlStep, token: str | None) -> Assertion:
    reason = "asserted by the agent"
    if isinstance(record, VerifyTextStep):
        # the text was inside an iframe, or a component drew it straight in its shadow root (no element's text,
        # which get_by_text never finds): assert it where the check found it, through the frame or the component
        if record.locators is not None:
            return Assertion(kind="visible", locator=waits.locator_of(record.locators), reason=reason)
        assertion = waits.text_assertion("text_visible", record.args, reason, token)
        # a toast checked where it was shown: among the visible elements, as a copy for screen readers may hold it
        return assertion.model_copy(update={"visible_only": True}) if record.args.transient else assertion
    if isinstance(record, VerifyUrlStep):
        return Assertion(kind="url", pattern=record.args.pattern, reason=reason)
    shaped = waits.gone_by_shape(record, token)
    if shaped is not None:
        return Assertion(kind="hidden", locator=shaped, reason=f"{reason}; found by its name's shape, its numbers as "
                         "any number: by the name it had, the check would hold once a number changed")
    return Assertion(kind=record.args.state, locator=waits.locator_of(record.locators), value=record.args.value,
                     reason=reason)


def _target_key(record: Record) -> str:
    """The same target across steps: its role, name and container (a blocked attempt has no locator yet)."""
    target = record.target
    if target is None:
        return "None|None|None"
    return f"{target.role}|{target.name}|{target.container.test_id or target.container.tag}"


def _base_url(steps: list[Record]) -> str | None:
    for record in steps:
        if isinstance(record, NavigateStep):
            parts = urlsplit(record.args.url)
            if parts.scheme in ("http", "https"):
                return f"{parts.scheme}://{parts.netloc}"
    return None


def _relative(url: str, base_url: str | None) -> str:
    parts = urlsplit(url)
    if base_url and f"{parts.scheme}://{parts.netloc}" == base_url:
        return (parts.path or "/") + (f"?{parts.query}" if parts.query else "") + (f"#{parts.fragment}" if parts.fragment else "")
    return url
