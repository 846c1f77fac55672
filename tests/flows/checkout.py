"""Flow 4 — checkout: add a product, open the cart through the header's cart link (client-side
pushState), Checkout, fill the form, Place order, confirm in the "Confirm order" dialog, and see
"Order placed"."""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, recording_client

NAME = "checkout"
PRODUCT = "Pixel 8"


async def record(base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
    async with recording_client(recording_path) as client:
        agent = Agent(client, verbose=verbose)
        await agent.navigate(base_url + "/shop/")
        await buy(agent)
        return agent


async def buy(agent: Agent) -> None:
    """On the shop with an empty cart: add the product, check out and confirm the order."""
    await agent.click("button", "Add to Cart", after=("heading", PRODUCT), expect_text=f"Added {PRODUCT} to cart")
    await agent.click("link", "Cart (1)")
    await agent.verify_url("/shop/cart")
    await agent.click("link", "Checkout")
    await agent.fill("textbox", "Full name", "Ada Lovelace")
    await agent.fill("textbox", "Address", "12 Analytical Row, London")
    await agent.click("button", "Place order")
    await agent.click("button", "Yes, place order", after=("dialog", "Confirm order"), expect_text="Order placed")
    await agent.verify_text("Order placed")
