"""Page text can never break or inject code into a generated test (property test).

Hypothesis draws a button name (any unicode, quotes, backslashes, newlines, template syntax, code
fragments); /hostile/named.html shows it on a button among decoys whose names contain it or are
contained in it. verdex records a click on it, the Python and the TypeScript test are exported (which
parses them: black + ``ast``, the ``typescript`` package), and the locator each one clicks is read from
its syntax tree — literals only, nothing is executed — and run with Playwright against the live page: it
must match exactly the named button.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verdex.fixtures.server import FixtureServer
from verdex.generators import export
from test_transports import REPO
from verdex import actions
from verdex.browser.session import Session

EXAMPLES = 12
CHAIN_SCRIPT = REPO / "tests" / "locator_chain.mjs"
DECOY_NAMES = {"Cancel"}
# Playwright's role engine, like accname, collapses whitespace; a name that is only whitespace is no name
NAMES = st.one_of(
    st.text(st.characters(exclude_categories=("Cs", "Cc")) | st.sampled_from("\n\t\"'\\`$"), min_size=1, max_size=40),
    st.sampled_from(["{{ name }}", "${name}", "\"); import os; os.system('id') #", "`${process.exit(1)}`",
                     "</script><script>alert(1)</script>", "a\\nb", "\\\"", "' + '", "\u2028\u2029", "—\u200b—",
                     "Add to Cart", "price $19.99", "Row 42", "مرحبا עולם", "🧪🧪"]),
).filter(lambda name: " ".join(name.split()) and " ".join(name.split()) not in DECOY_NAMES)


class Live:
    """A browser session on the fixture apps, driven from synchronous hypothesis examples."""

    def __init__(self, portal: BlockingPortal, session: Session, base_url: str) -> None:
        self.portal, self.session, self.base_url = portal, session, base_url

    def record_click(self, name: str, recording: Path) -> str:
        return self.portal.call(self._record_click, name, recording)

    async def _record_click(self, name: str, recording: Path) -> str:
        """Open the page for name, click its first button (the named one) with verdex; the clicked id."""
        recorder = self.session.record(recording)
        try:
            tab = await self.session.tab()
            url = f"{self.base_url}/hostile/named.html?name={urllib.parse.quote(name)}"
            await actions.navigate(tab, url)
            snapshot = await tab.snapshot(mode="full", max_bytes=None)
            ref = re.search(r"- button .*\[ref=(e\d+)\]", snapshot.text).group(1)
            await actions.click(tab, ref)
            return await tab.page.locator("#result").text_content() or ""
        finally:
            recorder.close()

    def matches(self, chain: list[tuple[str, list[Any], dict[str, Any]]]) -> list[str]:
        return self.portal.call(self._matches, chain)

    async def _matches(self, chain: list[tuple[str, list[Any], dict[str, Any]]]) -> list[str]:
        """The ids of the elements the chain of locator calls selects on the live page."""
        locator: Any = (await self.session.tab()).page
        for method, args, kwargs in chain:
            assert method in LOCATOR_METHODS, f"unexpected call in an emitted locator: {method}"
            attribute = getattr(locator, method)
            locator = attribute if method in ("first", "last") else attribute(*args, **kwargs)
        return [await element.get_attribute("id") for element in await locator.all()]


LOCATOR_METHODS = {"get_by_role", "get_by_test_id", "get_by_text", "get_by_label", "get_by_placeholder",
                   "get_by_alt_text", "get_by_title", "locator", "filter", "nth", "first", "last"}


@pytest.fixture(scope="module")
def live(apps: FixtureServer) -> Iterator[Live]:
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(Session()) as session:
        yield Live(portal, session, apps.url)


# ------------------------------------------------------------------------- reading the emitted locators
def python_chain(source: str) -> list[tuple[str, list[Any], dict[str, Any]]]:
    """The receiver chain of the last ``.click()`` in the Python test, read from its syntax tree."""
    clicks = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and node.func.attr == "click"]
    assert clicks, source

    def chain(node: ast.expr) -> list[tuple[str, list[Any], dict[str, Any]]]:
        if isinstance(node, ast.Name) and node.id == "page":
            return []
        if isinstance(node, ast.Attribute):
            return chain(node.value) + [(node.attr, [], {})]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return chain(node.func.value) + [(node.func.attr, [_python_literal(a) for a in node.args],
                                              {k.arg: _python_literal(k.value) for k in node.keywords if k.arg})]
        raise AssertionError(f"not a locator chain: {ast.unparse(node)}")

    return chain(clicks[-1].func.value)


def _python_literal(node: ast.expr) -> Any:
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile"
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"):
        return re.compile(*[_python_literal(a) for a in node.args])
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
        return getattr(re, node.attr)             # re.IGNORECASE and friends
    return ast.literal_eval(node)


def typescript_chain(spec: Path) -> list[tuple[str, list[Any], dict[str, Any]]]:
    """The receiver chain of the last ``.click()`` in the spec, from the typescript package's syntax tree,
    in Playwright for Python's terms (getByRole → get_by_role, an options object → keyword arguments)."""
    done = subprocess.run(["node", str(CHAIN_SCRIPT), str(spec)], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    steps = []
    for step in json.loads(done.stdout):
        method = re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), step["method"])
        args = [_js_value(a) for a in step["args"] or []]
        options = args.pop() if args and isinstance(args[-1], dict) else {}
        steps.append((method, args, {re.sub(r"[A-Z]", lambda m: "_" + m.group().lower(), k): v
                                     for k, v in options.items()}))
    return steps


def _js_value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"regex", "flags"}:
        return re.compile(value["regex"], re.IGNORECASE if "i" in value["flags"] else 0)
    if isinstance(value, dict):
        return {k: _js_value(v) for k, v in value.items()}
    return value


# ------------------------------------------------------------------------- the property
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(name=NAMES)
def test_any_name_becomes_a_literal_whose_locator_selects_exactly_its_button(live: Live, tmp_path: Path,
                                                                            name: str) -> None:
    recording = tmp_path / "named.jsonl"
    recording.unlink(missing_ok=True)
    assert live.record_click(name, recording) == "Clicked target"

    python_file = tmp_path / "test_named.py"
    typescript_file = tmp_path / "named.spec.ts"
    export(recording, target="python", path=python_file, name="named")          # parses, or raises
    export(recording, target="typescript", path=typescript_file, name="named")

    assert live.matches(python_chain(python_file.read_text(encoding="utf-8"))) == ["target"]
    assert live.matches(typescript_chain(typescript_file)) == ["target"]
