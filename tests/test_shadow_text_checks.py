"""A notice whose text a web component draws straight in its shadow root is checked through the component, where
Playwright finds it (``fixtures/apps/components/saved-toast.html``). Its template has no ``<slot>``: the toast's
message "Saved Ada" is the shadow root's only node, a text with no element of its own (``shadowRoot.textContent =
message``). Playwright's text engine matches elements, and that text's parent is no element:
``get_by_text("Saved Ada")`` finds nothing, on every run, while the host's ``has_text`` (its composed text) holds
it. The click proposes ``text "Saved Ada" visible``; the agent's check of it passed, as a toast gone again since
the click, and the test checked ``get_by_text`` — a check it failed every time. Now the check is made, at record
time and in the test, through the host: by its role (``get_by_role("status").filter(has_text="Saved Ada")``), a
host without one by its tag (``locator("app-toast").filter(has_text=…)``), in an iframe through its frame
(``framed-toast.html``, as a console draws its pages). A message in an element inside the
shadow root (``?in=span``) is an element's text, which ``get_by_text`` finds, and checked as before. Recorded over
the tools, exported, and run by pytest and by Playwright Test; replayed too, where the check is made as the test
makes it (replay checked ``get_by_text`` too, and said the check failed). The agent's waits for the text to come and
to go are made through the component as well, a wait for it to go once it is gone already (a toast its timer took
away) through the component the check found showing it: ``get_by_text(…).to_be_hidden()`` held whatever the page
showed. The component is filtered by its whole text, as an ordinary text check asserts an element's whole text (a
check of "Saved" asserts "Saved Ada"); a text two components show alike is refused, saying so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.async_api import expect

from tests.flows import runner
from tests.flows.runner import Run
from tests.recorded_flows import (
    Recorded, assert_passed, exported_beside, on_blank, record_each, recorded_flow, recordings,
)
from tests.test_watch import call, ref_of
from tests.test_settling import held, held_browser  # noqa: F401  (fixtures: a browser whose pages' clock stands still)
import verdex.locators as locators
from verdex.browser.session import Session
from verdex.facts import LocatorStep
from verdex.replay import render, replay

pytestmark = pytest.mark.anyio
PAGE = "/components/saved-toast.html"
SAVED = "Saved Ada"
# the component's whole text, as an ordinary text check asserts an element's (get_by_text(…, exact=True))
WHOLE, WHOLE_TS = r're.compile(r"^\s*Saved\s+Ada\s*$")', r'new RegExp("^\\s*Saved\\s+Ada\\s*$")'
# (the shape, its page, the check's locator in Python, in TypeScript)
SHAPES = [
    ("status", PAGE + "?role=status", f'page.get_by_role("status").filter(has_text={WHOLE})',
     f'page.getByRole("status").filter({{ hasText: {WHOLE_TS} }})'),
    ("alert", PAGE + "?role=alert", f'page.get_by_role("alert").filter(has_text={WHOLE})',
     f'page.getByRole("alert").filter({{ hasText: {WHOLE_TS} }})'),
    ("no_role", PAGE, f'page.locator("app-toast").filter(has_text={WHOLE})',
     f'page.locator("app-toast").filter({{ hasText: {WHOLE_TS} }})'),
    ("in_span", PAGE + "?role=status&in=span", 'page.get_by_text("Saved Ada", exact=True)',
     'page.getByText("Saved Ada", { exact: true })'),
    ("framed", "/components/framed-toast.html",       # in an iframe, which the test names account_frame
     f'account_frame.get_by_role("status").filter(has_text={WHOLE})',
     f'accountFrame.getByRole("status").filter({{ hasText: {WHOLE_TS} }})'),
]


def _saved(page: str, checked: str = SAVED):
    checked_text = checked

    async def record(session: Session, apps, path: Path) -> Recorded:
        session.record(path, base_url=apps.url)
        await call(session, "browser_navigate", url=apps.url + page)
        opened = (await call(session, "browser_snapshot")).text
        saved = await call(session, "browser_click", ref=ref_of(opened, 'button "Save"'))
        checked = await call(session, "verify_text_visible", text=checked_text)
        session.record(None)
        return Recorded(path, {"proposals": saved.data["proposals"], "checked": checked.data, "said": checked.text})
    return record


@pytest.fixture(scope="module")
async def toasts(shared_session: Session, apps, tmp_path_factory) -> dict[str, Recorded | Exception]:
    """Each shape's flow, recorded once in the module's browser, by its shape."""
    flows = {shape: on_blank(shared_session, apps, _saved(page)) for shape, page, *_ in SHAPES}
    flows["partial"] = on_blank(shared_session, apps, _saved(PAGE + "?role=status", "Saved"))
    return await record_each(flows, tmp_path_factory.mktemp("toasts"))


@pytest.fixture(scope="module")
def toast_runs(toasts, tmp_path_factory) -> dict[str, dict[str, Run]]:
    """Their generated tests, run by one pytest run and one Playwright Test run against a fresh fixture server."""
    return runner.run_exported(recordings(toasts), tmp_path_factory.mktemp("toast-runs"))


@pytest.mark.parametrize(("shape", "python", "typescript"), [(shape, python, typescript)
                                                             for shape, _page, python, typescript in SHAPES])
async def test_a_notice_a_component_draws_is_checked_where_playwright_finds_it(toasts, toast_runs, shape, python,
                                                                             typescript):
    flow = recorded_flow(toasts, shape)
    assert [(p["kind"], p["value"]) for p in flow.answers["proposals"]] == [("text_visible", SAVED)], flow.answers
    checked = flow.answers["checked"]
    assert checked["passed"] and checked.get("note") is None, flow.answers["said"]     # shown, not gone again
    source = exported_beside(flow.recording, shape).read_text(encoding="utf-8")
    assert _unwrapped(f"expect({python}).to_be_visible()") in _unwrapped(source), source
    spec = exported_beside(flow.recording, shape, "typescript").read_text(encoding="utf-8")
    assert _unwrapped(f"await expect({typescript}).toBeVisible();") in _unwrapped(spec), spec
    assert_passed(toast_runs, shape)


async def test_a_part_of_a_components_text_is_checked_as_its_whole_text(toasts, toast_runs):
    """The agent checks "Saved" where the toast says "Saved Ada": the test asserts the component's whole text, as
    an ordinary check of a part of an element's text asserts that element's whole text. It asserted
    ``has_text="Saved"``, a part of it in any case, which a toast saying "Not saved" holds too."""
    flow = recorded_flow(toasts, "partial")
    assert flow.answers["checked"]["passed"], flow.answers["said"]
    source = exported_beside(flow.recording, "partial").read_text(encoding="utf-8")
    whole = f'expect(page.get_by_role("status").filter(has_text={WHOLE})).to_be_visible()'
    assert _unwrapped(whole) in _unwrapped(source), source
    spec = exported_beside(flow.recording, "partial", "typescript").read_text(encoding="utf-8")
    assert _unwrapped(f'page.getByRole("status").filter({{ hasText: {WHOLE_TS} }})') in _unwrapped(spec), spec
    assert_passed(toast_runs, "partial")


def _unwrapped(code: str) -> str:
    """The code without its whitespace and a wrapped call's trailing comma: black and prettier wrap a longer line."""
    return "".join(code.split()).replace(",)", ")")


