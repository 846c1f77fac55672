"""A pytest plugin that proving loads into its runs (``-p verdex.proof_plugin``): the runs of a test
verdex just wrote, and ``verdex prove``'s.

Each test runs once per entry of ``$VERDEX_PROOF_RUNS`` (``plain,1,2``: as it is, then under chaos
seeds 1 and 2), one after the other in this one process: pytest starts once and the browser is
launched once, while every run still gets its own context and page (function-scoped fixtures are torn
down between runs). A run under seed N draws exactly the chaos ``pytest --chaos-seed N`` draws for the
same test (the draws come from the seed and the test's id, which the run keeps). A test stops at its
first failing run, unless ``$VERDEX_PROOF_EVERY_RUN`` is set (``verdex prove`` counts them all). The
runs listed in the file ``$VERDEX_PROOF_SKIP`` (JSON lines ``{"test": node id, "seed": N}``: another
shard's, or made already) are not made. The report, ``$VERDEX_PROOF_REPORT``, gets a JSON line as
each run starts and one as it ends, so a run that hangs is known, and so are the ones before it.
"""

from __future__ import annotations

import functools
import json
import linecache
import os
from collections.abc import Iterator
from http import HTTPStatus
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from _pytest.runner import runtestprotocol
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Request, Response

from verdex.browser.sent_text import carries, request_body

RUNS = "VERDEX_PROOF_RUNS"
FAILURE = pytest.StashKey[dict[str, object]]()
SHOWN = pytest.StashKey[list[str]]()
STOPPED = pytest.StashKey[str]()
STOPPED_URL = pytest.StashKey[str]()
STOPPED_ASKED = pytest.StashKey[list[str]]()
ASKED_LIMIT = 2000                      # paths kept that the page a failing run stopped on had asked
# the paths the page has had answers to, in the order asked (its Resource Timing entries: the ones a data
# wait reads, generators/waits.py)
ASKED_SCRIPT = """() => [...new Set(performance.getEntriesByType("resource").map((entry) =>
  new URL(entry.name).pathname))]"""
FIRST_STEP_BINDING = "__verdexProofFirstStep"
TYPED_BINDING = "__verdexProofTyped"
TYPED = pytest.StashKey[dict[str, dict[str, str]]]()
DIALOG_BINDING = "__verdexProofDialog"
DIALOGS = pytest.StashKey[list[dict[str, str]]]()
DIALOGS_LIMIT = 10                      # dialogs of a run kept
TYPED_LIMIT = 10                        # fields whose text before typing is kept
REFUSED = pytest.StashKey[list[dict[str, object]]]()
REFUSED_LIMIT = 10                      # answers kept that refused what the test had typed
# read from its folder, not through verdex.bridge, whose import (the facts' models) a run of a test has no use for
FIRST_STEP_SCRIPT = files("verdex").joinpath("bridge", "first_step.js").read_text(encoding="utf-8")
SHOWN_LIMIT = 50_000                    # characters of the first page's text kept
REPORT = "VERDEX_PROOF_REPORT"
EVERY_RUN = "VERDEX_PROOF_EVERY_RUN"
SKIP = "VERDEX_PROOF_SKIP"


def seeds() -> list[int | None]:
    """The runs asked for: None for a run as it is, a number for a run under that chaos seed."""
    return [None if entry == "plain" else int(entry) for entry in os.environ.get(RUNS, "plain").split(",") if entry]


def skipped() -> frozenset[tuple[str, int | None]]:
    """The runs not to make: (node id, seed), read once per process."""
    return _listed(os.environ.get(SKIP, ""))


