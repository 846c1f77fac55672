"""A URL and a response holding a name the server made are matched as any name, at generation time: on
an app whose server names each new folder with a counter ("Untitled Folder", then "Untitled Folder 1"),
the recording keeps the names the creating request's answer gave, the generator writes the folder's
name as ``[^/]+`` in the URL pattern and ``*`` in the response glob, and the test passes twice in a row
against the same server (each run makes another folder) in pytest and in ``npx playwright test``. A
name the test typed stays literal (generators/server_names.py)."""

from __future__ import annotations

import json
import re
import shutil
from contextlib import nullcontext
from urllib.parse import quote

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.generators.server_names import made_names
from verdex.recording_format import STEP, Step
from verdex.generators.waits import url_glob, url_pattern
from verdex.generators.playwright_glob import glob_matches

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("page", "thing", "made"), [("folders", "New folder", "Untitled Folder"),
                                                     ("notes", "New note", "Untitled note")])
async def test_a_thing_the_server_named_is_any_name_and_the_test_passes_twice_in_both_targets(tmp_path, page, thing,
                                                                                             made):
    """/folders/ leaves for the folder at once (the answer's body goes with the page: its 201 and the new
    URL tell); /notes/ stays (the answer's JSON names it)."""
    recording = tmp_path / f"{page}.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/{page}/")
            await agent.click("button", thing, expect_text="List files")
            await agent.click("button", "List files", expect_text="No files yet")
            await agent.verify_text("No files yet")
        python = runner.export_python(recording, tmp_path, page)
        source = python.read_text(encoding="utf-8")
        assert f'to_have_url(re.compile(r"/{page}/open/[^/]+$")' in source, source
        assert f'expect_response("**/api/{page}/*/files")' in source, source
        assert re.search(rf"{made!r}\s+(#\s+)?as any name: the server named it".replace(" ", r"\s+(?:#\s+)?"), source), source
        for run in range(2):                        # the server names the next ones "… 1", "… 2"
            done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"run {run + 1}\n{source}\n{done.tail()}"
        assert getattr(apps, page) == 3
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, page) as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert f'toHaveURL(new RegExp("/{page}/open/[^/]+$")' in typescript, typescript
            assert f'waitForResponse("**/api/{page}/*/files")' in typescript, typescript
            for run in range(2):
                done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
                assert done.passed, f"run {run + 1}\n{typescript}\n{done.tail()}"
        assert getattr(apps, page) == 5


async def test_a_url_checked_after_other_checks_is_the_one_the_action_already_asserted(tmp_path):
    """Calibre-Web's new shelf: the agent checked the page's text, then the URL it saw (``/shelf/1``); the
    click already asserts that URL with the server's id as any name, and the agent's literal check (no
    longer right after the click) failed every run after the first. It is said once, as any name."""
    recording = tmp_path / "folder_url.jsonl"
    with generation_apps() as (url, apps):
        await _record_a_click(recording, f"{url}/folders/", "New folder", "List files",
                              then_url=f"{url}/folders/open/{quote('Untitled Folder')}")
        python = runner.export_python(recording, tmp_path, "folder_url")
        source = python.read_text(encoding="utf-8")
        assert "Untitled" not in source and source.count("to_have_url(") == 1, source
        _passes_twice(python, url)                   # the server names the next ones "… 1", "… 2"


async def test_the_number_a_created_thing_got_is_any_number_in_the_query_and_the_route_keeps_its_words(tmp_path):
    """/views/'s "Open project" makes a view (``201 Created``, ``{"id": 1, …}``) and shows it at
    ``/views/1/data?view=1``: the view's number is the server's (the next run's is 2), though "1" named the
    project in a URL before (Label Studio's ``/projects/1/data?tab=1``); ``data`` is the route's own word,
    not a name the server made (the answer was read, and named no "data")."""
    recording = tmp_path / "views.jsonl"
    with generation_apps() as (url, apps):
        await _record_a_click(recording, f"{url}/views/", "Open project", "Showing the list view")
        python = runner.export_python(recording, tmp_path, "views")
        source = python.read_text(encoding="utf-8")
        assert r'/views/[^/]+/data\?"' in source and r'(?=(?:[^#]*&)?view=[^&#]*(?:[&#]|$))' in source, source
        _passes_twice(python, url)                   # the server numbers the next views 2, 3
        assert apps.views == 3


