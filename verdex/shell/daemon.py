"""A session process: one browser session (its roles, tabs, refs and recording) served over a local
socket until it is closed or has been idle too long.

Started by ``verdex open`` as ``python -m verdex.shell.daemon NAME [options] -- [browser options]``.
Each connection carries one request (a JSON line ``{"argv": [...], "json": bool, "cwd": str}``, and an export's
``"secrets"``: verdex.shell.caller_secrets) and gets one
answer (``{"exit": 0|1|2, "text": ..., "data": ...}``). Requests are answered one at a time, in the
order they came. Each command runs the tool ``commands.COMMANDS`` names for it (verdex.tools), in-process,
on this session: the same function and the same text as over MCP, without loading the MCP SDK.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import importlib
import json
import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from verdex.browser.session import Session
from verdex.cli import browser_arguments, browser_options, policy_of
from verdex.errors import VerdexError
from verdex.shell.caller_secrets import secrets_set
from verdex.shell.commands import COMMANDS, Command, Usage, command_parser
from verdex.shell.places import REF_BLOCK, Place, checked_name, claim_ref_block

if TYPE_CHECKING:
    from verdex.tools import Tool

DEFAULT_IDLE_S = 3600.0
IDLE_CHECK_S = 1.0
# The idle clock starts with the first command, which the `verdex open` that started the session
# always sends (its goto, else "opened"); a session whose opener never sends it closes after this.
FIRST_COMMAND_WAIT_S = 60.0


class SessionProcess:
    def __init__(self, place: Place, session: Session, tools: dict[str, Tool], idle_s: float,
                 opening: asyncio.Task[Any]) -> None:
        self.place, self.session, self.tools, self.idle_s, self.opening = place, session, tools, idle_s, opening
        self.lock = asyncio.Lock()
        self.started = time.monotonic()
        self.last_used: float | None = None           # the end of the last command; None before the first
        self.stop = asyncio.Event()

    async def run(self) -> None:
        # what the command line reads of the session, written before it can connect: a session that
        # answers has said where it records
        self.place.about.write_text(json.dumps({
            **self.place.describe(), "pid": os.getpid(), "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "cwd": os.getcwd(),
            "recording": str(self.session.recorder.path.resolve()) if self.session.recorder.path else None}))
        old_umask = os.umask(0o177)                 # the socket: its owner only
        try:
            listener = await asyncio.start_unix_server(self._connected, path=str(self.place.socket))
        finally:
            os.umask(old_umask)
        try:
            while not self.stop.is_set():
                try:
                    await asyncio.wait_for(self.stop.wait(), IDLE_CHECK_S)
                except asyncio.TimeoutError:
                    if not self.lock.locked() and self._idle():
                        break
        finally:
            listener.close()
            self.place.forget()
            await self.session.end()

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await reader.readline()
            if not line:
                return                                   # a probe: is anyone listening?
            request = json.loads(line)
            async with self.lock:                        # one command at a time, in the order they came
                started = time.perf_counter()
                answer = await self.answer(request)
                command = (request.get("argv") or ["?"])[0]
                if command != "status":                  # being listed is not being used
                    self.last_used = time.monotonic()
                    _log(f"{command}: exit {answer.get('exit')}, {(time.perf_counter() - started) * 1000:.0f} ms")
            writer.write(json.dumps(answer).encode() + b"\n")
            await writer.drain()
        except (ConnectionError, ValueError):
            pass
        finally:
            writer.close()

    async def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        argv = list(request.get("argv") or [])
        name = argv[0] if argv else ""
        if name == "opened":                             # what `verdex open` without a URL sends
            return {"exit": 0}
        if name == "close":
            self.stop.set()
            return {"exit": 0, "text": f"closed session {self.place.name}" + self._recording_note()}
        if name == "status":
            role = self.session.roles[self.session.active_role]
            tab = role.tabs.get(role.active_tab or "")
            recorder = self.session.recorder
            return {"exit": 0, "data": {"url": tab.page.url if tab is not None else None, "steps": recorder.steps,
                                        "idle_s": round(time.monotonic() - (self.last_used or self.started)),
                                        "recording": str(recorder.path) if recorder.path else None}}
        command = COMMANDS.get(name)
        if command is None or command.tool not in self.tools:
            return {"exit": 2, "text": f"verdex: unknown command {name!r}"}
        try:
            arguments = self._arguments(name, command, argv[1:], request.get("cwd"))
        except Usage as usage:
            return {"exit": 2, "text": str(usage).rstrip()}
        await asyncio.wait([self.opening])           # the first tab, opened as the session started
        try:
            with secrets_set(request.get("secrets") or {}):      # an export's: set where it was typed
                reply = await self.tools[command.tool](self.session, arguments)
        except VerdexError as exc:
            return {"exit": 1, "text": str(exc)}         # its code first, as the MCP client sees it
        except Exception as exc:  # noqa: BLE001 - a fault of the tool is the command's, never the session's end
            return {"exit": 1, "text": f"Error executing tool {command.tool}: {exc}"}     # what the MCP SDK says
        # a check that did not hold is done, yet a script that goes on after it (`verify-text T && click e5`) must not
        checked = command.tool.startswith("verify_") and (reply.data or {}).get("passed") is False
        return {"exit": 1 if checked else 0, "text": reply.text, "data": reply.data if request.get("json") else None}

    def _arguments(self, name: str, command: Command, argv: list[str], cwd: str | None) -> dict[str, Any]:
        """The tool's arguments; a relative file is where the command was typed (``cwd``), wherever the
        session was opened."""
        parsed = vars(command_parser(name, command, self.tools[command.tool]).parse_args(argv))
        if command.trailing and not parsed[command.trailing]:
            parsed[command.trailing] = None               # no trailing words: the tool's default
        arguments = {**command.optional, **{k: v for k, v in parsed.items() if v is not None}, **command.preset}
        for key in command.files if cwd else ():
            if isinstance(arguments.get(key), str):
                arguments[key] = str(Path(cwd, arguments[key]))
            elif isinstance(arguments.get(key), list):
                arguments[key] = [str(Path(cwd, item)) for item in arguments[key]]
        if command.tool == "export_test" and arguments.get("name") is None:
            stem = Path(arguments.get("path", "")).name
            arguments["name"] = stem.removesuffix(".spec.ts").removesuffix(".py").removeprefix("test_") or "flow"
        return {k: v for k, v in arguments.items() if v is not None}

    def _idle(self) -> bool:
        if self.last_used is None:                  # however slow the machine, the opener's command is waited for
            return time.monotonic() - self.started > max(self.idle_s, FIRST_COMMAND_WAIT_S)
        return time.monotonic() - self.last_used > self.idle_s

    def _recording_note(self) -> str:
        """How many steps were recorded; where to was said when the session opened."""
        recorder = self.session.recorder
        return f" ({recorder.steps} steps recorded)" if recorder.path and recorder.steps else ""


def _log(line: str) -> None:
    """One line per command in the session's log (``NAME.log`` beside its socket): the command's name,
    its exit and the time it took in here, never its arguments (a fill's text may be a secret)."""
    print(f"{datetime.now().strftime('%H:%M:%S')} {line}", flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    own, browser = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(prog="python -m verdex.shell.daemon")
    parser.add_argument("name")
    parser.add_argument("--idle-timeout", type=float, default=DEFAULT_IDLE_S)
    parser.add_argument("--record", default=None)
    parser.add_argument("--no-record", action="store_true")
    args = parser.parse_args(own)
    browser_parser = argparse.ArgumentParser(prog="verdex open")
    browser_arguments(browser_parser)
    browser_args = browser_parser.parse_args(browser)
    options, roles = browser_options(browser_args)
    place = Place(checked_name(args.name))
    options = dataclasses.replace(options, ref_base=1 + claim_ref_block(place) * REF_BLOCK)
    session = Session(options, roles, policy=policy_of(browser_args), name=place.name,
                      record=False if args.no_record else args.record)
    asyncio.run(_serve(place, session, args.idle_timeout))
    return 0


async def _serve(place: Place, session: Session, idle_s: float) -> None:
    """Open the first tab (starting the browser) while the tools load, and listen as soon as they have:
    a session's first command waits for neither in turn. Should the browser not start, the first
    command starts it again and says why, with its code."""
    opening = asyncio.create_task(session.tab())
    opening.add_done_callback(lambda task: task.cancelled() or task.exception())     # said by that command
    tools = await asyncio.to_thread(importlib.import_module, "verdex.tools")
    offered = {tool.name: tool for tool in tools.offered(tools.CAPABILITY_GROUPS)}
    await SessionProcess(place, session, offered, idle_s, opening).run()


if __name__ == "__main__":
    sys.exit(main())
