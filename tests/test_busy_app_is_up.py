"""An app that is slow to answer is up. Airflow 3's API server, beside its scheduler and DAG processor on two
loaded cores, answered ``GET /`` in 29 s; export's check that the app is there gave up after 10 s and said
"does not answer now (timed out); start it and export again" of an app that was serving every page. The
app is up when it takes a connection; how long its pages take is for the runs to wait for. Here the app's
root never answers (it is held until the test ends), while the page the flow uses answers at once."""

from __future__ import annotations

import threading

import pytest

from tests.answering_server import Request, answering
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE
from verdex import exporting

pytestmark = pytest.mark.anyio


class BusyRoot:
    """The app: ``/`` is held until ``released``; ``/report/`` answers."""

    def __init__(self) -> None:
        self.released = threading.Event()

    def __call__(self, request: Request) -> tuple[int, str, str]:
        if request.path == "/":
            self.released.wait(60)
            return 200, "text/html; charset=utf-8", PAGE.format(title="Home", body="", script="")
        return 200, "text/html; charset=utf-8", PAGE.format(title="Quarterly report", body="<p>All well</p>",
                                                            script="")


async def test_an_app_that_is_slow_to_answer_is_proven_not_called_down(tmp_path, monkeypatch):
    monkeypatch.delenv(exporting.PROVE_ENV, raising=False)         # this export proves, as a user's does
    app = BusyRoot()
    try:
        with answering(app) as url:
            async with recording_client(tmp_path / "report.jsonl") as client:
                agent = Agent(client)
                await agent.navigate(url + "/report/")
                await agent.verify_text("All well")
                answer = await agent.call("export_test", target="python", path=str(tmp_path / "test_report.py"),
                                          name="report", prove=1)
    finally:
        app.released.set()
    assert "does not answer now" not in answer.text, answer.text
    assert not answer.error and "proved 1/1" in answer.text, answer.text
