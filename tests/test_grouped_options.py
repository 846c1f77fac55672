"""A select's options in groups are one list (a database admin's collations: Adminer draws thirty-odd charsets'
optgroups in every column's row; ``fixtures/apps/aria/column-definitions.html``). The snapshot folds them as it
folds any long run: the first ten and the chosen one stay, in their groups, and one line says how many more, so
the form's buttons stay on the first page of the snapshot. Every option can still be chosen by its label."""

from __future__ import annotations

import pytest

from tests.snapshot_refs import refs
from verdex import actions

pytestmark = pytest.mark.anyio


def _options_under(text: str, combobox: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if combobox in line)
    depth = len(lines[start]) - len(lines[start].lstrip())
    under = []
    for line in lines[start + 1:]:
        if len(line) - len(line.lstrip()) <= depth:
            break
        under.append(line.strip())
    return under


async def test_a_selects_grouped_options_fold_as_one_list_and_the_chosen_one_stays(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/column-definitions.html")
    collation, = await refs(tab, r'- combobox "Collation"')
    text = (await tab.snapshot(max_bytes=None)).text
    under = _options_under(text, f"[ref={collation}]")
    assert len([line for line in under if line.startswith("- option")]) == 10, under
    assert under[-1] == '- … 171 more like option "ascii_nopad_bin"', under
    await actions.select(tab, collation, labels=["utf8mb4_unicode_ci"])
    text = (await tab.snapshot(max_bytes=None)).text
    under = _options_under(text, f"[ref={collation}]")
    assert '- option "utf8mb4_unicode_ci" [selected]' in under, under
    assert under[-1] == '- … 170 more like option "ascii_nopad_bin"', under
    assert 'button "Save"' in text
