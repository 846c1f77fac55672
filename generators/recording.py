"""Reading a recording: a JSON Lines file of one header and one record per step, each validated into
the format's models (``verdex.recording_format``), the same the writer built. A file cut short (the
server was killed mid-write) is read up to its last complete line; a file from a newer verdex is
refused with what to do; a file of an older format (3) reads into the same models.

``Recording.records`` are the typed steps."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from verdex.recording_format import FORMAT_VERSION, STEP, Header, Step


class RecordingError(ValueError):
    """The file is not a verdex recording."""


@dataclass(frozen=True)
class Recording:
    header: Header
    records: list[Step]                                 # the steps as the format's models
    truncated: bool = False

    @property
    def format(self) -> int:
        return self.header.format


def read_recording(path: str | Path) -> Recording:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordingError(f"cannot read {path}: {exc}") from exc
    records: list[dict[str, Any]] = []
    truncated = False
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            if number == len(lines):
                truncated = True          # the last line was being written when the server stopped
                break
            raise RecordingError(f"{path}:{number}: not JSON ({exc.msg})") from exc
    if not records or records[0].get("type") != "header":
        raise RecordingError(f"{path} does not start with a verdex recording header")
    header = records[0]
    if isinstance(header.get("format"), int) and header["format"] > FORMAT_VERSION:
        raise RecordingError(f"{path} was written by verdex {header.get('verdex', '?')} in recording format "
                             f"{header['format']}; this verdex reads format {FORMAT_VERSION} and older: upgrade verdex")
    checked_header = _check(path, 1, "header", TypeAdapter(Header), header)
    steps = [(number, r) for number, r in enumerate(records[1:], 2) if r.get("type") == "step"]
    return Recording(checked_header, [_check(path, number, "step", STEP, step) for number, step in steps], truncated)


def _check(path: str | Path, number: int, what: str, model: TypeAdapter[Any], record: dict[str, Any]) -> Any:
    try:
        return model.validate_python(record)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, _where(e['loc'], record)))}: {e['msg']}" for e in exc.errors()[:3])
        raise RecordingError(f"{path}:{number}: not a verdex {what} ({problems})") from exc


def _where(loc: tuple[Any, ...], record: dict[str, Any]) -> tuple[Any, ...]:
    """The field's place in the record: without the tool name pydantic puts first for a step's model."""
    return loc[1:] if loc and loc[0] == record.get("tool") else loc
