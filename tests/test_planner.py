"""Recording in, plan out: the planner's treatment of clicks that did nothing and of the readiness
signal, on the committed shop recording (examples/recordings/shop.jsonl) with one step changed the way
a chaos seed changes it. No browser: the generator works on recorded data only."""

from __future__ import annotations

import pytest

import copy
import re
from pathlib import Path

from verdex.generators import Recording, build_plan, read_recording, waits
from verdex.generators.plan import Action, Wait
from verdex.generators.targets.python_pytest import PythonPytest
from verdex.generators.targets.typescript import TypeScript
from verdex.recording_format import STEP

SHOP = Path(__file__).resolve().parent.parent / "examples" / "recordings" / "shop.jsonl"
READY = {"data-hydrated": "true"}


def _plain(recording: Recording) -> list[dict]:
    """The recording's steps as plain data, as its file has them, for a test to change."""
    return [step.model_dump(mode="json", exclude_unset=True) for step in recording.records]


def _with_steps(recording: Recording, steps: list[dict]) -> Recording:
    """The recording with these steps, read into the format's models as a file of them would be."""
    return Recording(recording.header, [STEP.validate_python(step) for step in steps])


def _shop_with(change) -> list[Action]:
    """The shop recording reduced to its navigation, its click that worked and its assertion, after
    ``change(steps, effective_click)``; the plan's actions."""
    recording = read_recording(SHOP)
    steps = [s for s in _plain(recording)
             if s["outcome"] != "not_actionable" and not (s.get("effects") or {}).get("no_effect")]
    click = next(s for s in steps if s["tool"] == "browser_click")
    for ancestor in click["preflight"]["ancestor_state"]:
        for name in READY:
            ancestor["attributes"].pop(name, None)          # the preflight read came before hydration
    click.pop("ancestors_after", None)
    change(steps, click)
    plan = build_plan(_with_steps(recording, steps), "shop")
    return [s for s in plan.statements if isinstance(s, Action)]


def _readiness(action: Action) -> list[Wait]:
    return [w for w in action.waits if w.kind == "attribute" and w.attribute == "data-hydrated"]


def test_a_readiness_signal_read_right_after_the_action_is_waited_for():
    def hydrated_by_the_time_the_click_landed(steps, click):
        grid = next(a for a in click["preflight"]["ancestor_state"] if a["test_id"] == "product-grid")
        click["ancestors_after"] = [{**copy.deepcopy(grid), "attributes": {**grid["attributes"], **READY}}]

    [action] = _shop_with(hydrated_by_the_time_the_click_landed)
    [wait] = _readiness(action)
    assert (wait.value, wait.locator.steps[0].args) == ("true", ["product-grid"])
    assert wait.timeout_ms == waits.STARTUP_TIMEOUT_MS      # the first action on a page it opened: part of its load


def test_a_readiness_signal_after_an_earlier_action_on_the_page_waits_as_long_as_an_assertion():
    def hydrated_after_a_first_click(steps, click):
        grid = next(a for a in click["preflight"]["ancestor_state"] if a["test_id"] == "product-grid")
        click["ancestors_after"] = [{**copy.deepcopy(grid), "attributes": {**grid["attributes"], **READY}}]
        earlier = copy.deepcopy(click)
        earlier["target"] = {**click["target"], "name": "Show more"}
        earlier["ancestors_after"] = []
        steps.insert(steps.index(click), earlier)

    first, second = _shop_with(hydrated_after_a_first_click)
    [wait] = _readiness(second)
    assert wait.timeout_ms is None


def test_without_any_readiness_evidence_there_is_no_readiness_wait():
    [action] = _shop_with(lambda steps, click: None)
    assert _readiness(action) == []


