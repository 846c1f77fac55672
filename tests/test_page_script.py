"""The page script has a linter and unit tests of its own: ESLint (eslint.config.mjs) over the parts,
concatenated in their order as verdex injects them, with each finding mapped back to its part and line;
and node's test runner (tests/page_script/*.test.mjs) driving the real Chromium."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from verdex.bridge import HANDLED_INSIDE_SOURCE, PAGE_SCRIPT_PARTS, page_script
from verdex.browser.discovery import find_chromium

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "node_modules" / ".bin"
BUNDLE_PREFIX = "export const pageScript = "

pytestmark = pytest.mark.skipif(not (BIN / "eslint").exists(), reason="node_modules missing: run ./dev setup")


def _part_of(line: int) -> str:
    """``names.js:42`` for a line of the bundle (1-based; the bundle starts with the function's 3 lines)."""
    start = page_script().splitlines().index("") + 2       # the line after the blank one that opens the body
    for part in PAGE_SCRIPT_PARTS:
        length = len((ROOT / "verdex" / "bridge" / f"{part}.js").read_text(encoding="utf-8").splitlines())
        if line < start + length:
            return f"{part}.js:{line - start + 1}"
        start += length
    return f"bundle:{line}"


def _lint(source: str, folder: Path) -> tuple[list[str], subprocess.CompletedProcess[str]]:
    bundle = folder / "page-script.mjs"
    bundle.write_text(BUNDLE_PREFIX + source, encoding="utf-8")
    done = subprocess.run([str(BIN / "eslint"), "--format", "json", "--config", str(ROOT / "eslint.config.mjs"),
                           bundle.name], cwd=folder, capture_output=True, text=True, timeout=120)
    assert done.stdout, done.stderr
    return [f"{_part_of(m['line'])}: {m['ruleId']}" for result in json.loads(done.stdout)
            for m in result["messages"]], done


def test_the_page_script_lints_clean(tmp_path):
    findings, done = _lint(page_script(), tmp_path)
    assert findings == [] and done.returncode == 0, "\n".join(findings) or done.stderr


def test_the_script_asked_of_the_pages_own_world_lints_clean(tmp_path):
    """handled_inside.js runs alone in the page's world, not as a part: linted as one expression."""
    _, done = _lint(HANDLED_INSIDE_SOURCE, tmp_path)
    assert done.returncode == 0, done.stdout


def test_a_finding_names_its_part_and_line(tmp_path):
    second_line = (ROOT / "verdex" / "bridge" / "names.js").read_text(encoding="utf-8").splitlines()[1]
    broken = page_script().replace(second_line, "  const unusedByTheTest = 1;\n" + second_line, 1)
    findings, _ = _lint(broken, tmp_path)
    assert findings == ["names.js:2: no-unused-vars"]


def test_the_page_script_unit_tests_pass(tmp_path):
    bundle = tmp_path / "page-script.js"
    bundle.write_text(page_script(), encoding="utf-8")
    chromium = find_chromium()
    assert chromium is not None
    done = subprocess.run(["node", "--test", "--test-reporter=tap", *map(str, sorted((ROOT / "tests" / "page_script")
                                                                                   .glob("*.test.mjs")))],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PAGE_SCRIPT": str(bundle), "VERDEX_CHROMIUM": chromium.path})
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# pass 6" in done.stdout, done.stdout[-2000:]