async def test_a_word_the_page_sent_and_the_answer_gave_back_is_no_name_the_server_made(tmp_path):
    """/views/ sends the view's settings (``"target": "rows"``) and the server's ``201`` gives them back with the
    view's number, as Label Studio's data manager does; "Annotate" then posts to ``/api/rows/7/annotations``.
    ``rows`` was in no URL before, and was taken for a name the server made (``**/api/*/*/annotations?**``, "'rows'
    as any name"): an echo of what the page sent is none."""
    recording = tmp_path / "annotate.jsonl"
    with generation_apps() as (url, _apps):
        await _record_a_click(recording, f"{url}/views/", "Open project", "Showing the list view",
                              then_click=("Annotate", "Annotation saved"))
        python = runner.export_python(recording, tmp_path, "annotate")
        source = python.read_text(encoding="utf-8")
        assert 'expect_response("**/api/rows/*/annotations?**")' in source and "'rows'" not in source, source
        assert r'(?=(?:[^#]*&)?view=[^&#]*(?:[&#]|$))' in source, source       # the view's number: the server's
        _passes_twice(python, url)


async def _record_a_click(recording, page_url: str, button: str, said: str, then_url: str | None = None,
                          then_click: tuple[str, str] | None = None) -> None:
    """Record opening ``page_url``, a click on ``button`` (and on the ``then_click`` button after it), a check of
    the text the last click brought (and of the URL)."""
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(page_url)
        await agent.click("button", button, expect_text=said)
        if then_click is not None:
            await agent.click("button", then_click[0], expect_text=then_click[1])
            said = then_click[1]
        await agent.verify_text(said)
        if then_url:
            await agent.verify_url(then_url)


def _passes_twice(python, url: str) -> None:
    """The test passes twice in a row against the same server (each run makes another thing)."""
    for run in range(2):
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"run {run + 1}\n{python.read_text(encoding='utf-8')}\n{done.tail()}"


async def test_a_thing_the_action_made_is_waited_for_until_the_app_has_loaded_it(tmp_path):
    """/drafts/ shows the new draft's editor before its content comes, and the content's answer empties
    the editor: the click waits for that answer (the last request for the draft it made), not only for
    the POST that made it, and for its whole body, which comes after its headers: the text the test
    types is still there when it saves, in pytest and in ``npx playwright test``."""
    recording = tmp_path / "drafts.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/drafts/")
            await agent.click("button", "New draft", expect_text="Untitled draft loaded")
            await agent.fill("textbox", "Body", "Dear team")
            await agent.click("button", "Save", expect_text="Saved: Dear team")
            await agent.verify_text("Saved: Dear team")
        python = runner.export_python(recording, tmp_path, "drafts")
        source = python.read_text(encoding="utf-8")
        assert 'expect_response("**/api/drafts/*") as response_info:' in source, source
        assert source.count("response_info.value.finished()") == 2, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "drafts") as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert 'waitForResponse("**/api/drafts/*")' in typescript, typescript
            assert typescript.count(").finished();") == 2, typescript
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.tail()}"


async def test_a_name_a_graphql_query_read_is_no_name_the_server_made(tmp_path):
    """/catalog/'s "Search" sends a GraphQL query with POST: its answer names the assets there are, not ones
    it made. The agent's check of the URL it opened keeps the name (``/catalog/order_summary``), where a
    POST's names were taken for new ones and the check became ``/catalog/[^/]+`` (dagster's asset search)."""
    recording = tmp_path / "catalog.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/catalog/")
            await agent.click("button", "Search", expect_text="order_summary")
            await agent.click("link", "order_summary")
            await agent.verify_url("/catalog/order_summary")
        source = runner.export_python(recording, tmp_path, "catalog").read_text(encoding="utf-8")
        assert 're.compile(r"/catalog/order_summary$")' in source and "[^/]+" not in source, source


def _step(tool: str, args: dict, requests: list[dict] = (), url_after: str = "") -> Step:
    requests = [{"resource_type": "fetch", **request} for request in requests]
    return STEP.validate_python({"tool": tool, "tab": "t1", "args": args,
                                 "effects": {"requests": requests, "url_before": "", "url_after": url_after}})