def test_a_click_whose_only_effect_was_a_re_render_is_not_repeated_in_the_plan():
    def rerendered_first(steps, click):
        earlier = copy.deepcopy(click)
        earlier["effects"] = {**click["effects"], "requests": [], "appeared": [], "disappeared": [],
                              "title_change": None, "heading_change": None, "no_effect": False,
                              "url_after": click["effects"]["url_before"],
                              "interactive_diff": ['+         - button "Add to Cart" [ref=e30]',
                                                   '-         - button "Add to Cart" [ref=e11]']}
        grid = next(a for a in click["preflight"]["ancestor_state"] if a["test_id"] == "product-grid")
        grid["attributes"].update(READY)                    # between the two clicks the app hydrated
        steps.insert(steps.index(click), earlier)

    [action] = _shop_with(rerendered_first)
    assert [w.attribute for w in _readiness(action)] == ["data-hydrated"]
    assert action.response is not None                       # the click that worked, with its response


def test_a_click_that_changed_something_new_stays_in_the_plan():
    def toggled_first(steps, click):
        earlier = copy.deepcopy(click)
        earlier["effects"] = {**click["effects"], "requests": [], "appeared": [], "no_effect": False,
                              "interactive_diff": ['+         - button "Show less" [ref=e30]',
                                                   '-         - button "Show more" [ref=e11]']}
        steps.insert(steps.index(click), earlier)

    assert len(_shop_with(toggled_first)) == 2


def test_a_readiness_signal_inside_an_iframe_is_waited_for_through_the_frame():
    recording = read_recording(SHOP.with_name("frames.jsonl"))
    steps = _plain(recording)
    pay = next(s for s in steps if s["tool"] == "browser_click" and s["target"]["name"] == "Pay now"
               and s["outcome"] == "done" and not s["effects"]["no_effect"])
    pay["preflight"]["ancestor_state"] = [{"depth": 2, "tag": "form", "test_id": "payment-form", "attributes": READY}]
    plan = build_plan(_with_steps(recording, steps), "frames")
    action = next(s for s in plan.statements if isinstance(s, Action) and s.locator.steps[-1].kwargs.get("name") == "Pay now")
    [wait] = _readiness(action)
    assert [(step.method, step.args) for step in wait.locator.steps] == [
        ("frame_locator", ['iframe[title="Payment form"]']), ("get_by_test_id", ["payment-form"])]


def test_a_click_retried_after_it_caused_only_invisible_mutations_is_not_repeated_in_the_plan():
    """checkout under seed 3: the first Add to Cart landed in the hydration gap while the cards were still
    fading in (DOM mutations, so not "no effect"), and the agent clicked again."""
    def faded_first(steps, click):
        earlier = copy.deepcopy(click)
        earlier["effects"] = {**click["effects"], "requests": [], "appeared": [], "disappeared": [],
                              "no_effect": False, "interactive_diff": []}
        steps.insert(steps.index(click), earlier)

    [action] = _shop_with(faded_first)
    assert action.response is not None


def test_a_click_that_only_revealed_text_and_was_not_retried_stays_in_the_plan():
    def revealed(steps, click):
        click["effects"] = {**click["effects"], "requests": [], "appeared": [], "disappeared": [],
                            "no_effect": False, "interactive_diff": []}

    assert len(_shop_with(revealed)) == 1


def _startup(text: str | None) -> dict:
    data = {"method": "POST", "url": "http://127.0.0.1:1/_dash-update-component", "resource_type": "fetch",
            "status": 200, "changed_page": True}
    return {"requests": [data, data], "ready_text": text, "answered_by": "POST /_dash-update-component" if text else None}


def test_the_text_the_apps_last_startup_answer_showed_is_waited_for_before_the_first_action_only():
    def loaded_after_it_opened(steps, click):
        click["startup"] = _startup("Planets shown")
        steps.append(copy.deepcopy(click) | {"startup": None})      # a second action on the same document

    first, second = _shop_with(loaded_after_it_opened)
    [wait] = [w for w in first.waits if w.kind == "text_visible"]
    assert wait.text == "Planets shown"
    assert wait.reason == "the app loaded its data after the page opened (2 requests, the last POST /_dash-update-component)"
    assert [w for w in second.waits if w.kind == "text_visible"] == []


@pytest.mark.parametrize("shown,shape", [("8 planets shown", r"\d+\s+planets?\s+shown"),
                                         ("Title 1-0 of 0 pages", r"Title\s+\d+\-\d+\s+of\s+\d+\s+pages?"),
                                         ("2 users", r"\d+\s+users?"), ("12AM", r"\d+AM"),
                                         ("2026-11-26", r"\d+\-\d+\-\d+")])
