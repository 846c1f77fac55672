"""A post edited as blocks (``/editor/blocks.html``, the shape of WordPress's block editor): each block is an
editing host whose role is ``document`` and whose label says what block it is. The snapshot gives each block
a ref and shows it as ``editable``, with its text as its value, and typing through that ref types into the
block by its role and label (where there was no ref to type into: a role other than a field's hid it)."""

from __future__ import annotations

import re

import pytest

from verdex import actions, assertions

pytestmark = pytest.mark.anyio


async def _ref(tab, line: str) -> str:
    snapshot = (await tab.snapshot()).text
    found = re.search(re.escape(line) + r" \[ref=(e\d+)\]", snapshot)
    assert found, snapshot
    return found.group(1)


async def test_a_block_whose_role_is_document_is_editable_by_its_ref(session, apps):
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/editor/blocks.html")
    await actions.fill(tab, await _ref(tab, 'textbox "Add title"'), "Walk")
    await actions.press(tab, "Enter")
    paragraph = await _ref(tab, 'editable "Empty block; start writing"')
    typed = await actions.type_text(tab, paragraph, "We counted the herons.")
    assert typed.locator.code == \
        'page.get_by_role("document", name="Empty block; start writing", exact=True)', typed.locator.code
    await actions.click(tab, await _ref(tab, 'button "Add heading"'))
    heading = await _ref(tab, 'editable "Block: Heading"')
    await actions.type_text(tab, heading, "Dawn")
    assert 'editable "Paragraph block" [ref=' + paragraph + ']: "We counted the herons."' in (await tab.snapshot()).text
    await actions.click(tab, await _ref(tab, 'button "Save"'))
    await assertions.text_visible(tab, "Saved h2: Walk | p: We counted the herons. | h3: Dawn")


async def test_typing_a_text_into_an_editor_that_works_on_every_key_has_time_for_each_key(session, apps):
    """Each key costs the page 300 ms (``?key_ms=300``, a heavy editor's re-render): 22 keys take 6.6 s, past one
    action's 5 s, which bounded the whole text (TIMEOUT with the text half typed). The bound grows with the keys."""
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/editor/blocks.html?key_ms=300")
    await actions.fill(tab, await _ref(tab, 'textbox "Add title"'), "Walk")
    await actions.press(tab, "Enter")
    await actions.type_text(tab, await _ref(tab, 'editable "Empty block; start writing"'), "We counted the herons.")
    await actions.click(tab, await _ref(tab, 'button "Save"'))
    await assertions.text_visible(tab, "Saved h2: Walk | p: We counted the herons.")
