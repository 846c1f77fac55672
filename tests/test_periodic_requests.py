"""A request the page makes on a timer is never an action's response wait: on a page that pings
``POST /api/usage`` every 100 ms, whose server answers "Run report" only after two more pings came (so
the timer's requests are among the action's, answered just before the page changes), the recording
marks the ping as the page's own (it made it while no action ran) and the test waits for
``GET /api/report`` only — and passes in pytest and in ``npx playwright test`` (generators/periodic.py).
Where one endpoint serves every operation (``POST /api/rpc?op=Ping`` on the timer, ``?op=Report`` the
action's), the operation is the place: the action's request is waited for, by a glob its words hold; where
it is named only in the body (a GraphQL operation's name, a JSON-RPC call's method), by a predicate on it."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from contextlib import nullcontext
from functools import partial
from pathlib import Path

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.flows.runner import Run
from tests.generated_style import style_problems
from tests.generation_apps import (
    AUTOSAVE_MS, PINGS_BEFORE_REPORT, REPORT_BOUND_S, STATUS_POLL_MS, GenerationApps, generation_apps,
)
from tests.recorded_flows import (
    Recorded, assert_passed, exported_beside, on_blank, record_each, recorded_flow, recordings,
)
from verdex import actions, assertions
from verdex.browser.session import Session
from verdex.effects import EffectsWatch
from verdex.generators.periodic import timer_requests
from verdex.generators.request_place import place_of
from verdex.generators.waits import response_beside_timers, response_match
from verdex.facts import Effects
from verdex.recording_format import STEP, Step

pytestmark = pytest.mark.anyio
CLOCK_START = 1_767_225_600_000     # the page's clock in the first-tick test (2026-01-01)
PERIODIC_FLOWS = ("usage", "autosaved", "status", "operations", "graphql", "json-rpc", "dags")   # by test name
IN_BOTH_TARGETS = ("usage", "graphql", "json-rpc")     # run by ``npx playwright test`` too


@pytest.fixture(scope="module")
def generation() -> Iterator[tuple[str, GenerationApps]]:
    """The module's generation apps: every flow is recorded there and its test run there. Its counts (pings,
    status polls) are the whole module's: a flow counts from where it starts."""
    with generation_apps() as served:
        yield served


@pytest.fixture(scope="module")
async def periodic_flows(generation, shared_session: Session, tmp_path_factory) -> dict[str, Recorded | Exception]:
    """Each flow recorded once on the module's server, by its test's name: in a client of its own, or in the
    module's browser on a page clock that stands still until the flow runs it."""
    url, apps = generation
    flows = {"usage": partial(record_report, url, apps, page="/usage/"),
             "autosaved": on_blank(shared_session, generation, record_autosaved),
             "status": on_blank(shared_session, generation, record_status),
             "operations": partial(record_report, url, apps, page="/operations/"),
             **{name: partial(record_report, url, apps, page=page) for name, (page, *_) in BODY_NAMED.items()},
             "dags": partial(record_dags, url)}
    assert tuple(flows) == PERIODIC_FLOWS
    return await record_each(flows, tmp_path_factory.mktemp("periodic"))


@pytest.fixture(scope="module")
def periodic_runs(periodic_flows, generation, tmp_path_factory) -> dict[str, dict[str, Run]]:
    """The test each flow gives, run on the module's server: all of them in one pytest run, those of
    ``IN_BOTH_TARGETS`` in one ``npx playwright test`` run; each flow's own outcome in each target."""
    url, _apps = generation
    served, folder = (lambda _seed: nullcontext(url)), tmp_path_factory.mktemp("periodic-runs")
    runs = runner.run_exported(recordings(periodic_flows), folder, ("python",), serve=served)
    specs = runner.run_exported(recordings(periodic_flows, IN_BOTH_TARGETS), folder, ("typescript",), serve=served)
    for name, ran in specs.items():
        runs[name].update(ran)
    return runs


async def record_report(url: str, apps: GenerationApps, recording: Path, page: str) -> Recorded:
    """Clicking "Run report" on ``page`` once it has pinged twice, and checking the report."""
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(url + page)
        assert apps.wait_for_pings(apps.pings + 2)  # the page has pinged on its own before the agent acts
        await agent.click("button", "Run report", expect_text="Report ready: Weekly sales")
        await agent.verify_text("Report ready: Weekly sales")
    return Recorded(recording, {})


def click_of(recording: Path) -> dict:
    """The recording's click, as written."""
    steps = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()][1:]
    return next(s for s in steps if s.get("tool") == "browser_click")


