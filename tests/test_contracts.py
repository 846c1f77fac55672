"""Contracts that fail loudly: when the page script and the Python models drift apart, or a recording
comes from a newer verdex, the caller gets a typed error naming what differs — never a default value
standing in for a field that was renamed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

import verdex.bridge
from verdex.browser.session import Session
from verdex.errors import BridgeContractError
from verdex.generators import RecordingError, read_recording
from verdex.recording_format import FORMAT_VERSION, STEP

pytestmark = pytest.mark.anyio

PAGE = "data:text/html,<button>Buy</button>"


async def test_a_field_renamed_in_the_page_script_is_a_bridge_contract_error(monkeypatch):
    assert "in_viewport:" in verdex.bridge.BRIDGE_SOURCE
    monkeypatch.setattr(verdex.bridge, "BRIDGE_SOURCE", verdex.bridge.BRIDGE_SOURCE.replace("in_viewport:", "in_view:"))
    async with Session(record=False) as session:
        tab = await session.tab()
        await tab.navigate(PAGE)
        ref = re.search(r'button "Buy" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
        with pytest.raises(BridgeContractError, match=r"BRIDGE_CONTRACT: the page script's PreflightFacts .*in_view"):
            await tab.preflight(ref)


async def test_the_unchanged_page_script_matches_the_models():
    async with Session(record=False) as session:
        tab = await session.tab()
        await tab.navigate(PAGE)
        ref = re.search(r'button "Buy" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
        facts = await tab.preflight(ref)
        assert facts.in_viewport == 1.0 and json.loads(facts.model_dump_json())["name"] == "Buy"


RECORDING = Path(__file__).resolve().parent.parent / "examples" / "recordings" / "checkout.jsonl"


def _rewritten(tmp_path: Path, change) -> Path:
    lines = [json.loads(line) for line in RECORDING.read_text(encoding="utf-8").splitlines()]
    change(lines)
    path = tmp_path / "changed.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_recording_from_a_newer_format_is_refused_with_what_to_do(tmp_path):
    newer = _rewritten(tmp_path, lambda lines: lines[0].update(format=FORMAT_VERSION + 1, verdex="9.0.0"))
    with pytest.raises(RecordingError, match=rf"written by verdex 9.0.0 in recording format {FORMAT_VERSION + 1}"
                                             r".*upgrade verdex"):
        read_recording(newer)


def test_a_step_field_renamed_is_an_error_naming_the_line(tmp_path):
    def rename(lines):
        lines[3]["effects_seen"] = lines[3].pop("effects")
    with pytest.raises(RecordingError, match=r"changed.jsonl:4: not a verdex step \(effects_seen: Extra inputs"):
        read_recording(_rewritten(tmp_path, rename))


def test_a_step_the_readers_would_not_read_cannot_be_built():
    with pytest.raises(ValidationError, match="clicked_at"):
        STEP.validate_python({"tool": "browser_click", "outcome": "done", "tab": "t1", "clicked_at": 3})
    with pytest.raises(ValidationError, match="button"):      # each tool's arguments have a model of their own
        STEP.validate_python({"tool": "browser_click", "tab": "t1", "args": {"button": "sideways"}})
