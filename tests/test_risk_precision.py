"""Risk that does not cry wolf, measured on real UI labels (tests/data/risk_labels.tsv, quoted from
public apps' code and marked by hand; bench/risk_precision.py prints the same figures): [danger]
keeps its precision and its recall. And the context cases: a link within the page (a skip link) does
not take the page's own path for its destination; a form's Save button is not a deletion because the
form also holds a Delete button; a confirmation quotes the control's name, never URL fragments; a link
to another page is caution only for what such a link does (sign out), not for a page's topic ("/install/",
"Share"), while a link that stays on the page is a script's control and keeps every caution word."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import risk_precision  # noqa: E402  (bench/ is a folder of scripts, not a package)

pytestmark = pytest.mark.anyio

PRECISION_BAR = 0.95
RECALL_BAR = 0.95

DELETE_PAGE = """<!doctype html><title>Delete page</title><a href="#main">Skip to main content</a>
<main id="main"><h1>Delete page 4?</h1>
<a href="/admin/pages/4/delete">Delete</a> <a href="/admin/pages/4/edit">Edit</a>
<form method="post" action="/admin/pages/4/save"><label>Title <input name="title"></label>
<button type="submit">Save draft</button><button type="button">Delete page</button></form>
<div role="dialog" aria-label="Confirm"><p>This cannot be undone.</p>
<button>No, don't delete it</button><button>Yes, delete it</button></div></main>"""


async def _served(session, apps, path: str, body: str):
    """A tab on ``body`` served at ``path`` of the fixture apps' origin, and its full snapshot's text."""
    tab = await session.tab()
    url = apps.url + path
    await tab.page.route(url, lambda route: route.fulfill(body=body, content_type="text/html"))
    await tab.navigate(url)
    return tab, (await tab.snapshot(mode="full", max_bytes=None)).text


def _marks(text: str, roles: str) -> dict[str, str | None]:
    """Each named control of ``roles`` (a regex alternation) with its risk mark, None when safe."""
    return {m.group(2): m.group(3) for line in text.splitlines()
            for m in [re.match(rf'^\s*- ({roles}) "([^"]*)" \[ref=\w+\](?: \[url=[^\]]*\])?(?: \[(\w+)\])?', line)] if m}


async def test_danger_on_real_labels_holds_its_precision_and_recall(session):
    result = await risk_precision.score(session, risk_precision.labels())
    assert result.total >= 100 and len(result.true_positives) + len(result.misses) >= 10
    assert result.precision >= PRECISION_BAR, f"false alarms: {result.false_alarms}"
    assert result.recall >= RECALL_BAR, f"misses: {result.misses}"


async def test_skip_links_escapes_and_a_forms_save_are_not_danger_and_reasons_quote_names(session, apps):
    tab, text = await _served(session, apps, "/admin/pages/4/delete", DELETE_PAGE)
    risk = _marks(text, "link|button")
    assert risk["Skip to main content"] is None
    assert risk["No, don't delete it"] is None
    assert risk["Save draft"] == "caution"
    assert risk["Delete"] == "danger" and risk["Delete page"] == "danger" and risk["Yes, delete it"] == "danger"
    facts = await tab.preflight(re.search(r'link "Delete" \[ref=(\w+)\]', text).group(1))
    assert facts.risk.reason == 'its name says "Delete"'


DOCS_PAGE = """<!doctype html><title>Docs</title><nav>
<a href="/getting-started/install/">Installation</a> <a href="/guide/share/">Share</a>
<a href="/blog/archive/">Archive</a> <a href="/upload-limits/">Upload limits</a>
<a href="/accounts/logout/">Log out</a> <a href="#" id="save">Save</a> <a role="link" tabindex="0">Submit</a></nav>"""


async def test_a_link_to_another_page_is_caution_only_for_what_such_a_link_does(session, apps):
    _, text = await _served(session, apps, "/docs/", DOCS_PAGE)
    assert _marks(text, "link") == {"Installation": None, "Share": None, "Archive": None, "Upload limits": None,
                    "Log out": "caution", "Save": "caution", "Submit": "caution"}, text


VARIABLES_PAGE = """<!doctype html><title>Variables</title><table><tbody>
<tr onclick="void 0" tabindex="0"><td>deploy_region</td><td>eu-west</td></tr>
<tr onclick="void 0" tabindex="0"><td>purge_after_days</td><td>30</td></tr></tbody></table>
<button>Delete selected</button>"""


async def test_a_row_that_takes_clicks_shows_data_whose_words_are_no_action(session, apps):
    """A clickable row is named by the data it shows ("deploy_region", "purge_after_days"): no risk from
    those words; a button's name still says its action."""
    _, text = await _served(session, apps, "/variables/", VARIABLES_PAGE)
    rows = [line for line in text.splitlines() if line.lstrip().startswith("- row ")]
    assert len(rows) == 2 and not any("[caution]" in row or "[danger]" in row for row in rows), text
    assert re.search(r'button "Delete selected" \[ref=\w+\] \[danger\]', text), text


RENAME_DIALOG = """<!doctype html><title>Editor</title><dialog open aria-label="Rename file">
<label>File name <input value="untitled.txt"></label>
<label><input type="checkbox"> Do not ask for rename on first save.</label>
<button type="button">Cancel</button> <button type="button">Rename and Save</button></dialog>"""


async def test_a_dialogs_cancel_and_a_setting_named_with_an_action_word_are_no_caution(session, apps):
    """JupyterLab's Rename dialog: Cancel backs out, and the checkbox is a setting whose name holds
    "save"; Rename and Save is what the dialog does."""
    _, text = await _served(session, apps, "/editor/rename", RENAME_DIALOG)
    assert _marks(text, "button|checkbox") == {"Do not ask for rename on first save.": None, "Cancel": None,
                                               "Rename and Save": "caution"}
