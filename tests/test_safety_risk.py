"""Risk and confirmation on the destructive-controls fixture (fixtures/apps/danger): every control has
the risk it should, and not one danger control can be set off without the exact confirmation text —
refused, it leaves the page untouched; confirmed, it acts."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from verdex.fixtures.server import FixtureServer
from verdex import actions
from verdex.browser.session import Session
from verdex.browser.tab import Tab
from verdex.errors import ConfirmationRequired
from verdex.safety import Policy

pytestmark = pytest.mark.anyio

LINE = re.compile(r'- (?P<role>\w+)(?: (?P<name>"(?:[^"\\]|\\.)*"))? \[ref=(?P<ref>e\d+)\] \[testid=(?P<testid>[\w-]+)\]'
                  r'(?P<rest>.*)$')
HOST = "127.0.0.1"

# What each control of the fixture is, by its test id.
DANGER_BY_NAME = ["delete", "remove-item", "buy-now", "pay", "submit-payment", "merge", "refund", "transfer",
                  "unsubscribe", "cancel-subscription", "destroy", "publish", "kaufen", "supprimer", "icon-delete",
                  "icon-remove", "image-purchase", "link-delete", "link-by-url", "menu-delete"]
DANGER_BY_CONTEXT = ["confirm-delete-account", "dialog-yes", "dialog-ok", "dialog-sure", "checkout-continue",
                     "checkout-icon"]
DANGER_CHECKBOX = "wipe-files"
# stock-save: a formset's Save, its "Delete?" column a box a row, none checked (checked: below)
CAUTION = ["card-number", "otp", "save-card", "amount", "save-draft", "sign-out", "search-go", "stock-save"]
# member-save: a control with no role, which the snapshot marks with no risk (its preflight says caution)
# sort-remove, filter-remove, filters-clear: a table's view changed (its sorting, a filter), no data
SAFE = ["menu-rename", "details", "help", "search", "dialog-cancel", "member-save", "stock-sku", "stock-count",
        "sort-remove", "filter-remove", "filters-clear"]


@pytest.fixture(scope="module")
async def guarded() -> AsyncIterator[Session]:
    """A session that does not trust loopback, so the fixture on 127.0.0.1 is gated like a real site."""
    async with Session(policy=Policy(trust_loopback=False)) as s:
        yield s


async def _open(session: Session, apps: FixtureServer) -> tuple[Tab, dict[str, dict[str, Any]]]:
    tab = await session.tab()
    await tab.navigate(apps.url + "/danger/")
    return await _open_again(tab)


async def _open_again(tab: Tab) -> tuple[Tab, dict[str, dict[str, Any]]]:
    """The page's controls as a full snapshot shows them now."""
    controls = {}
    for line in (await tab.snapshot(mode="full", max_bytes=None)).text.splitlines():
        match = LINE.search(line)
        if match and match["role"] != "dialog":          # dialogs carry refs for the page identity, not to act on
            risk = re.search(r"\[(danger|caution)\]$", match["rest"])
            controls[match["testid"]] = {"ref": match["ref"], "role": match["role"],
                                         "name": json.loads(match["name"]) if match["name"] else "",
                                         "risk": risk.group(1) if risk else "safe"}
    return tab, controls


async def _effects(tab: Tab) -> list[str]:
    return await tab.page.locator("#effects li").all_text_contents()


async def test_every_control_has_the_expected_risk(guarded, apps):
    _, controls = await _open(guarded, apps)
    expected = {**{t: "danger" for t in [*DANGER_BY_NAME, *DANGER_BY_CONTEXT, DANGER_CHECKBOX, "stock-delete"]},
                **{t: "caution" for t in CAUTION}, **{t: "safe" for t in SAFE}}
    assert {t: c["risk"] for t, c in controls.items()} == expected


@pytest.mark.parametrize("testid", DANGER_BY_NAME + DANGER_BY_CONTEXT)
async def test_a_danger_click_needs_the_exact_confirmation_and_does_nothing_without_it(guarded, apps, testid):
    tab, controls = await _open(guarded, apps)
    control = controls[testid]
    url = tab.page.url
    with pytest.raises(ConfirmationRequired) as refused:
        await actions.click(tab, control["ref"])
    expected = f"{control['name'] or 'Payment'} on {HOST}"          # the nameless icon button: its form's heading
    assert refused.value.facts["confirm"] == expected
    assert json.dumps(expected) in str(refused.value)                # the text to echo is in the message too
    with pytest.raises(ConfirmationRequired):
        await actions.click(tab, control["ref"], confirm=expected.upper())
    assert await _effects(tab) == [] and tab.page.url == url

    done = await actions.click(tab, control["ref"], confirm=expected)
    assert await _effects(tab) == [f"clicked {testid}"]
    assert done.preflight.risk.level == "danger" and done.to_text().startswith(f"click {done.target} [ref=")
    assert "[danger]" in done.to_text().splitlines()[0]


