"""A dialog whose id field the page fills with a value the server made anew (tests/made_id_apps.py): Syncthing's
"Add Folder" fills Folder ID from ``GET /rest/svc/random/string``, and each "Edit" of that folder opens the dialog
with the same id again. The recording waits for the recording's id each time the dialog opens; a fresh run has
an id of its own at every one. Proving revised one such wait a run (to "changed from the empty field"), spent its
three revisions on the first three and left the test UNPROVEN at the fourth; a wait revised so now revises with
it the later waits on the same field for the same recorded value (generators/revisions.py)."""

from __future__ import annotations

import re

import pytest

from tests.flows.agent import Agent, recording_client
from tests.made_id_apps import made_id_apps

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]
EDITS = 3                        # the dialog opens five times in all: more than proving's revisions


async def test_the_same_id_waited_for_in_each_opening_of_its_dialog_is_revised_at_once(tmp_path):
    test_file = tmp_path / "test_folders.py"
    with made_id_apps() as (url, apps):
        async with recording_client(tmp_path / "folders.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/folders/")
            await agent.click("button", "Add folder")
            token = await agent.fill_unique("textbox", "Folder label", "Photos {unique}")
            await agent.click("button", "Save", expect_text=f"Photos {token}")
            for _ in range(EDITS):
                await agent.click("button", f"Edit Photos {token}")
                await agent.click("button", "Save")
            await agent.click("button", f"Edit Photos {token}")
            await agent.click("button", "Remove")
            await agent.verify_text("Add folder")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="folders", prove=3)
        source = test_file.read_text(encoding="utf-8")
    assert not answer.error, f"{answer.text}\n{source}"
    assert re.search(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)", answer.text), answer.text
    assert len(answer.data["proof"]["revisions"]) == 1, answer.data
    folder_id = 'get_by_role("textbox", name="Folder ID", exact=True)'
    assert source.count("not_to_have_value(\"\")") == EDITS + 2 and folder_id in source, source
    assert apps.folders == {} and apps.removed == 4            # the recording's and each run's folder, removed
