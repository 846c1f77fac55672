"""A component library's checkbox drawn without an input (Vuetify 2's ``v-simple-checkbox`` in a data table's
row: an icon and, over it, the ripple layer ``v-input--selection-controls__ripple``, both with the hand cursor).
The clickable is the ripple, and its only handle is its class, named as BEM names a block's parts
(``block__element``). A class whose part after ``__`` had five letters or more was taken for a hash a build
made, so doccano's row checkbox had no locator at all (``NO_LOCATOR``) and no label could be picked to delete.
A BEM element is a name (verdex/bridge/scopes.js ``GENERATED_CLASS``). ``/components/row-checkboxes.html``."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_checkbox_found_by_its_bem_element_class_is_clicked_in_its_row(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/components/row-checkboxes.html")
    snapshot = (await call(session, "browser_snapshot")).text
    row = snapshot.splitlines().index(next(line for line in snapshot.splitlines() if 'row "negative' in line))
    checkbox = ref_of("\n".join(snapshot.splitlines()[row:]), "clickable")
    picked = await call(session, "browser_click", ref=checkbox)
    via = next(line for line in picked.text.splitlines() if line.startswith("via "))
    assert '"negative"' in via and ".simple-checkbox__" in via and "nth(" not in via, via
    await call(session, "browser_click", ref=ref_of(snapshot, 'button "Delete"'))
    assert not (await call(session, "verify_text_visible", text="negative")).data["passed"]
    assert (await call(session, "verify_text_visible", text="positive")).data["passed"]
