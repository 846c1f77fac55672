"""Six recorded flows that prove verdex's test generator: a scripted agent drives the MCP tools
(tests/flows/agent.py), the recording becomes a Python and a TypeScript test, and the Python test
must hold under the fixture server's chaos seeds (bench/chaos.py, tests/test_generated_flows.py).

Each flow module has ``async def record(base_url, recording_path)`` and a ``NAME``; FLOWS lists them
in order.
"""

from __future__ import annotations

from tests.flows import checkout, consent, frames, login, popup, shop

FLOWS = {module.NAME: module for module in (shop, login, consent, checkout, frames, popup)}
