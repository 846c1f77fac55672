"""Heal reads what the generator writes: every locator shape the planner can produce (chains,
``filter(has_text=…)``, ``filter(has=…)``, a control by the image it holds (``locator("a.action", has=…)``), a
tree's item by its own child and its own part (``:scope > …``), frames, ``nth()`` with its comment, a popup's
page variable, shared chains held in variables), on every kind of action, inside every wrapper (a response by
glob or by method, by its headers or its whole body, a popup, a download, a file chooser, a dialog handler),
rendered by both renderers; the pytest file read back by ``verdex/heal/source.py`` gives each action its plan's
page and steps, and the spec holds the same actions in the same order. A heal that cannot act names the recorded
step."""

from __future__ import annotations

import re

import pytest

from verdex.errors import CannotHeal
from verdex.facts import LocatorStep
from verdex.generators import plan as test_plan
from verdex.generators.plan import Action, Goto, Locator, ResponseMatch, Secret, Step, Value, Wait
from verdex.generators.targets import renderer_for
from verdex.heal.diagnosis import Fix, _check
from verdex.heal.patch import apply
from verdex.heal.source import read_test
from verdex.recording_format import STEP


def role(name_of_role: str, name: str | None = None) -> Step:
    return Step(method="get_by_role", args=[name_of_role], kwargs={"name": name, "exact": True} if name else {})


EMMA_ARTICLE = [role("article"), Step(method="filter", has=[role("heading", "Emma")])]
PAYMENT_FRAME = [Step(method="frame_locator", args=['iframe[title="Payment form"]'])]
SHAPES = {
    "role and name": [role("button", "Buy")],
    "test id, has_text, role": [Step(method="get_by_test_id", args=["product-card"]),
                                Step(method="filter", kwargs={"has_text": "Pixel 8"}), role("button", "Add to Cart")],
    "role, has, role": [*EMMA_ARTICLE, role("button", "Buy")],
    "a has that holds a has": [role("row"), Step(method="filter", has=[
        role("cell"), Step(method="filter", has=[role("link", "Dune")])]), role("button", "Delete")],
    "frame": [*PAYMENT_FRAME, Step(method="get_by_label", args=["Card number"], kwargs={"exact": True})],
    "frame, container": [*PAYMENT_FRAME, role("group"), Step(method="filter", kwargs={"has_text": "Card"}),
                         role("button", "Pay")],
    "frame, container with has": [*PAYMENT_FRAME, *EMMA_ARTICLE, role("button", "Pay")],
    "class and text": [Step(method="locator", args=["div.q-card"]), Step(method="filter", kwargs={"has_text": "Walk"}),
                       role("button")],
    "control holding a named image": [role("listitem"), Step(method="filter", kwargs={"has_text": "api-gateway"}),
                                      Step(method="locator", args=["a.action"], has=[role("img", 'Copy "C:\\logs\\"')])],
    "an item by its own child, its own part": [
        role("listitem"),
        Step(method="filter", has=[Step(method="locator", args=[":scope > a.jstree-anchor"]),
                                   Step(method="get_by_text", args=["Blog"], kwargs={"exact": True})]),
        Step(method="locator", args=[":scope > div"]), role("link", "Edit")],
    "label": [Step(method="get_by_label", args=["Email"], kwargs={"exact": True})],
    "placeholder": [Step(method="get_by_placeholder", args=["Search…"])],
    "text": [Step(method="get_by_text", args=['Say "hi"'], kwargs={"exact": True})],
    "alt text": [Step(method="get_by_alt_text", args=["Logo"])],
    "title": [Step(method="get_by_title", args=["Close"])],
    "position": [role("checkbox"), Step(method="nth", args=[1])],
    "position in a container": [role("group", "Filter"), Step(method="locator", args=['select[name$="][op]"]']),
                                Step(method="nth", args=[0])],
    "not inert": [role("button", "Settings"),
                  Step(method="and_", has=[Step(method="locator", args=[":not([inert], [inert] *)"])])],
    "frame, not inert": [*PAYMENT_FRAME, role("button", "Pay"),
                         Step(method="and_", has=[*PAYMENT_FRAME,
                                                  Step(method="locator", args=[":not([inert], [inert] *)"])])],
    "inside the modal": [role("button", "Save"), Step(method="and_", has=[Step(method="locator", args=["dialog:modal *"])])],
    "words beside a count": [Step(method="get_by_role", args=["button"], kwargs={"name": r"^Filter\b"}, regex=["name"])],
    "words in a container": [role("toolbar", "Grid"),
                             Step(method="get_by_role", args=["tab"], kwargs={"name": r"\bOpen \(new\)$"}, regex=["name"])],
}
RESPONSE = ResponseMatch(method="POST", url_glob="**/api/cart/add", path_pattern=r"/api/cart/add$", reason="answered")
BY_METHOD = RESPONSE.model_copy(update={"method_matters": True})
WHOLE = RESPONSE.model_copy(update={"whole_body": True})


