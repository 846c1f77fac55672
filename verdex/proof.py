"""Proving on export: the test verdex just wrote is run against the app it was recorded on before the
agent is told anything — once as it is, then under ``verdex prove``'s seeded client-side chaos (pytest;
``npx playwright test`` runs a spec plain, the chaos plugin being pytest's). When a run fails on a line
verdex chose, the choice is revised from the recording (generators/revisions.py) and the test proven
again, within ``MAX_REVISIONS`` and a time budget. What is left failing is written with an UNPROVEN
header and raised as :class:`verdex.errors.Unproven`, with the run, the line and the error.

    proof = prove_export("session.jsonl", target="python", path=Path("tests/test_buy.py"), name="buy")
    proof.summary()      # "proved 3/3 (1 plain, 2 under chaos, 14 s)"
"""

from __future__ import annotations

import ast
import json
import os
import re
import socket
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from verdex.clock_readings import made_from_the_clock
from verdex.record_numbers import other_numbers
from verdex.errors import Unproven
from verdex.generators import Revision, build_plan, export, foreign_origin, read_recording
from verdex.generators.line_map import statement_at
from verdex.generators.plan import Action, Assertion, Check, Goto, Settled, Statement, TestPlan, Wait
from verdex.generators.revisions import (URL_ELSEWHERE, apply_revisions, ended_too_soon, looser_url_pattern,
                                         next_revision)
from verdex.generators.waits import recorded_requests
from verdex.unseen import spelled
from verdex.proof_dialogs import asked_unseen
from verdex.proof_runs import Run, node_missing, run_playwright_test, run_pytest, run_pytest_rounds
from verdex.proof_state import (
    STRICT_VIOLATION, kept_from_recording, landed_elsewhere, left_behind, left_by_an_earlier_run, made_again,
    rate_limited, refused_again,
    removed_since_recording, renamed_since_recording, shown_where_stopped,
)
from verdex.recording_format import Step

DEFAULT_RUNS = 3                 # once as it is, twice under chaos
MAX_REVISIONS = 3
CONNECT_TIMEOUT_S = 10.0         # the app takes a connection (it is up) within this; its answers may be slower
REPEATABLE = ("make the flow repeatable: clean up what it creates, or type {unique} in its name (the test makes "
              "a value of its own for it each run); or prove it on a fresh copy of the app (restart it or reset its "
              "data)")
# Playwright's call log of an action whose locator found its one element, which never became enabled:
# another locator for the same element would wait the same
FOUND_BUT_DISABLED = re.compile(r"locator resolved to .*\n(?:.*\n)*?\s*- element is not enabled", re.MULTILINE)
# an action whose locator found no element it could act on within its timeout
TIMED_OUT = re.compile(r"Timeout \d+ms exceeded")
NAVIGATION_FAILED = re.compile(r"(Page|page)\.(goto|reload|goBack|go_back|goForward|go_forward): ")
# A line that held on the run as it is and failed under chaos only (a run as it is passed first): the page was
# slower than what the test waits for before it; another choice of the line would only hide that
LATE_UNDER_CHAOS = ("it held on the run as it is and failed under chaos alone (its requests held back): what it "
                    "waits for came later than the steps before it wait, or never came, an action before it taken "
                    "before the page was ready for it; another choice of this line would only hide that, so it is "
                    "not revised")
RUN_TIMEOUT_S = 180.0            # one run; longer is a hang, stopped and reported
HEADER_COLUMNS = 100             # the UNPROVEN header's lines, as wide as the generated code's at most
BUDGET_S = 600.0                 # revising stops once proving has taken this long


