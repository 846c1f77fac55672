"""Flows on the proof apps (tests/proof_apps.py) that more than one file of proving's tests records and exports
(tests/test_proof.py, tests/test_proof_kept_state.py)."""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, Outcome, recording_client
from tests.proof_apps import proof_apps


async def create_and_export(tmp_path: Path, page: str, field: str, value: str, button: str, said: str,
                            restarted: bool = False) -> Outcome:
    """Record typing ``value`` into ``field`` on ``page`` and ``button`` saving it (the page says ``said``),
    checked; the export proves it on the same app (``restarted``: its server restarted first)."""
    name = page.strip("/")
    with proof_apps() as (url, apps):
        async with recording_client(tmp_path / f"{name}.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + page)
            await agent.fill("textbox", field, value)
            await agent.click("button", button, expect_text=said)
            await agent.verify_text(said)
            if restarted:
                apps.reset()
            return await agent.call("export_test", target="python", path=str(tmp_path / f"test_{name}.py"), name=name)


async def click_and_export(tmp_path: Path, page: str, button: str, said: str) -> Outcome:
    """Record clicking ``button`` on ``page``, which says ``said``, checked; the export proves it on the same app."""
    name = page.strip("/")
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / f"{name}.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + page)
            await agent.click("button", button, expect_text=said)
            await agent.verify_text(said)
            return await agent.call("export_test", target="python", path=str(tmp_path / f"test_{name}.py"), name=name)


async def add_first_book(agent: Agent, url: str) -> None:
    await agent.navigate(url + "/shelf/")
    await agent.click("button", "Add a first book")
    await agent.fill("textbox", "Title", "Dune")
    await agent.click("button", "Save", expect_text="Added Dune")
    await agent.verify_text("Added Dune")
