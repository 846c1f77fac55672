"""Flow 2 — login: sign in as demo. The password goes into a password field, so verdex records the
name of an environment variable (VERDEX_SECRET_PASSWORD) instead of the value, and the generated
test reads it from the environment."""

from __future__ import annotations

from pathlib import Path

from tests.flows.agent import Agent, recording_client

NAME = "login"
USER = "demo"
PASSWORD = "correct horse battery staple"       # the fixture app's demo password (docs/fixtures.md)
SECRET_ENV = {"VERDEX_SECRET_PASSWORD": PASSWORD}


async def record(base_url: str, recording_path: str | Path, *, verbose: bool = False) -> Agent:
    async with recording_client(recording_path) as client:
        agent = Agent(client, verbose=verbose)
        await agent.navigate(base_url + "/login/")
        await agent.fill("textbox", "Username", USER)
        await agent.fill("textbox", "Password", PASSWORD)
        await agent.click("button", "Sign in")
        await agent.verify_url("/login/welcome.html")
        await agent.verify_text(f"Welcome, {USER}")
        return agent