@dataclass
class Proof:
    """What proving one written test found."""

    target: str
    path: Path
    asked: int                                   # the runs asked for (prove=N)
    runs: list[Run] = field(default_factory=list)
    revisions: list[Revision] = field(default_factory=list)
    seconds: float = 0.0
    verdict: Literal["proved", "unproven", "skipped"] = "skipped"
    reason: str = ""                             # unproven: why, in a sentence
    failing: Run | None = None
    failing_source: str = ""                     # the failing line's text
    kept_state: str = ""                         # from where the app kept state: "the recording", "an earlier run"
    own_origin: str = ""                         # why the test carries its recorded origin
    leaves: str = ""                             # proved: what each run leaves in the app (proof_state.left_behind)

    @property
    def passed_runs(self) -> list[Run]:
        return [run for run in self.runs if run.passed]

    def summary(self) -> str:
        if self.verdict == "skipped":
            return f"not proved ({self.reason or 'prove=0'})"
        if self.verdict == "proved":
            final = self.runs[-self._final_count():]
            plain = sum(not r.chaos for r in final)
            chaos = len(final) - plain
            kinds = f"{plain} plain" + (f", {chaos} under chaos" if chaos else "")
            note = "; verdex's chaos runs under pytest only" if self.target == "typescript" else ""
            text = f"proved {len(final)}/{len(final)} ({kinds}{note}, {self.seconds:.0f} s)"
        else:
            text = f"UNPROVEN: {self.reason}"
        for revision in self.revisions:
            text += f"\n  revised step {revision.step}: {revision.said.removeprefix('revised by proving: ')}"
        return text + "".join(f"\n  {note}" for note in (self.leaves, self.own_origin) if note)

    def _final_count(self) -> int:
        return 1 if self.target == "typescript" else max(1, self.asked)

    def facts(self) -> dict[str, object]:
        failing = self.failing
        return {"target": self.target, "path": str(self.path), "runs": len(self.runs),
                "passed": len(self.passed_runs), "kept_state": self.kept_state,
                "revisions": [r.said for r in self.revisions], **({"leaves": self.leaves} if self.leaves else {}),
                **({"run": failing.label, "line": failing.line, "source": self.failing_source,
                    "error": failing.error, "said": failing.first_line()} if failing else {})}


