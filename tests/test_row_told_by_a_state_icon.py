"""A table whose rows begin with a cell that is an icon alone, the row's state (qBittorrent's transfer list:
``<td><img alt="torrent-stop"></td>``, every paused torrent's). With one row in the table the icon's name was
no peer's, and the row was found by it: ``filter(has=get_by_role("cell", name="torrent-stop"))``, which the next
paused torrent matches too (here the table's: ``get_by_role("table").filter(has=…"torrent-stop"…)``). A cell with no text of its own does not tell its row apart (verdex/bridge/scopes.js
``identityChild``); the name's cell does. ``/frames/torrents.html``; without the fix the icon's cell is taken."""

from __future__ import annotations

import pytest

from tests.test_code_a_frame_loaded import add_a_magnet_link
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_row_is_told_apart_by_its_names_cell_not_by_its_state_icon(session, apps):
    await add_a_magnet_link(session, apps.url)
    snapshot = (await call(session, "browser_snapshot")).text
    clicked = await call(session, "browser_click", ref=ref_of(snapshot, 'row "torrent-stop sample-one '))
    via = next(line for line in clicked.text.splitlines() if line.startswith("via "))
    assert 'get_by_role("cell", name="sample-one", exact=True)' in via and "torrent-stop" not in via, via