@pytest.mark.parametrize("whole", [True, False])
def test_a_startup_text_that_holds_a_number_is_waited_for_by_its_shape_not_its_numbers(shown, shape, whole):
    """A count, a number, a date or time (the data's state): another load may show other numbers, so
    the wait is the text's shape with its numbers as any number (proving on export drops it when even
    the shape does not hold on a fresh load). Playwright matches a pattern against the element's raw
    text, so its spaces are any whitespace, and the element's whole text may have whitespace around it."""
    [action] = _shop_with(lambda steps, click: click.update(startup=_startup(shown) | {"ready_text_exact": whole}))
    [wait] = [w for w in action.waits if w.kind == "text_visible"]
    assert wait.pattern == (rf"^\s*{shape}\s*$" if whole else shape)
    assert re.search(wait.pattern, f"\n    {shown.replace(' ', chr(10) + '  ')}\n  ")
    assert wait.reason.endswith("its numbers as any number")


@pytest.mark.parametrize("shown,other", [("0 Transfers", "1 Transfer"), ("1 Transfer", "3 Transfers"),
                                         ("Showing 1 result of 1", "Showing 2 results of 2"),
                                         ("1 of 3 done", "2 of 3 done")])
def test_a_counted_nouns_shape_holds_for_the_singular_and_the_plural(shown, other):
    """Transmission's footer says "0 Transfers" and, with one torrent, "1 Transfer": a count's noun is singular
    after 1 and plural after any other number, so the shape of "any number" holds for both (a word that counts
    nothing, "of", stays as it is)."""
    [action] = _shop_with(lambda steps, click: click.update(startup=_startup(shown) | {"ready_text_exact": True}))
    [wait] = [w for w in action.waits if w.kind == "text_visible"]
    assert re.search(wait.pattern, shown) and re.search(wait.pattern, other), wait.pattern
    assert "ofs?" not in wait.pattern


@pytest.mark.parametrize("shown,other", [("msg 1 created issue 1 created", "msg 12 created issue 7 created"),
                                         ("1 deleted", "3 deleted")])
def test_a_participle_after_a_count_is_no_counted_noun(shown, other):
    """Roundup says "msg 1 created issue 1 created": "created" after 1 is what was done, not a noun counted, and
    the shape wrote it "createds?"."""
    [action] = _shop_with(lambda steps, click: click.update(startup=_startup(shown) | {"ready_text_exact": True}))
    [wait] = [w for w in action.waits if w.kind == "text_visible"]
    assert re.search(wait.pattern, shown) and re.search(wait.pattern, other), wait.pattern
    assert "eds?" not in wait.pattern, wait.pattern


@pytest.mark.parametrize("shown", ["common.done", "nav.menu.open"])
def test_an_untranslated_i18n_key_is_not_waited_for(shown):
    """An i18n key is what the app shows until its translations arrive: never the sign it has loaded."""
    [action] = _shop_with(lambda steps, click: click.update(startup=_startup(shown)))
    assert [w for w in action.waits if w.kind == "text_visible"] == []


@pytest.mark.parametrize("shown", ["a minute ago", "Updated 15 seconds ago", "just now"])
def test_a_time_relative_to_now_is_not_waited_for(shown):
    """"15 seconds ago" is "1 minute ago" on the next load: no text, nor any shape of it, is a sign it loaded."""
    [action] = _shop_with(lambda steps, click: click.update(startup=_startup(shown)))
    assert [w for w in action.waits if w.kind == "text_visible"] == []


def test_a_startup_text_with_a_number_is_waited_for_when_the_agent_asserted_it():
    def asserted_later(steps, click):
        click["startup"] = _startup("2 users")
        steps.append({**copy.deepcopy(steps[-1]), "tool": "verify_text_visible", "args": {"text": "2 users"}})

    [action] = _shop_with(asserted_later)
    assert [w.text for w in action.waits if w.kind == "text_visible"] == ["2 users"]