def prove_export(recording: str | Path, *, target: str, path: Path, name: str, runs: int = DEFAULT_RUNS,
                 run_timeout_s: float = RUN_TIMEOUT_S, budget_s: float = BUDGET_S) -> tuple[list[Path], Proof]:
    """Write the test, then prove it (``runs``: 1 plain + the rest under chaos; 0 skips). Returns the
    files written and the proof; raises :class:`Unproven` when it could not be proven."""
    written = export(recording, target=target, path=path, name=name)
    plan = _plan(recording, target, path, name, [])
    proof = Proof(target, path, runs, own_origin=plan.own_origin)
    if runs <= 0:
        return written, proof
    started = time.monotonic()
    read = read_recording(recording)
    recorded = recording_first_page(read.records)
    accepted = frozenset((r.method, urlsplit(r.url).path) for r in recorded_requests(read.records)
                         if r.status and r.status < 400)
    secrets = sorted({s.value.secret.env for s in plan.statements
                      if isinstance(s, Action) and s.value is not None and s.value.secret is not None})
    down = _app_down(plan.base_url)
    unset = [name for name in secrets if name not in os.environ]
    if unset:
        return written, _unproven(proof, started, _unset_secrets(unset))
    if target == "typescript" and node_missing():
        return written, _unproven(proof, started, f"TypeScript is not proven: {node_missing()}")
    if down:
        return written, _unproven(proof, started, down)
    while True:
        failed = _one_round(proof, target, path, runs, run_timeout_s, secrets)
        if failed is None:
            proof.verdict, proof.seconds = "proved", time.monotonic() - started
            proof.leaves = left_behind(plan, read.records)
            return written, proof
        source = path.read_text(encoding="utf-8").splitlines()
        proof.failing, proof.failing_source = failed, _statement_text(source, failed.line, target)
        clock = made_from_the_clock(proof.failing_source, failed.actual(), read.header.started)
        if clock:
            # the agent's check of a time the clock made: no revision and no kept state can make it pass again
            return written, _unproven(proof, started, f"{clock}\n{_failure(failed, proof.failing_source)}")
        located = _failing_in_run_1(plan, target, source, failed)
        revision, why = None, ""
        apps_own = rate_limited(failed.refused) or failed.held     # no other line would pass
        if apps_own:
            return written, _unproven(proof, started, f"{apps_own}\n{_failure(failed, proof.failing_source)}")
        if proof.kept_state:
            # run 1 passed, yet its first page may already show what only the recording can have made (an
            # assertion on a count passed before the app drew the new one): the state is the recording's
            kept = kept_from_recording(plan, located, proof.runs[0].shown, proof.runs[0].typed,
                                       recorded) if located else ""
            if not kept:
                return written, _unproven(proof, started, _kept_state(proof, plan, target, source, failed))
        else:
            # what the recording removed, or made again by the test, is not revised: another locator would
            # act on another element; nor is a first page the app now sends elsewhere (a one-time setup done)
            kept = (landed_elsewhere(plan, located, proof.failing_source, read.records, failed.stopped_url)
                    or removed_since_recording(plan, located, failed.shown)
                    or renamed_since_recording(plan, located, failed.shown)
                    or made_again(plan, located, failed.message, recorded)) if located else ""
            if not kept and located is not None and _on_a_wait(located, source, failed, target) and not plan.unique:
                # a wait verdex chose for the page's state (its data drawn: an empty state, a count) failing on
                # a first page that already shows what the test types: the recording's state is the cause, and
                # another choice for the wait would only move the failure. Not for a flow that makes its values
                # anew ({unique}: a new variable each run, whatever the app kept): the wait is verdex's to drop,
                # and the flow's own checks say whether the kept state matters
                kept = (kept_from_recording(plan, located, failed.shown, failed.typed, recorded)
                        or shown_where_stopped(plan, located, failed.stopped, recorded))
            asked, kept_asking = asked_unseen(plan, read.records, failed) if not kept else ("", False)
            if asked and not kept_asking:
                return written, _unproven(proof, started, f"{_failure(failed, proof.failing_source)}\n{asked}")
            kept = kept or (asked if kept_asking else "")
            if not kept:
                revision, why = revision_for(plan, read.records, target, source, failed, proof.revisions)
            # a line verdex cannot choose again (the agent's assertion; an action on an element found but
            # never ready) may fail for the state the recording left in the app
            if located and not kept and revision is None and not _past_the_action(located, source, failed, target):
                kept = (kept_from_recording(plan, located, failed.shown, failed.typed, recorded)
                        or shown_where_stopped(plan, located, failed.stopped, recorded)
                        or refused_again(plan, failed.refused, accepted))
        if kept:
            proof.kept_state = "the recording"
            return written, _unproven(proof, started, f"{kept}\n{_failure(failed, proof.failing_source)}\n{REPEATABLE}")
        if revision is None or len(proof.revisions) >= MAX_REVISIONS or time.monotonic() - started > budget_s:
            limit = (f"; {MAX_REVISIONS} revisions made" if len(proof.revisions) >= MAX_REVISIONS else
                     "; the time budget is spent" if revision is not None else "")
            return written, _unproven(proof, started, _failure(failed, proof.failing_source) + f" ({why}{limit})")
        proof.revisions.append(revision)
        export(recording, target=target, path=path, name=name, revisions=proof.revisions)
        plan = _plan(recording, target, path, name, proof.revisions)


def recording_first_page(steps: list[Step]) -> str | None:
    """What the recording's first page showed just before its first action (``Step.first_page_text``); None
    for a recording that kept none (format 8 and older, or no action)."""
    return next((step.first_page_text for step in steps if step.first_page_text is not None), None)