async def test_a_notice_a_component_draws_is_replayed_through_the_component(toasts, session, apps):
    flow = recorded_flow(toasts, "no_role")
    reports = await replay(str(flow.recording), base_url=apps.url, session=session)
    assert [r.tool for r in reports] == ["browser_navigate", "browser_click", "verify_text_visible"], render(reports)
    assert all(r.ok for r in reports), render(reports)


async def test_a_wait_for_a_notice_a_component_draws_to_come_and_go_is_made_through_the_component(held, apps,
                                                                                                   tmp_path):
    """The agent waits for the toast's message to come (the page's clock held: its 3 s timer stands still), then,
    the clock going on, for it to go, as the page's timer takes it away. The wait for it to come timed out before
    (get_by_text found no element that showed it), and the wait for it to go found it gone already. The test
    waits through the component, for it to show the text, then for none shown to."""
    recording = tmp_path / "waited.jsonl"
    held.record(recording, base_url=apps.url)
    await call(held, "browser_navigate", url=apps.url + PAGE + "?role=status&ms=3000")
    opened = (await call(held, "browser_snapshot")).text
    await call(held, "browser_click", ref=ref_of(opened, 'button "Save"'))
    came = await call(held, "browser_wait_for", text=SAVED, timeout=5)
    await (await held.tab()).page.clock.resume()
    went = await call(held, "browser_wait_for", text_gone=SAVED, timeout=10)
    held.record(None)
    assert came.data["elements_showing"] == went.data["elements_showing"] == 1, (came.text, went.text)
    toast = f'page.get_by_role("status").filter(has_text={WHOLE})'
    source = exported_beside(recording, "waited").read_text(encoding="utf-8")
    assert _unwrapped(f"expect({toast}).to_be_visible()") in _unwrapped(source), source
    assert _unwrapped(f"expect({toast}.filter(visible=True)).to_have_count(0)") in _unwrapped(source), source
    runs = runner.run_exported({"waited": recording}, tmp_path / "runs")
    assert_passed(runs, "waited")


