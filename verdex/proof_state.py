"""State the app kept from the recording: proving runs the test against the app the session recorded
on, and that app still holds what the recording did (the todo it added, the box it ticked). The test's
first run then starts from another state than the recording did, and an assertion of the agent fails
for a reason that is true of the app, not of the test.

What proving can check without resetting the app: what the test's first page showed just before the
test's first step, in the failing run itself (verdex/proof_plugin.py keeps that text), against what the
recording's own first page showed just before its first action (the recording keeps that text:
``Step.first_page_text``). A trace of the flow — the text the failing assertion expects after the
steps, or a value the test types — is evidence of kept state only when the test's page shows it and the
recording's first page did not: what the recording's first page already showed was the app's data
before the recording did anything (a list that holds "raw_orders" before the test types "raw" into its
filter; an asset's description the agent asserts at the end), not something the recording made. A value
the test types counts before the failing line or after it: the recording typed it too, so a page that
shows it where the recording's first page did not shows what the recording made. A recording older than
format 9 kept no first page: then every trace the test's page shows counts. The failing line may be an
action too: a form that will not save a name it already holds keeps its submit button disabled, and the
click waits in vain; an empty state's "Add a first book" is gone once the recording added one, and the
first click finds nothing.

A line that finds several elements where the recording found one (Playwright's strict mode violation)
is the kept state when it finds them by a value the test types — the test made again what the
recording made — and the text it finds them by was not on the recording's first page: "raw" typed into
a filter is part of "raw_orders", which the list showed before the recording typed anything, so that
line is a failure of its own: proving revises it when the recording offers another choice, and reports it
as it is when not.

A server that refuses what the test sends (4xx) where it answered the recording's same request, when the
request held a value the test types, keeps what the recording made with that value: a name is taken, an
address registered, on a page that lists none of it (verdex/proof_plugin.py keeps a run's refusals).

What the recording removed is told the other way round: the test's first action finds its element by the
text of its container (the row of the bill "Beer !"), which the recording's page showed, and the page the
run stopped on shows none of it. The recording deleted it, or the app opens where the recording left it
(JupyterLab restores the notebook the recording opened, not its launcher); another locator would only
find another row, so proving does not revise it. What the recording renamed is told alike: the test's
first action finds its element by a text that a field of the flow held before the test typed over it (a
CMS's page opened by its title, then retitled in the form the title was loaded into), and the test's page
shows that text nowhere: the recording saved the new one and the app kept it.

What the recording did once for good is told by where the test's first page lands: the recording ran the
app's one-time setup (an owner's account on n8n's ``/setup``), and the same ``goto`` of the test is sent
elsewhere (``/signin``: the setup is done). A line at or before the test's first action failing on a page
whose route is not the one the recording's first action started on is that state; nothing on the page the
run stopped on need show a trace of the flow, and no locator or wait of that page would hold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from http import HTTPStatus
from urllib.parse import urlsplit, urlunsplit

from verdex.generators.plan import Action, Check, Goto, History, Locator, Statement, TestPlan
from verdex.proof_runs import Refusal, Run
from verdex.recording_format import Step

SHORTEST_TYPED = 3                     # a shorter typed value ("1", "ok") is on most pages anyway
TYPES = "which the test types"
TAKEN = {400, 409, 412, 422}           # what a server answers a name it already holds: conflict, validation


@dataclass(frozen=True)
class Trace:
    """A text the flow makes, and what it is to the test."""

    text: str
    what: str                          # "which the test types", …


def traces(plan: TestPlan, failing: Check | Action) -> list[Trace]:
    """What the flow makes: the text a failing assertion expects (for a failing action, the texts the
    agent's assertions after it expect: a first page that shows the flow's outcome before the action has
    run shows the recording's), then the values the test types."""
    checks = [failing] if isinstance(failing, Check) else _checks_after(plan, failing)
    expected = list(dict.fromkeys(text for text in map(_expected_text, checks) if text and not _runs_own(plan, text)))
    found = [Trace(text, "which the agent's assertion expects after the steps") for text in expected]
    found += [Trace(text, TYPES) for text in dict.fromkeys(typed_values(plan)) if text not in expected]
    return found


def _checks_after(plan: TestPlan, failing: Action) -> list[Check]:
    """The agent's checks after a failing action, up to the flow's next action that removes something (its
    control's name says so: ``REMOVES``): a check after that expects the page without what the flow made, as
    it was before the flow made it (a list's "No layers yet"), so a run's page that shows it shows nothing
    the recording made."""
    checks: list[Check] = []
    for statement in plan.statements[plan.statements.index(failing) + 1:]:
        if isinstance(statement, Action) and _removes(statement):
            break
        if isinstance(statement, Check):
            checks.append(statement)
    return checks


def _removes(action: Action) -> bool:
    """The action's control says it deletes or removes: the name its locator finds it by."""
    step = action.locator.steps[-1] if action.locator is not None and action.locator.steps else None
    named = [step.kwargs.get("name"), *step.args] if step is not None else []
    return any(isinstance(name, str) and REMOVES.search(name) for name in named)


def typed_values(plan: TestPlan) -> list[str]:
    """The values the test types, those long enough to tell apart (``SHORTEST_TYPED``), in order; not one that
    holds the recording's ``{unique}`` token (:func:`_runs_own`), nor a sign-in's user name (:func:`_signing_in`)."""
    typing = [s for s in plan.statements if isinstance(s, Action) and s.kind in ("fill", "type") and s.value is not None]
    signing_in = {id(typed) for typed in _signing_in(typing)}
    return [s.value.text for s in typing
            if s.value.text and len(s.value.text.strip()) >= SHORTEST_TYPED and not _runs_own(plan, s.value.text)
            and id(s) not in signing_in]


def _signing_in(typing: list[Action]) -> list[Action]:
    """The typings just before a secret's (a user name before its password): the app had that user before the
    recording, and a page that lists it (Roundup's issues, each with its creator "admin") shows nothing the
    recording made."""
    return [typed for typed, after in zip(typing, typing[1:]) if typed.value.secret is None
            and after.value.secret is not None]


def _runs_own(plan: TestPlan, text: str) -> bool:
    """``text`` holds the recording's ``{unique}`` token, which each run of the test makes anew: the run types
    and expects a value of its own, so the recording's value on a page is no trace of what the run expects
    (JupyterLab's folder list showed the recording's ``archive-4c0b7f2f`` where the test checked its own)."""
    return bool(plan.unique) and plan.unique in text


# A control that takes away what a flow made says so in its name ("Delete", "Remove book", "Yes, delete"; Roundup's
# "retire", which takes a user or an issue out of every list; a token's, a key's or an invitation's "revoke",
# JupyterHub's)
REMOVES = re.compile(r"\b(delete|remove|trash|discard|destroy|drop|retire|revoke)\b", re.IGNORECASE)


def left_behind(plan: TestPlan, records: list[Step]) -> str:
    """What every run of a proven test leaves in the app, in a sentence, or empty: the test types a name of
    each run's own (the ``{unique}`` token) and no control the flow uses after it says it deletes or removes.
    Each run adds one more: proven now, such a test fails once the app shows a run's own beyond what its
    check reads (a list sorted or paged, a tree drawn only where it is in view: Lektor's posts past the first
    page, Piccolo Admin's sixteenth director, pgAdmin's fiftieth server)."""
    made = next((s for s in plan.statements if isinstance(s, Action) and s.kind in ("fill", "type")
                 and s.value is not None and s.value.text and _runs_own(plan, s.value.text)), None)
    if made is None or made.value is None or made.value.text is None:
        return ""
    later = [r.target.name for r in records[made.step:] if r.target is not None]
    if any(REMOVES.search(name) for name in later):
        return ""
    name = made.value.text.replace(plan.unique or "", "{unique}")
    # what was read is the controls' names: a flow may take away what it made otherwise (DokuWiki deletes a page
    # saved empty), so the sentence says what it found, not that nothing is deleted
    return (f"each run leaves what it makes under a name of its own ({name!r}) and no control the flow uses "
            "after it says it deletes or removes: runs add up in the app, and where it lists them a page at a "
            "time or draws only what is in view, a later run's own falls outside what its check reads; delete it "
            "at the end of the flow to keep the test repeatable")


def _expected_text(check: Check) -> str | None:
    assertion = check.assertion
    if assertion.kind in ("text_visible", "shared_text_visible"):
        return assertion.text
    return assertion.value if assertion.kind == "text" and isinstance(assertion.value, str) else None


_FIRST_FINDS = "the app kept state from the recording: the test's first action finds its element by "


def _failing_first_action(plan: TestPlan, failing: Statement, shown: str) -> Action | None:
    """The test's first action, when it is the failing line, has a locator, and the run kept its page's text."""
    first = next((s for s in plan.statements if isinstance(s, Action)), None)
    return first if shown and first is failing and first.locator is not None else None


def removed_since_recording(plan: TestPlan, failing: Statement, shown: str) -> str:
    """Why the test's first action failing is the app's data gone since the recording, in a sentence, or
    empty: its locator tells its container apart by a text (``filter(has_text=…)``, a cell's name inside
    ``filter(has=…)``) that the page the run stopped on (``shown``) does not show."""
    first = _failing_first_action(plan, failing, shown)
    gone = [text for text in (_told_apart_by(first.locator) if first and first.locator else [])
            if len(text.strip()) >= SHORTEST_TYPED and _folded(text) not in _folded(shown)]
    if not gone:
        return ""
    return (_FIRST_FINDS + ", ".join(repr(text) for text in gone)
            + ", which the recording's page showed and the test's page does not: what the recording did changed "
            "what the app shows (it removed what the test acts on: let the test create it first; or the app opens "
            "where the recording left it); another locator would find another element, so proving keeps this one")


def renamed_since_recording(plan: TestPlan, failing: Statement, shown: str) -> str:
    """Why the test's first action failing is the app keeping what the recording renamed, in a sentence, or
    empty: its locator finds its element by a text that a field held before the flow typed over it (a wait
    or a check on the field's value, then a fill of that field: :func:`_typed_over`), and the page the run
    stopped on (``shown``) does not show that text as a line or cell of its own ("About" is a part of the
    new name "About 6d2f1e9d")."""
    first, replaced = _failing_first_action(plan, failing, shown), _typed_over(plan)
    gone = [text for text in (dict.fromkeys(_texts_of(first)) if first else [])
            if text in replaced and len(text.strip()) >= SHORTEST_TYPED and not _a_text_of_its_own(text, shown)]
    if not gone:
        return ""
    return (_FIRST_FINDS + ", ".join(repr(text) for text in gone)
            + ", which a field of the flow held before the test typed over it, and the test's page shows it "
            "nowhere: the recording renamed it and the app kept the new name (let the test find it by what the "
            "flow does not change, or name it back at the end); proving keeps this locator")


def landed_elsewhere(plan: TestPlan, failing: Statement, failing_line: str, records: list[Step],
                     stopped_url: str) -> str:
    """Why a line at or before the test's first action failed, in a sentence, or empty: the page the run
    stopped on (``stopped_url``) is not on the route the recording's first action started on, and nothing
    has moved the page since the test's ``goto`` (no action, no other navigation): the app sends the page
    the flow starts on elsewhere now (a one-time setup the recording did, which the app keeps done).
    Not when the line that failed checks the URL: where a page lands is what that check is about (a route a
    hash router picks, a page a login returns to), and proving's URL revisions answer it."""
    first = next((s for s in plan.statements if isinstance(s, Action)), None)
    index = plan.statements.index(first) if first is not None else -1
    if first is None or not stopped_url or URL_CHECK.search(failing_line) \
            or failing not in plan.statements[:index + 1] \
            or any(isinstance(s, (Goto, History)) for s in plan.statements[plan.statements.index(failing):index]) \
            or not any(isinstance(s, Goto) for s in plan.statements[:index]):
        return ""
    recorded = records[first.step - 1].url if 0 < first.step <= len(records) else None
    if not recorded or _route(recorded) == _route(stopped_url):
        return ""
    return ("the app kept state from the recording: the page the flow starts on now lands on "
            f"{_shown_url(stopped_url, recorded)}, recorded {_shown_url(recorded, recorded)}: the app sends it "
            "elsewhere since the recording (a one-time step it did, such as a setup, is done); no locator or wait "
            "of that page would hold, so proving revises none")


URL_CHECK = re.compile(r"\bexpect\(\w+\)\.(to_have_url|toHaveURL)\(")     # a line that checks the page's URL
ID_SEGMENT = re.compile(r"[^/?]*\d[^/?]*")      # a segment of a path that holds a digit: an id, a session's own


def _route(url: str) -> tuple[str, str, str]:
    """Where a URL leads, as two landings are compared: its origin, path and fragment (a hash router's route),
    without its query (``?redirect=…``) and with each segment that holds a digit as any id."""
    parts = urlsplit(url)
    return (f"{parts.scheme}://{parts.netloc}", ID_SEGMENT.sub("{id}", parts.path.rstrip("/") or "/"),
            ID_SEGMENT.sub("{id}", parts.fragment))


def _shown_url(url: str, recorded: str) -> str:
    """A URL as said: its path on (query and fragment included) when on the recorded origin, else whole."""
    parts, origin = urlsplit(url), urlsplit(recorded)
    same = (parts.scheme, parts.netloc) == (origin.scheme, origin.netloc)
    return urlunsplit(("", "", parts.path or "/", parts.query, parts.fragment)) if same else url


def _typed_over(plan: TestPlan) -> set[str]:
    """The values fields held before the flow typed another into them: a field's value the test waits for or
    checks (the title a form loaded), then a fill or type into that same field."""
    held: dict[str, set[str]] = {}
    replaced: set[str] = set()
    for statement in plan.statements:
        waits = statement.waits if isinstance(statement, Action) else []
        for wait in waits:
            if wait.kind == "value" and wait.locator is not None and wait.value:
                held.setdefault(wait.locator.model_dump_json(), set()).add(wait.value)
        if isinstance(statement, Check) and statement.assertion.kind == "value" and statement.assertion.locator \
                and isinstance(statement.assertion.value, str) and statement.assertion.value:
            held.setdefault(statement.assertion.locator.model_dump_json(), set()).add(statement.assertion.value)
        if isinstance(statement, Action) and statement.kind in ("fill", "type") and statement.locator is not None \
                and statement.value is not None and statement.value.text is not None:
            replaced |= held.get(statement.locator.model_dump_json(), set()) - {statement.value.text}
    return replaced


def _told_apart_by(locator: Locator) -> list[str]:
    """The texts a locator's filters tell its container apart by: the data it holds, not a control's label."""
    texts: list[str] = []
    for step in locator.steps:
        if step.method != "filter":
            continue
        if isinstance(step.kwargs.get("has_text"), str):
            texts.append(str(step.kwargs["has_text"]))
        for inner in step.has or []:
            if inner.method == "get_by_text" and inner.args and isinstance(inner.args[0], str):
                texts.append(inner.args[0])
            elif isinstance(inner.kwargs.get("name"), str):
                texts.append(str(inner.kwargs["name"]))
    return texts


def refused_again(plan: TestPlan, refusals: tuple[Refusal, ...], accepted: frozenset[tuple[str, str]]) -> str:
    """Why the run failed on what the server refused, in a sentence, or empty: it answered a conflict or a
    validation error (``TAKEN``) to a request that held a value the test types, where the recording's request
    of the same method and path was answered (``accepted``): the app holds what the recording made with that
    value (a name taken, an address registered), on a page that need not show it. A refused login (401, 403)
    says nothing of the kind."""
    values = set(typed_values(plan))
    for refusal in refusals:
        path = urlsplit(refusal.url).path
        held = [value for value in refusal.held if value in values]
        if held and refusal.status in TAKEN and (refusal.method, path) in accepted:
            return (f"the app kept state from the recording: the server answered {refusal.method} {path} "
                    f"{refusal.status} to what the test sent, holding {', '.join(map(repr, held))}, {TYPES}, where "
                    "it answered the recording's: it holds what the recording made with it")
    return ""


def rate_limited(refusals: tuple[Refusal, ...]) -> str:
    """Why the run failed, in a sentence, when the server refused a request as one too many (429): a limit on
    how often it is asked (Piccolo Admin's 20 logins in 5 minutes from one address), which the recording, the
    runs before and this one reached together. No other locator, wait or URL would pass; empty otherwise."""
    limited = next((r for r in refusals if r.status == HTTPStatus.TOO_MANY_REQUESTS), None)
    if limited is None:
        return ""
    return (f"the app refused to be asked again so soon: it answered {limited.method} "
            f"{urlsplit(limited.url).path} 429 Too Many Requests in this run (a rate limit the recording and the "
            "runs reached together, not the test); nothing is revised: prove it again once the limit's window "
            "has passed, or with the limit raised for tests")


TEXT_METHODS = {"get_by_text", "get_by_label", "get_by_placeholder", "get_by_title", "get_by_alt_text"}
# Playwright's words when a locator that must find one element finds several
STRICT_VIOLATION = re.compile(r"strict mode violation: (.+?) resolved to (\d+) elements")


def made_again(plan: TestPlan, failing: Statement, message: str, recorded: str | None = None) -> str:
    """Why the failing line found more than one element by a value the test types, in a sentence, or
    empty: the recording proved its locator unique, and the test made the same thing again beside what
    the recording (and each run before) made and the app kept (a row "Solaris" inserted again into a
    table that lists every row). Another locator would find one of them, not the test's own: the flow
    needs a name of its own per run, or to delete what it made. A text the line finds them by that the
    recording's first page already showed (``recorded``; None: the recording kept none) was there before
    the recording made anything: a value typed that is a part of it ("raw" of "raw_orders") made nothing."""
    violation = STRICT_VIOLATION.search(message)
    if violation is None or not isinstance(failing, (Check, Action)) or failing not in plan.statements:
        return ""
    named = [_folded(text) for text in _texts_of(failing) if not _recording_showed(text, recorded)]
    made = [value for value in dict.fromkeys(typed_values(plan)) if any(_folded(value) in text for text in named)]
    if not made:
        return ""
    return (f"the app kept state from the recording: {violation.group(1)} found {violation.group(2)} elements "
            f"where the recording found one; it finds them by {', '.join(map(repr, made))}, {TYPES}, and the "
            "app still holds what the recording (and each run before) made with it")


def _texts_of(statement: Check | Action) -> list[str]:
    """The texts a line finds its element by: an assertion's text, its locator's texts and names."""
    texts = [text for text in [_expected_text(statement)] if text] if isinstance(statement, Check) else []
    locator = statement.assertion.locator if isinstance(statement, Check) else statement.locator
    steps = list(locator.steps) if locator is not None else []
    while steps:
        step = steps.pop()
        texts += [arg for arg in step.args if isinstance(arg, str) and step.method in TEXT_METHODS]
        texts += [value for key, value in step.kwargs.items()
                  if key in ("name", "has_text") and key not in step.regex and isinstance(value, str)]
        steps += step.has or []
    return texts


def kept_from_recording(plan: TestPlan, failing: Statement, shown: str,
                        typed: tuple[tuple[str, str], ...] = (), recorded: str | None = None) -> str:
    """Why the app kept state from the recording, in a sentence, or empty when the text the first page
    showed before the first step (``shown``) holds none of what the flow makes, and no value the test
    typed was a text of its own on the page just before it was typed (``typed``: each field's value and
    that text), or the failing line is neither an assertion of the agent nor an action. What the
    recording's own first page already showed (``recorded``; None: the recording kept none) is the app's
    data from before the recording, not what it made: it counts for nothing."""
    if not isinstance(failing, (Check, Action)) or failing not in plan.statements:
        return ""
    found = [trace for trace in traces(plan, failing) if not _recording_showed(trace.text, recorded, trace.what)]
    held = [trace for trace in found if shown and _shows(shown, trace.text, trace.what)]
    if held:
        return ("the app kept state from the recording: before the test's first step, its first page already "
                "shows " + ", and ".join(f"{trace.text!r}, {trace.what}" for trace in held))
    values = {trace.text for trace in found if trace.what == TYPES}
    listed = list(dict.fromkeys(value for value, before in typed if value in values and _a_text_of_its_own(value, before)))
    if not listed:
        return ""
    return ("the app kept state from the recording: before the test typed " + ", ".join(map(repr, listed))
            + ", its page already showed " + ("it" if len(listed) == 1 else "them") + " (the recording made it)")


def shown_where_stopped(plan: TestPlan, failing: Statement, stopped: str, recorded: str | None = None) -> str:
    """Why an action the run never got past (its element never found, a wait before it never met) is the
    recording's state, in a sentence, or empty: the page the run stopped on (``stopped``) already shows what
    the agent's checks after that action expect (a text, the name of an element it checks; up to the flow's
    next removal: :func:`_checks_after`) or a value the test types later (not one it typed before: its own
    sign-in's user name), and the recording's first page did
    not. For a flow whose first page shows none of it (a sign-in before the app's data): the recording started
    a budget from the welcome's "Start fresh", and the next run, signed in, meets the list that names that
    budget and no welcome (Actual Budget)."""
    if not isinstance(failing, Action) or failing not in plan.statements or not stopped:
        return ""
    expected = [text for check in _checks_after(plan, failing) for text in _texts_of(check)
                if len(text.strip()) >= SHORTEST_TYPED and not _runs_own(plan, text)]
    found = [Trace(text, "which the agent's assertion expects after the steps") for text in dict.fromkeys(expected)]
    # a value the run typed before it stopped (the user name of its own sign-in) is on its page by the run's doing
    typed_before = {s.value.text for s in plan.statements[:plan.statements.index(failing)]
                    if isinstance(s, Action) and s.kind in ("fill", "type") and s.value is not None and s.value.text}
    found += [trace for trace in traces(plan, failing) if trace.what == TYPES and trace.text not in expected
              and trace.text not in typed_before]
    found += [Trace(text, MADE_BY_RECORDING) for text in _recordings_own(plan)]
    held = [trace for trace in found if _shows(stopped, trace.text, trace.what)
            and not _recording_showed(trace.text, recorded, trace.what)]
    if not held:
        return ""
    return ("the app kept state from the recording: where the run stopped, its page already showed "
            + ", and ".join(f"{trace.text!r}, {trace.what}" for trace in held)
            + ", which the recording's first page did not: what the recording made changed the page the test meets")


def left_by_an_earlier_run(plan: TestPlan, failing: Statement | None, run: Run, first_shown: str) -> str:
    """What a run as it is that failed after run 1 passed met of what an earlier run made, in a sentence, or empty
    (then nothing tells that state from a race run 1 won and this run lost): the server refused (``TAKEN``) a
    request holding a value the test types, which run 1's was not; or the run's first page, before its first step,
    showed a value the test types or a text the agent's checks expect, where run 1's first page did not."""
    values = set(typed_values(plan))
    for refusal in run.refused:
        held = [value for value in refusal.held if value in values]
        if held and refusal.status in TAKEN:
            return (f"the server answered {refusal.method} {urlsplit(refusal.url).path} {refusal.status} to what it "
                    f"sent, holding {', '.join(map(repr, held))}, {TYPES}, which run 1 was not")
    if not run.shown or not first_shown:
        return ""
    found = traces(plan, failing) if isinstance(failing, (Check, Action)) and failing in plan.statements else \
        [Trace(text, TYPES) for text in dict.fromkeys(typed_values(plan))]
    held = [trace for trace in found if _shows(run.shown, trace.text, trace.what)
            and not _shows(first_shown, trace.text, trace.what)]
    if not held:
        return ""
    return ("before its first step, its page already showed " + ", and ".join(f"{trace.text!r}, {trace.what}"
                                                                            for trace in held)
            + ", which run 1's first page did not")


MADE_BY_RECORDING = "which the recording made under its own {unique} value (each run makes its own)"


def _recordings_own(plan: TestPlan) -> list[str]:
    """The values the recording typed or checked with its ``{unique}`` token in them, as the recording had
    them: no run of the test makes them, so a page that shows one shows what the recording made (n8n's first
    workflow, named "Verdex flow 5a4e4a5e", in the list that took the place of "Start from scratch")."""
    if not plan.unique:
        return []
    typed = [s.value.text for s in plan.statements if isinstance(s, Action) and s.value is not None and s.value.text]
    checked = [text for s in plan.statements if isinstance(s, Check) for text in _texts_of(s)]
    return list(dict.fromkeys(text for text in [*typed, *checked] if _runs_own(plan, text)))


def _shows(page: str, text: str, what: str = "") -> bool:
    """A page's text shows a trace: what an assertion expects as Playwright finds a text (a part of one); a
    value the test types as a whole line or cell ("admin" typed is not "Django administration")."""
    return _a_text_of_its_own(text, page) if what == TYPES else _folded(text) in _folded(page)


def _recording_showed(text: str, recorded: str | None, what: str = "") -> bool:
    """The recording's first page already showed ``text`` (as :func:`_shows` reads a page), so the
    recording did not make it; False when the recording kept no first page (format 8 and older)."""
    return recorded is not None and _shows(recorded, text, what)


def _a_text_of_its_own(value: str, text: str) -> bool:
    """``value`` is a whole line or cell of the page's text (a list's item, a table's cell), not a part of one."""
    return any(_folded(chunk) == _folded(value) for chunk in re.split(r"[\n\t]", text))


def _folded(text: str) -> str:
    """Text as it is compared: white space collapsed, case folded."""
    return " ".join(text.split()).casefold()
