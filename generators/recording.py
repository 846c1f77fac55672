"""Reading a recording: a JSON Lines file of one header and one record per step. A file cut short
(the server was killed mid-write) is read up to its last complete line."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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
    return Recording(records[0], [r for r in records[1:] if r.get("type") == "step"], truncated)