@functools.cache
def _listed(path: str) -> frozenset[tuple[str, int | None]]:
    if not path:
        return frozenset()
    with open(path, encoding="utf-8") as listed:
        return frozenset((run["test"], run["seed"]) for run in map(json.loads, listed.read().splitlines()))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test none of whose runs is to be made is deselected (its fixtures are not set up)."""
    runs, skip = seeds(), skipped()
    if not skip:
        return
    deselected = [item for item in items if all((item.nodeid, seed) in skip for seed in runs)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = [item for item in items if item not in deselected]


def pytest_collection_finish(session: pytest.Session) -> None:
    _write({"collected": len(session.items), "runs": sum(len(_runs(item)) for item in session.items)})


def _runs(item: pytest.Item) -> list[int | None]:
    skip = skipped()
    return [seed for seed in seeds() if (item.nodeid, seed) not in skip]


@pytest.fixture(autouse=True)
def _verdex_proof_first_step(request: pytest.FixtureRequest) -> Iterator[None]:
    """What the test's first page shows just before its first step (verdex/bridge/first_step.js), kept
    for the run's outcome: proving tells the state an app kept from what a failing assertion expects. A
    test that failed before its first step (its first click found nothing) keeps the page as it is then.
    Each field typed into keeps its value and the page's text just before it was typed; each answer the
    server refused (4xx) to a request that held a value typed keeps which (a name taken); each dialog the
    page opened, its kind and message; and the text, the URL and the paths asked of the page the run stopped on
    (a failing run's: a startup wait for a path a fresh load never asked is narrowed to the ones it did)."""
    shown: list[str] = []
    typed: dict[str, dict[str, str]] = {}
    refused: list[dict[str, object]] = []
    dialogs: list[dict[str, str]] = []
    request.node.stash[SHOWN] = shown
    request.node.stash[TYPED] = typed
    request.node.stash[REFUSED] = refused
    request.node.stash[DIALOGS] = dialogs
    if not (os.environ.get(RUNS) and {"page", "context"} & set(request.fixturenames)):
        yield
        return
    context = request.getfixturevalue("context")
    context.expose_binding(FIRST_STEP_BINDING, lambda source, text: shown.append(text) if not shown else None)

    def field_typed(source: object, field: str, value: str, before: str | None) -> None:
        if field in typed or len(typed) < TYPED_LIMIT:
            typed.setdefault(field, {"before": (before or "")[:SHOWN_LIMIT]})["value"] = value[:SHOWN_LIMIT]

    context.expose_binding(TYPED_BINDING, field_typed)

    def answered(response: Response) -> None:
        if 400 <= response.status < 500 and len(refused) < REFUSED_LIMIT:
            held = _held(response.request, [field.get("value", "") for field in typed.values()])
            if held or response.status == HTTPStatus.TOO_MANY_REQUESTS:        # a rate limit refuses whatever was sent
                refused.append({"method": response.request.method, "url": response.url, "status": response.status,
                                "held": held})

    context.on("response", answered)
    context.expose_binding(DIALOG_BINDING, lambda source, kind, message: dialogs.append(
        {"type": kind, "message": message[:SHOWN_LIMIT]}) if len(dialogs) < DIALOGS_LIMIT else None)
    context.add_init_script(script=FIRST_STEP_SCRIPT)
    yield
    if not shown and context.pages:            # no step was ever taken: the first page as the first step found it
        shown.append(_text_of(context.pages[0]))
    if context.pages:                          # where the run stopped: the page a failing line waited on
        request.node.stash[STOPPED] = _text_of(context.pages[-1])
        request.node.stash[STOPPED_URL] = context.pages[-1].url
        request.node.stash[STOPPED_ASKED] = _asked(context.pages[-1])


def _text_of(page: Any) -> str:
    try:
        return str(page.evaluate("() => document.body ? document.body.innerText : ''"))
    except PlaywrightError:
        return ""                              # a page gone or stuck: nothing to tell


def _asked(page: Any) -> list[str]:
    try:
        return [str(path) for path in page.evaluate(ASKED_SCRIPT)][:ASKED_LIMIT]
    except PlaywrightError:
        return []                              # a page gone or stuck: nothing to tell


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool:
    runs = _runs(item)
    every_run = bool(os.environ.get(EVERY_RUN))
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    for number, seed in enumerate(runs, start=1):
        item.config.option.chaos_seed = seed
        last = number == len(runs)
        _write({"test": item.nodeid, "seed": seed, "started": True})
        reports = runtestprotocol(item, nextitem=nextitem if last else item.parent, log=True)  # type: ignore[arg-type]
        failed = next((report for report in reports if report.failed), None)
        kept = failed is not None or seed is None  # a run as it is: what its first page showed, passed or not
        _write({"test": item.nodeid, "seed": seed, "passed": failed is None,
                **({"skipped": True} if failed is None and any(report.skipped for report in reports) else {}),
                "seconds": sum(report.duration for report in reports), **item.stash.get(FAILURE, {}),
                **_chaos_drawn(item),
                **({"shown": item.stash[SHOWN][0][:SHOWN_LIMIT]} if kept and item.stash.get(SHOWN, None) else {}),
                **({"typed": list(item.stash[TYPED].values())} if kept and item.stash.get(TYPED, None) else {}),
                **({"refused": item.stash[REFUSED]} if failed and item.stash.get(REFUSED, None) else {}),
                **({"stopped": item.stash[STOPPED][:SHOWN_LIMIT]} if failed and item.stash.get(STOPPED, "") else {}),
                **({"stopped_url": item.stash[STOPPED_URL]} if failed and item.stash.get(STOPPED_URL, "") else {}),
                **({"asked": item.stash[STOPPED_ASKED]} if failed and item.stash.get(STOPPED_ASKED, None) else {}),
                **({"dialogs": item.stash[DIALOGS]} if failed is not None and item.stash.get(DIALOGS, None) else {})})
        item.stash[FAILURE] = {}
        if failed is not None and not every_run:
            if not last:                       # torn down to what the next test shares, as its last run would
                item.session._setupstate.teardown_exact(nextitem)
            break
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def _held(request: Request, values: list[str]) -> list[str]:
    """The values typed (those long enough to tell apart) that a request carries."""
    body = request_body(request)
    return [value for value in dict.fromkeys(values) if len(value.strip()) >= 3 and carries(request.url, body, value)]


def _chaos_drawn(item: pytest.Item) -> dict[str, object]:
    """The chaos the run drew (verdex.chaos.plugin keeps it in the item's properties), taken out of them
    so that the next run's is its own."""
    drawn = [value for name, value in item.user_properties if name == "chaos"]
    item.user_properties[:] = [(name, value) for name, value in item.user_properties if name != "chaos"]
    return {"chaos": json.loads(str(drawn[-1]))} if drawn else {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if not report.failed or call.excinfo is None or item.stash.get(FAILURE, None):
        return
    test_file = Path(str(item.path)).resolve()
    lines = [entry.lineno + 1 for entry in call.excinfo.traceback if Path(str(entry.path)).resolve() == test_file]
    line = lines[-1] if lines else None
    item.stash[FAILURE] = {"line": line, "error": call.excinfo.typename, "message": str(call.excinfo.value),
                           "when": report.when,
                           "code": linecache.getline(str(test_file), line).strip() if line else ""}


def ended(report: Path) -> list[dict[str, Any]]:
    """The runs a report says have ended, in order (not the lines that say a run started, nor the count)."""
    return [line for line in lines(report.read_text(encoding="utf-8") if report.exists() else "") if "passed" in line]


def lines(text: str) -> list[dict[str, Any]]:
    """The whole lines of a report's text (one a run that was stopped was writing is not whole yet)."""
    return [json.loads(line) for line in text.split("\n")[:-1] if line]


def _write(outcome: dict[str, object]) -> None:
    if os.environ.get(REPORT):
        with open(os.environ[REPORT], "a", encoding="utf-8") as out:
            out.write(json.dumps(outcome) + "\n")
