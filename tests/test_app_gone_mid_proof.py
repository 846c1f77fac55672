"""A run whose page never loaded met no state the app kept. Proving Airflow 3's pause flow on two loaded
cores: run 1 passed, a chaos run failed, and the run as it is again timed out at its first line,
``page.goto("/dags")`` — the app too busy to serve the page — and the export said "the app kept state
from run 1 … make the flow repeatable". Here the app serves its page twice (the recording, run 1) and then
stops answering it: the answer says the navigation failed, never the kept state."""

from __future__ import annotations

import threading

import pytest

from tests.answering_server import Request, answering
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE
from verdex import exporting

pytestmark = pytest.mark.anyio


class ServedTwice:
    """The app: its page is answered twice; after that the connection is dropped unanswered."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.loads = 0

    def __call__(self, request: Request) -> tuple[int, str, str]:
        if request.path == "/board/":
            with self.lock:
                self.loads += 1
                if self.loads > 2:
                    raise ConnectionAbortedError("the app stopped answering")
        return 200, "text/html; charset=utf-8", PAGE.format(title="Board", body="<p>All tasks done</p>", script="")


async def test_a_rerun_that_could_not_load_its_page_is_no_kept_state(tmp_path, monkeypatch):
    monkeypatch.delenv(exporting.PROVE_ENV, raising=False)         # this export proves, as a user's does
    with answering(ServedTwice()) as url:
        async with recording_client(tmp_path / "board.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/board/")
            await agent.verify_text("All tasks done")
            answer = await agent.call("export_test", target="python", path=str(tmp_path / "test_board.py"),
                                      name="board")
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert "kept state" not in answer.text and "make the flow repeatable" not in answer.text, answer.text
    assert "the navigation itself failed" in answer.text, answer.text