async def test_the_wait_is_on_the_actions_request_not_on_the_timers(periodic_flows):
    recording = recorded_flow(periodic_flows, "usage").recording
    click = click_of(recording)
    pings = [r for r in click["effects"]["requests"] if r["url"].endswith("/api/usage")]
    assert pings and all(r["on_its_own"] for r in pings), click["effects"]["requests"]
    assert response_match(Effects.model_validate(click["effects"])).url_glob == "**/api/usage"   # without the evidence: the timer's
    source = exported_beside(recording, "usage").read_text(encoding="utf-8")
    assert 'with page.expect_response("**/api/report") as response_info:' in source and "/api/usage" not in source, source
    typescript = exported_beside(recording, "usage", "typescript").read_text(encoding="utf-8")
    assert 'page.waitForResponse("**/api/report")' in typescript and "/api/usage" not in typescript, typescript


async def record_autosaved(session: Session, generation: tuple[str, GenerationApps], recording: Path) -> Recorded:
    """"Run report" on ``/autosaved/``, the page's clock standing still until the server holds the report, then
    run one tick at a time: the timer's first ticks inside the click, the next between steps."""
    url, apps = generation
    tab = await _recorded_on_a_stopped_clock(session, recording, url + "/autosaved/")
    pinged = apps.pings
    apps.report_asked.clear()                                # a flow before may have asked for its report
    click = asyncio.create_task(actions.click(tab, await _ref(tab, "Run report")))
    assert await asyncio.to_thread(apps.report_asked.wait, REPORT_BOUND_S)
    for _ in range(PINGS_BEFORE_REPORT):
        await tab.page.clock.run_for(AUTOSAVE_MS)            # the timer's first ticks, inside the click
    ticks = [r for r in (await click).effects.requests if r.url.endswith("/api/autosave")]
    assert ticks and not any(r.on_its_own for r in ticks), ticks
    await tab.page.clock.run_for(AUTOSAVE_MS)                # the next tick, while no action runs
    assert await asyncio.to_thread(apps.wait_for_pings, pinged + PINGS_BEFORE_REPORT + 1)
    assert (await assertions.text_visible(tab, "Report ready: Weekly sales")).passed
    session.record(None)
    return Recorded(recording, {})


async def test_a_timers_first_tick_inside_the_first_action_is_not_its_response(periodic_flows):
    """An autosave every second from the page's load (``/autosaved/``), its first ticks inside "Run report": the
    page's clock stands still until the server holds the report, then runs one tick at a time. Nothing in the
    click's own watch tells those ticks from what it asked (the page never made them before); the tick after it,
    between steps, does, and the test waits for ``GET /api/report`` only, and passes."""
    source = exported_beside(recorded_flow(periodic_flows, "autosaved").recording, "autosaved").read_text(
        encoding="utf-8")
    assert 'with page.expect_response("**/api/report")' in source and "/api/autosave" not in source, source


async def record_status(session: Session, generation: tuple[str, GenerationApps], recording: Path) -> Recorded:
    """"Actions", whose click's watch sees the poll's first tick as it begins to settle, then "Settings", and the
    next tick between the steps."""
    url, apps = generation
    tab = await _recorded_on_a_stopped_clock(session, recording, url + "/status-menu/")
    settle, ticked, polled = EffectsWatch.finish, [], apps.statuses

    async def tick_then_settle(watch: EffectsWatch):
        if not ticked:
            ticked.append(True)
            while await tab.page.evaluate("document.body.dataset.menu") != "opening":
                await asyncio.sleep(0.05)                    # the click has landed: its handler ran
            await tab.page.clock.run_for(STATUS_POLL_MS)     # the timer's first tick, inside the click
        return await settle(watch)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(EffectsWatch, "finish", tick_then_settle)
        clicked = await actions.click(tab, await _ref(tab, 'button "Actions"'))
    ticks = [r for r in clicked.effects.requests if r.url.endswith("/api/status")]
    assert ticks and not any(r.on_its_own for r in ticks), ticks
    await actions.click(tab, await _ref(tab, 'button "Settings"'))
    await tab.page.clock.run_for(STATUS_POLL_MS)             # the next tick, after "Settings", between steps
    while apps.statuses < polled + 2:
        await asyncio.sleep(0.05)
    assert (await assertions.text_visible(tab, "Device name")).passed
    session.record(None)
    return Recorded(recording, {})


