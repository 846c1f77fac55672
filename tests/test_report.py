"""The HTML report of a recording: a self-contained timeline checked in a real browser, with page text
that tries to inject markup shown as text."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from verdex.fixtures.catalog import HOSTILE_PRODUCTS
from verdex import actions, assertions
from verdex.artifacts import ArtifactOptions
from verdex.artifacts.report import write_report
from verdex.browser.session import BrowserOptions, Session

pytestmark = pytest.mark.anyio

SCRIPT_NAME = next(p["name"] for p in HOSTILE_PRODUCTS if p["id"] == "h7")      # </script><script>alert(1)…
MARKUP_NAME = next(p["name"] for p in HOSTILE_PRODUCTS if p["id"] == "h11")     # AT&amp;T <b>Plan</b>


@pytest.fixture(scope="module")
async def capturing() -> AsyncIterator[Session]:
    async with Session(BrowserOptions(artifacts=ArtifactOptions(screenshots=True, visual_diff=True))) as session:
        yield session


@pytest.fixture(scope="module")
async def hostile_recording(capturing, apps, tmp_path_factory) -> Path:
    """A recorded session on the hostile catalog: navigate, assert the product named like a script is shown,
    add it to the cart, assert the one named like markup is shown."""
    recording = tmp_path_factory.mktemp("report") / "hostile.jsonl"
    recorder = capturing.record(recording)
    tab = await capturing.tab()
    await actions.navigate(tab, apps.url + "/shop/?catalog=hostile")
    await tab.page.get_by_test_id("product-card").first.wait_for()
    lines = (await tab.snapshot(mode="full", max_bytes=None)).text.splitlines()
    start = next(i for i, line in enumerate(lines) if json.dumps(SCRIPT_NAME) in line and "heading" in line)
    ref = next(re.search(r"\[ref=(e\d+)\]", line).group(1) for line in lines[start:] if 'button "Add to Cart"' in line)
    assert (await assertions.text_visible(tab, SCRIPT_NAME)).passed
    await actions.click(tab, ref, wait=True)
    assert (await assertions.text_visible(tab, MARKUP_NAME)).passed
    recorder.close()
    return recording


async def _open(session: Session, path: Path) -> tuple[object, list[str]]:
    """The report in a fresh page of a real Chromium, with every console error, page error and dialog noted."""
    page = await (await session.tab()).page.context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"pageerror {e}"))
    page.on("dialog", lambda d: problems.append(f"dialog {d.message}"))
    await page.goto(path.as_uri())
    return page, problems


async def test_the_report_lists_every_step_with_its_facts_effects_and_pictures(capturing, hostile_recording, tmp_path):
    report = write_report(hostile_recording, tmp_path / "report.html")
    page, problems = await _open(capturing, report)
    try:
        steps = page.locator("li.step")
        assert await steps.evaluate_all("els => els.map(e => e.dataset.tool)") == [
            "browser_navigate", "verify_text_visible", "browser_click", "verify_text_visible"]
        click = page.locator("#step-3")
        assert await click.locator(".locator").inner_text() == (
            f'page.get_by_test_id("product-card").filter(has_text={json.dumps(SCRIPT_NAME)})'
            '.get_by_role("button", name="Add to Cart", exact=True)')
        assert "at its centre: button (the target)" in await click.locator(".facts").inner_text()
        effects = await click.locator(".effects").inner_text()
        assert "request: POST /api/cart/add → 200" in effects          # same origin: the path
        assert re.search(r"visual: [\d.]+% of the viewport changed", effects)
        assert await click.locator("figcaption").all_inner_texts() == ["target, before", "page, after", "what changed"]
        widths = await page.locator("img").evaluate_all("imgs => imgs.map(i => i.complete && i.naturalWidth)")
        assert len(widths) == 4 and all(w > 0 for w in widths)          # navigate's page + the click's three
        assert problems == []
    finally:
        await page.close()


async def test_page_text_that_looks_like_markup_is_shown_as_text_and_never_runs(capturing, hostile_recording,
                                                                                   tmp_path):
    report = write_report(hostile_recording, tmp_path / "report.html")
    page, problems = await _open(capturing, report)
    try:
        assert await page.locator("script, b, iframe, object, embed").count() == 0
        assert await page.locator("[onerror], [onload], [onclick]").count() == 0
        asserted = await page.locator("li.assertion .args").all_inner_texts()
        assert [json.loads(text)["text"] for text in asserted] == [SCRIPT_NAME, MARKUP_NAME]
        assert SCRIPT_NAME in await page.locator("#step-3").inner_text()      # in the locator, as a literal
        assert problems == []
    finally:
        await page.close()
    assert "<script>" not in report.read_text()


def _recording(path: Path, steps: list[dict]) -> Path:
    header = {"type": "header", "format": 1, "verdex": "0.1.0", "playwright": "1.65.2", "base_url": None}
    path.write_text("\n".join(json.dumps(r) for r in [header, *steps]) + "\n")
    return path


async def test_a_picture_outside_the_recording_folder_or_not_a_png_is_not_read(capturing, tmp_path):
    folder = tmp_path / "rec"
    folder.mkdir()
    Image.new("RGB", (2, 2)).save(tmp_path / "outside.png")            # a real picture, but not the recording's
    (folder / "text.png").write_text("not a picture")
    recording = _recording(folder / "r.jsonl", [
        {"type": "step", "index": 1, "time": "2026-11-24T00:00:00+00:00", "tab": "t1", "tool": "browser_navigate", "outcome": "done", "args": {"url": "about:blank"},
         "artifacts": {"page": "../outside.png", "element": "text.png", "diff": "gone.png"}}])
    report = write_report(recording, tmp_path / "report.html")
    assert "data:image" not in report.read_text()
    page, problems = await _open(capturing, report)
    try:
        assert await page.locator(".missing").all_inner_texts() == ["picture missing"] * 3
        assert problems == []
    finally:
        await page.close()


def test_a_recording_cut_short_says_so(tmp_path):
    recording = _recording(tmp_path / "r.jsonl", [])
    with recording.open("a") as f:
        f.write('{"type": "step", "ind')
    assert "cut short" in write_report(recording, tmp_path / "report.html").read_text()


def test_verdex_report_writes_the_file_and_refuses_what_is_not_a_recording(tmp_path):
    recording = _recording(tmp_path / "r.jsonl", [
        {"type": "step", "index": 1, "time": "2026-11-24T00:00:00+00:00", "tab": "t1", "tool": "browser_navigate", "outcome": "done", "args": {"url": "about:blank"}}])
    done = subprocess.run([sys.executable, "-m", "verdex", "report", str(recording), "-o", str(tmp_path / "r.html")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and (tmp_path / "r.html").is_file()
    (tmp_path / "notes.txt").write_text("hello\n")
    refused = subprocess.run([sys.executable, "-m", "verdex", "report", str(tmp_path / "notes.txt"), "-o",
                              str(tmp_path / "n.html")], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "does not start with a verdex recording header" in refused.stderr
    assert not (tmp_path / "n.html").exists()
