"""Flows over the two ways real apps keep state in the URL — a hash-routed list (#/active) and a
sortable list whose order is the query string (?sort=-price) — recorded through the Python API,
exported, and run by plain ``pytest FILE``: no --base-url (the generated conftest defaults to the
origin the test was recorded on), and a URL assertion that keeps the route and the sort."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.flows.runner import test_env as generated_test_env
from verdex import actions, assertions, exporting
from verdex.browser.session import Session

pytestmark = pytest.mark.anyio


def _ref(text: str, line: str) -> str:
    return re.search(re.escape(line) + r" \[ref=(e\d+)\]", text).group(1)


async def _record_and_run(apps, tmp_path, page: str, link: str, shown: str) -> str:
    test_file = tmp_path / "test_route.py"
    async with Session(record=tmp_path / "route.jsonl") as session:
        tab = await session.tab()
        await actions.navigate(tab, apps.url + page)
        clicked = await actions.click(tab, _ref((await tab.snapshot()).text, f'link "{link}"'))
        assert any(p.kind == "url" for p in clicked.proposals), clicked.to_text()
        assert (await assertions.text_visible(tab, shown)).passed
        await exporting.export_test(session, target="python", path=test_file, name="route")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test_file)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=180, env=generated_test_env())
    source = test_file.read_text(encoding="utf-8")
    assert done.returncode == 0, source + "\n" + done.stdout[-3000:] + done.stderr[-2000:]
    return source


async def test_a_hash_route_is_what_the_test_asserts_and_it_passes_as_it_is(apps, tmp_path):
    source = await _record_and_run(apps, tmp_path, "/routes/todos.html", "Active", "Write the report")
    assert r'to_have_url(re.compile(r"/routes/todos\.html#/active$"))' in source, source


async def test_a_query_string_sort_is_what_the_test_asserts_and_it_passes_as_it_is(apps, tmp_path):
    source = await _record_and_run(apps, tmp_path, "/routes/products.html", "price, highest first", "Blender")
    assert r"sort=\-price" in source and r"/routes/products\.html" in source, source