async def test_a_timers_tick_inside_an_action_that_asks_nothing_seen_again_only_later_is_not_its_response(
        periodic_flows):
    """Syncthing polls its status every ten seconds; a tick fell inside a click on "Actions", a menu that asks
    nothing, and the page asked the same again only after the next action. The click waited for ``GET
    /rest/system/error``, which a run meets only at the timer's next tick (past 30 s under a slowed clock).
    ``/status-menu/`` polls every 40 s; its first tick runs inside "Actions", the next between the steps after
    "Settings". A handler asks again right after its action settled, never once another has come and gone: the
    test does not wait for the poll, and passes (it timed out waiting for ``GET /api/status`` without that). The
    tick runs as the click's watch begins to settle, whatever the machine's pace (a loaded one had settled a
    quiet click before a tick run from outside it)."""
    source = exported_beside(recorded_flow(periodic_flows, "status").recording, "status").read_text(encoding="utf-8")
    assert "/api/status" not in source, source


async def _recorded_on_a_stopped_clock(session, recording: Path, url: str):
    """The session's tab, recording, at ``url`` on a page clock that stands still until the test runs it."""
    session.record(recording)
    tab = await session.tab()
    await tab.page.clock.install(time=CLOCK_START)
    await tab.page.clock.pause_at(CLOCK_START + 1)          # no tick until the test runs one
    await tab.navigate(url)
    return tab


async def _ref(tab, line: str) -> str:
    """The ref of the first snapshot line that holds ``line``."""
    rows = (await tab.snapshot()).text.splitlines()
    return next(re.search(r"\[ref=(e\d+)\]", row).group(1) for row in rows if line in row)


def _request(method: str, path: str, *, own: bool = False, query: str = "") -> dict:
    return {"method": method, "url": "http://h" + path + (f"?{query}" if query else ""), "resource_type": "fetch",
            "status": 200,
            "changed_page": True, "on_its_own": own}


def test_a_request_seen_on_its_own_later_in_the_recording_is_the_timers_at_every_sighting():
    """The timer fired first during the action; the recording saw it on its own only at a later step."""
    first = _click([_request("POST", "/api/autosave"), _request("GET", "/api/pages/7")])
    later = _click([_request("POST", "/api/autosave", own=True)])
    timers = timer_requests([first, later])
    assert timers == {"POST /api/autosave"}
    assert response_match(first.effects, timers=timers).url_glob == "**/api/pages/*"
    assert response_match(later.effects, timers=timers) is None
    assert response_match(first.effects).url_glob == "**/api/autosave"     # without the evidence: the bug


def test_a_place_asked_between_steps_is_a_timers_unless_the_action_asked_nothing_else():
    """A place first seen inside an action, then on its own between steps: beside the action's own request it is
    the timer's first tick; alone, it may be the action's handler asking again after it settled, and is waited for."""
    autosave, report = _request("POST", "/api/autosave"), _request("GET", "/api/report")
    between = frozenset({"POST /api/autosave"})
    beside = response_beside_timers(_click([autosave, report]).effects, [], frozenset(), frozenset(), between)
    alone = response_beside_timers(_click([autosave]).effects, [], frozenset(), frozenset(), between)
    assert (beside.url_glob, alone.url_glob) == ("**/api/report", "**/api/autosave")


def test_a_realtime_transports_long_poll_is_no_actions_request():
    """socket.io sends the page's messages as POSTs to its long-poll until it upgrades to a websocket, which one
    run does before the action and another after it: NocoDB's sign-in waited for that POST, which a run already
    on the websocket never sent. SockJS's sends likewise."""
    poll = _request("POST", "/socket.io/", query="EIO=4&transport=polling&t=PqR2x&sid=Zx81")
    sockjs = _request("POST", "/sockjs/281/k3j2h1g0/xhr_send")
    signin = _request("POST", "/api/v1/auth/user/signin")
    assert response_match(_click([poll, signin]).effects).url_glob == "**/api/v1/auth/user/signin"
    assert response_match(_click([sockjs, signin]).effects).url_glob == "**/api/v1/auth/user/signin"
    assert response_match(_click([poll]).effects) is None and response_match(_click([sockjs]).effects) is None


def _click(requests: list[dict]) -> Step:
    return STEP.validate_python({"tool": "browser_click", "tab": "t1",
                                 "effects": {"requests": requests, "url_before": "", "url_after": ""}})


async def test_one_endpoint_for_every_operation_is_as_many_places_as_operations(periodic_flows):
    recording = recorded_flow(periodic_flows, "operations").recording
    click = click_of(recording)
    own = {r["url"].rsplit("/", 1)[1]: r["on_its_own"] for r in click["effects"]["requests"]}
    assert own.get("rpc?op=Ping") is True and own["rpc?op=Report"] is False, own
    source = exported_beside(recording, "operations").read_text(encoding="utf-8")
    assert 'with page.expect_response("**/api/rpc?**op=Report**") as response_info:' in source, source


