"""Flow 3 — consent: accept the cookie wall that covers the whole page, then open "Show more" in the
article behind it and assert what it revealed."""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, recording_client

NAME = "consent"
REVEALED = "Visitors can borrow tools, seeds and musical instruments alongside books."


async def record(base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
    async with recording_client(recording_path) as client:
        agent = Agent(client, verbose=verbose)
        await agent.navigate(base_url + "/consent/")
        # The snapshot's header names the wall as a blocker covering 100 % of the viewport: answer it first.
        await agent.click("button", "Accept all", expect_text="Preferences saved")
        await agent.verify_text("Preferences saved")
        await agent.click("button", "Show more")
        await agent.verify_text(REVEALED)
        return agent