def test_a_text_the_agent_checked_before_the_first_action_is_not_waited_for_again():
    def checked_first(steps, click):
        click["startup"] = _startup("Planets shown")
        check = {**copy.deepcopy(click), "tool": "verify_text_visible", "args": {"text": "Planets shown"},
                 "startup": None, "effects": None, "locators": None}
        steps.insert(steps.index(click), check)

    [action] = _shop_with(checked_first)
    assert [w for w in action.waits if w.kind == "text_visible"] == []


def _answers(*texts: tuple[str, str]) -> dict:
    """A startup of format 5: a text per answer that changed the page (text, path)."""
    requests = [{"method": "GET", "url": "http://127.0.0.1:1" + path, "resource_type": "fetch", "status": 200,
                 "changed_page": True} for _, path in texts]
    return {"requests": requests, "ready_texts": [{"text": text, "exact": True, "answered_by": "GET " + path}
                                                  for text, path in texts]}


def test_a_text_of_every_startup_answer_is_waited_for_each_saying_which_answer_drew_it():
    """Whatever order the answers come in, the test acts once each has drawn its part; an i18n key is
    still never waited for, and a text the agent checked first is not written twice."""
    def three_answers(steps, click):
        click["startup"] = _answers(("Ada Lovelace", "/api/members"), ("Owners can invite", "/api/roles"),
                                    ("common.done", "/api/labels"), ("Planets shown", "/api/planets"))
        check = {**copy.deepcopy(click), "tool": "verify_text_visible", "args": {"text": "Planets shown"},
                 "startup": None, "effects": None, "locators": None}
        steps.insert(steps.index(click), check)

    [action] = _shop_with(three_answers)
    waits = [w for w in action.waits if w.kind == "text_visible"]
    assert [(w.text, w.exact) for w in waits] == [("Ada Lovelace", True), ("Owners can invite", True)]
    assert [w.reason for w in waits] == [
        "the app loaded its data after the page opened (4 requests changed it); this text is what GET /api/members drew",
        "the app loaded its data after the page opened (4 requests changed it); this text is what GET /api/roles drew"]


def test_a_startup_text_the_agents_own_wait_already_finds_by_its_shape_is_not_written_twice():
    """Taipy: the agent waited for "Total tasks", which its element showed as "Total tasks: 1", so the test
    waits for that element's text by its shape (its numbers as any number); the startup answer drew that same
    text, and its wait was written again, the same line twice."""
    def counted(steps, click):
        click["startup"] = _answers(("Total tasks: 1", "/taipy-init"), ("Water plants", "/taipy-jsx/tasks"))
        check = {**copy.deepcopy(click), "tool": "browser_wait_for", "args": {"text": "Total tasks",
                                                                              "shown": "Total tasks: 1"},
                 "startup": None, "effects": None, "locators": None}
        steps.insert(steps.index(click), check)

    [action] = _shop_with(counted)
    assert [w.text for w in action.waits if w.kind == "text_visible"] == ["Water plants"]


def test_a_startup_that_showed_no_text_to_wait_for_adds_no_wait():
    [action] = _shop_with(lambda steps, click: click.update(startup=_startup(None)))
    assert [w for w in action.waits if w.kind == "text_visible"] == []


def test_a_websocket_whose_server_answered_its_opening_is_waited_for_in_both_languages():
    """NiceGUI takes events only once its socket is connected, and under a late server it took a click
    before the text typed ahead of it: the test waits until the page has heard what the recording heard."""
    def talks_over_a_socket(steps, click):
        click["startup"] = {"requests": [], "sockets": [
            {"url": "ws://127.0.0.1:1/_nicegui_ws/socket.io/?client_id=7&EIO=4&transport=websocket", "opening_messages": 2}]}
        steps.append(copy.deepcopy(click) | {"startup": None})

    first, second = _shop_with(talks_over_a_socket)
    [wait] = [w for w in first.waits if w.kind == "server_messages"]
    assert wait.count == 2 and wait.reason == ("the page talks to its server over a websocket (/_nicegui_ws/socket.io/), "
                                               "whose server sent 2 messages as it opened, before the first step "
                                               "(or fewer, then quiet for 2 s)")
    assert [w for w in second.waits if w.kind == "server_messages"] == []

    recording = read_recording(SHOP)
    steps = [s for s in _plain(recording) if s["tool"] in ("browser_navigate", "browser_click") and s["outcome"] == "done"
             and not (s.get("effects") or {}).get("no_effect")]
    steps[1]["startup"] = {"sockets": [{"url": "ws://h/live", "opening_messages": 1}]}
    plan = build_plan(_with_steps(recording, steps), "live")
    python = PythonPytest().test_file(plan)
    body = python.split("def test_live(page: Page) -> None:\n")[1].splitlines()
    assert body[:2] == ["    page.context.add_init_script(COUNT_SERVER_MESSAGES)", '    page.goto("/shop/")']
    assert '    page.wait_for_function("() => window.serverMessages >= 1", timeout=30_000)' in body
    assert 'COUNT_SERVER_MESSAGES = """(() => {' in python
    spec = TypeScript().test_file(plan)
    assert "await page.context().addInitScript(COUNT_SERVER_MESSAGES);\n  await page.goto(\"/shop/\");" in spec
    assert 'await page.waitForFunction(() => window.serverMessages >= 1, undefined, { timeout: 30_000 });' in spec


