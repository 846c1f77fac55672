"""Rewriting a Playwright trace zip so that no secret of the session is left in it (a value verdex typed into a
sensitive field, or a token a page showed as text):

    redact_trace(raw_zip, "trace.zip", secrets)

- Event streams (``*.trace``, ``*.network``: JSON Lines) are parsed and every string in them masked
  (action parameters, DOM snapshots' input values, URLs, request bodies held inline, console text);
  numbers are left alone, so a secret made of digits never breaks a timestamp.
- Every other member but the screencast frames (``resources/``: request and response bodies, page
  resources) is masked as text; a resource that changed is renamed to the SHA-1 of its new content
  (Playwright names resources by content hash: the old name would let a short secret be guessed) and
  the references to it follow.
- Screencast frames are pictures of the page as the browser drew it: a one-time code or a card number
  is drawn in clear. Every frame from the first action that typed a secret on is dropped (every frame when
  no action typed one: a token the page showed), and any
  picture under ``screencast/`` that no event names; the viewer still shows each action's DOM
  snapshots (masked above).
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

from verdex.artifacts.secrets import SecretForms

_EVENT_STREAMS = (".trace", ".network")
_FRAME = "screencast-frame"
_SCREENCAST = "screencast/"


def redact_trace(raw: Path, out: Path, secrets: SecretForms) -> None:
    """Write ``out``: the trace at ``raw`` with every form of every secret masked."""
    with zipfile.ZipFile(raw) as source:
        members = {info.filename: source.read(info) for info in source.infolist()}
    streams = {name: _events(data) for name, data in members.items() if name.endswith(_EVENT_STREAMS)}
    dropped = _frames_after_first_secret(streams, secrets)
    kept_frames = {event["file"] for events in streams.values() for event in events
                   if _is_frame(event) and event["file"] not in dropped}
    renamed: dict[str, str] = {}
    resources: dict[str, bytes] = {}
    for name, data in members.items():
        if name in streams:
            continue
        if name.startswith(_SCREENCAST):     # pictures: kept only when an event names them and they came first
            if name in kept_frames:
                resources[name] = data
            continue
        masked = secrets.redact(data.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")
        if masked != data and name.startswith("resources/"):
            fresh = str(PurePosixPath(name).with_stem(hashlib.sha1(masked).hexdigest()))
            renamed[name] = fresh                          # "_file" in the network log
            renamed[PurePosixPath(name).name] = PurePosixPath(fresh).name     # "sha1" in snapshots
            name = fresh
        resources[name] = masked
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name, events in streams.items():
            kept = [_masked(event, secrets, renamed) for event in events if not _is_dropped(event, dropped)]
            target.writestr(name, "".join(json.dumps(event) + "\n" for event in kept))
        for name, data in resources.items():
            target.writestr(name, data)


def _events(data: bytes) -> list[Any]:
    return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]


def _frames_after_first_secret(streams: dict[str, list[Any]], secrets: SecretForms) -> set[str]:
    """The screencast frames (by resource name) taken once an action typed a secret; all of them when
    no such action can be told (a secret known to verdex but not found among the actions)."""
    events = [event for stream in streams.values() for event in stream if isinstance(event, dict)]
    frames = [event for event in events if _is_frame(event)]
    if not secrets or not frames:
        return set()
    typed = [event.get("startTime", 0) for event in events
             if event.get("type") == "before" and secrets.found_in(json.dumps(event.get("params"), ensure_ascii=False))]
    first = min(typed, default=float("-inf"))
    return {frame["file"] for frame in frames if frame.get("timestamp", 0) >= first}


def _is_frame(event: Any) -> bool:
    return isinstance(event, dict) and event.get("type") == _FRAME and isinstance(event.get("file"), str)


def _is_dropped(event: Any, dropped: set[str]) -> bool:
    return _is_frame(event) and event["file"] in dropped


def _masked(value: Any, secrets: SecretForms, renamed: dict[str, str]) -> Any:
    if isinstance(value, str):
        return renamed.get(value) or secrets.redact(value)
    if isinstance(value, list):
        return [_masked(item, secrets, renamed) for item in value]
    if isinstance(value, dict):
        return {secrets.redact(key): _masked(item, secrets, renamed) for key, item in value.items()}
    return value
