"""An overlay the page puts up on its own as it opens (an onboarding, news or consent panel), which the agent
closes before anything else, comes again only if the app has forgotten it was closed — a server that
remembers a dismissal (dagster's "Join the community") never shows it to the test's runs after the
recording. The test closes it whenever it shows (``add_locator_handler``, registered before the page
opens), so it passes whether the panel comes or not, in pytest and in ``npx playwright test``
(generators/planner.py ``_overlay_closed``; tests/generation_apps.py serves ``/welcome/``)."""

from __future__ import annotations

import shutil
from contextlib import nullcontext
from pathlib import Path

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import GenerationApps, generation_apps

pytestmark = pytest.mark.anyio

HANDLER = 'page.get_by_role("button", name="Skip", exact=True), lambda control: control.click()'


async def test_a_panel_the_app_shows_until_told_once_is_closed_whenever_it_shows(tmp_path):
    recording = tmp_path / "welcome.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/welcome/")
            await agent.click("button", "Skip")
            await agent.click("button", "Refresh", expect_text="Refreshed")
            await agent.verify_text("Refreshed")
        assert apps.seen_welcome
        python = runner.export_python(recording, tmp_path, "welcome")
        source = python.read_text(encoding="utf-8")
        assert HANDLER in source and source.count('name="Skip"') == 1, source     # no click of its own
        assert source.index("page.add_locator_handler(") < source.index('page.goto("/welcome/")'), source
        assert "Join the community" in source.split("page.goto(")[0] and "Join the community" not in \
            source.split("page.goto(")[1], source                       # said why, and never waited for
        served = {"serve": lambda _seed: nullcontext(url)}
        remembered = runner.run_pytest(python, None, **served)          # the server remembers: no panel
        assert remembered.passed, f"{source}\n{remembered.tail()}"
        apps.seen_welcome = False                                     # a server that forgot: the panel again
        shown = runner.run_pytest(python, None, **served)
        assert shown.passed and apps.seen_welcome, f"{source}\n{shown.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "welcome") as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert "await page.addLocatorHandler(" in typescript and typescript.count('name: "Skip"') == 1, typescript
            apps.seen_welcome = False
            done = runner.run_typescript(spec.parent, **served)
            assert done.passed and apps.seen_welcome, f"{typescript}\n{done.tail()}"


async def test_a_panel_the_agent_waited_for_before_closing_it_is_a_step_of_the_flow(tmp_path):
    """The agent waits for the panel's text before it closes it (Tiny Tiny RSS's "Your password is at default
    value", put up at every sign-in while it is): the agent says the panel comes, so the test waits for it and
    closes it as a step, where a handler closing it whenever it shows would close it before that wait could
    read it (the test failed at the agent's own wait). A run it does not come to fails at that wait, the agent's."""
    recording = tmp_path / "welcome.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/welcome/")
            await agent.wait_for_text("Join the community")
            await agent.click("button", "Skip")
            await agent.click("button", "Refresh", expect_text="Refreshed")
            await agent.verify_text("Refreshed")
        python = runner.export_python(recording, tmp_path, "welcome")
        source = python.read_text(encoding="utf-8")
        assert "add_locator_handler" not in source, source
        assert source.index("Join the community") < source.index('name="Skip"') < source.index('name="Refresh"'), \
            source
        apps.seen_welcome = False
        shown = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert shown.passed and apps.seen_welcome, f"{source}\n{shown.tail()}"


@pytest.mark.parametrize(("page", "opening"), [("/editor-welcome/", None), ("/editor-link/", "Edit")])
async def test_a_welcome_whose_closing_lets_the_editor_go_on_is_closed_whenever_it_shows(tmp_path, page, opening):
    """VisualEditor's "Welcome to Wiki": once closed, the editor goes on to its notices, which take the focus
    only from the welcome closing. What came of the click is no use of the agent's, so the click is still the
    panel's dismissal, and the focus it moved is no wait of the test: a run the panel never comes to finds the
    notices unfocused. So too when the editor opens in the page from a link (a section's "edit", ``pushState``):
    the panel is the first thing closed on the view the link opened (generators/overlays.py;
    tests/generation_apps.py serves both pages)."""
    recording = tmp_path / "editor.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + page)
            if opening:
                await agent.click("link", opening)
            started = await agent.click("button", "Start editing")
            assert 'appeared: dialog "1 notice' in started.text, started.text
            await agent.click("button", "Refresh", expect_text="Refreshed")
            await agent.verify_text("Refreshed")
        python = runner.export_python(recording, tmp_path, "editor")
        source = python.read_text(encoding="utf-8")
        handler = 'page.get_by_role("button", name="Start editing", exact=True), lambda control: control.click()'
        assert handler in " ".join(source.split()) and source.count('name="Start editing"') == 1, source
        assert "to_be_focused" not in source, source
        passes_remembered_and_shown(python, url, apps, "seen_welcome")


async def test_tips_put_up_in_front_of_what_an_action_asked_for_are_closed_whenever_they_show(tmp_path):
    """VisualEditor's first "Link" shows its tips in front of the link dialog; "Okay, got it" tells the server,
    and the dialog comes. A later run's "Link" opens the dialog at once: the test closes the tips whenever they
    show (the handler registered before "Link"), and waits for no focus the tips took (generators/overlays.py
    ``_in_front_of``; tests/generation_apps.py serves ``/link-tips/``)."""
    recording = tmp_path / "tips.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/link-tips/")
            await agent.click("button", "Link")
            await agent.click("button", "Okay, got it")
            await agent.fill("textbox", "Search pages", "Lake")
            await agent.click("button", "Insert", expect_text="Linked Lake")
            await agent.verify_text("Linked Lake")
        assert apps.seen_tips
        python = runner.export_python(recording, tmp_path, "tips")
        source = python.read_text(encoding="utf-8")
        handler = 'page.get_by_role("button", name="Okay, got it", exact=True), lambda control: control.click()'
        assert handler in " ".join(source.split()) and source.count('name="Okay, got it"') == 1, source
        assert source.index("add_locator_handler(") < source.index('name="Link"'), source
        passes_remembered_and_shown(python, url, apps, "seen_tips")


def passes_remembered_and_shown(python: Path, url: str, apps: GenerationApps, seen: str) -> None:
    """The test passes while the server remembers the panel closed (it never shows), then once it has
    forgotten (the panel shows, and the test's handler closes it: the server is told again)."""
    source = python.read_text(encoding="utf-8")
    served = {"serve": lambda _seed: nullcontext(url)}
    remembered = runner.run_pytest(python, None, **served)
    assert remembered.passed, f"{source}\n{remembered.tail()}"
    setattr(apps, seen, False)
    shown = runner.run_pytest(python, None, **served)
    assert shown.passed and getattr(apps, seen), f"{source}\n{shown.tail()}"
