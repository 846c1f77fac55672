"""Where sessions live: one folder, readable by its owner only, holding per session a socket
(``NAME.sock``) and what the command line needs to know of it (``NAME.json``: process id, when it
started, its recording, its block of ref numbers). Standard library only: every shell command pays for
this import."""

from __future__ import annotations

import fcntl
import itertools
import json
import os
import re
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SESSIONS_DIR_ENV = "VERDEX_SESSIONS_DIR"
SESSION_ENV = "VERDEX_SESSION"
DEFAULT_SESSION = "default"
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
CONNECT_TIMEOUT_S = 2.0
BUSY_RETRY_S = 0.05          # how often a connection is tried again while the session's backlog is full
# Each live session numbers its refs in a block of its own (the first from e1, the next from e100001),
# so a ref given to the wrong session is refused rather than taken for another element there.
REF_BLOCK = 100_000


class ShellError(Exception):
    """A command the shell refuses before any session sees it, with verdex's error code on the first
    line (verdex.errors is not imported here: it loads Playwright, which a shell command need not)."""

    def __init__(self, code: str, message: str, exit_code: int = 1) -> None:
        super().__init__(f"{code}: {message}")
        self.exit_code = exit_code


def folder() -> Path:
    path = Path(os.environ.get(SESSIONS_DIR_ENV) or Path.home() / ".verdex" / "sessions")
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.chmod(0o700)
    return path


def checked_name(name: str | None) -> str:
    """The session's name: given, else $VERDEX_SESSION, else "default"; letters, digits, ``_.-`` only."""
    name = name or os.environ.get(SESSION_ENV) or DEFAULT_SESSION
    if not NAME.match(name):
        raise ShellError("INVALID_ARGUMENT", f"session name {name!r}: use 1-64 letters, digits, '_', '.' or '-' "
                         "(no path characters), starting with a letter or digit", exit_code=2)
    return name


@dataclass(frozen=True)
class Place:
    name: str

    @property
    def socket(self) -> Path:
        return folder() / f"{self.name}.sock"

    @property
    def about(self) -> Path:
        return folder() / f"{self.name}.json"

    def describe(self) -> dict[str, Any]:
        try:
            return json.loads(self.about.read_text())
        except (OSError, ValueError):
            return {}

    def answers(self) -> bool:
        """Is a session process listening? A socket left by a killed process is removed; one whose
        process is too busy to take the connection yet (its backlog full, as it starts on a loaded
        machine) is alive and stays, and so does one bound by a live process that does not listen yet."""
        if not self.socket.exists():
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                probe.settimeout(CONNECT_TIMEOUT_S)
                probe.connect(str(self.socket))
            return True
        except (BlockingIOError, TimeoutError):
            return True
        except OSError:
            # refused: nobody listens — a killed process's socket, or one bound a moment before its
            # process listens (a session starting on a loaded machine), which must stay
            if not _alive(self.describe().get("pid")):
                self.forget()
            return False

    def forget(self) -> None:
        for path in (self.socket, self.about):
            path.unlink(missing_ok=True)


def claim_ref_block(place: Place) -> int:
    """The first block of ref numbers no live session holds, written into this session's file under a
    lock: two sessions starting at once never take the same block."""
    with (folder() / "refs.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        held = set()
        for about in folder().glob("*.json"):
            facts = Place(about.stem).describe() if about.stem != place.name else {}
            if isinstance(facts.get("ref_block"), int) and _alive(facts.get("pid")):
                held.add(facts["ref_block"])
        block = next(k for k in itertools.count() if k not in held)
        place.about.write_text(json.dumps({"pid": os.getpid(), "ref_block": block}))
    return block


def _alive(pid: Any) -> bool:
    if not isinstance(pid, int):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def every_place() -> list[Place]:
    return [Place(path.stem) for path in sorted(folder().glob("*.sock")) if NAME.match(path.stem)]


def exchange(place: Place, request: dict[str, Any], timeout_s: float) -> dict[str, Any]:
    """Send one request (a JSON line) and read the one answer."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as channel:
        channel.settimeout(timeout_s)
        deadline = time.monotonic() + timeout_s
        while True:                  # a backlog full while the session is busy (starting) is waited on
            try:
                channel.connect(str(place.socket))
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"session {place.name!r} took no connection within {timeout_s:.0f} s") from None
                time.sleep(BUSY_RETRY_S)
        channel.sendall(json.dumps(request).encode() + b"\n")
        with channel.makefile("rb") as answer:
            line = answer.readline()
    if not line:
        raise ConnectionError(f"session {place.name!r} closed the connection without an answer")
    return json.loads(line)