def test_a_name_the_test_typed_or_went_to_stays_literal_and_one_the_server_gave_is_any_name():
    created = {"method": "POST", "url": "http://h/api/docs", "named": ["Report", "Untitled1.doc", "docs"]}
    steps = [_step("browser_navigate", {"url": "http://h/docs/"}),
             _step("browser_fill", {"value": "Report"}),
             _step("browser_click", {}, [created], url_after="http://h/docs/Report/Untitled1.doc")]
    made = made_names(steps)
    assert made[1] == frozenset() and made[2] == {"Untitled1.doc"}           # not "Report" (typed), not "docs" (went to)
    pattern = url_pattern("http://h/docs/", "http://h/docs/Report/Untitled1.doc", made[2])
    assert pattern == r"/docs/Report/[^/]+$"
    url = "http://h/api/docs/Report/" + quote("Untitled1.doc") + "/files?x=1"
    assert url_glob(url, made[2]) == "**/api/docs/Report/*/files?**" and glob_matches(url_glob(url, made[2]), url)


def test_a_location_that_repeats_the_requests_own_path_names_only_what_it_added():
    """JupyterLab's POST /api/contents answers with Location /api/contents/Untitled%20Folder: "api" and
    "contents" were the request's own path, "Untitled Folder" is the server's."""
    created = {"method": "POST", "url": "http://h/api/contents?1795754766722", "status": 201,
               "named": ["api", "contents", "Untitled Folder", "directory"]}
    steps = [_step("browser_navigate", {"url": "http://h/lab"}), _step("browser_click", {}, [created])]
    assert made_names(steps)[1] == {"Untitled Folder", "directory"}


def test_a_name_a_url_held_before_the_server_gave_it_is_not_the_servers():
    earlier = {"method": "GET", "url": "http://h/api/teams/blue", "named": []}
    renamed = {"method": "PUT", "url": "http://h/api/teams/blue", "named": ["blue"]}
    steps = [_step("browser_click", {}, [earlier]), _step("browser_click", {}, [renamed])]
    assert made_names(steps)[1] == frozenset()


def test_the_load_waited_for_is_of_what_the_action_made_where_it_made_it_and_the_first():
    """The wait after an action that made something is the first load of it under the path the action made it
    at (JupyterLab's notebook content, not the checkpoints asked after it, which a chaos seed answered first);
    a later request elsewhere holding its name (pgAdmin's connect to the server it saved, made on some runs
    only: proved 3/3, then 4/20) is no wait: the action's own request is."""
    from verdex.facts import Effects, RequestEffect
    from verdex.generators import waits

    def request(method: str, path: str, named: tuple[str, ...] = ()) -> RequestEffect:
        return RequestEffect(method=method, url=f"http://h{path}", resource_type="fetch", status=200,
                             changed_page=True, named=list(named), body_ended=True)

    notebook = Effects(url_before="http://h/lab", url_after="http://h/lab", requests=[
        request("POST", "/api/contents", ("Untitled.ipynb",)), request("GET", "/api/contents/Untitled.ipynb"),
        request("GET", "/api/contents/Untitled.ipynb/checkpoints")])
    chosen = waits.response_match(notebook, made=frozenset({"Untitled.ipynb"}))
    assert chosen is not None and chosen.url_glob == "**/api/contents/*" and chosen.method == "GET", chosen
    server = Effects(url_before="http://h/browser/", url_after="http://h/browser/", requests=[
        request("POST", "/browser/server/obj/1/", ("55",)), request("GET", "/browser/server/connect/1/55")])
    chosen = waits.response_match(server, made=frozenset({"55"}))
    assert chosen is not None and chosen.url_glob == "**/browser/server/obj/*/" and chosen.method == "POST", chosen


async def test_a_key_that_made_a_thing_records_the_url_it_was_pressed_on_and_its_name_is_any_name(tmp_path):
    """n8n's workflow title: the name typed, Enter on the focused field saves the new workflow and the page
    shows ``/workflow/<the server's id>``. The press was recorded with the URL it led to, so the server's name
    was one "the flow had seen" before its answer gave it: the test checked the recording's id literally,
    and failed on every run (each is given another)."""
    recording = tmp_path / "keyed_notes.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/keyed-notes/")
            await agent.fill("textbox", "Title", "Groceries")
            await agent.press_key("Enter")
            await agent.click("button", "List files", expect_text="No files yet")
            await agent.verify_text("No files yet")
        press = next(json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()
                     if '"browser_press"' in line)
        assert press["url"] == f"{url}/keyed-notes/", press["url"]
        python = runner.export_python(recording, tmp_path, "keyed_notes")
        source = python.read_text(encoding="utf-8")
        assert 'to_have_url(re.compile(r"/notes/open/[^/]+$")' in source, source
        assert 'expect_response("**/api/notes/*/files")' in source, source
        for run in range(2):                        # the server names the next ones "… 1", "… 2"
            done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"run {run + 1}\n{source}\n{done.tail()}"
        assert apps.notes == 3