def mark_unproven(proof: Proof) -> None:
    """The test file says it is unproven and why, above everything else."""
    comment = "#" if proof.target == "python" else "//"
    text = proof.path.read_text(encoding="utf-8")
    first, *more = proof.reason.splitlines()
    header = _wrapped(first, f"{comment} UNPROVEN (verdex proved it on export and it failed): ", f"{comment}   ")
    for line in more:
        header += _wrapped(line, f"{comment}   ", f"{comment}     ")
    header.append(f"{comment} Fix the app or the flow and export again; `verdex prove` runs it under chaos.")
    # the reason quotes the page (a name in an error): a character it hides or reorders is spelled out
    proof.path.write_text("\n".join(map(spelled, header)) + "\n" + text, encoding="utf-8")


def _wrapped(text: str, first: str, then: str) -> list[str]:
    """A line of the header, folded within the generated code's columns (a locator or a URL in the
    reason, too long for one line, is cut where it must be)."""
    lines = textwrap.wrap(text, width=HEADER_COLUMNS, initial_indent=first, subsequent_indent=then,
                          break_long_words=False, break_on_hyphens=False) or [first.rstrip()]
    return [cut for line in lines for cut in (
        textwrap.wrap(line, width=HEADER_COLUMNS, subsequent_indent=then) if len(line) > HEADER_COLUMNS else [line])]


def raise_unproven(proof: Proof, files: list[Path]) -> None:
    raise Unproven(f"{proof.path.name}: {proof.reason}", files=[str(f) for f in files], **proof.facts())


# ------------------------------------------------------------------------------------------- rounds
def _one_round(proof: Proof, target: str, path: Path, runs: int, timeout_s: float, secrets: list[str]) -> Run | None:
    """Run 1 as it is, then the chaos runs, one after the other in one pytest process; the run that
    failed, or None. A test that passed as it is and fails as it is again after the chaos runs failed one
    kept state in the app (``proof.kept_state``)."""
    number = len(proof.runs)
    if target == "typescript":
        first = run_playwright_test(path, label=f"run {number + 1} (as it is)", timeout_s=timeout_s, secrets=secrets)
        proof.runs.append(first)
        return None if first.passed else first
    asked = [(f"run {number + 1} (as it is)", None)] + [(f"run {number + 1 + seed} (chaos seed {seed})", seed)
                                                       for seed in range(1, runs)]
    done = run_pytest_rounds(path, asked, timeout_s=timeout_s, secrets=secrets)
    proof.runs += done
    failed = next((run for run in done if not run.passed), None)
    if failed is None or not failed.chaos:
        return failed
    again = run_pytest(path, label=f"run {len(proof.runs) + 1} (as it is)", chaos_seed=None, timeout_s=timeout_s,
                       secrets=secrets)
    proof.runs.append(again)
    if not again.passed and again.error != "Hang":
        # a run whose page never loaded (the app stopped answering, or too slowly to open it) met no state
        proof.kept_state = "" if NAVIGATION_FAILED.match(again.first_line()) else "an earlier run"
        return again
    return failed


def _unset_secrets(names: list[str]) -> str:
    """Why the test cannot be proven here: the secrets it reads from the environment that are not set."""
    they, them = ("they are", "them") if len(names) > 1 else ("it is", "it")
    return (f"the test reads {' and '.join(names)} from the environment (what the agent typed into a sensitive "
            f"field), and {they} not set where verdex ran it: set {them} there (the MCP server's environment; in "
            "the shell, where `verdex export` is typed) and export again")


def _written_out(assertion: Assertion, landed: str) -> str | None:
    """The URL an agent's URL check asserts, when it wrote one out (not a /regex/ of its own) and a fresh run
    was somewhere (``landed``)."""
    pattern = assertion.pattern
    if assertion.kind != "url" or not pattern or not landed or re.search(r"(?<!\\)[\[\](){}*+?|^]", pattern):
        return None
    return re.sub(r"\\(.)", r"\1", pattern.removesuffix("$"))


