"""A control the page gives no role (an anchor with no href that a script wires up: a ``clickable``) whose only
content is an inline svg named by its ``<title>`` alone (no ``role="img"``, no ``aria-label``) is shown by that
title and found as the control that holds the image so named, in the container that tells it apart:
``row.locator("a.action", has=page.get_by_role("img", name="Resume", exact=True))``. Chromium and Playwright
give such an svg the role img and name it by its title, and no CSS selector says what a ``<title>`` holds, so
the anchor was found by its place among the page's anchors of that class (``locator("a.action").nth(4)``), which
a row or an action added before it moves. A title that holds quotes, backslashes and a template expression is a
string literal in both languages' tests (``fixtures/apps/aria/titled-icons.html``)."""

from __future__ import annotations

import ast
import re

import pytest

from tests.recorded_flows import exported_and_passed, exported_spec_source
from tests.test_locator_names import _refs
from verdex import actions, assertions, locators
from verdex.generators.typescript_syntax import typescript_syntax_errors
from verdex.unseen import json_string

pytestmark = pytest.mark.anyio
HOSTILE = 'Copy "C:\\logs\\" to `${clipboard}`'


def held(title: str) -> str:
    """The end of the locator the held image finds, as verdex writes it."""
    return f'.locator("a.action", has=page.get_by_role("img", name={json_string(title)}, exact=True))'


async def _choice(tab, ref: str):
    return await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)


async def test_a_control_holding_one_titled_svg_is_shown_and_found_by_its_title_without_a_position(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/titled-icons.html")
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    for title in ("Resume", "Restart", "Roll back", HOSTILE):
        assert text.count(f"clickable {json_string(title)} [ref=") == 3, text
    for title in ("Resume", "Roll back", HOSTILE):
        choice = await _choice(tab, (await _refs(tab, re.escape(f"clickable {json_string(title)}")))[1])
        assert not choice.fallback and ".nth(" not in choice.code, choice.code
        assert choice.code.startswith("page.") and choice.code.endswith(held(title)), choice.code
        assert "billing-worker" in choice.code, choice.code


async def test_a_click_on_a_titled_icon_is_written_by_its_title_in_both_languages_and_its_test_passes(
        session, apps, tmp_path):
    recording = tmp_path / "deployments.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/titled-icons.html")
    await actions.click(tab, (await _refs(tab, r'clickable "Restart"'))[2])
    assert (await assertions.text_visible(tab, "Restart: search-indexer")).passed
    await actions.click(tab, (await _refs(tab, re.escape(f"clickable {json_string(HOSTILE)}")))[0])
    assert (await assertions.text_visible(tab, f"{HOSTILE}: api-gateway")).passed
    session.record(None)
    source = exported_and_passed(recording, "deployments")
    assert ".nth(" not in source and squeezed(held("Restart")) in squeezed(source), source
    assert images_held_by_actions(source) == ["Restart", HOSTILE], source
    spec = exported_spec_source(recording, "deployments")
    assert ".nth(" not in spec and squeezed(
        '.locator("a.action", { has: page.getByRole("img", { name: "Restart", exact: true }) })') in squeezed(spec), spec
    # prettier's quotes, the fewest escapes: the title a single-quoted string, as Python's repr writes it
    assert f"name: {HOSTILE!r}, exact: true" in spec and not typescript_syntax_errors(spec), spec


def squeezed(source: str) -> str:
    """The source without its white space, as the formatter may break a chain over lines."""
    return re.sub(r"\s+", "", source)


def images_held_by_actions(source: str) -> list[str]:
    """The names of the images the test's ``locator("a.action", has=get_by_role("img", name=…))`` ask for, as the
    Python file holds them: string constants, whatever quotes its formatter chose."""
    return [keyword.value.keywords[0].value.value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "locator"
            and [a.value for a in node.args if isinstance(a, ast.Constant)] == ["a.action"]
            for keyword in node.keywords if keyword.arg == "has"]
