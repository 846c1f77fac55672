"""A control found by the words beside its count ("Filter 1" → its words, "Filter") is found by them as the
start of its name, case and all, not as a part of any name: Playwright's name without ``exact`` (a part, any
case) also finds a menu's "Add filter" while that menu shows, which the recording never saw (NocoDB's filter
menu still open in a fresh run). Here the menu closes on Escape after a page timer of its own; the agent checks
the button once it has gone, the test checks it at once. Recorded in a real Chromium, exported, run by pytest and
by Playwright Test, once with English words and once with words that end in a letter outside ASCII ("Заказ 1"
beside a menu's "Заказать ещё"): the bound after the words is a space or the name's end, ``(?!\\S)``, which
JavaScript (where both targets' patterns run) and Python read alike; ``\\b`` is ASCII-only in JavaScript, so the
words "Заказ" got no bound at all and also found "Заказать ещё"."""

from __future__ import annotations

import asyncio
import json
import re
import time
from contextlib import nullcontext

import pytest

from tests.answering_server import answering
from playwright.async_api import async_playwright

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE
from verdex.browser.discovery import find_chromium
from verdex.locators import words_pattern

CLOSING_MS = 4000        # the menu's own timer: it goes this long after Escape (the test's check runs before)
TOOLBAR_MARKUP = """<div role="toolbar" aria-label="Records"><button type="button" class="filter">{words}
<span class="badge">1</span></button></div>
<div class="menu" hidden><button type="button">{add}</button></div>"""
TOOLBAR_SCRIPT = ("""const menu = document.querySelector(".menu");
let filters = 1;
document.querySelector(".filter").addEventListener("click", () => { menu.hidden = false; });
menu.querySelector("button").addEventListener("click", () => {
  filters += 1;
  document.querySelector(".badge").textContent = String(filters);
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") setTimeout(() => { menu.hidden = true; }, CLOSING_MS);
});""".replace("CLOSING_MS", str(CLOSING_MS)))
# (the words beside the count, the menu's item that starts with them, the pattern each target writes)
TOOLBARS = [("Filter", "Add filter", r"^Filter(?!\S)"),
            ("Заказ", "Заказать ещё", r"^Заказ(?!\S)")]      # "order" beside "order more": a letter goes on


def answering_toolbar(words: str, add: str):
    body = TOOLBAR_MARKUP.format(words=words, add=add)
    return answering(lambda _request: (200, "text/html; charset=utf-8",
                                       PAGE.format(title="Records", body=body, script=TOOLBAR_SCRIPT)))


async def gone(agent: Agent, text: str) -> None:
    """Look at the page again until it no longer shows ``text`` (an agent that reads the page before it checks)."""
    deadline = time.monotonic() + CLOSING_MS / 1000 * 3
    while text in await agent.snapshot():
        assert time.monotonic() < deadline, agent.last_snapshot
        await asyncio.sleep(0.2)


@pytest.mark.anyio
@pytest.mark.parametrize(("words", "add", "pattern"), TOOLBARS)
async def test_the_words_beside_a_count_find_the_name_they_start_not_a_menu_item_holding_them(tmp_path, words, add,
                                                                                             pattern):
    recording = tmp_path / "filters.jsonl"
    with answering_toolbar(words, add) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.click("button", f"{words} 1")
            await agent.click("button", add)
            await agent.press_key("Escape")
            await gone(agent, add)
            await agent.verify_element("button", f"{words} 2", "visible")
        python = runner.export_python(recording, tmp_path, "filters")
        source = python.read_text(encoding="utf-8")
        assert f'get_by_role("button", name=re.compile(r"{pattern}"))' in source, source
        ran = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert ran.passed, ran.tail()
        with runner.exported_spec(recording, "filters") as spec:
            spec_source = spec.read_text(encoding="utf-8")
            assert "name: new RegExp(" + json.dumps(pattern, ensure_ascii=False) + ")" in spec_source, spec_source
            assert runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url)).passed


@pytest.mark.parametrize(("name", "words", "pattern"), [
    ("Filter 1", "Filter", r"^Filter(?!\S)"),                  # "Add filter" and "Filters" not found, "Filter" is
    ("\ue001 Garden 3fa2c1d9 0", "Garden 3fa2c1d9", r"(?<!\S)Garden 3fa2c1d9(?!\S)"),   # an icon's glyph before
    ("3 new messages", "new messages", r"(?<!\S)new messages$"),
    ("Filter1", "Filter", "^Filter"),                          # no boundary the name does not have
    ("Café 2", "Café", r"^Café(?!\S)"),                        # a letter outside ASCII ends the words
    ("Größe 2", "Größe", r"^Größe(?!\S)"),
    ("Заказы 5", "Заказы", r"^Заказы(?!\S)"),
    ("Total: 42", "Total", r"^Total(?![^\s:])"),              # a mark beside the words: it, a space or the end
    ("Total (a/b) 3", "Total (a/b)", r"^Total \(a\/b\)(?!\S)"),
    ("Sale 12 items left", "Sale items left", None),           # not one run of the name: a part of it, as before
])
def test_the_words_pattern_is_anchored_where_they_touch_the_name(name, words, pattern) -> None:
    assert words_pattern(name, words) == pattern


# Names a page shows, each the words of one with a count: what each pattern finds must be the same in Python's
# re, in JavaScript's RegExp and in Playwright's role engine (which runs the pattern of both targets).
NAMES = ["Café 3", "Cafés", "Café", "Caféteria 1", "Größe 2", "Größer", "Заказы 5", "Заказы", "Заказывать",
         "Заказы архив", "Total: 42", "Totals: 2", "Filter 1", "Filters"]
WORDED = [("Café 3", "Café"), ("Größe 2", "Größe"), ("Заказы 5", "Заказы"), ("Total: 42", "Total"),
          ("Filter 1", "Filter")]


@pytest.mark.anyio
async def test_a_words_pattern_finds_the_same_names_in_python_javascript_and_playwright():
    body = "".join(f"<button type='button'>{name}</button>" for name in NAMES)
    page_html = PAGE.format(title="Names", body=body, script="")
    with answering(lambda _request: (200, "text/html; charset=utf-8", page_html)) as url:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=find_chromium().path)
            page = await browser.new_page()
            await page.goto(url + "/")
            for name, words in WORDED:
                pattern = words_pattern(name, words)
                in_python = [shown for shown in NAMES if re.search(pattern, shown)]
                in_javascript = await page.evaluate("([p, names]) => names.filter((n) => new RegExp(p).test(n))",
                                                    [pattern, NAMES])
                assert in_python == in_javascript, (pattern, in_python, in_javascript)
                longer_words = [shown for shown in in_python if shown[len(words):len(words) + 1].isalpha()]
                assert name in in_python and not longer_words, (pattern, in_python)
                counted = await page.get_by_role("button", name=re.compile(pattern)).count()
                assert counted == len(in_python), (pattern, counted, in_python)
            await browser.close()
