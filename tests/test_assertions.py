"""verify_text_visible looks into the page and its iframes, and records where it found the text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.flows import runner
from tests.flows.runner import Run
from tests.recorded_flows import (
    Recorded, assert_passed, exported_beside, on_blank, record_each, recorded_flow, recordings,
)
from verdex import actions, assertions
from verdex.browser.session import Session
from verdex.generators import export, read_recording

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
async def checked_flows(shared_session: Session, apps, tmp_path_factory) -> dict[str, Recorded | Exception]:
    """The flows whose generated tests run, recorded once each in the module's browser, by their tests' names."""
    flows = {"measured": record_measured, "fruit": record_fruit, "bold": record_bold, "title": record_title}
    return await record_each({name: on_blank(shared_session, apps, record) for name, record in flows.items()},
                             tmp_path_factory.mktemp("checked"))


@pytest.fixture(scope="module")
def checked_runs(checked_flows, tmp_path_factory) -> dict[str, dict[str, Run]]:
    """Their generated tests, run by one pytest run against a fresh fixture server; each flow's own outcome."""
    return runner.run_exported(recordings(checked_flows), tmp_path_factory.mktemp("checked-runs"), ("python",))


async def _paid(tab, apps) -> None:
    await tab.navigate(apps.url + "/frames/")
    frame = tab.page.frame_locator('iframe[title="Payment form"]')
    await frame.get_by_test_id("card-number").fill("4242 4242 4242 4242")
    await frame.get_by_role("button", name="Pay now").click()


async def test_text_inside_an_iframe_is_visible_through_its_frame(session, apps):
    tab = await session.tab()
    await _paid(tab, apps)
    result = await assertions.text_visible(tab, "Paid")
    assert result.passed, result
    assert result.locator.code == ('page.frame_locator("iframe[title=\\"Payment form\\"]")'
                                   '.get_by_text("Paid", exact=True)')     # "Paid" is the element's whole text