def locator(steps: list[Step]) -> Locator:
    return Locator(steps=steps, positional=any(step.method == "nth" for step in steps))


def actions() -> list[Action]:
    """Each shape on a click, then each kind of action and wrapper, some on shared chains."""
    clicks = [Action(page="page", kind="click", locator=locator(steps), step=n) for n, steps in enumerate(SHAPES.values(), 2)]
    n = len(clicks) + 1
    article = EMMA_ARTICLE
    more = [
        Action(page="page", kind="click", locator=locator([*article, role("button", "Buy")]), response=RESPONSE,
               waits=[Wait(kind="visible", locator=locator([*article, role("heading", "Emma")]), reason="drawn")]),
        Action(page="page", kind="click", locator=locator([*article, role("link", "Details")]),
               response=BY_METHOD.model_copy(update={"whole_body": True})),
        Action(page="page", kind="click", locator=locator([role("link", "Guide")]), popup="page1", response=WHOLE),
        Action(page="page1", kind="click", locator=locator([*article, role("button", "Close")]), closes=True),
        Action(page="page", kind="click", locator=locator([role("link", "Invoice")]), download=True),
        Action(page="page", kind="click", locator=locator([role("button", "Delete")]), dialog="accept"),
        Action(page="page", kind="click", locator=locator([role("button", "Rename")]), dialog="accept", prompt_text="x"),
        Action(page="page", kind="click", locator=locator([role("button", "Leave")]), dialog="dismiss",
               response=WHOLE),
        Action(page="page", kind="upload", locator=locator([role("button", "Choose")]), files=["a.txt"],
               file_chooser=True),
        Action(page="page", kind="upload", locator=locator([Step(method="get_by_label", args=["Photo"])]),
               files=["a.png"]),
        Action(page="page", kind="drag", locator=locator([*article, role("img")]),
               to=locator([role("region", "Done")])),
        Action(page="page", kind="fill", locator=locator([*PAYMENT_FRAME, role("textbox", "Name")]),
               value=Value(text="Ada"), submit=True),
        Action(page="page", kind="fill", locator=locator([role("textbox", "Password")]),
               value=Value(secret=Secret(env="PASSWORD"))),
        Action(page="page", kind="type", locator=locator([role("searchbox")]), value=Value(text="tea")),
        Action(page="page", kind="select", locator=locator([role("combobox", "Size")]), options=["L"]),
        Action(page="page", kind="check", locator=locator([role("checkbox", "Gift")])),
        Action(page="page", kind="uncheck", locator=locator([role("checkbox", "Gift")])),
        Action(page="page", kind="hover", locator=locator([role("menuitem", "File")])),
        Action(page="page", kind="dblclick", locator=locator([role("cell", "Emma")])),
        Action(page="page", kind="click", locator=locator([role("row", "Emma")]), button="right"),
        Action(page="page", kind="press", locator=locator([role("textbox", "Name")]), key="Tab"),
        Action(page="page", kind="press", key="Escape"),
    ]
    return clicks + [action.model_copy(update={"step": number}) for number, action in enumerate(more, n)]


PLAN = test_plan.TestPlan(name="shapes", base_url="http://127.0.0.1:8000",
                          statements=[Goto(page="page", url="/"), *actions()])
TS_ACTION = re.compile(r"\.(click|dblclick|fill|pressSequentially|selectOption|check|uncheck|hover|press|"
                       r"setInputFiles|dragTo)\(")
TS_METHOD = {"type": "pressSequentially", "select": "selectOption", "upload": "setInputFiles", "drag": "dragTo"}


