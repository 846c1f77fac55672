"""A control whose twin is inert (a menu drawn twice by one component: in the bar, and in a closed off-canvas
drawer made inert, no aria-hidden; ``fixtures/apps/aria/inert-drawer.html``). Measured in this Chromium:
Playwright's ``get_by_role`` and ``get_by_text`` count the inert copy (an ``aria-hidden`` one ``get_by_role``
does not), and so does the bridge; no container tells the two apart (the same nav, the same words). The one a
user can reach is found as the one outside every inert subtree, never by its position, and the tests written
from it pass in pytest and in ``npx playwright test``. A twin that an open modal ``<dialog>`` blocks
(``showModal()``: what is outside it is inert with no attribute; ``fixtures/apps/aria/modal-twin.html``) is
counted by Playwright and left out by Chromium's accessibility tree: the snapshot leaves it out too, and the
one a user can reach is found as the one inside the modal."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.flows import runner
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
OUTSIDE_INERT = '.and_(page.locator(":not([inert], [inert] *)"))'
INSIDE_MODAL = '.and_(page.locator("dialog:modal *"))'


def _spaceless(code: str) -> str:
    return "".join(code.split())          # the formatter wraps a long chain


def _exported_and_run(recording, tmp_path, name: str, reachable: str) -> None:
    """The recording exported to both targets, each holding the ``reachable`` step and no position, and run."""
    python = runner.export_python(recording, tmp_path, name)
    source = python.read_text(encoding="utf-8")
    assert _spaceless(reachable) in _spaceless(source) and ".nth(" not in source, source
    done = runner.run_pytest(python, None)
    assert done.passed, f"{source}\n{done.tail()}"
    if shutil.which("npx") is None:
        pytest.skip("Node.js is not installed")
    with runner.exported_spec(recording, name) as spec:
        typescript = spec.read_text(encoding="utf-8")
        assert _spaceless(reachable.replace(".and_(", ".and(")) in _spaceless(typescript), typescript
        done = runner.run_typescript(spec.parent)
        assert done.passed, f"{typescript}\n{done.tail()}"


async def test_playwright_counts_an_inert_twin_and_not_an_aria_hidden_one(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/inert-drawer.html")
    settings = tab.page.get_by_role("button", name="Settings", exact=True)
    assert await settings.count() == 2 and await tab.page.get_by_text("Settings", exact=True).count() == 2
    await tab.page.evaluate("document.querySelector('.drawer').setAttribute('aria-hidden', 'true')")
    assert await settings.count() == 1


async def test_a_control_beside_its_inert_twin_is_found_outside_what_is_inert(session, apps, tmp_path):
    recording = tmp_path / "inert.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/inert-drawer.html")
    snapshot = (await tab.snapshot()).text
    settings = next(re.search(r"\[ref=(e\d+)\]", row).group(1) for row in snapshot.splitlines()
                    if 'button "Settings"' in row)
    result = await actions.click(tab, settings)
    assert OUTSIDE_INERT in result.locator.code and ".nth(" not in result.locator.code, result.to_text()
    assert (await assertions.text_visible(tab, "Settings open")).passed
    session.record(None)
    _exported_and_run(recording, tmp_path, "inert", OUTSIDE_INERT)


async def _refs(tab, line: str) -> list[str]:
    return [re.search(r"\[ref=(e\d+)\]", row).group(1) for row in (await tab.snapshot()).text.splitlines()
            if line in row]


async def test_playwright_counts_a_twin_a_modal_dialog_blocks_and_chromiums_tree_does_not(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/modal-twin.html")
    save = tab.page.get_by_role("button", name="Save", exact=True)
    assert await save.count() == 1 and len(await _refs(tab, 'button "Save"')) == 1     # the dock's, shown
    await tab.page.get_by_role("button", name="Edit").click()
    assert await save.count() == 2 and await tab.page.get_by_text("Save", exact=True).count() == 2
    cdp = await tab.page.context.new_cdp_session(tab.page)
    tree = (await cdp.send("Accessibility.getFullAXTree"))["nodes"]
    buttons = [node for node in tree if node.get("role", {}).get("value") == "button" and not node.get("ignored")]
    assert [node.get("name", {}).get("value") for node in buttons] == ["Save"]            # the modal's alone
    assert len(await _refs(tab, 'button "Save"')) == 1 and not await _refs(tab, 'button "Edit"')


async def test_a_control_beside_a_twin_its_modal_dialog_blocks_is_found_inside_the_modal(session, apps, tmp_path):
    recording = tmp_path / "modal.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/modal-twin.html")
    await actions.click(tab, (await _refs(tab, 'button "Edit"'))[0])
    [save] = await _refs(tab, 'button "Save"')
    result = await actions.click(tab, save)
    assert INSIDE_MODAL in result.locator.code and ".nth(" not in result.locator.code, result.to_text()
    assert (await assertions.text_visible(tab, "Saved from the editor")).passed
    session.record(None)
    _exported_and_run(recording, tmp_path, "modal", INSIDE_MODAL)
