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
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from urllib.parse import quote, quote_plus

import anyio
import pytest
from mcp import Client, StdioServerParameters
from playwright.async_api import Locator
from PIL import Image

from verdex.fixtures.store import PASSWORD
from verdex import actions
from verdex.artifacts import ArtifactOptions
from verdex.artifacts.masking import SENSITIVE_SELECTOR
from verdex.artifacts.secrets import TypedSecrets
from verdex.browser.session import VIEWPORT, BrowserOptions, Session
from verdex.errors import NotActionable
from verdex.replay import render, replay
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
    recorder = capturing.record(tmp_path / "s.jsonl")
    secret = await actions.fill(tab, _ref(text, 'textbox "Code"'), SECRET)
    await actions.fill(tab, _ref(text, 'textbox "Name"'), SECRET)
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
    recorder = capturing.record(recording)
    await actions.navigate(tab, PAINT_PAGE)
    await actions.click(tab, _ref((await tab.snapshot()).text, 'button "Paint"'))
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
    recorder = capturing.record(tmp_path / "refused.jsonl")
    with pytest.raises(NotActionable):
        await actions.click(tab, ref)
    recorder.close()
    step = json.loads((tmp_path / "refused.jsonl").read_text().splitlines()[1])
    assert step["outcome"] == "not_actionable"
    assert _pixels(tmp_path / step["artifacts"]["page"]).getpixel((60, 35)) == (0, 0, 160)


# ---------------------------------------------------------------- trace

@pytest.fixture
def trace_viewer() -> Iterator[Callable[[Path], AbstractAsyncContextManager[Locator]]]:
    """``playwright show-trace`` serving the viewer over HTTP, opened in Chromium:
    ``async with trace_viewer(trace) as listed`` gives the actions tree once it lists ``Fill "demo"``,
    and checks on leaving that the viewer raised no page error."""
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

    @asynccontextmanager
    async def opened(trace: Path) -> AsyncIterator[Locator]:
        url = serve(trace)
        async with Session() as viewer:
            page = (await viewer.tab()).page
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            await page.goto(url)
            listed = page.get_by_role("tabpanel", name="Actions").get_by_role("tree")
            await listed.get_by_role("treeitem", name=re.compile('^Fill "demo"')).wait_for(timeout=20_000)
            yield listed
            assert errors == []

    yield opened
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
    async with trace_viewer(trace) as listed:
        text = await listed.inner_text()
        assert "Navigate" in text and "Click" in text
        assert 'get_by_role("button", name="Sign in", exact=True)' in text


async def test_a_session_closed_twice_writes_one_trace_per_run_and_roles_apart(tmp_path):
    options = ArtifactOptions(trace=tmp_path / "t.zip")
    assert options.trace_path("admin", roles=2, run=1) == tmp_path / "t-admin.zip"
    async with Session(BrowserOptions(artifacts=options)) as traced:
        await (await traced.tab()).navigate("about:blank")
        await traced.close()
        await (await traced.tab()).navigate("about:blank")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t-2.zip", "t.zip"]


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


async def test_a_password_filled_over_mcp_is_masked_in_the_trace_the_server_writes(apps, tmp_path):
    trace = tmp_path / "mcp.zip"
    async with Client(build_server(BrowserOptions(artifacts=ArtifactOptions(trace=trace)))) as client:
        await client.call_tool("browser_navigate", {"url": apps.url + "/login/"})
        text = (await client.call_tool("browser_snapshot", {})).content[0].text
        filled = await client.call_tool("browser_fill", {"ref": _ref(text, 'textbox "Password"'), "value": PASSWORD,
                                                         "submit": True})
        assert not filled.is_error
    assert "trace.trace" in zipfile.ZipFile(trace).namelist() and _secrets_in(trace) == set()


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


# ---------------------------------------------------------------- secrets in the trace

ONE_TIME_CODE = "G-738495"                    # a dash: no JSON number in the trace can contain it by chance
CARD_NUMBER = "4242 4242 4242 4242"
CARD_NAME = 'Zoë "Z" O\'Brien & Co'           # JSON-escaped, non-ASCII, form-encoded differently
SECRETS_TYPED = (PASSWORD, ONE_TIME_CODE, CARD_NUMBER, CARD_NAME)   # PASSWORD: the login app's, with spaces


def _checkout_page(action: str) -> str:
    """Payment fields in a form that posts form-encoded to ``action``."""
    return "data:text/html," + quote(f"""<!doctype html><meta charset=utf-8><title>Pay</title>
<form method=post action="{action}">
<label>Code <input name=code autocomplete=one-time-code></label>
<label>Card <input name=card autocomplete=cc-number></label>
<label>Card name <textarea name=holder autocomplete=cc-name></textarea></label>
<button>Pay</button></form>""")


async def _log_in_and_pay(session: Session, site: str) -> None:
    """Log in on the fixture login app (a JSON POST), then type a one-time code and a card on a payment
    page and submit it (a form-encoded POST)."""
    tab = await session.tab()
    await tab.navigate(site + "/login/")
    text = (await tab.snapshot()).text
    await actions.fill(tab, _ref(text, 'textbox "Username"'), "demo")
    await actions.fill(tab, _ref(text, 'textbox "Password"'), PASSWORD)
    await actions.click(tab, _ref(text, 'button "Sign in"'))
    await tab.page.wait_for_url("**/welcome.html")
    await tab.navigate(_checkout_page(site + "/api/login"))
    text = (await tab.snapshot()).text
    await actions.type_text(tab, _ref(text, 'textbox "Code"'), ONE_TIME_CODE)
    await actions.fill(tab, _ref(text, 'textbox "Card"'), CARD_NUMBER)
    await actions.fill(tab, _ref(text, 'textbox "Card name"'), CARD_NAME)
    await actions.click(tab, _ref(text, 'button "Pay"'))
    await tab.page.wait_for_url(site + "/api/login")