async def test_a_notice_two_components_draw_alike_is_refused_saying_so(session, apps):
    """Two Saves in a stack of toasts (``?stack``) show "Saved Ada" twice, each in a component of its own: neither
    its role nor its tag, filtered by the text, finds one. The check is refused, as a text several elements show
    is, saying what draws it; it was refused saying only that no element of the page held the text."""
    await call(session, "browser_navigate", url=apps.url + PAGE + "?role=status&stack")
    opened = (await call(session, "browser_snapshot")).text
    for _ in range(2):
        await call(session, "browser_click", ref=ref_of(opened, 'button "Save"'))
    checked = await call(session, "verify_text_visible", text=SAVED)
    assert not checked.data["passed"], checked.text
    assert checked.data["actual"].startswith("no element of the page holds this text: 2 shown app-toast components "
                                             "draw it straight in their shadow root"), checked.text


async def test_a_wait_for_a_notice_a_component_drew_to_go_once_gone_is_made_through_the_component(held, apps,
                                                                                                 tmp_path):
    """The agent checks the toast, then waits for it to go once the page's timer has taken it away (the held clock
    run on past its 3 s). The wait was written ``expect(page.get_by_text("Saved Ada")).to_be_hidden()``, which
    passes whatever the page shows: get_by_text never finds a text a component draws straight in its shadow root.
    It goes through the component the check found showing it: the exported check fails on a page that still shows
    the toast, where the old one passes, and passes once it went (the exported test, run)."""
    recording = tmp_path / "gone.jsonl"
    held.record(recording, base_url=apps.url)
    await call(held, "browser_navigate", url=apps.url + PAGE + "?role=status&ms=3000")
    opened = (await call(held, "browser_snapshot")).text
    await call(held, "browser_click", ref=ref_of(opened, 'button "Save"'))
    await call(held, "verify_text_visible", text=SAVED)
    page = (await held.tab()).page
    await page.clock.run_for(3_500)
    went = await call(held, "browser_wait_for", text_gone=SAVED, timeout=5)
    held.record(None)
    assert went.data["elements_showing"] == 0, went.text          # gone before the wait began
    toast = f'page.get_by_role("status").filter(has_text={WHOLE})'
    source = exported_beside(recording, "gone").read_text(encoding="utf-8")
    assert _unwrapped(f"expect({toast}.filter(visible=True)).to_have_count(0)") in _unwrapped(source), source
    assert "get_by_text" not in source, source
    spec = exported_beside(recording, "gone", "typescript").read_text(encoding="utf-8")
    shown_ts = f'page.getByRole("status").filter({{ hasText: {WHOLE_TS} }}).filter({{ visible: true }})'
    assert _unwrapped(f"await expect({shown_ts}).toHaveCount(0);") in _unwrapped(spec), spec
    runs = runner.run_exported({"gone": recording}, tmp_path / "runs")
    assert_passed(runs, "gone")

    waited = next(json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()
                  if json.loads(line).get("tool") == "browser_wait_for")
    gone_check = locators.build(page, [LocatorStep.model_validate(step)
                                       for step in waited["locators"]["chosen"]["steps"]])
    await page.goto(apps.url + PAGE + "?role=status")           # a toast no timer takes away
    await page.get_by_role("button", name="Save").click()
    await expect(page.get_by_role("status")).to_be_visible()
    await expect(page.get_by_text(SAVED)).to_be_hidden(timeout=1_000)        # the old check: it cannot fail
    with pytest.raises(AssertionError):
        await expect(gone_check).to_have_count(0, timeout=1_000)
