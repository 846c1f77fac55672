"""Artifacts of a session: masked screenshots per step, the visual diff of an action, and the
Playwright trace that ``playwright show-trace`` opens — all against real Chromium."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import zipfile
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import anyio
import pytest
from mcp import Client, StdioServerParameters
from PIL import Image

from verdex import actions
from verdex.artifacts import ArtifactOptions
from verdex.artifacts.masking import SENSITIVE_SELECTOR
from verdex.browser.session import VIEWPORT, BrowserOptions, Session
from verdex.errors import NotActionable
from verdex.recorder import Recorder
from verdex.server import build_server

pytestmark = pytest.mark.anyio

MASK = (255, 0, 255)
SECRET = "492817"

# A field for each kind of secret, and fields that are not secret, each big enough to show its text.
FIELDS_PAGE = "data:text/html," + quote("""<!doctype html><meta charset=utf-8>
<style>input, textarea { display: block; width: 300px; height: 40px; margin: 8px; font: 24px monospace; }</style>
<label>Code <input id=otp autocomplete=one-time-code></label>
<label>Card <input id=card autocomplete=cc-number></label>
<label>Card name <textarea id=cardname autocomplete="CC-name"></textarea></label>
<label>Password <input id=pw type=password></label>
<label>New password <input id=newpw autocomplete=new-password></label>
<label>Name <input id=name autocomplete=name></label>
<label>Notes <textarea id=notes></textarea></label>
<label>Off <input id=off autocomplete=off></label>""")

# Clicking the button paints one known rectangle; nothing else on the page can change.
PAINT_PAGE = "data:text/html," + quote("""<!doctype html><meta charset=utf-8>
<style>body { margin: 0; background: #fff; }
button { all: unset; position: absolute; left: 20px; top: 20px; width: 80px; height: 30px; background: #ddd; }
#box { position: absolute; left: 300px; top: 200px; width: 50px; height: 40px; background: #fff; }
#box.on { background: #c00; }</style>
<button onclick="document.getElementById('box').className = 'on'">Paint</button><div id=box></div>
<button style="left: 20px; top: 80px" onclick="">Nothing</button>""")


@pytest.fixture(scope="module")
async def capturing() -> AsyncIterator[Session]:
    """A session that keeps step screenshots and reports the visual diff of every action."""
    async with Session(BrowserOptions(artifacts=ArtifactOptions(screenshots=True, visual_diff=True))) as session:
        yield session


def _ref(text: str, line: str) -> str:
    return re.search(re.escape(line) + r" \[ref=(e\d+)\]", text).group(1)


def _colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(maxcolors=image.width * image.height)}


def _pixels(path: Path) -> Image.Image:
    return Image.open(path).convert("RGB")


async def test_a_typed_one_time_code_shows_only_the_mask_colour_in_the_step_screenshot(capturing, tmp_path):
    tab = await capturing.tab()
    await tab.navigate(FIELDS_PAGE)
    text = (await tab.snapshot()).text
    recorder = Recorder(tmp_path / "s.jsonl", base_url=None, roles=[])
    secret = await actions.fill(tab, _ref(text, 'textbox "Code"'), SECRET, recorder=recorder)
    await actions.fill(tab, _ref(text, 'textbox "Name"'), SECRET, recorder=recorder)
    recorder.close()
    steps = [json.loads(line) for line in (tmp_path / "s.jsonl").read_text().splitlines()][1:]
    page = _pixels(tmp_path / steps[1]["artifacts"]["page"])       # after both fills
    box = secret.preflight.box
    inside = page.crop((int(box.x) + 2, int(box.y) + 2, int(box.x + box.width) - 2, int(box.y + box.height) - 2))
    assert _colours(inside) == {MASK}
    name = await tab.page.locator("#name").bounding_box()
    beside = page.crop((int(name["x"]) + 2, int(name["y"]) + 2,
                        int(name["x"] + name["width"]) - 2, int(name["y"] + name["height"]) - 2))
    assert MASK not in _colours(beside) and len(_colours(beside)) > 2    # the same text in a plain field is drawn
    assert steps[0]["args"]["value"] == {"env": "VERDEX_SECRET_OTP"}


async def test_the_mask_covers_exactly_the_fields_the_bridge_redacts(capturing):
    tab = await capturing.tab()
    await tab.navigate(FIELDS_PAGE)
    text = (await tab.snapshot()).text
    redacted = set()
    for ref in re.findall(r"\[ref=(e\d+)\]", text):
        facts = await tab.preflight(ref)
        field_id = await tab.page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                                           [facts.box.x + 3, facts.box.y + 3])
        if facts.sensitive:
            redacted.add(field_id)
    masked = set(await tab.page.locator(SENSITIVE_SELECTOR).evaluate_all("els => els.map(e => e.id)"))
    assert redacted == masked == {"otp", "card", "cardname", "pw", "newpw"}


async def test_the_visual_diff_of_a_click_is_the_share_and_box_of_the_pixels_it_changed(capturing):
    tab = await capturing.tab()
    await tab.navigate(PAINT_PAGE)
    text = (await tab.snapshot()).text
    painted = await actions.click(tab, _ref(text, 'button "Paint"'))
    visual = painted.effects.visual
    assert (visual.box.x, visual.box.y, visual.box.width, visual.box.height) == (300, 200, 50, 40)
    assert visual.changed == pytest.approx(50 * 40 / (VIEWPORT["width"] * VIEWPORT["height"]), abs=1e-5)
    assert visual.viewport == [VIEWPORT["width"], VIEWPORT["height"]] and visual.ms > 0
    assert "visual: 0.20% of the viewport changed, within x=300 y=200 50×40" in painted.to_text()
    unchanged = await actions.click(tab, _ref(text, 'button "Nothing"'))
    assert unchanged.effects.visual.changed == 0 and unchanged.effects.visual.box is None
    assert unchanged.effects.no_effect and "visual: no pixel changed" in unchanged.to_text()


async def test_no_visual_diff_is_reported_unless_enabled(session):
    tab = await session.tab()
    await tab.navigate(PAINT_PAGE)
    result = await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Paint"'))
    assert result.effects.visual is None


async def test_step_screenshots_are_stored_beside_the_recording_and_named_in_the_step(capturing, tmp_path):
    tab = await capturing.tab()
    recording = tmp_path / "paint.jsonl"
    recorder = Recorder(recording, base_url=None, roles=[])
    await actions.navigate(tab, PAINT_PAGE, recorder=recorder)
    await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Paint"'), recorder=recorder)
    recorder.close()
    navigate, click = [json.loads(line) for line in recording.read_text().splitlines()][1:]
    assert navigate["artifacts"] == {"page": "paint.jsonl.artifacts/0001-navigate-page.png"}
    assert click["artifacts"] == {kind: f"paint.jsonl.artifacts/0002-click-{kind}.png"
                                  for kind in ("element", "page", "diff")}
    element = _pixels(tmp_path / click["artifacts"]["element"])
    assert element.size == (80 + 16, 30 + 16)               # the target as it was clicked, 8 px around it
    assert _pixels(tmp_path / click["artifacts"]["page"]).getpixel((325, 220)) == (204, 0, 0)
    assert _pixels(tmp_path / click["artifacts"]["diff"]).getpixel((325, 220)) == (255, 0, 0)


async def test_a_refused_action_keeps_a_picture_of_what_covered_its_target(capturing, tmp_path):
    tab = await capturing.tab()
    await tab.navigate(PAINT_PAGE)
    ref = _ref((await tab.snapshot()).text, 'button "Paint"')
    await tab.page.evaluate("""() => document.body.insertAdjacentHTML('beforeend',
        '<div style="position:fixed; inset:0; background:rgb(0, 0, 160)"></div>')""")
    recorder = Recorder(tmp_path / "refused.jsonl", base_url=None, roles=[])
    with pytest.raises(NotActionable):
        await actions.click(tab, ref, recorder=recorder)
    recorder.close()
    step = json.loads((tmp_path / "refused.jsonl").read_text().splitlines()[1])
    assert step["outcome"] == "not_actionable"
    assert _pixels(tmp_path / step["artifacts"]["page"]).getpixel((60, 35)) == (0, 0, 160)


# ---------------------------------------------------------------- trace

@pytest.fixture
def trace_viewer() -> Iterator[Callable[[Path], str]]:
    """``playwright show-trace`` serving the viewer over HTTP; yields a function that starts it for a trace."""
    started: list[subprocess.Popen[str]] = []

    def serve(trace: Path) -> str:
        process = subprocess.Popen([sys.executable, "-m", "playwright", "show-trace", "--host", "127.0.0.1",
                                    "--port", "0", str(trace)], stdout=subprocess.PIPE, text=True,
                                   start_new_session=True)
        started.append(process)
        for line in process.stdout:
            if line.startswith("Listening on "):
                return line.removeprefix("Listening on ").strip()
        raise AssertionError("show-trace did not start")

    yield serve
    for process in started:
        os.killpg(process.pid, signal.SIGTERM)       # its own group: python and the node driver it started
        process.wait(10)


async def test_the_session_trace_opens_in_the_trace_viewer_with_the_recorded_actions(apps, tmp_path, trace_viewer):
    trace = tmp_path / "trace.zip"
    async with Session(BrowserOptions(artifacts=ArtifactOptions(trace=trace))) as traced:
        tab = await traced.tab()
        await tab.navigate(apps.url + "/login/")
        text = (await tab.snapshot()).text
        await actions.fill(tab, _ref(text, 'textbox "Username"'), "demo")
        await actions.click(tab, _ref(text, 'button "Sign in"'))
    assert {"trace.trace", "trace.network"} <= set(zipfile.ZipFile(trace).namelist())
    url = trace_viewer(trace)
    async with Session() as viewer:
        page = (await viewer.tab()).page
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(url)
        listed = page.get_by_role("tabpanel", name="Actions").get_by_role("tree")
        await listed.get_by_role("treeitem", name=re.compile('^Fill "demo"')).wait_for(timeout=20_000)
        text = await listed.inner_text()
        assert "Navigate" in text and "Click" in text
        assert 'get_by_role("button", name="Sign in", exact=True)' in text
        assert errors == []


async def test_a_session_closed_twice_writes_one_trace_per_run_and_roles_apart(tmp_path):
    options = ArtifactOptions(trace=tmp_path / "t.zip")
    assert options.trace_path("admin", roles=2, run=1) == tmp_path / "t-admin.zip"
    async with Session(BrowserOptions(artifacts=options)) as traced:
        await (await traced.tab()).navigate("about:blank")
        await traced.close()
        await (await traced.tab()).navigate("about:blank")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t-2.zip", "t.zip"]


def test_screenshots_without_a_recording_are_refused_by_serve():
    done = subprocess.run([sys.executable, "-m", "verdex", "serve", "--screenshots"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "--record" in done.stderr


# ---------------------------------------------------------------- through MCP

async def test_an_mcp_session_with_artifacts_reports_the_visual_diff_writes_the_report_and_the_trace(tmp_path):
    recording, trace, report = tmp_path / "rec.jsonl", tmp_path / "trace.zip", tmp_path / "report.html"
    options = BrowserOptions(artifacts=ArtifactOptions(screenshots=True, visual_diff=True, trace=trace))
    async with Client(build_server(options, caps=("test",), record=recording)) as client:
        await client.call_tool("browser_navigate", {"url": PAINT_PAGE})
        text = (await client.call_tool("browser_snapshot", {})).content[0].text
        clicked = await client.call_tool("browser_click", {"ref": _ref(text, 'button "Paint"')})
        assert "visual: 0.20% of the viewport changed, within x=300 y=200 50×40" in clicked.content[0].text
        assert clicked.structured_content["effects"]["visual"]["box"] == {"x": 300, "y": 200, "width": 50, "height": 40}
        written = await client.call_tool("export_report", {"path": str(report)})
        assert not written.is_error and report.is_file()
        assert not trace.exists()                                   # written when the session closes
    assert zipfile.is_zipfile(trace)
    assert sorted(p.name for p in (tmp_path / "rec.jsonl.artifacts").iterdir()) == [
        "0001-navigate-page.png", "0002-click-diff.png", "0002-click-element.png", "0002-click-page.png"]


async def test_a_terminated_server_still_writes_its_trace(apps, tmp_path):
    trace = tmp_path / "terminated.zip"
    params = StdioServerParameters(command=sys.executable, cwd=str(Path(__file__).resolve().parent.parent),
                                   args=["-m", "verdex", "serve", "--trace", str(trace)])
    with anyio.fail_after(90):
        async with Client(params) as client:
            await client.call_tool("browser_navigate", {"url": apps.url + "/login/"})
            pids = subprocess.run(["pgrep", "-f", "--", f"--trace {trace}"], capture_output=True,
                                  text=True).stdout.split()
            assert len(pids) == 1
            os.kill(int(pids[0]), signal.SIGTERM)
            while not trace.exists():
                await anyio.sleep(0.1)
    assert "trace.trace" in zipfile.ZipFile(trace).namelist()
