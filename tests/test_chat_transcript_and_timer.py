"""A chat's transcript and a running clock are no notices: what the agent and the generated test rely on.

On a chat page (fixtures/apps/settling/chat.html) the transcript is a ``role=log`` marked ``aria-live=polite``, as
Gradio's chatbot draws it, that grows with each message; while the assistant's answer is awaited, a status line
says "Running" beside a ``role=timer`` that counts the tenths of seconds the job has run. A log's new entry is
content the action added (one more message of a list), not a notice: the snapshot lists no log among its notices,
and Send's effects say no log appeared or went. A timer's tick is the effect of no action: the status line is the
notice "Running", whatever the count was when the page settled, and the generated test (run, and passing) waits
for "Running" to go before the next action, never for a count it would not see again."""

from __future__ import annotations

import re

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_chats_new_messages_and_a_jobs_timer_are_no_notices(session, apps, tmp_path):
    recording = tmp_path / "chat.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/settling/chat.html")
    opened = (await call(session, "browser_snapshot")).text
    message = ref_of(opened, 'textbox "Message"')
    await call(session, "browser_type", ref=message, text="Hello World")
    sent = await call(session, "browser_click", ref=ref_of(opened, 'button "Send"'))
    answered = (await call(session, "browser_snapshot")).text
    await call(session, "browser_type", ref=message, text="Again")
    session.record(None)
    assert "notices:" not in opened and "notices:" not in answered, answered
    assert "text: Its slug is hello-world" in answered, answered
    effects = sent.data["effects"]
    assert effects["appeared"] == ['toast "Running" (gone again)'] and effects["disappeared"] == [], sent.text
    source = exported_and_passed(recording, "chat")
    assert 'expect(page.get_by_text("Running", exact=True)).to_be_hidden()' in source, source
    assert not re.search(r"\d\.\d s", source), source
