"""A control found by the words beside its count ("Filter 1" → its words, "Filter") is found by them as the
start of its name, case and all, not as a part of any name: Playwright's name without ``exact`` (a part, any
case) also finds a menu's "Add filter" while that menu shows, which the recording never saw (NocoDB's filter
menu still open in a fresh run). Here the menu closes on Escape after a page timer of its own; the agent checks
the button once it has gone, the test checks it at once. Recorded in a real Chromium, exported, run by pytest and
by Playwright Test."""

from __future__ import annotations

import asyncio
import time
from contextlib import nullcontext

import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE
from verdex.locators import words_pattern

CLOSING_MS = 4000        # the menu's own timer: it goes this long after Escape (the test's check runs before)
TOOLBAR = ("""<div role="toolbar" aria-label="Records"><button type="button" class="filter">Filter
<span class="badge">1</span></button></div><div class="menu" hidden><button type="button">Add filter</button></div>""",
           """const menu = document.querySelector(".menu");
let filters = 1;
document.querySelector(".filter").addEventListener("click", () => { menu.hidden = false; });
menu.querySelector("button").addEventListener("click", () => {
  filters += 1;
  document.querySelector(".badge").textContent = String(filters);
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") setTimeout(() => { menu.hidden = true; }, CLOSING_MS);
});""".replace("CLOSING_MS", str(CLOSING_MS)))


def answer(_request: Request) -> tuple[int, str, str]:
    return 200, "text/html; charset=utf-8", PAGE.format(title="Records", body=TOOLBAR[0], script=TOOLBAR[1])


async def gone(agent: Agent, text: str) -> None:
    """Look at the page again until it no longer shows ``text`` (an agent that reads the page before it checks)."""
    deadline = time.monotonic() + CLOSING_MS / 1000 * 3
    while text in await agent.snapshot():
        assert time.monotonic() < deadline, agent.last_snapshot
        await asyncio.sleep(0.2)


@pytest.mark.anyio
async def test_the_words_beside_a_count_find_the_name_they_start_not_a_menu_item_holding_them(tmp_path):
    recording = tmp_path / "filters.jsonl"
    with answering(answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.click("button", "Filter 1")
            await agent.click("button", "Add filter")
            await agent.press_key("Escape")
            await gone(agent, "Add filter")
            await agent.verify_element("button", "Filter 2", "visible")
        python = runner.export_python(recording, tmp_path, "filters")
        source = python.read_text(encoding="utf-8")
        assert 'get_by_role("button", name=re.compile(r"^Filter\\b"))' in source, source
        ran = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert ran.passed, ran.tail()
        with runner.exported_spec(recording, "filters") as spec:
            assert 'name: new RegExp("^Filter\\\\b")' in spec.read_text(encoding="utf-8")
            assert runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url)).passed


@pytest.mark.parametrize(("name", "words", "pattern"), [
    ("Filter 1", "Filter", r"^Filter\b"),                      # "Add filter" and "Filters" not found, "Filter" is
    ("\ue001 Garden 3fa2c1d9 0", "Garden 3fa2c1d9", r"\bGarden 3fa2c1d9\b"),  # an icon's glyph before: no anchor
    ("3 new messages", "new messages", r"\bnew messages$"),
    ("Filter1", "Filter", "^Filter"),                          # no boundary the name does not have
    ("Café 2", "Café", "^Café"),                               # JavaScript's \b knows ASCII words only
    ("Total (a/b) 3", "Total (a/b)", r"^Total \(a\/b\)"),
    ("Sale 12 items left", "Sale items left", None),           # not one run of the name: a part of it, as before
])
def test_the_words_pattern_is_anchored_where_they_touch_the_name(name, words, pattern) -> None:
    assert words_pattern(name, words) == pattern
