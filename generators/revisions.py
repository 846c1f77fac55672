"""Revisions: the choices verdex made that proving changed, as data the plan takes (never a patch on the
written text). Proving (``verdex/proof.py``) runs the test it wrote; when a run fails on a line verdex
chose, it asks :func:`next_revision` for the next choice of that line and exports again with it.

What can be revised, each bounded by what the recording saw:

- ``locator``: the action's next locator candidate from the recording (each was proven unique there);
- ``response``: a response wait by glob becomes one by method and path; one by method and path is dropped;
- ``answers``: how many answers a response wait counts (``nth_response``). A count the fresh run did not
  repeat (its last answer never came) becomes the first answer, before the wait is dropped; a wait that
  ended at an answer the recording saw the action's request asked again after (the same method and path),
  when the agent's check after it failed, waits for the last of them (:func:`ended_too_soon`);
- ``settle``: the waits before the first action, when the agent's check after them failed and the page
  asked for a path's data more than once as it opened (a text wait ends at the first answer's draw), wait
  until the page has had every answer the recording saw (a counted ``data_answered`` wait);
- ``url``: the URL an action led to, asserted looser, but always matching the recorded URL: the path
  alone (the query and fragment free; a hash-routed app's path is its route, ``#/requests/7``), then its last segment as any name (a name the server made), then
  the segments a fresh run saw otherwise as any name (an order's code and its secret, mid-path: names the server
  made that no answer the recording could read gave), then not at all: the app chose the page from what it kept
  (a login that returns the user to the last page they saw). Only a URL check that is verdex's own is loosened:
  one that says the agent's verify_url too (``Assertion.agent``) is only waited for longer;
- ``wait``: a wait verdex chose before the action (a startup text, a websocket count, a blocker, a
  readiness attribute) is dropped: its evidence does not hold on a fresh load. A wait for the answers to the
  paths the page asked as it opened, some of which the page a fresh run stopped on never asked (a folder or a
  device the recording's app held, its status asked for), first waits for the others alone (``WAIT_NARROWED``):
  the steps after it still wait for the data a fresh load does ask.

The agent's own assertions (``verify_*``, its waits) are never revised: a failing one is reported.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Literal
from urllib.parse import urlsplit

from verdex.facts import RankedLocator
from verdex.generators.build_hashes import names_path
from verdex.generators.periodic import not_the_actions, timer_requests
from verdex.generators.plan import Action, Locator, Model, ResponseMatch, Statement, Step, TestPlan, Wait
from verdex.generators.request_place import query_words
from verdex.generators.waits import STARTUP_TIMEOUT_MS, VOLATILE_SEGMENT, escape_pattern, names_one_thing
from verdex.recording_format import Step as Record


URL_DROPPED = 4                                   # the url stage past the loosest pattern: not asserted
URL_ELSEWHERE = 3                                 # the url stage that takes the segments a fresh run saw otherwise
URL_LATER = 0                                     # the url stage before any loosening: waited for at the app's pace
URL_LATER_MS = 30_000
WAIT_CHANGED = 2                                  # the wait stage that waits for a value other than the one replaced
WAIT_NARROWED = 3                                 # the wait stage that waits for the answers a fresh load asked alone


class Revision(Model):
    step: int                                     # the recorded step (1-based) whose action it changes
    kind: Literal["locator", "response", "url", "wait", "answers", "settle"]
    stage: int = 1                                # locator: the candidate's index; response/url: how far loosened;
                                                  # answers: the answer the wait ends at (settle: unused)
    wait: int = 0                                 # wait: the index of the dropped wait among the action's
    because: str = ""                             # the failure that asked for it (the error, one line)
    landed: str = ""                              # url: the URL the failed run was at, where it said it
    said: str = ""                                # what changed, as the comment and the answer say it
    paths: list[str] = []                         # wait (narrowed): the paths a fresh load asked, still waited for


def apply_revisions(plan: TestPlan, steps: list[Record], revisions: list[Revision]) -> TestPlan:
    """The plan with each revision applied to the action of its step. A wait revised to a change of value
    (``WAIT_CHANGED``) revises with it every later wait on the same field for the same recorded value: the
    record's value (its id, made anew by the server) shows again each time its dialog opens, and a fresh run
    holds its own at each, which would spend a run and a revision apiece."""
    statements = list(plan.statements)
    timers = timer_requests(steps)
    for revision in revisions:
        changed = _changed_value(statements, revision)
        for index, statement in enumerate(statements):
            if not isinstance(statement, Action):
                continue
            if statement.step == revision.step:
                statements[index] = _revised(statement, steps[revision.step - 1], revision, timers)
            elif changed is not None and statement.step > revision.step:
                statements[index] = _other_than(statement, changed)
    return plan.model_copy(update={"statements": statements})


def _changed_value(statements: list[Statement], revision: Revision) -> Wait | None:
    """The wait a ``WAIT_CHANGED`` revision revises, else None."""
    if revision.kind != "wait" or revision.stage != WAIT_CHANGED:
        return None
    action = next((s for s in statements if isinstance(s, Action) and s.step == revision.step), None)
    return action.waits[revision.wait] if action is not None and revision.wait < len(action.waits) else None


def _other_than(action: Action, revised: Wait) -> Action:
    """``action`` with its waits on ``revised``'s field for ``revised``'s recorded value waiting for a change of
    value instead, said in its note."""
    same = [w for w in action.waits if w.kind == "value" and not w.other_than and w.locator == revised.locator
            and w.value == revised.value and w.replaced is not None and w.replaced != w.value]
    if not same:
        return action
    waits = [w.model_copy(update={"other_than": True}) if w in same else w for w in action.waits]
    note = (f"revised by proving with the same wait before it: waits for the value to change from "
            f"{same[0].replaced!r}, not for the recording's {same[0].value!r}")
    return action.model_copy(update={"waits": waits, "note": "; ".join(filter(None, [action.note, note]))})


# what an action does nothing to when the control already is as it leaves it
SETTING_TOOLS = {"browser_check": "clicks only a box not yet checked",
                 "browser_uncheck": "clicks only a box still checked"}


def _left_as_it_was(record: Record) -> str:
    """Why a setting's action may have sent nothing on a fresh run: Playwright's check() leaves a box already
    checked as it is, and an app that kept the setting the recording made (Transmission's speed limit, saved by
    the daemon) shows it checked on every later run."""
    does = SETTING_TOOLS.get(record.tool)
    return (f" ({record.tool.removeprefix('browser_')}() {does}: the app may have kept the setting the recording "
            "made, and the test then checks what an earlier run set)") if does else ""


def next_revision(action: Action, record: Record, part: str, revisions: list[Revision],
                  because: str, landed: str = "", asked: tuple[str, ...] | None = None) -> Revision | None:
    """The next choice for the part of ``action`` a run failed on (``part``: locator, response, url or
    wait:N), or None when the recording offers none. ``landed``: the URL the failed run's check saw, where
    it said it; a looser pattern that does not hold for it is not tried. ``asked``: the paths the page the
    failed run stopped on had asked (None when the run did not tell)."""
    done = [r for r in revisions if r.step == action.step]
    if part == "locator":
        tried = max((r.stage for r in done if r.kind == "locator"), default=_chosen_index(record))
        candidates = _candidates(record)
        for index in range(tried + 1, len(candidates)):
            if _steps(candidates[index]) != (action.locator.steps if action.locator else None):
                code = candidates[index].kind
                return Revision(step=action.step, kind="locator", stage=index, because=because,
                                said=f"revised by proving: the recorded locator failed ({because}); "
                                     f"the next candidate from the recording ({code})")
        return None
    if part == "response" and action.response is not None and action.response.answers > 1 \
            and not any(r.kind == "answers" and r.stage == 1 for r in done):
        count = action.response.answers
        return Revision(step=action.step, kind="answers", stage=1, because=because,
                        said=f"revised by proving: a fresh run did not ask for {_request(action.response)} "
                             f"{_times(count)} as the recording did (answer {count} never came); waits for its "
                             "first answer")
    if part == "response" and action.response is not None:
        stage = max((r.stage for r in done if r.kind == "response"), default=0) + 1
        if stage == 1 and action.response.by_predicate:
            stage = 2
        said = ("revised by proving: the response was not taken by its glob; matched by method and path"
                if stage == 1 else "revised by proving: no matching response came on a fresh load"
                + _left_as_it_was(record) + "; not waited for")
        return Revision(step=action.step, kind="response", stage=stage, because=because, said=said) \
            if stage <= 2 else None
    if part == "url":
        url = record.effects.url_after if record.effects else ""
        if landed and record.url and _same_place(landed, record.url) and not any(r.kind == "url" for r in done):
            # the run was still where the action began: the app moved on later than the check waited (its
            # route's code and data at a slow network's pace), not elsewhere
            return Revision(step=action.step, kind="url", stage=URL_LATER, because=because,
                            said="revised by proving: a fresh run was still on the page the action began on when "
                                 "the URL was checked; the app moves on at its own pace, waited for longer")
        if any(a.kind == "url" and a.agent for a in action.asserts):
            return None                            # the agent's own check: never loosened
        stage = max((r.stage for r in done if r.kind == "url"), default=0) + 1
        current = next((a.pattern for a in action.asserts if a.kind == "url"), None)
        while stage <= URL_ELSEWHERE:
            pattern = looser_url_pattern(url, stage, landed)
            if pattern is not None and pattern != current and (not landed or re.search(pattern, landed)):
                return Revision(step=action.step, kind="url", stage=stage, because=because, landed=landed,
                                said="revised by proving: the URL pattern did not hold on a fresh run; "
                                     + _loosened(url, stage, landed) + ", still matching the recorded URL")
            stage += 1
        if stage == URL_DROPPED and current is not None and not (action.locator and action.locator.positional):
            # a click found by its position that led elsewhere may have clicked another element: not the app's
            # choice of page, and not one to stop asserting
            return Revision(step=action.step, kind="url", stage=stage, because=because,
                            said="revised by proving: a fresh run landed elsewhere, the app chose where (as a "
                                 "login that returns to the last page seen does); the URL is not asserted")
        return None
    if part.startswith("wait:"):
        index = int(part.split(":", 1)[1])
        wait = action.waits[index] if index < len(action.waits) else None
        if wait is not None and wait.kind == "value" and wait.value is not None and not wait.other_than \
                and wait.replaced is not None and wait.replaced != wait.value:
            # a value of the recording's records (a select's chosen option, its value a record's id): a fresh
            # run's records have others, but the page still sets the field, away from what it held before
            return Revision(step=action.step, kind="wait", stage=WAIT_CHANGED, wait=index, because=because,
                            said=f"revised by proving: waits for the value to change from {wait.replaced!r}, not "
                                 f"for the recording's {wait.value!r} (a fresh run's records have values of their "
                                 "own)")
        narrowed = _narrowed(action, index, because, asked)
        if narrowed is not None:
            return narrowed
        if wait is not None:
            return Revision(step=action.step, kind="wait", wait=index, because=because,
                            said=f"revised by proving: dropped the wait ({action.waits[index].reason}); its evidence "
                                 "did not hold on a fresh load")
    return None


def _narrowed(action: Action, index: int, because: str, asked: tuple[str, ...] | None) -> Revision | None:
    """A data wait (the paths the page asked as it opened) narrowed to the paths a failed run's page asked,
    when it asked some of them and not others; None otherwise."""
    wait = action.waits[index] if index < len(action.waits) else None
    if wait is None or wait.kind != "data_answered" or asked is None:
        return None
    kept = [path for path in wait.paths if any(names_path(path, one) for one in asked)]
    missing = [path for path in wait.paths if path not in kept]
    if not kept or not missing:
        return None
    return Revision(step=action.step, kind="wait", stage=WAIT_NARROWED, wait=index, because=because, paths=kept,
                    said=f"revised by proving: a fresh load never asked {', '.join(missing)} (what the recording's "
                         f"app held, gone on a fresh run); waits for the answers to the {len(kept)} other "
                         f"path{'s' if len(kept) > 1 else ''} alone")


def ended_too_soon(plan: TestPlan, steps: list[Record], check: int, revisions: list[Revision],
                   because: str) -> Revision | None:
    """The agent's check (the plan's statement ``check``) failed: the nearest wait verdex chose before it
    that ended at an answer the recording saw followed by another that changed the page — a later answer
    redraws what the check reads (it empties a field typed into before it came) — waits for the last such
    answer instead; None when there is none, or each was revised so already. Those waits are an action's
    response wait whose request the action asked again (the same method and path, other words in its query:
    a form whose second part asks for its defaults once the first has drawn them), and the waits before the
    first action when the page asked for a path's data more than once as it opened. The check failed on a
    wait that ended too soon, not on what the agent asserted."""
    timers = timer_requests(steps)
    for statement in reversed(plan.statements[:check]):
        if not isinstance(statement, Action):
            continue
        revised = {r.kind for r in revisions if r.step == statement.step}
        record = steps[statement.step - 1]
        revision = ((_last_answer(statement, record, because) if "answers" not in revised else None)
                    or (_settled_start(statement, record, because, timers)
                        if "settle" not in revised else None))
        if revision is not None:
            return revision
    return None


def _last_answer(action: Action, record: Record, because: str) -> Revision | None:
    """The action's response wait, waiting for the last answer that changed the page of those the
    recording saw to the method and path it matches, when it ended at an earlier one. A wait its query's
    words told from the page's other requests to that path (a front controller's ``?route=/table/change``)
    never ended at theirs: only the requests that hold its words count."""
    response = action.response
    if response is None:
        return None
    asked = [r for r in (record.effects.requests if record.effects else []) if r.status and not r.failed
             and r.resource_type in ("fetch", "xhr") and r.method == response.method
             and re.search(response.path_pattern, urlsplit(r.url).path)
             and set(response.words) <= set(query_words(r.url))]
    # the last answer that changed the page, counted among all the test's wait sees
    last = max((n for n, r in enumerate(asked, 1) if r.changed_page), default=0)
    if last <= response.answers:
        return None
    later = ", ".join(dict.fromkeys(_place(r.url) for r in asked[response.answers:last]))
    return Revision(step=action.step, kind="answers", stage=last, because=because,
                    said=f"revised by proving: the agent's check after this failed ({because}), and this wait "
                         f"ended at answer {response.answers} of {_request(response)}, which the recording saw "
                         f"the action ask {_times(len(asked))} ({later} after it): a later answer redraws what the "
                         f"check reads; waits for answer {last}, the last that changed the page")


def _settled_start(action: Action, record: Record, because: str,
                   timers: frozenset[str]) -> Revision | None:
    """The waits before the first action, waiting until the page has had every answer the recording saw
    as it opened, when it asked for a path's data more than once (a text wait ends at the first's draw)."""
    again = ", ".join(f"{path} ×{count}" for path, count in _startup_answers(record, timers)
                      if count > 1)
    if not again:
        return None
    return Revision(step=action.step, kind="settle", because=because,
                    said=f"revised by proving: the agent's check after this failed ({because}), and the waits "
                         f"before this step ended at the page's first answer to a request the recording saw "
                         f"answered again as the page opened ({again}), a later answer redrawing what the check "
                         "reads; waits until the page has had every answer the recording saw")


def _startup_answers(record: Record, timers: frozenset[str]) -> list[tuple[str, int]]:
    """The paths the page asked for its data as it opened (each answer changed the page), each with how
    many times the recording saw it answered; a path that names one thing (an id) aside. A path
    the page asks on a timer (``timers``, generators/periodic.py: qBittorrent's
    ``/api/v2/sync/maindata``) counts once: how many of its answers have come by a moment is the
    timer's pace, which a run under chaos that holds answers back falls short of, not how far the
    page has got."""
    if record.startup is None:
        return []
    asked = [r for r in record.startup.requests if r.changed_page and r.status
             and not r.failed and r.resource_type in ("fetch", "xhr")]
    polled = {urlsplit(r.url).path for r in asked if not_the_actions(r, timers)}
    counted = Counter(urlsplit(r.url).path for r in asked)
    return [(path, 1 if path in polled else count) for path, count in counted.items()
            if not names_one_thing(path)]


def looser_url_pattern(url: str, stage: int, landed: str = "") -> str | None:
    """The URL's path as a pattern (stage 1), then with its last segment as any name (stage 2), then with the
    segments where ``landed`` (the URL a fresh run was at) has others as any name (stage 3: pretix's order page,
    ``/order/LEFTS/sqg63vuxrd3irjsx/``, its code and secret the server's); None when it would not match ``url``
    itself, or nothing is left to loosen. A hash-routed app's path is its route (``/#/requests/7``): the
    page's path holds nothing of where the app is, and a pattern of it alone would hold on every page."""
    split = urlsplit(url)
    route = hash_route(split.fragment)
    path = route if route is not None else split.path or "/"
    parts = [r"[^/]+" if VOLATILE_SEGMENT.match(part) else escape_pattern(part) for part in path.split("/")]
    if stage == 2:
        if len(parts) < 2 or not parts[-1] or parts[-1] == r"[^/]+":
            return None
        parts[-1] = r"[^/]+"
    if stage == URL_ELSEWHERE:
        differing = _segments_elsewhere(path, landed, route is not None)
        if not differing:
            return None
        parts = [r"[^/]+" if at in differing else part for at, part in enumerate(parts)]
    if route is None:
        pattern = "/".join(parts) + r"(?:[?#].*)?$"
    else:
        pattern = escape_pattern(split.path or "/") + r"(?:\?[^#]*)?#" + "/".join(parts) + r"(?:\?.*)?$"
    return pattern if re.search(pattern, url) else None


def _segments_elsewhere(path: str, landed: str, routed: bool) -> set[int]:
    """Where the path a fresh run landed at (``landed``) has other segments than ``path``, each a name of the
    same shape (as long, letters of the same case: a code, a token), the rest the same and as many: the names
    the server gave that run. Empty when any differs otherwise (another page: ``users`` for ``settings``), the
    two share no named segment (elsewhere altogether) or differ in their number of segments."""
    if not landed:
        return set()
    split = urlsplit(landed)
    other = (hash_route(split.fragment) if routed else split.path) or "/"
    mine, theirs = path.split("/"), other.split("/")
    if len(mine) != len(theirs):
        return set()
    differing = {at for at, (a, b) in enumerate(zip(mine, theirs)) if a != b}
    kept = [a for at, a in enumerate(mine) if a and at not in differing]
    alike = all(_name_shape(mine[at]) is not None and _name_shape(mine[at]) == _name_shape(theirs[at]) for at in differing)
    return differing if kept and alike else set()


def _name_shape(segment: str) -> tuple[int, str] | None:
    """A name's shape: its length and the case of its letters (``LEFTS`` and ``Q7ZKP`` alike); None for a
    segment that is no name a server makes (words with other marks)."""
    if not re.fullmatch(r"[A-Za-z0-9]+", segment):
        return None
    letters = re.sub(r"[0-9]", "", segment)
    return len(segment), "upper" if letters.isupper() else "lower" if letters.islower() else "mixed"


def _loosened(url: str, stage: int, landed: str) -> str:
    if stage == 1:
        return "the path alone"
    if stage == 2:
        return "its last segment as any name"
    route = hash_route(urlsplit(url).fragment)
    path = route if route is not None else urlsplit(url).path or "/"
    names = [path.split("/")[at] for at in sorted(_segments_elsewhere(path, landed, route is not None))]
    return (", ".join(map(repr, names)) + " as any name (another run's differ there: names the server made)")


def hash_route(fragment: str) -> str | None:
    """The route a hash-routed app keeps in the fragment (``#/requests/7?follow=true``, ``#!/home``), its
    query aside; None for a fragment that is an anchor (``#top``)."""
    route = fragment.partition("?")[0]
    return route if route.startswith(("/", "!/")) else None


def _revised(action: Action, record: Record, revision: Revision, timers: frozenset[str]) -> Action:
    note = "; ".join(filter(None, [action.note, revision.said])) \
        if revision.kind in ("locator", "wait") or revision.kind == "url" and revision.stage == URL_DROPPED else action.note
    if revision.kind == "locator":
        steps = _steps(_candidates(record)[revision.stage])
        # a wait for the old locator to find one (its look-alikes hidden by a stylesheet) waits on the new one
        kept = [w.model_copy(update={"locator": Locator(steps=steps)})
                if w.kind == "count" and w.locator == action.locator else w for w in action.waits]
        return action.model_copy(update={"locator": Locator(steps=steps), "waits": kept, "note": note})
    if revision.kind == "wait" and revision.stage == WAIT_CHANGED:
        changed = [w.model_copy(update={"other_than": True}) if i == revision.wait else w
                   for i, w in enumerate(action.waits)]
        return action.model_copy(update={"waits": changed, "note": note})
    if revision.kind == "wait" and revision.stage == WAIT_NARROWED:
        narrowed = [_keeping(w, revision.paths) if i == revision.wait else w
                    for i, w in enumerate(action.waits)]
        return action.model_copy(update={"waits": narrowed, "note": note})
    if revision.kind == "wait":
        kept = [w for i, w in enumerate(action.waits) if i != revision.wait]
        return action.model_copy(update={"waits": kept, "note": note})
    if revision.kind == "response" and action.response is not None:
        if revision.stage >= 2:
            return action.model_copy(update={"response": None, "note": "; ".join(filter(None, [action.note, revision.said]))})
        response = action.response.model_copy(update={"method_matters": True,
                                                      "reason": f"{action.response.reason}; {revision.said}"})
        return action.model_copy(update={"response": response})
    if revision.kind == "settle":
        answers = _startup_answers(record, timers)
        settled = Wait(kind="data_answered", paths=[path for path, _ in answers],
                       counts=[count for _, count in answers], timeout_ms=STARTUP_TIMEOUT_MS, reason=revision.said)
        return action.model_copy(update={"waits": [*action.waits, settled]})
    if revision.kind == "answers" and action.response is not None:
        # counted by method and path (a predicate sees each response; a glob's wait ends at the first)
        response = action.response.model_copy(update={"answers": revision.stage, "method_matters": True,
                                                      "reason": f"{action.response.reason}; {revision.said}"})
        return action.model_copy(update={"response": response})
    if revision.kind == "url" and revision.stage == URL_DROPPED:
        asserts = [a for a in action.asserts if a.kind != "url"]
        return action.model_copy(update={"asserts": asserts, "note": note})
    if revision.kind == "url" and revision.stage == URL_LATER:
        asserts = [a.model_copy(update={"timeout_ms": URL_LATER_MS, "revised": revision.said})
                   if a.kind == "url" else a for a in action.asserts]
        return action.model_copy(update={"asserts": asserts})
    if revision.kind == "url":
        url = record.effects.url_after if record.effects else ""
        pattern = looser_url_pattern(url, revision.stage, revision.landed)
        asserts = [a.model_copy(update={"pattern": pattern, "revised": revision.said})
                   if a.kind == "url" and pattern is not None else a for a in action.asserts]
        return action.model_copy(update={"asserts": asserts})
    return action


def _keeping(wait: Wait, paths: list[str]) -> Wait:
    """A data wait waiting for ``paths`` alone (each with its count, when counted)."""
    counted = [(path, count) for path, count in zip(wait.paths, wait.counts or [0] * len(wait.paths)) if path in paths]
    return wait.model_copy(update={"paths": [path for path, _ in counted],
                                   "counts": [count for _, count in counted] if wait.counts else wait.counts})


def _request(response: ResponseMatch) -> str:
    return f"{response.method} {response.url_glob.removeprefix('**')}"


def _place(url: str) -> str:
    split = urlsplit(url)
    return split.path + (f"?{split.query}" if split.query else "")


def _times(count: int) -> str:
    return "twice" if count == 2 else f"{count} times"


def _same_place(url: str, other: str) -> bool:
    """The same path and query (the proof's app may be served from another origin than the recording's)."""
    one, two = urlsplit(url), urlsplit(other)
    return (one.path or "/", one.query) == (two.path or "/", two.query)


def _candidates(record: Record) -> list[RankedLocator]:
    return [c for c in record.locators.candidates if c.matches == 1 and c.is_target] if record.locators else []


def _chosen_index(record: Record) -> int:
    chosen = _steps(record.locators.chosen if record.locators else None)
    return next((i for i, c in enumerate(_candidates(record)) if _steps(c) == chosen), -1)


def _steps(candidate: RankedLocator | None) -> list[Step] | None:
    if candidate is None:
        return None
    return [Step.model_validate(s.model_dump()) for s in candidate.steps]
