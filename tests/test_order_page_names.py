"""A page the app makes for what the flow bought, its URL holding the server's names mid-path. pretix's checkout
posts the order, its answer says where the order's page is, and the page goes there at once
(``/order/LEFTS/sqg63vuxrd3irjsx/?thanks=yes``: the order's code and its secret, new each order); the answer went
with the page, so no name of it was read, and the URL check after "Place binding order" held for the recording
only. Proving loosened it to the path alone, then to its last segment as any name — neither holds for another
order's code — and dropped it: the test no longer said that the order's page was reached. The segments a fresh run
saw otherwise, each a name of the same shape as the recording's, are names the server gave that run: proving
writes them as any name and keeps the check (generators/revisions.py). Real Chromium, proved on export
(tests/generation_apps.py ``/checkout/``); ``tests/test_revisions.py`` has the revision as data."""

from __future__ import annotations

import re

import pytest

from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.proof import prove_export

pytestmark = pytest.mark.anyio


async def test_an_order_page_whose_url_holds_the_servers_names_is_still_checked_with_them_as_any_name(tmp_path):
    recording = tmp_path / "checkout.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/checkout/")
            await agent.click("button", "Place order")
            await agent.verify_text("Thank you!")
        path = tmp_path / "test_checkout.py"
        _written, proof = prove_export(recording, target="python", path=path, name="checkout", runs=2)
        source = path.read_text(encoding="utf-8")
    assert proof.verdict == "proved", f"{proof.reason}\n{source}"
    assert "the URL is not asserted" not in source, source
    assert re.search(r'to_have_url\(\s*re\.compile\(r"/checkout/order/\[\^/\]\+/\[\^/\]\+/', source), source
    assert "as any name (another run's differ there" in source, source


async def test_the_agents_own_check_of_that_url_is_unproven_with_the_names_to_assert_as_any_name(tmp_path):
    """The agent checked the order page's URL as it was (the code and the secret of the recording's order): its
    check is never loosened, so the export is UNPROVEN — for the names another run's order has there, which
    the answer says how to assert; not for a state the recording left (the page a run reaches shows what the
    agent checks next, naturally)."""
    recording = tmp_path / "checkout.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/checkout/")
            placed = await agent.click("button", "Place order")
            await agent.verify_url(placed.data["effects"]["url_after"])
            await agent.verify_text("Thank you!")
        path = tmp_path / "test_checkout.py"
        _written, proof = prove_export(recording, target="python", path=path, name="checkout", runs=2)
    assert proof.verdict == "unproven", proof.reason
    assert "kept state" not in proof.reason and "proving never loosens the agent's assertions" in proof.reason, proof.reason
    assert "assert them as any name, a /regex/: //checkout/order/[^/]+/[^/]+/(?:[?#].*)?$/" in proof.reason, proof.reason
