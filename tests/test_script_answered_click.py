"""A click the page's own script answers, on a page an action loaded: a server-rendered dashboard's menu toggle
(a link to ``#``, ``role="button"``) gets its handler from the script at the end of the body, as Bootstrap's
dropdowns do (django-oscar's dashboard: "Catalogue", then "Products"). The test goes on once the page the link
opened has committed, while that script is still on its way: its click lands on the bare link and the menu never
opens. A click that changed the page without a request, on a page an action loaded asking for scripts, waits for
the page's scripts first (``page.wait_for_load_state("domcontentloaded")``, generators/page_scripts.py), once per
page, in pytest and in ``npx playwright test``. ``/menu/`` of tests/generation_apps.py holds its script while the
test it wrote runs; without the wait its click timed out on "Products", the menu never opened."""

from __future__ import annotations

import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio

HELD_S = 2.0      # the menu's script comes this long after it was asked for: after the test's click, unless it waits


async def test_a_click_the_page_script_answers_waits_for_the_page_an_action_loaded(tmp_path):
    recording = tmp_path / "menu.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/menu/")
            await agent.click("link", "Dashboard")
            await agent.click("button", "Catalogue")
            await agent.click("link", "Products")
            await agent.verify_text("Assam Breakfast")
        _waits_once_and_passes_held(recording, tmp_path, url, apps, "menu", after='name="Dashboard"',
                                    before='page.get_by_role("button", name="Catalogue", exact=True).click()')

        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "menu") as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert typescript.count('await page.waitForLoadState("domcontentloaded");') == 1, typescript
            assert typescript.index("waitForLoadState") < typescript.index('"Catalogue", exact: true }).click()')
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.failure()}"


async def test_a_form_the_page_script_posts_itself_waits_for_the_page_an_action_loaded(tmp_path):
    """WordPress's Categories page: "Add New Category" is a submit button whose form the script at the end of the
    body posts itself (admin-ajax.php). Under chaos the test clicked it before that script had run (seed 9 of
    ten): the browser posted the form, a new page came, and the test's wait for the script's request ran out. A
    click whose form (or link) the page's script took, with a request, is the script's answer too."""
    recording = tmp_path / "taxonomy.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/taxonomy/")
            await agent.click("link", "Categories")
            await agent.fill("textbox", "Name", "Birds")
            await agent.click("button", "Add New Category", expect_text="Category added.")
            await agent.verify_text("Birds")
        _waits_once_and_passes_held(recording, tmp_path, url, apps, "taxonomy", after='name="Categories"',
                                    before='name="Add New Category", exact=True).click()')


def _waits_once_and_passes_held(recording, tmp_path, url, apps, name: str, *, after: str, before: str) -> None:
    """The exported test waits for the page's scripts once, after the click ``after`` names and before the one
    ``before`` names, and passes with the page's script held (its page commits before the script has run)."""
    python = runner.export_python(recording, tmp_path / "python", name)
    source = python.read_text(encoding="utf-8")
    assert source.count('page.wait_for_load_state("domcontentloaded")') == 1, source
    assert source.index(after + ', exact=True).click()') < source.index("wait_for_load_state(") < \
        source.index(before), source
    apps.page_script_hold_s = HELD_S
    done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
    assert done.passed, f"{source}\n{done.failure()}"
