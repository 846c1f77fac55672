"""Flow 1 — shop: add "Pixel 8" to the cart and see the toast.

Under chaos the grid arrives late behind a loading scrim, the card order is shuffled, the buttons are
visible before their handlers are attached, and cards are re-rendered; the agent tells the twelve
identical "Add to Cart" buttons apart by the card heading above them.
"""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, AgentError, recording_client

NAME = "shop"
PRODUCT = "Pixel 8"


async def record(base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
    async with recording_client(recording_path) as client:
        agent = Agent(client, verbose=verbose)
        await agent.navigate(base_url + "/shop/")
        toast = f"Added {PRODUCT} to cart"
        added = await agent.click("button", "Add to Cart", after=("heading", PRODUCT), expect_text=toast)
        if toast not in agent.proposals(added):
            raise AgentError(f"the click did not propose the toast: {added.text}")
        await agent.verify_text(toast)
        return agent