def test_the_checks_after_an_action_its_server_answered_over_a_websocket_wait_at_the_servers_pace():
    """Streamlit renders a page its sidebar link opens as the server reruns the script and streams the
    result over the socket, at the server's pace. The checks after such an action (not after the next
    plain one) get the startup's 30 s."""
    recording = read_recording(SHOP)
    steps = [s for s in _plain(recording) if s["outcome"] == "done" and not (s.get("effects") or {}).get("no_effect")]
    click = next(s for s in steps if s["tool"] == "browser_click")
    check = next(s for s in steps if s["tool"].startswith("verify_") and steps.index(s) > steps.index(click))
    click["effects"]["server_messages"] = 3
    plain_click = copy.deepcopy(click) | {"effects": {**click["effects"], "server_messages": 0}}
    steps = [*steps[:steps.index(check) + 1], plain_click, copy.deepcopy(check)]
    plan = build_plan(_with_steps(recording, steps), "live")
    paced, plain = [s.assertion for s in plan.statements if not isinstance(s, Action) and hasattr(s, "assertion")]
    assert (paced.timeout_ms, plain.timeout_ms) == (30_000, None)
    assert paced.timeout_reason == ("the server answered the click over its websocket (3 messages): what it changed "
                                    "comes at the server's pace")
    python, spec = PythonPytest().test_file(plan), TypeScript().test_file(plan)
    said = "the server answered the click over its websocket (3 messages): what it changed"
    assert python.count(said) == spec.count(said) == 1
    # and the next click waits for that answer first (tests/test_socket_answers.py)
    assert python.count("window.serverAnswers >= 3") == spec.count("window.serverAnswers >= 3") == 1
    assert ('    # the server\'s pace\n'
            '    expect(page.get_by_text("Added Pixel 8 to cart", exact=True)).to_be_visible(timeout=30_000)\n') in python
    assert python.endswith('    expect(page.get_by_text("Added Pixel 8 to cart", exact=True)).to_be_visible()\n')
    assert ('  // the server\'s pace\n'
            '  await expect(page.getByText("Added Pixel 8 to cart", { exact: true })).toBeVisible({\n'
            '    timeout: 30_000,\n  });\n') in spec


