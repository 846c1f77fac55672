"""A table whose rows begin with a cell that is an icon alone, the row's state (qBittorrent's transfer list:
``<td><img alt="torrent-stop"></td>``, every paused torrent's). With one row in the table the icon's name was
no peer's, and the row was found by it: ``filter(has=get_by_role("cell", name="torrent-stop"))``, which the next
paused torrent matches too (here the table's: ``get_by_role("table").filter(has=…"torrent-stop"…)``). A cell with no text of its own does not tell its row apart (verdex/bridge/scopes.js
``identityChild``); the name's cell does. ``/frames/torrents.html``; without the fix the icon's cell is taken."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_row_is_told_apart_by_its_names_cell_not_by_its_state_icon(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/frames/torrents.html")
    snapshot = (await call(session, "browser_snapshot")).text
    opened = await call(session, "browser_click", ref=ref_of(snapshot, 'button "Add link"'))
    await call(session, "browser_fill", ref=ref_of(opened.text, 'textbox "Links"'),
               value="magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567&dn=sample-one")
    await call(session, "browser_click", ref=ref_of(opened.text, 'button "Download"'))
    await call(session, "verify_text_visible", text="sample-one")
    snapshot = (await call(session, "browser_snapshot")).text
    clicked = await call(session, "browser_click", ref=ref_of(snapshot, 'row "torrent-stop sample-one '))
    via = next(line for line in clicked.text.splitlines() if line.startswith("via "))
    assert 'get_by_role("cell", name="sample-one", exact=True)' in via and "torrent-stop" not in via, via
