"""Flow 6 — popup: in the help center, "Returns policy" opens its guide in a new tab; switch to it and
assert its URL and text. Under chaos the guide list arrives late and in a shuffled order."""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, AgentError, recording_client

NAME = "popup"
# Switching to the new tab needs select_role, which verdex lists only with the "roles" group.
CAPS = ("test", "more", "roles")


async def record(base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
    async with recording_client(recording_path, caps=CAPS) as client:
        agent = Agent(client, verbose=verbose)
        await agent.navigate(base_url + "/popup/")
        opened = await agent.click("link", "Returns policy")
        new_tabs = ((opened.data or {}).get("effects") or {}).get("new_tabs", [])
        if not new_tabs:
            raise AgentError(f"no new tab: {opened.text}")
        await agent.switch_to_tab(new_tabs[0])
        await agent.verify_url("/popup/guide.html?topic=returns")
        await agent.verify_text("Returns are free within 30 days.")
        return agent
