"""A snapshot taken while the page still waits for its own data says so: the requests unanswered, by
method and path, so that an agent does not take a half-drawn page for the page (an app's shell is drawn
before its data: the snapshot of a single-page app right after it opened held a banner and one button).
tests/proof_apps.py serves ``/board/``, whose server holds the members back until the test lets go."""

from __future__ import annotations

import pytest

from tests.proof_apps import proof_apps

pytestmark = pytest.mark.anyio


async def test_a_snapshot_says_which_of_the_pages_requests_are_still_unanswered(session):
    with proof_apps() as (url, apps):
        apps.answer_board_in(("members", "roles"), holding="members")
        tab = await session.tab()
        await tab.navigate(url + "/board/")
        held = await tab.snapshot()
        apps.let_go()
        await tab.page.get_by_text("Owners and admins can invite").wait_for()
        drawn = await tab.snapshot()
    assert held.requests_open == ["GET /api/board/members", "GET /api/board/roles"]
    assert ("still loading: 2 of the page's requests unanswered (GET /api/board/members, GET /api/board/roles); "
            "what they bring is not drawn yet: take a snapshot again") in held.to_text()
    assert drawn.requests_open == [] and "still loading" not in drawn.to_text()