def steps_of(locator_: Locator) -> list[LocatorStep]:
    return [LocatorStep.model_validate(step.model_dump()) for step in locator_.steps]


@pytest.fixture(scope="module")
def python_source() -> str:
    return renderer_for("python").test_file(PLAN)


def test_every_shape_in_every_wrapper_reads_back_as_its_plan_said(python_source: str) -> None:
    plan_actions = [s for s in PLAN.statements if isinstance(s, Action)]
    assert " = page.get_by_role(\"article\").filter(" in python_source      # shared chains, in variables
    for wrapper in ("expect_response(\"**/", "expect_response(response_to(", "expect_popup() as page1_info",
                    'page1.expect_event("close")', "expect_download()", "expect_file_chooser()", 'once("dialog"', ".nth(", "# noqa: VDX001"):
        assert wrapper in python_source, wrapper
    assert r'get_by_role("button", name=re.compile(r"^Filter\b"))' in python_source      # a count's words, anchored
    assert "\nimport re\n" in python_source
    read = read_test(python_source, None)
    assert len(read.actions) == len(plan_actions)
    for site, action in zip(read.actions, plan_actions):
        if action.locator is None:
            assert site.chain is None and site.unread is None and site.method == "press"
            continue
        assert site.unread is None, site.unread
        assert (site.chain.page, site.chain.steps) == (action.page, steps_of(action.locator)), action.step
    waited = read.actions[len(SHAPES)].waits
    assert [(w.chain.steps, w.matcher) for w in waited] == [
        (steps_of(Locator(steps=[*EMMA_ARTICLE, role("heading", "Emma")])), "to_be_visible")]


TOKEN, HEALS_TOKEN = "3fa2c1d9", "77aa00ee"
RUNS_OWN = {      # a value of each run's own in every place a locator holds a text (verdex/unique.py)
    "name": [role("link", f"Shop {TOKEN}")],
    "has_text and a name beside it": [role("listitem"), Step(method="filter", kwargs={"has_text": f"{TOKEN} {{x}}"}),
                                      role("button", f"Delete {TOKEN}")],
    "has with the token": [role("row"), Step(method="filter", has=[role("cell", f"prints-{TOKEN}")]),
                           role("button", "Move")],
    "text of the token alone": [Step(method="get_by_text", args=[TOKEN], kwargs={"exact": True})],
    "a pattern with the token": [Step(method="get_by_role", args=["link"], kwargs={"name": f"^Garden {TOKEN}\\b"},
                                      regex=["name"])],
}


def test_a_value_of_each_runs_own_reads_back_with_the_token_heal_types() -> None:
    """The generator writes ``f"Shop {unique}"``; heal's replay types a token of its own, and reads the test's
    literals with it: the same steps as the plan's, the token swapped."""
    plan = test_plan.TestPlan(name="runs_own", base_url="http://127.0.0.1:8000", unique=TOKEN, statements=[
        Goto(page="page", url="/"),
        *(Action(page="page", kind="click", locator=locator(steps), step=n) for n, steps in enumerate(RUNS_OWN.values(), 2)),
        Action(page="page", kind="fill", locator=locator([role("textbox", "Name")]), value=Value(text=f"Ada {TOKEN}"),
               step=len(RUNS_OWN) + 2)])
    source = renderer_for("python").test_file(plan)
    assert 'get_by_role("link", name=f"Shop {unique}", exact=True)' in source and 'f"{unique} {{x}}"' in source
    read = read_test(source, None, HEALS_TOKEN)
    expected = [[LocatorStep.model_validate_json(s.model_dump_json().replace(TOKEN, HEALS_TOKEN)) for s in steps]
                for steps in RUNS_OWN.values()]
    assert [site.unread for site in read.actions] == [None] * (len(RUNS_OWN) + 1)
    assert [site.chain.steps for site in read.actions[:-1]] == expected
    unread = read_test(source, None)            # no token to read them by: unread, named, never a crash
    assert unread.actions[0].unread == 'page.get_by_role("link", name=f"Shop {unique}", exact=True)'
    assert unread.actions[-1].unread is None     # the typed value is not part of a locator