def _numbers_made_anew(assertion: Assertion, landed: str) -> str:
    """Said of an agent's URL check that failed on a URL that differs from the one it asserts in its numbers
    alone (``…/builds/1`` asserted, a fresh run at ``…/builds/7``: a build's number, an id the app makes anew
    each run): what the agent can assert instead."""
    asserted = _written_out(assertion, landed)
    if asserted is None or landed.endswith(asserted) or not re.sub(r"\d+", "0", landed).endswith(
            re.sub(r"\d+", "0", asserted)):
        return ""
    return (f": it differs from the URL a fresh run was at ({landed}) in its numbers alone, which the app made "
            "anew (a build's number, an id); assert them as any number, a /regex/ with \\d+ there")


def _names_made_anew(record: Step, landed: str) -> str:
    """Said of an agent's URL check, said with the action's own (``record``), that failed on a URL whose path
    has other names where the one the action led to has names of the same shape, the rest alike (pretix's order
    page, ``/order/LEFTS/sqg63vuxrd3irjsx/``: the order's code and secret, which the server makes for each
    order): what the agent can assert instead."""
    led_to = record.effects.url_after if record.effects else ""
    looser = looser_url_pattern(led_to, URL_ELSEWHERE, landed) if led_to and landed else None
    if looser is None:
        return ""
    return (f": the URL a fresh run was at ({landed}) has other names in its path where this one has names of "
            f"their shape, which the app made anew (an order's code, a token); assert them as any name, a /regex/: "
            f"/{looser}/")


def revision_for(plan: TestPlan, steps: list[Step], target: str, source: list[str], failed: Run,
              revisions: list[Revision]) -> tuple[Revision | None, str]:
    """The next choice for the line the run failed on, or None and why there is none."""
    if failed.error in ("Hang", "NoNode") or failed.line is None:
        return None, "not on a line of the test" if failed.line is None else "the run was stopped"
    located = statement_at(plan, target, "\n".join(source), failed.line)
    if located is None:
        return None, "the line is outside the test's steps"
    index, statement = located
    if isinstance(statement, Check) and (found := STRICT_VIOLATION.search(failed.message)):
        return None, (f"the locator verdex chose for the agent's check found {found.group(2)} elements on a fresh "
                      "run, one when recorded: the page showed others it matches then (what it had not yet "
                      "drawn anew or taken away: a list or a graph redrawn, a menu or a dialog still open); the "
                      "agent's check is not loosened")
    if isinstance(statement, Check) and (earlier := ended_too_soon(plan, steps, index, revisions,
                                                                  failed.first_line())):
        return earlier, ""                     # a wait verdex chose before the check, not the agent's assertion
    if isinstance(statement, Check):
        return None, ("the agent asserted this; proving never loosens the agent's assertions"
                      + _numbers_made_anew(statement.assertion, failed.landed())
                      + other_numbers(statement.assertion.text, failed.stopped))
    if isinstance(statement, Goto):
        return None, "the navigation itself failed"
    if isinstance(statement, Settled):
        return None, f"verdex's wait before the agent's check did not hold on a fresh run: {statement.wait.reason}"
    part = failing_part(statement, source, failed, target)
    if part == "locator" and FOUND_BUT_DISABLED.search(failed.message):
        return None, "its locator found the element, which stayed disabled"
    timed_out = part == "locator" and TIMED_OUT.search(failed.message)
    if failed.chaos and (part == "response" or part.startswith("wait:") or timed_out):
        return None, LATE_UNDER_CHAOS
    revision = next_revision(statement, steps[statement.step - 1], part, revisions, failed.first_line(),
                             landed=failed.landed(), asked=failed.asked)
    agents = next((a for a in statement.asserts if a.kind == "url" and a.agent), None)
    if revision is None and part == "url" and agents is not None:
        return None, ("the agent asserted this URL (its check, said once with the action's own); proving never "
                      "loosens the agent's assertions" + (_numbers_made_anew(agents, failed.landed())
                                                           or _names_made_anew(steps[statement.step - 1],
                                                                               failed.landed())))
    if revision is None and part == "url" and statement.locator is not None and statement.locator.positional:
        return None, ("its element was found by its position and a fresh run landed elsewhere: it may have acted "
                      "on another element (a container or a name that tells it apart would hold)")
    return revision, "" if revision else f"the recording offers no other choice for its {part.split(':')[0]}"


