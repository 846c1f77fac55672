"""What an action's requests say to the agent, and what the recording keeps of them (verdex/url_credentials.py,
``Effects.to_text``):

- a credential the server issued, in a request's query or anywhere as a JSON Web Token (a socket.io
  handshake's ``?token=eyJ…``, Homebridge's), is ``[redacted]`` in the answer and in the recording: the agent's
  transcript and the recording never hold it;
- requests to one place that went alike (the handshake's polls, each with its own ``t=``) are one line, said
  with how many.
"""

from __future__ import annotations

import pytest

from tests.answering_server import Request, answering
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE
from verdex.facts import Effects, RequestEffect
from verdex.url_credentials import masked

pytestmark = pytest.mark.anyio

JWT = "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6ImFkbWluIn0.Rod6AVLDxUHQjqMEa00irEF"
CONNECT = (f"""<button type="button">Connect</button><p role="status"></p>""",
           f"""document.querySelector("button").addEventListener("click", async () => {{
  for (let poll = 1; poll <= 3; poll++)
    await fetch(`/socket/?token={JWT}&EIO=4&transport=polling&t=${{Date.now()}}${{poll}}`);
  document.querySelector("[role=status]").textContent = "Connected";
}});""")


def answer(request: Request) -> tuple[int, str, str]:
    if request.path == "/":
        return 200, "text/html; charset=utf-8", PAGE.format(title="Bridge", body=CONNECT[0], script=CONNECT[1])
    return 200, "text/plain", "ok"


async def test_a_token_in_a_requests_url_is_redacted_and_its_alike_requests_are_one_line(tmp_path):
    recording = tmp_path / "connect.jsonl"
    with answering(answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            said = (await agent.click("button", "Connect", expect_text="Connected")).text
    polls = [line for line in said.splitlines() if "/socket/" in line]
    assert polls == [polls[0]] and polls[0].startswith("request: GET /socket/?token=[redacted]&EIO=4"), said
    assert "→ 200 (×3)" in polls[0], said
    assert JWT not in said and JWT.split(".")[0] not in recording.read_text(encoding="utf-8")


def test_alike_requests_are_one_line_whichever_of_them_the_page_changed_after():
    """Which of a handshake's polls a change came after is the page's pace (a busy machine moves it): the
    polls stay one line, said with after how many of them the page changed."""
    def poll(n: int, changed: bool) -> RequestEffect:
        return RequestEffect(method="GET", url=f"http://h/socket/?EIO=4&t={n}", resource_type="fetch", status=200,
                             changed_page=changed, place="GET /socket/")
    def said(*changed: bool) -> list[str]:
        effects = Effects(url_before="http://h/", url_after="http://h/",
                          requests=[poll(n, c) for n, c in enumerate(changed)])
        return [line for line in effects.to_text().splitlines() if line.startswith("request:")]
    assert said(True, True, False) == ["request: GET /socket/?EIO=4&t=0 → 200 (×3) (page changed after 2 of them)"]
    assert said(True, True) == ["request: GET /socket/?EIO=4&t=0 → 200 (×2) (page changed after them)"]
    assert said(False, False) == ["request: GET /socket/?EIO=4&t=0 → 200 (×2)"]
    assert said(True) == ["request: GET /socket/?EIO=4&t=0 → 200 (page changed after it)"]


def test_credentials_in_a_url_are_masked_and_the_rest_kept():
    assert masked(f"http://h/socket.io/?token={JWT}&EIO=4") == "http://h/socket.io/?token=[redacted]&EIO=4"
    assert masked(f"http://h/files/{JWT}/raw") == "http://h/files/[redacted]/raw"
    assert masked("http://h/s3?X-Amz-Signature=ab12&X-Amz-Credential=AK%2F2&x=1") == \
        "http://h/s3?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&x=1"
    assert masked("http://h/api?access_token=zz#top") == "http://h/api?access_token=[redacted]#top"
    for kept in ("http://h/api/items?page=2&sort=name", "http://h/api?tokens_left=3", "http://h/?author=me"):
        assert masked(kept) == kept


def test_a_proof_report_names_a_delayed_request_without_its_credential():
    """`verdex prove` named the socket.io URL a seed delayed, its session's JWT whole (Homebridge under chaos)."""
    from verdex.chaos.plan import ChaosPlan

    plan = ChaosPlan(seed=7)
    plan.delay_for("GET", f"http://h/socket.io/?token={JWT}&EIO=4", "xhr")
    plan.delay_for_message(f"ws://h/socket.io/?token={JWT}&EIO=4&transport=websocket")
    assert JWT not in repr(plan.summary()) and JWT not in plan.describe()
    assert "token=[redacted]" in plan.describe()
