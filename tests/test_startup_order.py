"""A page that asks for several parts of its data at once is loaded when every answer has drawn its
part, whatever order the answers come in. The generated test waits for a text of each answer, so a run
where the server answers in another order than the recording saw does not act early; the recording's
last answer alone (what a recording of format 4 kept) shows while another answer is still on its way.

tests/proof_apps.py serves ``/board/``: the members and the roles, each drawn by its own answer, in the
order the test sets on the server ("Invite" needs the roles). A real recording over MCP, real pytest and
real ``npx playwright test``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.proof_apps import ProofApps, proof_apps
from verdex.generators.recording import read_recording

pytestmark = pytest.mark.anyio

RECORDED_ORDER = ("roles", "members")
OTHER_ORDER = ("members", "roles")
MEMBERS_TEXT, ROLES_TEXT = "Ada Lovelace", "Owners and admins can invite"


async def _record(url: str, apps: ProofApps, order: tuple[str, ...], path: Path) -> Path:
    """The agent opens the board and invites; the data comes once the page has opened (the server holds
    its first answer until then, as a busy API does), in ``order``."""
    apps.reset()
    apps.answer_board_in(order, holding=order[0])
    async with recording_client(path) as client:
        agent = Agent(client)
        await agent.navigate(url + "/board/")
        apps.let_go()
        await agent.click("button", "Invite", expect_text="Invitation sent")
        await agent.verify_text("Invitation sent")
    return path


def _serving(url: str, apps: ProofApps, order: tuple[str, ...], *, hold_last: bool = False) -> runner.Serve:
    """The app answering the board's parts in ``order``; with ``hold_last``, the last held back until the
    run is over."""
    @contextmanager
    def serve(seed: int | None) -> Iterator[str]:
        apps.reset()
        apps.answer_board_in(order, holding=order[-1] if hold_last else None)
        try:
            yield url
        finally:
            apps.let_go()
    return serve


def _ready_texts(recording: Path) -> list[tuple[str, str]]:
    startup = next(step.startup for step in read_recording(recording).records if step.startup)
    return [(ready.text, ready.answered_by) for ready in startup.ready_texts]


def _as_format_4(recording: Path, last_answer: str) -> Path:
    """The recording as verdex wrote it before format 5: the text of the last answer alone."""
    lines = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
    lines[0]["format"] = 4
    for step in lines[1:]:
        startup = step.get("startup")
        if startup and startup.get("ready_texts"):
            last = next(ready for ready in startup.pop("ready_texts") if ready["answered_by"] == last_answer)
            startup.update(ready_text=last["text"], ready_text_exact=last["exact"], answered_by=last_answer)
    old = recording.with_name("format-4-" + recording.name)
    old.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return old


async def test_the_startup_waits_for_every_answer_so_another_order_does_not_act_early(tmp_path):
    with proof_apps() as (url, apps):
        recording = await _record(url, apps, RECORDED_ORDER, tmp_path / "board.jsonl")
        other_recording = await _record(url, apps, OTHER_ORDER, tmp_path / "board-other.jsonl")
        for made in (recording, other_recording):                # whatever order they answered in
            assert _ready_texts(made) == [(MEMBERS_TEXT, "GET /api/board/members"),    # in the order the page asked
                                          (ROLES_TEXT, "GET /api/board/roles")]

        test_file = runner.export_python(recording, tmp_path, "board")
        source = test_file.read_text(encoding="utf-8")
        said = " ".join(source.split()).replace(" # ", " ")
        for text, request in ((MEMBERS_TEXT, "GET /api/board/members"), (ROLES_TEXT, "GET /api/board/roles")):
            assert (f'is what {request} drew expect(page.get_by_text("{text}", exact=True)).to_be_visible('
                    f'timeout=30_000' in said.replace("( timeout", "(timeout")), source
        run = runner.run_pytest(test_file, None, _serving(url, apps, OTHER_ORDER))
        assert run.passed, source + run.tail()
        spec_dir = runner.scratch_ts_dir("board")
        try:
            spec = runner.export_typescript(recording, spec_dir, "board")
            written = " ".join(spec.read_text(encoding="utf-8").split()).replace("30_000, }", "30_000 }")
            for text in (MEMBERS_TEXT, ROLES_TEXT):
                assert f'page.getByText("{text}", {{ exact: true }})).toBeVisible({{ timeout: 30_000 }})' in written, \
                    spec.read_text()
            spec_run = runner.run_typescript(spec_dir, None, _serving(url, apps, OTHER_ORDER))
            assert spec_run.passed, spec.read_text() + spec_run.tail()
        finally:
            runner.remove_scratch(spec_dir)

        # The last answer's text alone (format 4): in the other order it shows while the roles are still
        # held back, and the test clicks before "Invite" can work.
        old_file = runner.export_python(_as_format_4(recording, "GET /api/board/members"), tmp_path / "old", "board")
        old_source = old_file.read_text(encoding="utf-8")
        assert MEMBERS_TEXT in old_source and ROLES_TEXT not in old_source, old_source
        old_run = runner.run_pytest(old_file, None, _serving(url, apps, OTHER_ORDER, hold_last=True))
        assert not old_run.passed and "Roles not loaded yet" in old_run.output, old_source + old_run.tail()
