"""Flow 5 — iframe and shadow DOM: pay inside the "Payment form" iframe, then subscribe in the
newsletter widget that lives in an open shadow root; assert both statuses. Under chaos "Pay now" and
"Subscribe" are inert until their form / widget hydrates, and the widget is defined late."""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, recording_client

NAME = "frames"
CARD = "4242 4242 4242 4242"
EMAIL = "ada@example.com"
# A payment field: verdex records the name of an environment variable, never the number.
SECRET_ENV = {"VERDEX_SECRET_CARD_NUMBER": CARD}


async def record(base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
    async with recording_client(recording_path) as client:
        agent = Agent(client, verbose=verbose)
        await agent.navigate(base_url + "/frames/")
        await agent.fill("textbox", "Card number", CARD)
        await agent.click("button", "Pay now", expect_text="Paid")
        await agent.verify_text("Paid")                 # verdex finds it inside the iframe
        await agent.fill("textbox", "Email address", EMAIL)
        await agent.click("button", "Subscribe", expect_text="Subscribed")
        await agent.verify_text("Subscribed")
        return agent
