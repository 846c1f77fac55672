"""What the agent did is what the test does: every step that changes the browser's state is recorded
from one place (verdex.steps), whichever face made it — here the Python API (``tab.navigate()``,
``tab.back()``, ``session.new_tab()`` …) and the tools' own call path (``verdex.tools.TOOLS``, which
the MCP server and the shell's session process run) — and the generator writes each, in both targets,
or refuses the export naming the step it cannot write. Bad input gets a typed error and records nothing."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest

from tests.flows import login
from tests.flows.runner import exported_spec, export_python, run_pytest, run_typescript
from verdex import actions
from verdex.browser.session import RoleSpec, Session
from verdex.errors import InvalidArgument, NavigationFailed, StaleObservation
from verdex.generators import GenerationError, build_plan, export, read_recording
from verdex.generators.plan import Check, History
from verdex.generators.targets.errors import UnrenderableStep
from verdex.recorder import Recorder
from verdex.recording_format import STEP, NavigateStep, RoleRecord
from verdex.tools import TOOLS

pytestmark = pytest.mark.anyio
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "recordings"


def _ref(snapshot_text: str, line: str) -> str:
    return re.search(re.escape(line) + r" \[ref=(\w+)\]", snapshot_text).group(1)


def _tools(path: Path) -> list[str]:
    return [step.tool for step in read_recording(path).records]


async def test_history_and_tabs_from_the_python_api_are_recorded_and_both_targets_do_them(apps, tmp_path):
    path = tmp_path / "history.jsonl"
    async with Session(record=path) as session:
        tab = await session.tab()
        await tab.navigate(apps.url + "/shop/")
        await tab.navigate(apps.url + "/login/")
        await tab.back()
        await tab.forward()
        await tab.reload()
        second = await session.new_tab(apps.url + "/shop/")
        session.select_tab(tab.id)
        await session.close_tab(second.id)
        await actions.fill(tab, _ref((await tab.snapshot()).text, 'textbox "Username"'), login.USER)
    assert _tools(path) == ["browser_navigate", "browser_navigate", "browser_back", "browser_forward",
                            "browser_reload", "browser_tab_new", "browser_navigate", "browser_tab_select",
                            "browser_tab_close", "browser_fill"]
    test_file = export_python(path, tmp_path, "history")
    source = test_file.read_text()
    order = ['page.goto("/login/")', "page.go_back()", 'to_have_url(re.compile(r"/shop/$"))', "page.go_forward()",
             "page.reload()", "page1 = page.context.new_page()", 'page1.goto("/shop/")', "page1.close()",
             '.fill("demo")']
    assert [source.index(line) for line in order] == sorted(source.index(line) for line in order), source
    run = run_pytest(test_file, None)
    assert run.passed, run.tail()
    with exported_spec(path, "history") as spec:
        spec_source = spec.read_text()
        order = ["await page.goBack();", "await page.goForward();", "await page.reload();",
                 "const page1 = await page.context().newPage();", "await page1.close();"]
        assert [spec_source.index(line) for line in order] == sorted(spec_source.index(line) for line in order)
        run = run_typescript(spec.parent)
    assert run.passed, run.tail()


async def test_a_storage_state_loaded_before_the_roles_first_step_starts_its_context_in_the_test(apps, tmp_path):
    state = tmp_path / "signed-in.json"
    async with Session(record=False) as setup:
        tab = await setup.tab()
        await tab.navigate(apps.url + "/login/")
        await tab.page.get_by_label("Username").fill(login.USER)
        await tab.page.get_by_label("Password").fill(login.PASSWORD)
        await tab.page.get_by_role("button", name="Sign in").click()
        await tab.page.wait_for_url("**/welcome.html")
        await setup.save_state(state)
    path = tmp_path / "loaded.jsonl"
    async with Session(roles=[RoleSpec("member", default_url=apps.url + "/login/welcome.html")], record=path) as session:
        await TOOLS["browser_state_load"](session, {"path": str(state)})     # the tools' own call path
        await TOOLS["verify_text_visible"](session, {"text": f"Welcome, {login.USER}"})
    assert _tools(path) == ["browser_state_load", "browser_navigate", "verify_text_visible"]
    plan = build_plan(read_recording(path), "loaded")
    assert [(c.role, c.storage_state) for c in plan.contexts] == [("member", str(state.resolve()))]


# ---------------------------------------------------------------- bad input
async def test_a_back_with_no_history_is_an_invalid_argument_and_records_nothing(tmp_path):
    async with Session(record=tmp_path / "back.jsonl") as session:
        with pytest.raises(InvalidArgument, match="has no page to go back to"):
            await TOOLS["browser_back"](session, {})
        with pytest.raises(InvalidArgument, match="has no page to go forward to"):
            await TOOLS["browser_forward"](session, {})
        assert session.recorder.steps == 0


async def test_a_reload_while_the_page_is_on_its_way_elsewhere_says_so_and_records_nothing(apps, tmp_path):
    never = socket.socket()                 # accepts the connection, never answers: the navigation stays pending
    never.bind(("127.0.0.1", 0))
    never.listen(4)
    pending = f"http://127.0.0.1:{never.getsockname()[1]}/pending"
    try:
        async with Session(record=tmp_path / "reload.jsonl") as session:
            tab = await session.tab()
            await tab.navigate(apps.url + "/shop/")
            async with tab.page.expect_request(pending):
                await tab.page.evaluate("url => { location.href = url; }", pending)
            with pytest.raises(NavigationFailed, match="is on its way to .*/pending") as caught:
                await TOOLS["browser_reload"](session, {})
            assert caught.value.facts["navigating_to"] == pending
            assert session.recorder.steps == 1                       # the navigation only
    finally:
        never.close()


async def test_a_reload_after_the_page_went_on_by_itself_waits_for_that_page_first(apps, tmp_path):
    """The page moved on without the agent (a script's navigation) before the reload: the test waits
    until its page is there too, so that it reloads the same page."""
    path = tmp_path / "moved.jsonl"
    async with Session(record=path) as session:
        tab = await session.tab()
        await tab.navigate(apps.url + "/shop/")
        async with tab.page.expect_event("framenavigated"):
            await tab.page.evaluate("url => { location.href = url; }", apps.url + "/login/")  # as a script would
        await tab.page.wait_for_url("**/login/")
        await tab.reload()
    statements = build_plan(read_recording(path), "moved").statements
    check, reload = statements[1], statements[2]
    assert isinstance(check, Check) and check.assertion.kind == "url" and check.assertion.pattern.endswith("/login/$")
    assert isinstance(reload, History) and reload.kind == "reload"


async def test_a_role_whose_storage_state_file_disappeared_is_named_and_its_export_refused(apps, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"cookies": [], "origins": []}))
    path = tmp_path / "gone.jsonl"
    roles = [RoleSpec("shopper", default_url=apps.url + "/shop/"), RoleSpec("member", str(state))]
    async with Session(roles=roles, record=path) as session:
        await session.tab()
        session.select_role("member")
        state.unlink()                                               # gone before the role's context starts
        with pytest.raises(InvalidArgument, match=r"storage state file of role 'member' is gone") as caught:
            await TOOLS["browser_navigate"](session, {"url": apps.url + "/login/"})
        assert caught.value.facts["path"] == str(state)
        state.write_text(json.dumps({"cookies": [], "origins": []}))     # put back: the role goes on
        await TOOLS["browser_navigate"](session, {"url": apps.url + "/login/"})
    state.unlink()                                                   # gone again when the test is exported
    with pytest.raises(GenerationError, match=r"storage state files that are no longer there: role 'member'"):
        export(path, target="python", path=tmp_path / "test_gone.py", name="gone")
    assert not (tmp_path / "test_gone.py").exists()


async def test_a_tab_closed_between_two_steps_is_said_once_and_its_refs_never_act_on_another_tab(apps, tmp_path):
    path = tmp_path / "closed.jsonl"
    async with Session(record=path) as session:
        first = await session.tab()
        await first.navigate(apps.url + "/login/")
        second = await session.new_tab(apps.url + "/login/")
        ref = _ref((await second.snapshot()).text, 'textbox "Username"')
        await second.page.close()                                    # closed outside the agent's steps
        with pytest.raises(StaleObservation, match=rf"tab {second.id} .* was closed since the last step; "
                                                   rf"{first.id} is the active tab now"):
            await TOOLS["browser_fill"](session, {"ref": ref, "value": "demo"})
        assert (await first.page.get_by_label("Username").input_value()) == ""    # nothing typed in the other tab
        await TOOLS["browser_snapshot"](session, {})                 # said once: the session goes on in t1
    assert _tools(path) == ["browser_navigate", "browser_tab_new", "browser_navigate"]
    source = export_python(path, tmp_path, "closed").read_text()
    assert "page1 = page.context.new_page()" in source


def test_a_format_3_recording_reads_into_the_same_models_and_still_exports(tmp_path):
    recording = read_recording(EXAMPLES / "checkout.jsonl")
    assert recording.format == 3 and recording.header.format == 3
    assert isinstance(recording.records[0], NavigateStep) and recording.records[0].role is None
    for target, name in (("python", "test_checkout.py"), ("typescript", "checkout.spec.ts")):
        written = export(EXAMPLES / "checkout.jsonl", target=target, path=tmp_path / name, name="checkout")
        assert written[0].read_text() == (EXAMPLES.parent / "generated" / target / name).read_text()


def test_a_format_3_recording_of_several_roles_says_why_it_cannot_be_exported(tmp_path):
    lines = (EXAMPLES / "checkout.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["roles"] = [{"name": "buyer"}, {"name": "member"}]
    path = tmp_path / "two_roles_v3.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(UnrenderableStep, match="format 3, which does not say which of its roles"):
        build_plan(read_recording(path), "two_roles")


def _recording(path: Path, *steps: dict) -> Path:
    recorder = Recorder(path, roles=[RoleRecord(name="default")])
    for step in steps:
        recorder.write(STEP.validate_python(step))
    recorder.close()
    return path


def test_a_step_the_test_cannot_do_as_the_agent_did_refuses_the_export_naming_it(tmp_path):
    navigate = {"tool": "browser_navigate", "tab": "t1", "args": {"url": "http://127.0.0.1:1/shop/"}}
    alert = _recording(tmp_path / "alert.jsonl", navigate, {"tool": "browser_dialog", "tab": "t1", "args": {
        "type": "alert", "message": "Hello", "accepted": True}})
    with pytest.raises(UnrenderableStep, match=r"step 2 \(browser_dialog\) .* no recorded action opened this dialog"):
        export(alert, target="python", path=tmp_path / "test_alert.py", name="alert")
    reloaded = _recording(tmp_path / "state.jsonl", navigate, {"tool": "browser_state_load", "tab": "", "role": "default",
                                                               "args": {"path": str(tmp_path / "s.json")}})
    with pytest.raises(UnrenderableStep, match=r"step 2 \(browser_state_load\) .* after the test has used the role's"):
        export(reloaded, target="typescript", path=tmp_path / "state.spec.ts", name="state")
    unseen = _recording(tmp_path / "unseen.jsonl", navigate, {"tool": "browser_click", "tab": "t2"})
    with pytest.raises(UnrenderableStep, match=r"step 2 \(browser_click\) .* tab t2, which no recorded step opened"):
        export(unseen, target="python", path=tmp_path / "test_unseen.py", name="unseen")
    assert not (tmp_path / "test_alert.py").exists() and not (tmp_path / "state.spec.ts").exists()