def test_the_checks_after_an_action_that_loaded_another_page_wait_as_long_as_a_load_said_once():
    """Trac answers its new-ticket form with a redirect to the ticket's page, whose scripts in its head hold
    its first render: under the chaos that took more than 5 s after the URL changed. Every check after such
    an action (not after the next one, which stayed on the page) gets the startup's 30 s; the test says why once."""
    recording = read_recording(SHOP)
    steps = [s for s in _plain(recording) if s["outcome"] == "done" and not (s.get("effects") or {}).get("no_effect")]
    click = next(s for s in steps if s["tool"] == "browser_click")
    check = next(s for s in steps if s["tool"].startswith("verify_") and steps.index(s) > steps.index(click))
    click["effects"] |= {"navigated": True, "url_after": click["effects"]["url_before"].rstrip("/") + "/cart/"}
    stayed = copy.deepcopy(click) | {"effects": {**click["effects"], "navigated": False,
                                                  "url_before": click["effects"]["url_after"]}}
    steps = [*steps[:steps.index(check) + 1], copy.deepcopy(check), stayed, copy.deepcopy(check)]
    plan = build_plan(_with_steps(recording, steps), "loaded")
    [url] = plan.statements[1].asserts
    first, second, after_stay = [s.assertion for s in plan.statements if not isinstance(s, Action)
                                 and hasattr(s, "assertion")]
    reason = "the click loaded another page: its first render is paced like its loading"
    assert (url.timeout_ms, url.timeout_reason) == (30_000, reason)
    assert (first.timeout_ms, second.timeout_ms, after_stay.timeout_ms) == (30_000, 30_000, None)
    python, spec = PythonPytest().test_file(plan), TypeScript().test_file(plan)
    assert python.count(reason) == spec.count(reason) == 1, python
    assert ('    # the click loaded another page: its first render is paced like its loading\n'
            '    expect(page).to_have_url(re.compile(r"/shop/cart/$"), timeout=30_000)\n') in python, python


def test_the_checks_after_the_tests_own_goto_wait_as_long_as_a_load_up_to_its_first_action():
    """Streamlit draws its first page over the websocket after the document loaded (the recording
    waited 509 ms for the welcome text); under the chaos that took more than 5 s. What the agent checked at
    once after that is of the same first render: Node-RED draws its palette in the chosen language after its
    flows, at once while recording and more than 5 s later on a busy machine (its check failed at load 19).
    Each check after the goto waits as long as a load may, the test saying why once a reason; a check after
    the first action there keeps the assertion's default."""
    recording = read_recording(SHOP)
    steps = [s for s in _plain(recording) if s["outcome"] == "done" and not (s.get("effects") or {}).get("no_effect")]
    click = next(s for s in steps if s["tool"] == "browser_click")
    check = next(s for s in steps if s["tool"].startswith("verify_"))
    drawn = {"type": "step", "tool": "browser_wait_for", "outcome": "done", "tab": click["tab"],
             "args": {"waited_ms": 509, "text": "Pixel 8", "state": "visible", "elements_showing": 1, "shown": "Pixel 8"}}
    at_once = copy.deepcopy(drawn) | {"args": {**drawn["args"], "waited_ms": 0}}
    steps = [steps[0], drawn, at_once, copy.deepcopy(check), click, copy.deepcopy(drawn), copy.deepcopy(check)]
    plan = build_plan(_with_steps(recording, steps), "drawn")
    waited, immediate, verified, after_click, verified_after = [
        s.assertion for s in plan.statements if not isinstance(s, Action) and hasattr(s, "assertion")]
    assert [a.timeout_ms for a in (waited, immediate, verified, after_click, verified_after)] == \
        [30_000, 30_000, 30_000, None, None]
    assert waited.timeout_reason == ("the page drew this 509 ms after it had loaded: its first render is paced "
                                     "like its loading")
    opened = "the test opened this page just before: its first render is paced like its loading"
    assert (immediate.timeout_reason, verified.timeout_reason) == (opened, "")
    python = PythonPytest().test_file(plan)
    assert '    expect(page.get_by_text("Pixel 8", exact=True)).to_be_visible(timeout=30_000)\n' in python
    assert python.count(opened) == TypeScript().test_file(plan).count(opened) == 1, python


