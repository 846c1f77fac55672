"""Redaction: a value typed into a password, payment or one-time-code field never comes back out of
verdex — not in a snapshot, a tool result, an error, the recording, the audit log, or the server's
stderr and logging. One real stdio server session, every output channel searched for the secrets."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from verdex.fixtures.server import FixtureServer

pytestmark = pytest.mark.anyio

REPO = Path(__file__).resolve().parent.parent
SECRETS = {"password": "hunter2-Zq9v", "card": "4111222233334444", "otp": "864213"}


def _ref(snapshot: str, testid: str) -> str:
    return re.search(rf"\[ref=(e\d+)\] \[testid={testid}\]", snapshot).group(1)


async def test_typed_secrets_appear_in_no_output_channel(apps: FixtureServer, tmp_path: Path):
    recording, audit, stderr = tmp_path / "rec.jsonl", tmp_path / "audit.jsonl", tmp_path / "stderr.txt"
    command = (f"exec {sys.executable} -m verdex serve --caps more,read --no-trust-loopback "
               f"--record {recording} --audit {audit} 2>{stderr}")
    seen: list[str] = []                       # every text and structured result the agent received

    async def call(client: Client, tool: str, **args) -> str:
        result = await client.call_tool(tool, args)
        text = result.content[0].text
        seen.append(text)
        seen.append(json.dumps(result.structured_content, ensure_ascii=False))
        return text

    with anyio.fail_after(120):
        async with Client(StdioServerParameters(command="sh", args=["-c", command], cwd=str(REPO))) as client:
            await call(client, "browser_navigate", url=apps.url + "/login/")
            login = await call(client, "browser_snapshot")
            password = re.search(r'textbox "Password" \[ref=(e\d+)\]', login).group(1)
            await call(client, "browser_fill", ref=password, value=SECRETS["password"])
            await call(client, "browser_type", ref=password, text=SECRETS["password"])
            assert re.search(r'textbox "Password" \[ref=e\d+\]: "\[redacted\]"', await call(client, "browser_snapshot"))

            await call(client, "browser_navigate", url=apps.url + "/danger/")
            page = await call(client, "browser_snapshot")
            await call(client, "browser_fill", ref=_ref(page, "otp"), value=SECRETS["otp"])
            refused = await call(client, "browser_fill", ref=_ref(page, "card-number"), value=SECRETS["card"],
                                 submit=True)
            assert "CONFIRMATION_REQUIRED" in refused
            done = await call(client, "browser_fill", ref=_ref(page, "card-number"), value=SECRETS["card"],
                              submit=True, confirm="Continue on 127.0.0.1")
            assert not done.startswith("Error"), done
            after = await call(client, "browser_snapshot")
            assert after.count('"[redacted]"') == 2, [l for l in after.splitlines() if "textbox" in l]
            await call(client, "observe_element_state", ref=_ref(page, "card-number"))
            await call(client, "get_ancestors", ref=_ref(page, "otp"))
            for form in ("markdown", "text", "structured"):
                await call(client, "browser_extract", format=form)
            await call(client, "browser_find", query="4111")

    channels = {"tool results": "\n".join(seen), "recording": recording.read_text(),
                "audit log": audit.read_text(), "stderr": stderr.read_text()}
    for channel, text in channels.items():
        for kind, secret in SECRETS.items():
            assert secret not in text, f"the {kind} leaked into the {channel}: " + text[max(0, text.find(secret) - 600):text.find(secret) + 100]
    steps = [json.loads(line) for line in recording.read_text().splitlines()][1:]
    assert {"env": "VERDEX_SECRET_PASSWORD"} in [s["args"].get("value") or s["args"].get("text") for s in steps
                                                 if s["tool"] in ("browser_fill", "browser_type")]
    assert [json.loads(line)["decision"] for line in audit.read_text().splitlines()] == [
        "confirmation_required", "confirmed"]