def test_a_fix_of_a_fills_locator_is_written_on_each_line_that_acts_on_its_field() -> None:
    """A fill into a field the page writes into as it takes the focus is ``focus()`` then ``fill()``; a fill that
    submits is ``fill()`` then ``press("Enter")``: one recorded step each, whose locator heal replaces on every
    line (the focus() kept the old one, and the healed test timed out on it)."""
    name, login = [role("textbox", "Name")], [role("textbox", "Login Name")]
    plan = test_plan.TestPlan(name="fills", base_url="http://127.0.0.1:8000", statements=[
        Goto(page="page", url="/"),
        Action(page="page", kind="fill", locator=locator(login), value=Value(text="ada"), focus_first=True, step=2),
        Action(page="page", kind="fill", locator=locator(name), value=Value(text="Ada"), submit=True, step=3)])
    source = renderer_for("python").test_file(plan)
    assert source.count('get_by_role("textbox", name="Login Name", exact=True)') == 2, source   # focus(), fill()
    read = read_test(source, None)
    assert [site.method for site in read.actions] == ["fill", "fill"]
    for index, (old, new) in enumerate([("Login Name", "Username"), ("Name", "Full name")]):
        fix = Fix(action=index, step=index + 2, kind="locator", steps=steps_of(locator([role("textbox", new)])),
                  positional=False, reason="renamed")
        healed = apply(source, read, fix)
        assert f'name="{old}", exact=True' not in healed, healed
        assert healed.count(f'get_by_role("textbox", name="{new}", exact=True)') == 2, healed


def test_the_spec_holds_the_same_actions_in_the_same_order() -> None:
    spec = renderer_for("typescript").test_file(PLAN)
    plan_actions = [s for s in PLAN.statements if isinstance(s, Action)]
    expected = []
    for action in plan_actions:
        expected.append("click" if action.kind == "upload" and action.file_chooser else TS_METHOD.get(action.kind, action.kind))
        expected += ["press"] if action.submit else []       # fill, then Enter on the same field
    assert [m.group(1) for m in TS_ACTION.finditer(spec)] == expected
    assert "has: page.getByRole(\"heading\", { name: \"Emma\", exact: true })" in spec
    assert 'getByRole("button", { name: new RegExp("^Filter\\\\b") })' in spec
    assert 'frameLocator(\'iframe[title="Payment form"]\')' in spec or "frameLocator(\"iframe[title=" in spec


def test_an_action_whose_locator_heal_cannot_read_is_still_an_action_and_says_which() -> None:
    source = ("import re\n\ndef test_x(page):\n    page.get_by_role('button', name='A').click()\n"
              "    with page.expect_response('**/x'):\n"
              "        page.get_by_text(re.compile('B.*')).click()\n    page.keyboard.press('Tab')\n")
    read = read_test(source, None)
    assert [(a.chain is not None, a.unread) for a in read.actions] == [
        (True, None), (False, "page.get_by_text(re.compile('B.*'))"), (False, None)]


@pytest.mark.anyio
async def test_heal_names_the_recorded_step_of_an_action_it_cannot_read() -> None:
    source = ("import re\n\ndef test_x(page):\n    with page.expect_response('**/x'):\n"
              "        page.get_by_text(re.compile('Buy.*')).click()\n")
    site = read_test(source, None).actions[0]
    chosen = {"kind": "role", "steps": [{"method": "get_by_role", "args": ["button"]}], "score": 100, "matches": 1,
              "is_target": True}
    record = STEP.validate_python({"index": 2, "tool": "browser_click", "tab": "t1",
                                   "target": {"role": "button", "name": "Buy", "tag": "button",
                                              "container": {"tag": "main", "ref": "e1"}},
                                   "locators": {"chosen": chosen, "candidates": [chosen], "code": "page.get_by_role(…)"}})
    with pytest.raises(CannotHeal, match=r"step 2 \(browser_click on button \"Buy\"\): heal cannot read the "
                                         r"test's locator, page.get_by_text\(re.compile\('Buy.\*'\)\)"):
        await _check(None, site, 0, record, 2, failing=True)
    keyboard = read_test("def test_x(page):\n    page.keyboard.press('Tab')\n", None).actions[0]
    with pytest.raises(CannotHeal, match=r"step 2 \(browser_click on button \"Buy\"\) is press\(\) on the focused "
                                         r"element \(page.keyboard\) in the test: it no longer follows"):
        await _check(None, keyboard, 0, record, 2, failing=True)
