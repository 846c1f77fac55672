"""Flow 6 — popup: "Open in new tab" on the links page opens the landing page in a new tab; switch to
it and assert its heading and URL."""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, AgentError, recording_client

NAME = "popup"
# Switching to the new tab needs select_role, which verdex lists only with the "roles" group.
CAPS = ("test", "more", "roles")


async def record(base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
    async with recording_client(recording_path, caps=CAPS) as client:
        agent = Agent(client, verbose=verbose)
        await agent.navigate(base_url + "/races/link.html")
        opened = await agent.click("link", "Open in new tab")
        new_tabs = ((opened.data or {}).get("effects") or {}).get("new_tabs", [])
        if not new_tabs:
            raise AgentError(f"no new tab: {opened.text}")
        await agent.switch_to_tab(new_tabs[0])
        await agent.verify_url("/races/landing.html")
        await agent.verify_text("Landing")
        await agent.verify_element("status", "", "visible")
        await agent.verify_text("Arrived. Query: (none)")
        return agent