async def test_text_of_the_page_itself_needs_no_frame(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/")
    result = await assertions.text_visible(tab, "Subscribe to our newsletter")
    assert result.passed and result.locator is None      # the generated test says page.get_by_text(…)


async def _recording_on_frames(session, apps, recording):
    """The session's tab, recording to ``recording`` from its next navigation on."""
    tab = await session.tab()
    session.record(recording, base_url=apps.url)
    return tab, recording


async def test_a_text_that_is_part_of_its_element_is_asserted_as_the_elements_whole_text(session, apps, tmp_path):
    tab, recording = await _recording_on_frames(session, apps, tmp_path / "subscribe.jsonl")
    await tab.navigate(apps.url + "/frames/")
    assert (await assertions.text_visible(tab, "Subscribe to our")).passed
    assert (await assertions.text_visible(tab, "Subscribe to our newsletter")).passed
    part, whole = (step.args for step in read_recording(recording).records[-2:])
    assert (part.text, part.shown, part.exact) == ("Subscribe to our", "Subscribe to our newsletter", None)
    assert (whole.text, whole.shown, whole.exact) == ("Subscribe to our newsletter", None, True)
    source = export(recording, target="python", path=tmp_path / "test_subscribe.py", name="subscribe")[0].read_text()
    assert source.count('page.get_by_text("Subscribe to our newsletter", exact=True)') == 2, source


async def test_text_nowhere_fails_after_the_bound(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/")
    result = await assertions.text_visible(tab, "Refunded")
    assert not result.passed and result.actual == "no element of the page holds this text (nor of its iframes)"


async def test_a_text_only_hidden_elements_hold_or_several_show_fails_saying_which(session, apps):
    """A flash message the app took away as the agent checked it is still in the page, hidden: the failure
    says so, rather than that an element shows it. A text several elements show is refused naming their own
    texts, the longer ones the agent can check instead; when each shows that text and nothing more (a name in a
    navbar's brand and in a panel's heading), the check is to be made on one of them by its ref."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/")
    await tab.page.evaluate("""() => {
        const gone = document.createElement('p'); gone.textContent = 'Watch added.'; gone.hidden = true;
        const twice = ['Saved at 10:00', 'Saved by Ada'].map(t => Object.assign(document.createElement('p'), {textContent: t}));
        const same = ['Lab laptop', 'Lab laptop'].map(t => Object.assign(document.createElement('h3'), {textContent: t}));
        document.body.append(gone, ...twice, ...same);
    }""")
    hidden, twice = await assertions.text_visible(tab, "Watch added."), await assertions.text_visible(tab, "Saved")
    same = await assertions.text_visible(tab, "Lab laptop")
    assert not hidden.passed and hidden.actual == ("1 element(s) of the page hold this text, none of them visible "
                                                   "(hidden, or gone as the check ran)")
    assert not twice.passed and twice.actual == ("2 visible elements show this text: the test's check needs one "
                                                 "(check a longer text: one of theirs, 'Saved at 10:00', 'Saved by Ada')"), twice.actual
    assert not same.passed and same.actual == ("2 visible elements show this text and nothing more: the test's check "
                                               "needs one (check it on one of them by its ref: verify_element with "
                                               'state "text", which the test finds in its container)'), same.actual



async def test_a_text_several_elements_of_an_iframe_show_is_refused_saying_which_iframe(session, apps):
    """A console whose every page is an iframe: the refusal counts the frame's elements, not the top page's
    none, and says where they are."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/frames/")
    frame = next(frame for frame in tab.page.frames if frame != tab.page.main_frame)
    await frame.wait_for_load_state()
    await frame.evaluate("""() => document.body.append(
        ...['Card declined', 'Card declined'].map(t => Object.assign(document.createElement('p'), {textContent: t})))""")
    twice = await assertions.text_visible(tab, "Card declined")
    assert not twice.passed and twice.actual.startswith(
        '2 visible elements in the iframe iframe[title="Payment form"] show this text and nothing more'), twice.actual
    nowhere = await assertions.text_visible(tab, "Refund issued")
    assert nowhere.actual == "no element of the page holds this text (nor of its iframes)", nowhere.actual

async def test_a_text_found_in_a_frame_becomes_a_frame_scoped_expect_in_the_generated_test(session, apps, tmp_path):
    tab, recording = await _recording_on_frames(session, apps, tmp_path / "paid.jsonl")
    await _paid(tab, apps)
    await assertions.text_visible(tab, "Paid")
    step = json.loads(recording.read_text().splitlines()[-1])
    assert step["tool"] == "verify_text_visible" and step["locators"]["chosen"]["steps"][0]["method"] == "frame_locator"
    source = export(recording, target="python", path=tmp_path / "test_paid.py", name="paid")[0].read_text()
    assert 'page.frame_locator(\'iframe[title="Payment form"]\').get_by_text("Paid", exact=True)' in source, source
    assert 'page.get_by_text("Paid")' not in source, source


async def record_measured(session: Session, apps, path: Path) -> Recorded:
    tab, recording = await _recording_on_frames(session, apps, path)
    await tab.navigate(apps.url + "/reading/measured.html")
    await actions.wait_for(tab, text="raw_orders")
    assert (await assertions.text_visible(tab, "order_summary")).passed
    session.record(None)
    return Recorded(recording, {})


async def test_a_text_a_hidden_measurer_holds_too_is_found_among_the_visible_ones(checked_flows, checked_runs):
    """A truncated name's measurer (a hidden copy the app lays out to know whether the name fits) holds
    every name too: the agent's wait and check pass, and the test finds the name among the elements that
    show it — a strict get_by_text would find both, and fail every run (dagster's asset list)."""
    recording = recorded_flow(checked_flows, "measured").recording
    waited, checked = (step.args for step in read_recording(recording).records[-2:])
    assert (waited.hidden_copies, checked.hidden_copies) == (1, 1)
    source = exported_beside(recording, "measured").read_text()
    assert 'page.get_by_text("raw_orders", exact=True).filter(visible=True)' in source, source
    assert 'page.get_by_text("order_summary", exact=True).filter(visible=True)' in source, source
    assert_passed(checked_runs, "measured")
    spec = exported_beside(recording, "measured", "typescript").read_text()
    assert 'page.getByText("order_summary", { exact: true }).filter({ visible: true })' in spec, spec


async def test_selected_expanded_and_collapsed_are_checked_by_their_aria_attributes(checked_flows, checked_runs):
    """A disclosure open and shut, an option chosen: states the snapshot shows ([expanded], [selected]) that
    Playwright has no matcher of its own for. The test checks their ARIA attributes, and passes."""
    source = exported_beside(recorded_flow(checked_flows, "fruit").recording, "fruit").read_text()
    for said in ('to_have_attribute("aria-expanded", "true")', 'to_have_attribute("aria-expanded", "false")',
                 'to_have_attribute("aria-selected", "true")'):
        assert said in source, source
    assert_passed(checked_runs, "fruit")


async def record_fruit(session: Session, apps, path: Path) -> Recorded:
    tab, recording = await _recording_on_frames(session, apps, path)
    await tab.navigate(apps.url + "/races/open-select.html")

    async def ref(pattern: str) -> str:
        text = (await tab.snapshot(mode="full", max_bytes=None)).text
        return re.search(pattern + r" \[ref=(e\d+)\]", text).group(1)

    trigger = await ref(r'button "Choose a fruit"')
    await actions.click(tab, trigger)
    assert (await assertions.element(tab, trigger, "expanded")).passed
    assert not (await assertions.element(tab, trigger, "collapsed")).passed
    await actions.click(tab, await ref(r'option "Banana"'))
    assert (await assertions.element(tab, trigger, "collapsed")).passed
    await actions.click(tab, trigger)
    assert (await assertions.element(tab, await ref(r'option "Banana"'), "selected")).passed
    session.record(None)
    return Recorded(recording, {})


# states the snapshot shows that are no control's state to assert: a region still loading, a dialog's kind
NOT_ASSERTED_STATES = {"busy", "modal"}


def test_every_state_the_snapshot_shows_on_a_control_can_be_verified():
    """An agent reads [pressed] on a toggle button (Taipy's toggle, a toolbar's Bold) and asks verify_element
    for it: each state word the snapshot writes is a state verify_element checks."""
    from typing import get_args

    script = (Path(assertions.__file__).parent / "bridge" / "names.js").read_text(encoding="utf-8")
    shown = set(re.findall(r"out\.push\('([a-z]+)'\)", script)) - NOT_ASSERTED_STATES
    assert {"checked", "pressed", "selected", "expanded", "collapsed", "disabled"} <= shown, shown
    assert shown <= set(get_args(assertions.ElementState)), shown - set(get_args(assertions.ElementState))


async def record_bold(session: Session, apps, path: Path) -> Recorded:
    tab, recording = await _recording_on_frames(session, apps, path)
    await tab.navigate(apps.url + "/aria/")
    bold = re.search(r'button "Bold" \[ref=(e\d+)\]', (await tab.snapshot(mode="full", max_bytes=None)).text).group(1)
    await actions.click(tab, bold)
    assert (await assertions.element(tab, bold, "pressed")).passed
    session.record(None)
    return Recorded(recording, {})


async def test_pressed_is_checked_by_its_aria_attribute_and_the_test_passes(checked_flows, checked_runs):
    source = exported_beside(recorded_flow(checked_flows, "bold").recording, "bold").read_text()
    assert '.to_have_attribute(\n        "aria-pressed", "true"\n    )' in source, source
    assert_passed(checked_runs, "bold")


async def test_a_text_that_is_one_elements_whole_text_and_a_part_of_others_is_found_by_the_whole_text(
        checked_flows, checked_runs):
    """A dialog's title "Preferences" over "Preferences apply …" and "Reset preferences": a part of three
    elements' texts, the whole text of one. Playwright's get_by_text(…, exact=True) finds that one; the
    check passes and the test asserts it exactly, and passes (Verdaccio's "Konfiguration" was refused:
    "3 visible elements show this text")."""
    recording = recorded_flow(checked_flows, "title").recording
    assert read_recording(recording).records[-1].args.exact is True
    python = exported_beside(recording, "title")
    assert 'expect(page.get_by_text("Preferences", exact=True)).to_be_visible(timeout=30_000)' in python.read_text()
    assert_passed(checked_runs, "title")
    spec = exported_beside(recording, "title", "typescript").read_text()
    assert 'page.getByText("Preferences", { exact: true })' in spec, spec


async def record_title(session: Session, apps, path: Path) -> Recorded:
    tab, recording = await _recording_on_frames(session, apps, path)
    await tab.navigate(apps.url + "/reading/whole-title.html")
    result = await assertions.text_visible(tab, "Preferences")
    assert result.passed, result.actual
    session.record(None)
    return Recorded(recording, {})