def test_the_checks_after_a_dialog_whose_answer_loaded_another_page_wait_as_long_as_a_load():
    """DokuWiki's "Delete Selected" opens a confirm; accepting it sends the form, and the page that
    answers is loaded as the dialog's answer (the click itself moved nothing): "1 users deleted." is that
    page's first render, as after a click that loaded another page, and waits as long as a load may."""
    recording = read_recording(SHOP)
    steps = [s for s in _plain(recording) if s["outcome"] == "done" and not (s.get("effects") or {}).get("no_effect")]
    click = next(s for s in steps if s["tool"] == "browser_click")
    check = next(s for s in steps if s["tool"].startswith("verify_") and steps.index(s) > steps.index(click))
    click["effects"] |= {"navigated": False, "dialogs": ["confirm 'Really delete selected item(s)?'"]}
    url = click["effects"]["url_before"]
    answer = {"type": "step", "tool": "browser_dialog", "outcome": "done", "tab": click["tab"],
              "effects": {"navigated": True, "url_before": url, "url_after": url},
              "args": {"type": "confirm", "message": "Really delete selected item(s)?", "accepted": True}}
    steps = [*steps[:steps.index(click) + 1], answer, copy.deepcopy(check)]
    plan = build_plan(_with_steps(recording, steps), "deleted")
    [after] = [s.assertion for s in plan.statements if not isinstance(s, Action) and hasattr(s, "assertion")]
    reason = "the answer to the dialog loaded another page: its first render is paced like its loading"
    assert (after.timeout_ms, after.timeout_reason) == (30_000, reason)
    python = PythonPytest().test_file(plan)
    assert python.count(reason) == TypeScript().test_file(plan).count(reason) == 1, python
    assert 'page.once("dialog", lambda dialog: dialog.accept())' in python, python


LOGIN = Path(__file__).resolve().parent.parent / "examples" / "recordings" / "login.jsonl"


def test_a_focus_moved_as_a_fill_settled_is_not_waited_for_and_one_after_a_click_is():
    """The page moved the focus to Username: seen as the Password fill settled, it is a timer an earlier
    action started (in the test it may come first, and the fill takes the focus back: a wait would never
    pass); seen after the first Sign in had settled, as the second started, it is that click's, waited
    for before the second."""
    recording = read_recording(LOGIN)
    steps = _plain(recording)
    username = next(s for s in steps if s["tool"] == "browser_fill")["locators"]
    moved = {"field": 'textbox "Username"', "kind": "focus", "before": "", "after": "", "locator": username}
    password = [s for s in steps if s["tool"] == "browser_fill"][1]
    password["effects"]["values"] = [moved]
    plan = build_plan(_with_steps(recording, steps), "login")
    assert not [w for s in plan.statements if isinstance(s, Action) for w in s.waits if w.kind == "focused"]
    password["effects"]["values"] = []
    [s for s in steps if s["tool"] == "browser_click"][1]["values_before"] = [moved]
    plan = build_plan(_with_steps(recording, steps), "login")
    [click] = [s for s in plan.statements if isinstance(s, Action) and s.kind == "click"]
    [focused] = [w for w in click.waits if w.kind == "focused"]
    assert focused.reason.endswith("opened): the test acts once it has"), focused.reason   # a click types nothing


def test_a_check_of_a_toast_gone_when_the_agent_checked_it_comes_right_after_the_action_before_any_wait():
    """The agent waited for the cart's count, then checked the click's toast, which its timer had taken away
    by then (``transient``): the test checks the toast right after the click, before that wait (which may
    outlast a toast), among the visible elements; the same check made while the toast showed stays in place."""
    recording = read_recording(SHOP)
    steps = [s for s in _plain(recording) if s["outcome"] == "done" and not (s.get("effects") or {}).get("no_effect")]
    click = next(s for s in steps if s["tool"] == "browser_click")
    waited = {"type": "step", "tool": "browser_wait_for", "outcome": "done", "tab": click["tab"],
              "args": {"waited_ms": 4000, "text": "Cart (1)", "state": "visible", "elements_showing": 1,
                       "shown": "Cart (1)"}}
    toast = {"type": "step", "tool": "verify_text_visible", "outcome": "done", "tab": click["tab"],
             "args": {"text": "Added Pixel 8 to cart"}}
    steps = [*steps[:steps.index(click) + 1], waited, toast | {"args": {**toast["args"], "transient": True}}]
    python = PythonPytest().test_file(build_plan(_with_steps(recording, steps), "toast"))
    check = 'expect(page.get_by_text("Added Pixel 8 to cart").filter(visible=True)).to_be_visible()'
    assert python.index(".click()") < python.index(check) < python.index('get_by_text("Cart (1)"'), python
    steps[-1] = toast
    python = PythonPytest().test_file(build_plan(_with_steps(recording, steps), "toast"))
    assert python.index('get_by_text("Cart (1)"') < python.index('get_by_text("Added Pixel 8 to cart")'), python