def _past_the_action(statement: Statement, source: list[str], failed: Run, target: str) -> bool:
    """The run failed on the URL check after an action it had done: it got where the flow goes, whatever the
    page shows there (what the agent checks next, naturally), so that is no trace of the recording's state."""
    return (isinstance(statement, Action) and failed.line is not None
            and failing_part(statement, source, failed, target).startswith("url"))


def _on_a_wait(statement: Statement, source: list[str], failed: Run, target: str) -> bool:
    """The run failed on one of the waits verdex wrote before an action."""
    if not isinstance(statement, Action) or failed.line is None:
        return False
    return failing_part(statement, source, failed, target).startswith("wait")


def failing_part(action: Action, source: list[str], failed: Run, target: str) -> str:
    """Which of the action's choices the run failed on (``_part``), read from the whole statement the
    failing line is part of (Python names a wrapped call's last line, ``).to_be_visible(…)``) and the three
    lines after the failing one."""
    line = failed.line
    assert line is not None, "a run that failed on a line of the test"
    statement = _statement_text(source, line, target)
    return _part(action, statement, " ".join([statement, *source[line:line + 3]]), failed.message)


def _part(action: Action, text: str, block: str, message: str) -> str:
    """Which of the action's choices the failing line is: its response wait, the URL it asserts, one of
    the waits before it, or the locator it acts on."""
    if re.search(r"expect_response|waitForResponse|await response\d+;|await \(await response\d+\)|response_info", text) or 'event "response"' in message:
        return "response"
    if "to_have_url" in text or "toHaveURL" in text:
        return "url"
    if "wait_for_function" in text or "waitForFunction" in text:
        kind = ("data_answered" if "DATA_ANSWERED" in text else
                "server_answers" if "serverAnswers" in text else "server_messages")
        index = next((i for i, w in enumerate(action.waits) if w.kind == kind), 0)
        return f"wait:{index}"
    if "expect(" in text:
        # the failing statement before the lines after it, whose next wait's comment may name another field
        # (a hidden id's wait by CSS, then Name's); a wait whose locator's name is on the line before one of
        # its role alone (two selects, two waits)
        for scope in (text, block):
            for signature_of in (_named_signature, _signature):
                for index, wait in enumerate(action.waits):
                    signature = signature_of(wait)
                    if signature and signature in scope:
                        return f"wait:{index}"
        return "wait:0" if action.waits else "locator"
    return "locator"


def _signature(wait: Wait) -> str:
    found = wait.text or wait.attribute or (str(wait.locator.steps[-1].args[:1]) if wait.locator else "")
    return found.strip("[]'\"")


def _named_signature(wait: Wait) -> str:
    """The name the wait's locator finds its element by, quoted as both targets write it (``"Version"``)."""
    name = wait.locator.steps[-1].kwargs.get("name") if wait.locator and wait.locator.steps else None
    return json.dumps(name) if isinstance(name, str) and name and not wait.locator.steps[-1].regex else ""


# ------------------------------------------------------------------------------------------- words
def _plan(recording: str | Path, target: str, path: Path, name: str, revisions: list[Revision]) -> TestPlan:
    """The plan the file at ``path`` was rendered from (export's own steps)."""
    read = read_recording(recording)
    plan = apply_revisions(build_plan(read, name), read.records, revisions)
    return plan.model_copy(update={"own_origin": foreign_origin(path.parent, target, plan.base_url)})


