"""Reading a recording: a JSON Lines file of one header and one record per step, each checked against
the format's models (``verdex.recording_format``). A file cut short (the server was killed mid-write)
is read up to its last complete line; a file from a newer verdex is refused with what to do."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from verdex.recording_format import FORMAT_VERSION, Header, Step


class RecordingError(ValueError):
    """The file is not a verdex recording."""


@dataclass(frozen=True)
class Recording:
    header: dict[str, Any]
    steps: list[dict[str, Any]]
    truncated: bool = False


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
    _check(path, 1, Header, header)
    steps = [r for r in records[1:] if r.get("type") == "step"]
    for number, step in enumerate(steps, 2):
        _check(path, number, Step, step)
    return Recording(header, steps, truncated)


def _check(path: str | Path, number: int, model: type[Header] | type[Step], record: dict[str, Any]) -> None:
    try:
        model.model_validate(record)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
        raise RecordingError(f"{path}:{number}: not a verdex {model.__name__.lower()} ({problems})") from exc
