"""A page that goes on to another URL after the action that set it off has settled.

Before the next action the test checks the URL the page went on to. A search field
whose handler runs a moment after the typing (tests/debounced_apps.py ``/limits/``) writes the search into
the query and narrows the list only then: the fill's effects saw nothing but its own value, the agent saw
the narrowed list, and its click on the one row's "Open menu" was recorded as
``get_by_role("button", name="Open menu")``. The test typed and clicked at once, on the whole list: two
buttons (as Prefect's concurrency limits did, where the row drawn anew closed the menu the test had opened,
and the next click timed out). The step after holds the URL the page had gone on to; the test checks it
first (generators/settling.py ``went_on_wait``).

The agent's checks after such a move wait as long as a load may. A pool's page (``/pools/alpha``) goes to
the list 7 s after "Delete pool" (Prefect's work pool page asks for the deleted pool three times, backing
off, before it leaves): the agent waited for the URL, and the test's check of it, 5 s like any assertion,
failed every run (generators/planner.py, ``went_on`` in the checks' pace)."""

from __future__ import annotations

import asyncio
import re
import shutil
from contextlib import nullcontext

import pytest

from tests.late_move_apps import GONE_AFTER_MS, late_move_apps
from tests.flows import runner
from tests.flows.agent import agent_at

pytestmark = pytest.mark.anyio

NARROWED_WITHIN_S = 15.0         # the agent looks again until the list is narrowed, at most this long


async def test_the_url_a_debounced_search_moved_to_is_checked_before_the_next_action(tmp_path):
    recording = tmp_path / "limits.jsonl"
    with late_move_apps() as url:
        async with agent_at(url + "/limits/", recording) as agent:
            typed = await agent.fill("searchbox", "Search limits", "alpha")
            assert "search=alpha" not in typed.text, typed.text          # later than the fill's effects
            for _ in range(int(NARROWED_WITHIN_S / 0.25)):             # the agent looks again, as it would
                if "beta-limit" not in await agent.snapshot():
                    break
                await asyncio.sleep(0.25)
            else:
                pytest.fail("the list was never narrowed")
            await agent.click("button", "Open menu")
            await agent.click("menuitem", "Delete")
            await agent.verify_text("Deleted alpha-limit")
        python = runner.export_python(recording, tmp_path, "limits")
        source = python.read_text(encoding="utf-8")
        before_menu = source[:source.index('"Open menu"')]
        assert "search=alpha" in before_menu[before_menu.rindex("expect(page).to_have_url("):], source
        said = re.sub(r"\s*\n\s*#\s*", " ", source)
        assert "went on to '/limits/?search=alpha' after the step before had settled" in said, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "limits") as spec:
            typescript = spec.read_text(encoding="utf-8")
            before_menu = typescript[:typescript.index('"Open menu"')]
            assert "search=alpha" in before_menu[before_menu.rindex("toHaveURL("):], typescript
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.tail()}"


async def test_the_checks_after_the_page_went_on_by_itself_wait_as_long_as_a_load(tmp_path):
    recording = tmp_path / "pool.jsonl"
    with late_move_apps() as url:
        async with agent_at(url + "/pools/alpha", recording) as agent:
            await agent.click("button", "Delete pool")
            await agent.must("browser_wait_for_url", url=url + "/pools/", timeout=GONE_AFTER_MS / 1000 + 10)
            await agent.verify_text("No pools left")
        python = runner.export_python(recording, tmp_path, "pool")
        source = python.read_text(encoding="utf-8")
        said = re.sub(r"\s*\n\s*#\s*", " ", source)
        assert "went on to '/pools/' after the step before had settled" in said, source
        assert re.search(r"to_have_url\(\s*re\.compile\([^\n]*pools/\$\"\), timeout=30_000", source), source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
