"""The command line side of shell sessions: ``verdex open``, ``verdex sessions``, ``verdex close`` and
every session command (``verdex click e15``), sent to the session process over its socket.

    verdex open http://127.0.0.1:8000/shop/ -s shop      # starts (or reuses) the session "shop"
    verdex snapshot -s shop
    verdex click e15 -s shop --wait
    verdex export tests/test_shop.py -s shop
    verdex close -s shop

The session comes from ``-s NAME``/``--session NAME``, else ``$VERDEX_SESSION``, else "default".
``--json`` prints the structured form. Exit 0 when done, 1 for a verdex error (its code first), 2 for
a command line that does not fit. Standard library only, so that a command costs little more than
the action it asks for.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from verdex.shell.caller_secrets import callers_secrets
from verdex.shell.commands import COMMANDS, command_parser
from verdex.shell.places import Place, ShellError, checked_name, every_place, exchange, folder

# a session that died is told at once; one still starting on a busy machine (imports, a browser) is waited for
START_TIMEOUT_S = 90.0
COMMAND_TIMEOUT_S = 120.0
EXPORT_TIMEOUT_S = 1200.0           # an export proves the test it wrote: runs and revisions, within their budget
MAX_SESSIONS_ENV = "VERDEX_MAX_SESSIONS"
DEFAULT_MAX_SESSIONS = 8


def run(argv: list[str]) -> int:
    try:
        name, as_json, rest = _common_options(argv)
        if rest[0] == "open":
            return _open(name, rest[1:], as_json)
        if rest[0] == "sessions":
            return _sessions(as_json)
        if rest[0] == "close" and "--all" in rest[1:]:
            return _close_all()
        if rest[0] in COMMANDS and {"-h", "--help"} & set(rest[1:]):
            return _help(rest[0])
        return _send(Place(name), rest, as_json)
    except ShellError as exc:
        print(exc, file=sys.stderr)
        return exc.exit_code


def _common_options(argv: list[str]) -> tuple[str, bool, list[str]]:
    """-s NAME / --session NAME (anywhere) and --json, taken out of the command line."""
    name, as_json, rest = None, False, []
    args = iter(argv)
    for arg in args:
        if arg in ("-s", "--session"):
            name = next(args, None)
            if name is None:
                raise ShellError("INVALID_ARGUMENT", f"{arg} needs a session name", exit_code=2)
        elif arg.startswith(("-s=", "--session=")):
            name = arg.split("=", 1)[1]
        elif arg == "--json":
            as_json = True
        else:
            rest.append(arg)
    return checked_name(name), as_json, rest


def _help(name: str) -> int:
    """A session command's help, with or without a session: its arguments come from its tool's schema
    (verdex.tools, loaded only for this)."""
    from verdex.tools import CAPABILITY_GROUPS, offered

    command = COMMANDS[name]
    tool = next(tool for tool in offered(CAPABILITY_GROUPS) if tool.name == command.tool)
    print(command_parser(name, command, tool).format_help(), end="")
    return 0


def _send(place: Place, argv: list[str], as_json: bool) -> int:
    if not place.answers():
        raise ShellError("NO_SESSION", f"no session {place.name!r} is open; start it with "
                         f"`verdex open URL -s {place.name}` (`verdex sessions` lists the open ones)")
    try:
        timeout = EXPORT_TIMEOUT_S if argv[:1] == ["export"] else COMMAND_TIMEOUT_S
        request = {"argv": argv, "json": as_json, "cwd": os.getcwd()}
        if argv[:1] == ["export"]:
            request["secrets"] = callers_secrets()      # the runs that prove the test read them
        answer = exchange(place, request, timeout)
    except (OSError, ValueError) as exc:
        raise ShellError("BROWSER_CLOSED", f"session {place.name!r} stopped answering ({exc}); "
                         f"`verdex close -s {place.name}` and open it again") from exc
    _print(answer, as_json)
    return int(answer.get("exit", 1))


def _print(answer: dict, as_json: bool) -> None:
    failed = answer.get("exit", 1) != 0
    if as_json and answer.get("data") is not None:          # a check that did not hold has its data too
        print(json.dumps(answer["data"], indent=2, ensure_ascii=False))
    elif answer.get("text"):
        print(answer["text"], file=sys.stderr if failed else sys.stdout)


def _open(name: str, argv: list[str], as_json: bool) -> int:
    parser = argparse.ArgumentParser(prog="verdex open", description="start (or reuse) a named browser session "
                                     "and go to URL; every later command of the session reaches it")
    parser.add_argument("url", nargs="?")
    parser.add_argument("--idle-timeout", type=float, default=3600.0, metavar="S",
                        help="close the session after this long without a command (default 3600)")
    parser.add_argument("--record", metavar="PATH", help="record to this file (default: "
                                                         ".verdex/recordings/NAME-TIME.jsonl)")
    parser.add_argument("--no-record", action="store_true", help="record nothing")
    # a browser option of three values, known here so that none of them is taken for the URL
    parser.add_argument("--role", nargs=3, action="append", default=[], metavar=("NAME", "STORAGE_STATE", "DEFAULT_URL"),
                        help="a role: its own browser context (- for no storage state or no default URL)")
    own, browser = parser.parse_known_args(argv)
    browser += [value for role in own.role for value in ("--role", *role)]
    place = Place(name)
    if not place.answers():
        _start(place, own, browser)
        recording = place.describe().get("recording")
        print(f"session {name} opened" + (f", recording to {_shown(recording)}" if recording else ""), file=sys.stderr)
    # the first command starts the session's idle clock, however long the machine took to get here
    return _send(place, ["goto", own.url] if own.url else ["opened"], as_json)


def _shown(path: str) -> str:
    """A path as short as it can be said from here."""
    relative = os.path.relpath(path)
    return relative if not relative.startswith("..") else path


def _start(place: Place, own: argparse.Namespace, browser: list[str]) -> None:
    limit = int(os.environ.get(MAX_SESSIONS_ENV) or DEFAULT_MAX_SESSIONS)
    live = [p.name for p in every_place() if p.answers()]
    if len(live) >= limit:
        raise ShellError("INVALID_ARGUMENT", f"{len(live)} sessions are open ({', '.join(live)}), the most "
                         f"${MAX_SESSIONS_ENV} allows ({limit}); `verdex close -s NAME` one first")
    command = [sys.executable, "-m", "verdex.shell.daemon", place.name, "--idle-timeout", str(own.idle_timeout)]
    command += ["--no-record"] if own.no_record else (["--record", own.record] if own.record else [])
    log = folder() / f"{place.name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen([*command, "--", *browser], stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                   start_new_session=True)
    deadline = time.monotonic() + START_TIMEOUT_S
    while not (place.about.exists() and place.answers()):
        if process.poll() is not None:
            raise ShellError("BROWSER_UNAVAILABLE", f"session {place.name!r} did not start:\n"
                             + log.read_text(errors="replace")[-2000:].strip(), exit_code=1)
        if time.monotonic() > deadline:
            process.kill()
            raise ShellError("TIMEOUT", f"session {place.name!r} did not start within {START_TIMEOUT_S:.0f} s")
        time.sleep(0.05)


def _sessions(as_json: bool) -> int:
    rows = []
    for place in every_place():
        if not place.answers():
            continue                             # a socket left by a killed process: removed
        try:
            status = exchange(place, {"argv": ["status"]}, 5.0).get("data") or {}
        except (OSError, ValueError):
            continue
        rows.append({"name": place.name, **status})
    if as_json:
        print(json.dumps(rows, indent=2))
    elif not rows:
        print("no open sessions (`verdex open URL -s NAME` starts one)")
    else:
        for row in rows:
            print(f"{row['name']:<16} {row.get('url') or '(no page)':<48} {row['steps']:>4} steps  "
                  f"idle {row['idle_s']} s")
    return 0


def _close_all() -> int:
    closed = 0
    for place in every_place():
        if place.answers():
            exchange(place, {"argv": ["close"]}, 30.0)
            closed += 1
    print(f"closed {closed} session{'s' if closed != 1 else ''}")
    return 0


def is_session_command(argv: list[str]) -> bool:
    """Is this command line for a shell session? ``verdex snapshot URL`` (a URL's snapshot) and
    ``verdex export RECORDING -o FILE`` (a recording's test) are the one-shot commands of those names."""
    if not argv or argv[0] not in (*COMMANDS, "open", "close", "sessions"):
        return False
    if argv[0] == "snapshot":
        return not any(a.startswith(("http://", "https://", "file:", "about:", "data:")) for a in argv[1:])
    if argv[0] == "export":
        return not any(a in ("-o", "--output") or a.startswith("--output=") or a.endswith(".jsonl") for a in argv[1:])
    return True


__all__ = ["is_session_command", "run"]