def _statement_text(source: list[str], line: int | None, target: str) -> str:
    """The whole statement the failing line is part of, on one line (black and prettier wrap long ones)."""
    if not line or not 0 < line <= len(source):
        return ""
    start, end = line, line
    if target == "python":
        try:
            tree = ast.parse("\n".join(source))
        except SyntaxError:
            return source[line - 1].strip()
        spans = [(node.lineno, node.end_lineno or node.lineno) for node in ast.walk(tree)
                 if isinstance(node, ast.stmt) and not isinstance(node, (ast.With, ast.FunctionDef))
                 and node.lineno <= line <= (node.end_lineno or node.lineno)]
        if spans:
            start, end = min(spans, key=lambda span: span[1] - span[0])
    else:
        while start > 1 and not re.search(r"[;{}]\s*$|^\s*//", source[start - 2]):
            start -= 1
        while end < len(source) and not source[end - 1].rstrip().endswith((";", "{", "}")):
            end += 1
    return re.sub(r"\s+", " ", " ".join(part.strip() for part in source[start - 1:end])).replace("( ", "(").replace(" )", ")")


def _failure(run: Run, source_line: str) -> str:
    where = f" at line {run.line}: {source_line}" if run.line else ""
    return f"{run.label} failed{where}\n{run.error}: {run.first_line()}{run.waiting_for()}"


def _kept_state(proof: Proof, plan: TestPlan, target: str, source: list[str], run: Run) -> str:
    """Why a test that passed as it is failed as it is again: the state an earlier run left, with what the failing
    run's first page showed of it; with no such trace, a race that run 1 won looks the same, and the reason says
    both (JupyterHub's token page, whose handlers came late, was said to keep state)."""
    passed = " and ".join(r.label.split(" (")[0] for r in proof.runs if r.passed)
    located = statement_at(plan, target, "\n".join(source), run.line) if run.line else None
    seen = left_by_an_earlier_run(plan, located[1] if located else None, run, proof.runs[0].shown)
    failed = (f"the test passed as it is, then failed as it is again ({run.label}"
              f"{f' at line {run.line}: {proof.failing_source}' if run.line else ''})")
    if seen:
        lead = f"the app kept state from {passed}: {failed}; {seen}"
    else:
        lead = (f"the app kept state from {passed}, or the test races the app: {failed}, and no page of it showed "
                "what the flow makes where run 1's first page did not, so a race run 1 won and this run lost "
                "looks the same; prove it again to tell them apart (a race passes some runs)")
    return f"{lead}\n{run.error}: {run.first_line()}\n{REPEATABLE}"


def _failing_in_run_1(plan: TestPlan, target: str, source: list[str], failed: Run) -> Statement | None:
    """The statement run 1 (as it is) failed on, when the run kept what its page showed; else None."""
    if "(as it is)" not in failed.label or failed.line is None or not (failed.shown or failed.typed):
        return None
    located = statement_at(plan, target, "\n".join(source), failed.line)
    return located[1] if located else None


def _unproven(proof: Proof, started: float, reason: str) -> Proof:
    proof.verdict, proof.reason, proof.seconds = "unproven", reason, time.monotonic() - started
    return proof


def _app_down(base_url: str | None) -> str:
    """Why the recorded app cannot be reached now, or empty when it takes a connection. A busy app (a
    scheduler and its API on two loaded cores: Airflow answered ``GET /`` in 29 s) is up: its answers are
    the runs' to wait for, never a reason to say it is down."""
    if not base_url:
        return ""
    parts = urlsplit(base_url)
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        socket.create_connection((parts.hostname or "", port), timeout=CONNECT_TIMEOUT_S).close()
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        return f"the app the test was recorded on, {base_url}, does not answer now ({reason}); start it and export again"
    return ""
