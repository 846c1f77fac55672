"""A pytest process whose runs the proof plugin reports (verdex/proof_plugin.py), watched as it goes: each run
is bounded on its own, and a run that hangs is stopped with its process group — the browsers it launched and
whatever its test started — so that one hang costs its own bound, not the time the runs after it were given.
Used by proving on export (verdex/proof_runs.py) and by ``verdex prove`` (verdex/prove.py).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import verdex.proof_plugin as proof_plugin

POLL_S = 0.2                      # how often the report is read


def watched(command: list[str], cwd: Path, env: dict[str, str], report: Path, output: Path, timeout_s: float,
            collected: Callable[[int], None] = lambda _runs: None, ended: Callable[[], None] = lambda: None
            ) -> tuple[int | None, tuple[str, int | None] | None]:
    """Run pytest (its output into ``output``), telling how many runs it collected and each run that ends as
    its report line comes; stopped when a run has gone on ``timeout_s`` — that run (test, seed) is returned —
    or nothing has been reported for that long. Returns the exit code (None: stopped) and the run that hung."""
    with output.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    read, last_news, running = 0, time.monotonic(), None
    while True:
        returncode = process.poll()
        lines, read = _new_lines(report, read)
        for line in lines:
            last_news = time.monotonic()
            if "collected" in line:
                collected(line["runs"])
            elif line.get("started"):
                running = (line["test"], line["seed"])
            else:
                running = None
                ended()
        if returncode is not None:
            return returncode, None
        if time.monotonic() - last_news > timeout_s:
            stop_group(process)
            return None, running
        time.sleep(POLL_S)


STOP_GRACE_S = 5.0                # what a stopped run's processes are given to clean up before they are killed


def stop_group(process: subprocess.Popen) -> None:
    """Stop a process started in a process group of its own, and everything it started: asked first (Playwright's
    driver closes its browsers and removes their profile folders from /tmp), killed if any of it is still there
    after ``STOP_GRACE_S``; returns once none of the group runs (each member is a process of the group's own
    to wait for, not only its leader: a test's child may still be cleaning up when pytest has gone)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    _gone(process, STOP_GRACE_S)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)       # what is left of the group (the leader may be gone already)
    _gone(process, STOP_GRACE_S)


def _gone(process: subprocess.Popen, bound_s: float) -> None:
    """Wait, at most ``bound_s``, until the leader has ended and no other member of its group runs."""
    deadline = time.monotonic() + bound_s
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.communicate(timeout=bound_s)
    while _members(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)


def _members(group: int) -> list[int]:
    """The processes of the group still running (an ended one left unreaped, a zombie, runs nothing)."""
    running = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            state, _parent, pgrp = stat.read_text().rsplit(") ", 1)[1].split()[:3]
            if int(pgrp) == group and state not in "ZX":
                running.append(int(stat.parent.name))
    return running


def last_line(output: Path, count: int = 1) -> str:
    """The last ``count`` lines of what the process said."""
    text = output.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    return "\n".join(text[-count:])


def _new_lines(report: Path, read: int) -> tuple[list[dict[str, Any]], int]:
    """The whole lines the report got after byte ``read``, and the byte they end at."""
    if not report.exists():
        return [], read
    with report.open("rb") as written:
        written.seek(read)
        fresh = written.read()
    whole = fresh[:fresh.rfind(b"\n") + 1]
    return proof_plugin.lines(whole.decode("utf-8")), read + len(whole)