def _forms(secret: str) -> set[bytes]:
    """How a secret can sit in a trace's members, written out here independently of verdex."""
    texts = {secret, json.dumps(secret)[1:-1], json.dumps(secret, ensure_ascii=False)[1:-1], quote(secret),
             quote(secret, safe=""), quote_plus(secret), quote_plus(secret, safe="*")}
    return {text.encode() for text in texts}


def _secrets_in(trace: Path) -> set[tuple[str, str]]:
    """(secret, member) for every member holding some form of a typed secret."""
    with zipfile.ZipFile(trace) as archive:
        return {(secret, name) for name in archive.namelist() for secret in SECRETS_TYPED
                if any(form in archive.read(name) for form in _forms(secret))}


def test_a_typed_secret_is_masked_in_every_encoding_a_trace_can_hold_it_in():
    secrets = TypedSecrets()
    secrets.add(CARD_NAME)
    encodings = [CARD_NAME, json.dumps(CARD_NAME)[1:-1], json.dumps(CARD_NAME, ensure_ascii=False)[1:-1],
                 json.dumps(json.dumps(CARD_NAME))[3:-3],                  # JSON inside a JSON string
                 quote(CARD_NAME, safe=""), quote(CARD_NAME, safe="-_.!~*'()"),   # a URL; encodeURIComponent
                 quote_plus(CARD_NAME, safe="*-._"),                         # an HTML form's body
                 "Zoë &quot;Z&quot; O&#x27;Brien &amp; Co"]                  # escaped in HTML
    for encoded in encodings:
        assert secrets.redact(f"holder={encoded}&") == "holder=[redacted]&", encoded
    assert secrets.redact("Zoë O'Brien") == "Zoë O'Brien"
    assert not TypedSecrets() and secrets


@pytest.fixture(scope="module")
async def secret_trace(apps, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("secret-trace")
    async with Session(BrowserOptions(artifacts=ArtifactOptions(trace=folder / "trace.zip"))) as traced:
        await _log_in_and_pay(traced, apps.url)
    return folder / "trace.zip"


async def test_without_the_rewrite_playwright_leaves_every_secret_in_the_trace(apps, tmp_path):
    """What the rewrite is for, and proof that the search below finds what it looks for."""
    async with Session(BrowserOptions(artifacts=ArtifactOptions(trace=tmp_path / "raw.zip"))) as traced:
        await _log_in_and_pay(traced, apps.url)
        traced.secrets = TypedSecrets()                 # forget them: Playwright's trace is written as it is
    found = _secrets_in(tmp_path / "raw.zip")
    assert {secret for secret, _ in found} == set(SECRETS_TYPED)
    assert {name.split("/")[0] for _, name in found} >= {"trace.trace", "trace.network", "resources"}


async def test_no_member_of_the_trace_holds_a_typed_secret_in_any_form(secret_trace):
    assert sorted(p.name for p in secret_trace.parent.iterdir()) == ["trace.zip"]      # nothing half-written
    assert _secrets_in(secret_trace) == set()
    with zipfile.ZipFile(secret_trace) as archive:
        bodies = [archive.read(name) for name in archive.namelist() if name.startswith("resources/")]
    assert b'{"username":"demo","password":"[redacted]"}' in bodies         # the request is still there
    assert any(b"code=%5Bredacted%5D" in body or b"code=[redacted]" in body for body in bodies)


async def test_the_trace_keeps_no_screencast_frame_once_a_secret_was_typed(secret_trace):
    with zipfile.ZipFile(secret_trace) as archive:
        events = [json.loads(line) for line in archive.read("trace.trace").splitlines()]
        pictures = {name for name in archive.namelist() if name.startswith("screencast/")}
    first_secret = min(e["startTime"] for e in events if e["type"] == "before" and e.get("method") == "fill"
                       and e["params"].get("value") == "[redacted]")
    frames = [e for e in events if e["type"] == "screencast-frame"]
    assert frames and all(frame["timestamp"] < first_secret for frame in frames)   # the film strip up to it
    assert {frame["file"] for frame in frames} == pictures


async def test_a_secret_that_a_replay_types_from_the_environment_is_masked_in_the_trace(
        session, apps, tmp_path, monkeypatch):
    recording = tmp_path / "login.jsonl"
    recorder = session.record(recording)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/login/")
    text = (await tab.snapshot()).text
    await actions.fill(tab, _ref(text, 'textbox "Password"'), PASSWORD)
    recorder.close()
    monkeypatch.setenv("VERDEX_SECRET_PASSWORD", PASSWORD)
    async with Session(BrowserOptions(artifacts=ArtifactOptions(trace=tmp_path / "replay.zip"))) as traced:
        reports = await replay(str(recording), session=traced)
    assert all(report.ok for report in reports), render(reports)
    assert _secrets_in(tmp_path / "replay.zip") == set()


async def test_a_trace_with_its_secrets_masked_opens_in_the_viewer_with_the_fill_actions(secret_trace, trace_viewer):
    async with trace_viewer(secret_trace) as listed:
        fills = await listed.get_by_role("treeitem", name=re.compile('^Fill "')).all_inner_texts()
        assert len(fills) == 4 and sum(fill.startswith('Fill "[redacted]"') for fill in fills) == 3
        assert await listed.get_by_role("treeitem", name=re.compile(r'^Type "\[redacted\]"')).count() == 1
