"""Heal on a test that makes a value of its own each run (``{unique}``, verdex/unique.py).

A flow adds a chore named with the session's token and deletes it from the list of chores; the test the
generator wrote spells the name ``f"Chore {unique}"``, in the typed value and in the locator of the row's
"Delete". A person then breaks that locator. Heal replays the recording with a token of its own (the
recording's chore may be taken on an app that keeps state), reads the test's f-strings with it, and writes
the fix as the test's own token — so the healed test passes on its next run, which makes another.
"""

from __future__ import annotations

import re
from pathlib import Path

import anyio
import pytest

from tests.flows.agent import Agent, recording_client
from tests.proof_apps import proof_apps
from verdex.heal import heal

pytestmark = pytest.mark.anyio
TOKEN_SAID = re.compile(r"\{unique\} is ([0-9a-f]{8}) in this session")


async def test_heal_repairs_a_locator_in_a_test_that_names_what_it_makes_with_its_own_token(tmp_path: Path) -> None:
    recording, test_file = tmp_path / "chores.jsonl", tmp_path / "test_chores.py"
    with proof_apps() as (url, _):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/todos/")
            typed = await agent.fill("textbox", "New todo", "Chore {unique}")
            token = TOKEN_SAID.search(typed.text).group(1)
            await agent.click("button", "Add", expect_text=f"Chore {token}")
            await agent.navigate(url + "/chores/")
            await agent.click("button", "Delete", after=("cell", f"Chore {token}"), expect_text=f"Deleted Chore {token}")
            await agent.verify_text(f"Deleted Chore {token}")
            await agent.must("export_test", target="python", path=str(test_file), name="chores")
        written = test_file.read_text(encoding="utf-8")
        delete = re.search(r'\.get_by_role\(\s*"button", name="Delete"', written)
        assert delete and 'f"Chore {unique}"' in written, written
        broken = written[:delete.start()] + delete.group(0).replace("Delete", "Remove") + written[delete.end():]
        test_file.write_text(broken, encoding="utf-8")
        progress: list[str] = []
        report = await anyio.to_thread.run_sync(
            lambda: heal(test_file, recording, base_url=url, action_timeout_ms=3_000, progress=progress.append))
    healed = test_file.read_text(encoding="utf-8")
    assert report.passed and len(report.fixes) == 1, "\n".join(progress)
    code = [line for line in healed.splitlines() if not line.strip().startswith("#")]
    assert not any(token in line for line in code), healed          # neither the recording's token nor heal's
    assert "Remove" not in healed and 'f"Chore {unique}"' in healed, healed