# each flow by its test's name: its page, its endpoint, the timer's operation, the action's
BODY_NAMED = {"graphql": ("/graph-operations/", "/api/gql", "Ping", "Report"),          # a GraphQL operation's name
              "json-rpc": ("/rpc-operations/", "/api/json", "system.ping", "report.run")}  # a JSON-RPC call's method


@pytest.mark.parametrize("target", ["python", "typescript"])
@pytest.mark.parametrize("name", BODY_NAMED)
async def test_one_endpoint_tells_the_actions_operation_from_the_timers_by_what_its_body_names(
        periodic_flows, target, name):
    """Every operation goes to one endpoint, named only in its body (a GraphQL operation's name; a JSON-RPC
    call's method, dotted as such methods are), and the page polls there: the operation is a place of its own,
    so the action waits for the response whose request named its own operation (a glob alone ends at a
    poll's), and the test it gives passes (in both targets: the tests at the end of the module)."""
    _page, endpoint, ping, report = BODY_NAMED[name]
    recording = recorded_flow(periodic_flows, name).recording
    places = {r["place"]: r["on_its_own"] for r in click_of(recording)["effects"]["requests"]}
    assert places.get(f"POST {endpoint} {ping}") is True and places[f"POST {endpoint} {report}"] is False, places
    test = exported_beside(recording, name, target)
    source, problems = test.read_text(encoding="utf-8"), style_problems(test)
    waited = (f'page.expect_response(response_to("POST", r"{endpoint}$", "{report}")' if target == "python" else
              f'page.waitForResponse(responseTo("POST", new RegExp("{endpoint}$"), "{report}")')
    comments = re.sub(r"\s*\n\s*(#|//)\s*", " ", source)          # a comment wrapped over lines, as one
    assert re.sub(r"\s", "", waited) in re.sub(r"\s", "", source), source       # however it was wrapped
    assert f"the operation {report} its body names" in comments, source
    assert problems == [], problems                    # the helper that escapes the name fits in 100 columns


def test_a_method_in_a_body_that_is_no_json_rpc_call_names_no_operation():
    """A payment's ``"method": "card"`` is data: only a body shaped as a JSON-RPC call (its params or its
    protocol's version beside the method) names an operation."""
    assert place_of("POST", "http://h/api/pay", '{"method": "card", "amount": 5}') == "POST /api/pay"
    assert place_of("POST", "http://h/rpc", '{"jsonrpc": "2.0", "method": "torrent-get", "id": 3}') == "POST /rpc torrent-get"
    # Transmission's RPC names its params ``arguments``
    assert place_of("POST", "http://h/rpc", '{"method": "torrent-stop", "arguments": {"ids": [1]}}') \
        == "POST /rpc torrent-stop"


def test_an_actions_effects_say_which_operation_each_request_to_one_endpoint_was():
    """Fifteen ``request: POST /json → 200`` lines tell an agent nothing; each says the call it made."""
    effects = Effects.model_validate({"url_before": "http://h/", "url_after": "http://h/", "requests": [
        {**_request("POST", "/api/json", own=True), "place": "POST /api/json system.ping"},
        {**_request("POST", "/api/json"), "place": "POST /api/json report.run"}]})
    text = effects.to_text()
    assert "request: POST /api/json report.run → 200 (page changed after it)\n" in text + "\n", text
    assert "request: POST /api/json system.ping → 200" in text, text


async def record_dags(url: str, recording: Path) -> Recorded:
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(url + "/dag-search/")
        await agent.wait_for_text("4 Dags")
        await agent.fill("textbox", "Search Dags", "example_bash_operator")
        await agent.verify_text("1 Dag")
    return Recorded(recording, {})


async def test_a_search_asked_with_the_lists_own_words_is_told_apart_by_the_typed_one(periodic_flows):
    """Airflow 3's DAG search asks ``/ui/dags`` with the list's words (limit, tag mode, stale, sort) and the
    typed one beside them; the page had asked the same path with the list's words alone. The glob held every
    word in the page's order, 146 columns on one line; the typed word alone tells the two apart."""
    python = exported_beside(recorded_flow(periodic_flows, "dags").recording, "dags")
    source = python.read_text(encoding="utf-8")
    assert '"**/api/dags?**dag_display_name_prefix_pattern=example_bash_operator**"' in source, source
    assert style_problems(python) == [], style_problems(python)


@pytest.mark.parametrize("name", PERIODIC_FLOWS)
def test_the_test_each_flow_gives_passes_on_the_server_it_was_recorded_on(periodic_runs, name):
    """Its own file's outcome in the module's runs (``periodic_runs``; they come after the tests above, so that
    no test's time holds both the recordings and the runs)."""
    assert_passed(periodic_runs, name)