async def test_a_forms_save_is_danger_once_a_box_its_delete_column_or_label_names_is_checked(guarded, apps):
    """The label of a formset row's "Delete" box and the "Delete?" header over that column say what the form
    does with the box checked; unchecked, its Save only saves (caution, above)."""
    tab, _ = await _open(guarded, apps)
    await tab.page.get_by_test_id("stock-delete").check()
    _, controls = await _open_again(tab)
    assert controls["stock-save"]["risk"] == "danger"
    assert controls["stock-sku"]["risk"] == "caution"        # a field of a form that deletes


async def test_checking_a_danger_checkbox_needs_confirmation(guarded, apps):
    tab, controls = await _open(guarded, apps)
    ref = controls[DANGER_CHECKBOX]["ref"]
    with pytest.raises(ConfirmationRequired) as refused:
        await actions.set_checked(tab, ref, True)
    assert not await tab.page.get_by_test_id(DANGER_CHECKBOX).is_checked()
    await actions.set_checked(tab, ref, True, confirm=refused.value.facts["confirm"])
    assert await _effects(tab) == [f"changed {DANGER_CHECKBOX}"]


async def test_pressing_enter_on_a_danger_button_needs_confirmation(guarded, apps):
    tab, controls = await _open(guarded, apps)
    with pytest.raises(ConfirmationRequired) as refused:
        await actions.press(tab, "Enter", controls["publish"]["ref"])
    assert refused.value.facts["confirm"] == f"Publish on {HOST}" and await _effects(tab) == []
    await actions.press(tab, "Enter", controls["publish"]["ref"], confirm=f"Publish on {HOST}")
    assert await _effects(tab) == ["pressed publish"]


async def test_fill_and_submit_in_a_danger_form_needs_confirmation_naming_what_it_submits(guarded, apps):
    tab, controls = await _open(guarded, apps)
    with pytest.raises(ConfirmationRequired) as refused:
        await actions.fill(tab, controls["card-number"]["ref"], "4242424242424242", submit=True)
    assert refused.value.facts["confirm"] == f"Continue on {HOST}"
    assert await tab.page.get_by_test_id("card-number").input_value() == ""     # refused before typing
    with pytest.raises(ConfirmationRequired) as refused:
        await actions.fill(tab, controls["amount"]["ref"], "500", submit=True)
    assert refused.value.facts["confirm"] == f"Transfer funds on {HOST}"     # a form without a button: its heading
    assert await _effects(tab) == []

    await actions.fill(tab, controls["amount"]["ref"], "500", submit=True, confirm=f"Transfer funds on {HOST}")
    assert await _effects(tab) == ["submitted transfer-form"]


async def test_enter_on_the_focused_field_of_a_danger_form_needs_confirmation(guarded, apps):
    tab, controls = await _open(guarded, apps)
    await actions.fill(tab, controls["amount"]["ref"], "500")        # filling alone is not gated: it commits nothing
    with pytest.raises(ConfirmationRequired) as refused:
        await actions.press(tab, "Enter")
    assert refused.value.facts["confirm"] == f"Transfer funds on {HOST}" and await _effects(tab) == []
    await actions.press(tab, "Enter", confirm=f"Transfer funds on {HOST}")
    assert await _effects(tab) == ["submitted transfer-form"]


async def test_caution_and_safe_controls_act_without_confirmation(guarded, apps):
    tab, controls = await _open(guarded, apps)
    for testid in ("dialog-cancel", "save-draft", "sign-out", "details", "help"):
        await actions.click(tab, controls[testid]["ref"])
    await actions.hover(tab, controls["delete"]["ref"])              # hovering sets nothing off
    assert await _effects(tab) == ["clicked dialog-cancel", "clicked save-draft", "clicked sign-out",
                                   "clicked details", "clicked help"]


async def test_a_control_with_no_role_in_a_danger_form_is_named_as_the_snapshot_names_it(guarded, apps):
    """Calibre-Web's user form is sent by a script-wired ``<div>Save</div>`` among words that say danger
    ("Allow Delete Books"): its risk named no subject (``null``), and the click failed on the page
    script's contract (BRIDGE_CONTRACT: risk.subject)."""
    tab, controls = await _open(guarded, apps)
    facts = await tab.preflight(controls["member-save"]["ref"])
    assert facts.risk.level == "caution" and facts.risk.subject == "Save", facts.risk
    await actions.click(tab, controls["member-save"]["ref"])
    assert await _effects(tab) == ["submitted member-form"]


async def test_loopback_is_trusted_by_default(session, apps):
    tab, controls = await _open(session, apps)
    await actions.click(tab, controls["delete"]["ref"])
    assert await _effects(tab) == ["clicked delete"]


async def test_a_trusted_host_pattern_needs_no_confirmation(apps):
    async with Session(policy=Policy(trust_loopback=False, trusted_hosts=("127.0.0.*",))) as s:
        tab, controls = await _open(s, apps)
        await actions.click(tab, controls["delete"]["ref"])
        assert await _effects(tab) == ["clicked delete"]
