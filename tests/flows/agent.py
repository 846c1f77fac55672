"""A scripted agent: drives verdex's MCP tools the way a careful model would, and nothing more.

It chooses every ref from what a tool returned (the snapshot text a model reads), never from the
page itself. It polls the snapshot (bounded) until what it wants is there, answers NOT_ACTIONABLE by
calling again with ``wait: true``, and, when a click reports "no observable effect" (the click landed
before the page's handlers were attached), looks again and clicks again. Its own pauses between polls
are the agent's thinking time; they never reach a generated test (the generator writes waits from
the recorded facts only).

    async with recording_client(path) as client:
        agent = Agent(client)
        await agent.navigate(base_url + "/shop/")
        await agent.click("button", "Add to Cart", after=("heading", "Pixel 8"))
        await agent.verify_text("Added Pixel 8 to cart")
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcp import Client

from verdex.server import build_server

CAPS = ("test", "more")
POLL_S = 0.15                 # the agent's pause between two looks at the page
LOCATE_TIMEOUT_S = 20.0
CLICK_ATTEMPTS = 12
READY_TIMEOUT_S = 3.0
APP_WORK_TIMEOUT_S = 120.0    # an app's own work (a notebook's kernel running its cells) on a busy machine
WAIT_TOOL_MAX_S = 30.0        # the longest one browser_wait_for may wait
OUTCOME_TIMEOUT_S = 5.0       # how long an action's outcome may take to show on a busy machine
UNEXPECTED_RETRIES = 2

NAME = r'"(?:[^"\\]|\\.)*"'
LINE = re.compile(rf"^(?P<indent>\s*)- (?P<role>[\w-]+)(?: (?P<name>{NAME}))?(?P<rest>.*)$")
REF = re.compile(r"\[ref=(?P<ref>[\w-]+)\]")
TITLE = re.compile(r'\[title=(?P<title>"(?:[^"\\]|\\.)*")\]')
CODE = re.compile(r"^(?:Error executing tool \w+: )?(?P<code>[A-Z_]{4,}):")


class AgentError(AssertionError):
    """The agent could not do what its flow asked (the page never offered it, an assertion failed)."""


@dataclass(frozen=True)
class Line:
    role: str
    name: str | None
    ref: str | None
    text: str
    title: str | None = None


def parse_snapshot(text: str) -> list[Line]:
    """The node lines of a snapshot's text (after the ``---`` that ends the page identity)."""
    body = text.split("\n---\n", 1)[1] if "\n---\n" in text else text
    out = []
    for raw in body.splitlines():
        match = LINE.match(raw)
        if match is None:
            continue
        name = json.loads(match["name"]) if match["name"] else None
        if match["role"] == "text" and match["rest"].startswith(": "):     # "- text: Buy milk": an anchor too
            scalar = match["rest"][2:].strip()
            name = json.loads(scalar) if scalar.startswith('"') else scalar
        ref = REF.search(match["rest"])
        title = TITLE.search(match["rest"])      # a name of icon glyphs only comes with its title
        out.append(Line(role=match["role"], name=name, ref=ref["ref"] if ref else None, text=raw,
                        title=json.loads(title["title"]) if title else None))
    return out


# An icon font's glyphs sit at private code points: a reader sees an icon, not a character.
GLYPHS = re.compile("[\ue000-\uf8ff\U000f0000-\U0010ffff]")


def as_read(name: str) -> str:
    """A name as a reader takes it in: icon glyphs and runs of spaces are not words."""
    return " ".join(GLYPHS.sub(" ", name).split())


def ref_of(snapshot_text: str, role: str, name: str, after: tuple[str, str] | None = None) -> str | None:
    """The ref of the first line with this role and exact name; with ``after=(role, name)``, the first
    one below that anchor line (e.g. the card's heading)."""
    lines = parse_snapshot(snapshot_text)
    start = 0
    if after is not None:
        anchor = next((i for i, line in enumerate(lines)
                       if line.role == after[0] and line.name is not None and as_read(line.name) == as_read(after[1])), None)
        if anchor is None:
            return None
        start = anchor + 1
    wanted = name or None                         # "" matches a line without a name
    return next((line.ref for line in lines[start:]
                 if line.role == role and (line.name == wanted or line.title == wanted) and line.ref), None)


@dataclass
class Outcome:
    text: str
    data: dict[str, Any] | None
    error: bool

    @property
    def code(self) -> str | None:
        match = CODE.match(self.text) if self.error else None
        return match["code"] if match else None


@dataclass
class Agent:
    client: Client
    verbose: bool = False
    transcript: list[str] = field(default_factory=list)
    last_snapshot: str = ""

    # ------------------------------------------------------------------ plumbing
    async def call(self, tool: str, **args: Any) -> Outcome:
        result = await self.client.call_tool(tool, args)
        text = result.content[0].text if result.content else ""
        outcome = Outcome(text=text, data=result.structured_content, error=bool(result.is_error))
        self._log(f"> {tool} {json.dumps(args, ensure_ascii=False)}\n{text}")
        return outcome

    async def must(self, tool: str, **args: Any) -> Outcome:
        outcome = await self.call(tool, **args)
        if outcome.error:
            raise AgentError(f"{tool}({args}) failed: {outcome.text}")
        return outcome

    def _log(self, entry: str) -> None:
        self.transcript.append(entry)
        if self.verbose:
            print(entry[:2000], file=sys.stderr)

    # ------------------------------------------------------------------ looking
    async def navigate(self, url: str) -> Outcome:
        return await self.must("browser_navigate", url=url)

    async def snapshot(self) -> str:
        self.last_snapshot = (await self.must("browser_snapshot")).text
        return self.last_snapshot

    async def locate(self, role: str, name: str, *, after: tuple[str, str] | None = None,
                     timeout: float = LOCATE_TIMEOUT_S) -> str:
        """Look at the page until it shows this element; its ref."""
        deadline = time.monotonic() + timeout
        while True:
            ref = ref_of(await self.snapshot(), role, name, after)
            if ref is not None:
                return ref
            if time.monotonic() > deadline:
                raise AgentError(f"no {role} {name!r}{f' after {after}' if after else ''} in the snapshot "
                                 f"within {timeout:.0f} s:\n{self.last_snapshot}")
            await asyncio.sleep(POLL_S)

    # ------------------------------------------------------------------ acting
    async def _act(self, tool: str, role: str, name: str, *, after: tuple[str, str] | None = None,
                   effect: bool = True, expect_text: str | None = None, **args: Any) -> Outcome:
        """One action on the element the snapshot calls role "name". Blocked → the same call with
        wait: true; a stale ref → look again; no effect (verdex says so, or the outcome the agent is
        after, ``expect_text``, shows neither in the result nor on the page) → watch the target's
        ancestors until the app signals it is ready, look again and repeat."""
        wait = False
        unexpected = 0
        for _ in range(CLICK_ATTEMPTS):
            ref = await self.locate(role, name, after=after)
            outcome = await self.call(tool, ref=ref, **args, **({"wait": True} if wait else {}))
            if outcome.error and outcome.code == "NOT_ACTIONABLE" and not wait:
                wait = True                      # the facts say something covers it: let verdex wait it out
                outcome = await self.call(tool, ref=ref, **args, wait=True)
            if outcome.error:
                if outcome.code in ("STALE_REF", "STALE_OBSERVATION", "UNKNOWN_REF", "NOT_ACTIONABLE"):
                    await asyncio.sleep(POLL_S)
                    continue                     # the page changed under the ref: look again
                if outcome.code == "NO_LOCATOR" and unexpected < UNEXPECTED_RETRIES:
                    # e.g. "no locator reaches the target" for an iframe field right after navigation,
                    # although its snapshot line has a role, a name and a test id: look again, once more
                    unexpected += 1
                    await asyncio.sleep(POLL_S)
                    continue
                raise AgentError(f"{tool} on {role} {name!r} failed: {outcome.text}")
            if effect and not await self._worked(outcome, expect_text):
                # "its handler may not be attached yet": watch the ancestors for the app saying it is ready,
                # unless verdex saw it say so as the action settled
                if not ((outcome.data or {}).get("effects") or {}).get("before_ready"):
                    await self.wait_for_ancestor_change(ref)
                continue
            return outcome
        raise AgentError(f"{tool} on {role} {name!r} had no effect after {CLICK_ATTEMPTS} attempts")

    async def _worked(self, outcome: Outcome, expect_text: str | None) -> bool:
        effects = (outcome.data or {}).get("effects") or {}
        if effects.get("no_effect"):
            return False
        if expect_text is None:
            return True
        if expect_text in outcome.text:
            return True
        # The result does not mention it (verdex reports no changes inside an iframe, for one): look.
        deadline = time.monotonic() + OUTCOME_TIMEOUT_S
        while time.monotonic() < deadline:
            if expect_text in await self.snapshot():
                return True
            await asyncio.sleep(POLL_S)
        return False

    async def ancestor_attributes(self, ref: str) -> dict[str, dict[str, str]] | None:
        """The attributes of ref's ancestors, by their refs (None when the ref has gone)."""
        outcome = await self.call("get_ancestors", ref=ref)
        if outcome.error:
            return None
        return {a["ref"]: a["attributes"] for a in (outcome.data or {}).get("ancestors", []) if a.get("ref")}

    async def wait_for_ancestor_change(self, ref: str, timeout: float = READY_TIMEOUT_S) -> bool:
        """After a click that did nothing: look at the target's ancestors until one of them changes an
        attribute (``data-hydrated``, ``aria-busy``, …), the way an app says it has become interactive.
        Bounded; False when nothing changed (the next attempt goes ahead anyway)."""
        before = await self.ancestor_attributes(ref)
        if before is None:
            return False
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await asyncio.sleep(POLL_S)
            now = await self.ancestor_attributes(ref)
            if now is None:
                return False                     # the target was re-rendered: look again
            if any(ref_ in before and before[ref_] != attributes for ref_, attributes in now.items()):
                return True
        return False

    async def click(self, role: str, name: str, *, after: tuple[str, str] | None = None,
                    expect_text: str | None = None) -> Outcome:
        return await self._act("browser_click", role, name, after=after, expect_text=expect_text)

    async def fill(self, role: str, name: str, value: str, *, after: tuple[str, str] | None = None,
                   submit: bool = False) -> Outcome:
        return await self._act("browser_fill", role, name, after=after, effect=False, value=value, submit=submit)

    async def fill_unique(self, role: str, name: str, value: str) -> str:
        """Fill a value holding ``{unique}``; the token the session spelt it with."""
        filled = await self.fill(role, name, value)
        return re.search(r"\{unique\} is ([0-9a-f]{8})", filled.text).group(1)

    async def type(self, role: str, name: str, text: str, *, after: tuple[str, str] | None = None) -> Outcome:
        """Text typed key by key, for a field that listens to keys rather than to its value."""
        return await self._act("browser_type", role, name, after=after, effect=False, text=text)

    async def select(self, role: str, name: str, label: str, *, after: tuple[str, str] | None = None) -> Outcome:
        """Choose an option of a select by its label."""
        return await self._act("browser_select", role, name, after=after, effect=False, labels=[label])

    async def press(self, role: str, name: str, key: str, *, after: tuple[str, str] | None = None,
                    expect_text: str | None = None) -> Outcome:
        """A key pressed on an element (Shift+Enter in a code cell runs it)."""
        return await self._act("browser_press", role, name, after=after, expect_text=expect_text, key=key)

    async def press_key(self, key: str) -> Outcome:
        """A key pressed on whatever has focus (a shortcut: Control+Comma opens Node-RED's settings)."""
        return await self.must("browser_press", key=key)

    async def answer_dialog(self, accept: bool) -> Outcome:
        return await self.must("browser_dialog", accept=accept)

    async def switch_to_tab(self, tab: str) -> Outcome:
        """Make a tab (a popup the page opened) the one the tools act on."""
        roles = (await self.must("list_roles")).data or {}
        role = next(r for r in roles["roles"] if any(t["id"] == tab for t in r["tabs"]))
        return await self.must("select_role", name=role["name"], tab=tab)

    # ------------------------------------------------------------------ asserting
    @staticmethod
    def proposals(outcome: Outcome) -> list[str]:
        """The texts an action's result proposes to assert visible."""
        return [p["value"] for p in (outcome.data or {}).get("proposals", []) if p["kind"] == "text_visible"]

    @staticmethod
    def proposal(outcome: Outcome, kind: str) -> str:
        """What an action's result proposes to assert, of this kind (``url``: the path the page went to)."""
        found = [p["value"] for p in (outcome.data or {}).get("proposals", []) if p["kind"] == kind]
        if not found:
            raise AgentError(f"the action proposed no {kind} to assert: {outcome.text}")
        return found[0]

    async def _verify(self, tool: str, **args: Any) -> Outcome:
        outcome = await self.must(tool, **args)
        if not (outcome.data or {}).get("passed"):
            raise AgentError(f"{tool}({args}): {outcome.text}")
        return outcome

    async def verify_text(self, text: str) -> Outcome:
        return await self._verify("verify_text_visible", text=text)

    async def verify_url(self, url: str) -> Outcome:
        return await self._verify("verify_url", url=url)

    async def verify_element(self, role: str, name: str, state: str, value: str | None = None, *,
                             after: tuple[str, str] | None = None) -> Outcome:
        ref = await self.locate(role, name, after=after)
        args: dict[str, Any] = {"ref": ref, "state": state}
        if value is not None:
            args["value"] = value
        return await self._verify("verify_element", **args)

    async def wait_for_text(self, text: str, timeout: float = APP_WORK_TIMEOUT_S) -> Outcome:
        """Wait as a patient agent does: ask again while the tool times out, until the deadline."""
        deadline = time.monotonic() + timeout
        while True:
            outcome = await self.call("browser_wait_for", text=text,
                                      timeout=max(0.1, min(WAIT_TOOL_MAX_S, deadline - time.monotonic())))
            if not outcome.error:
                return outcome
            if "TIMEOUT" not in outcome.text or time.monotonic() >= deadline:
                raise AgentError(f"browser_wait_for({text!r}) failed: {outcome.text}")

    async def export(self, target: str, path: Path, name: str) -> list[Path]:
        outcome = await self.must("export_test", target=target, path=str(path), name=name)
        return [Path(p) for p in (outcome.data or {}).get("files", [])]


@asynccontextmanager
async def recording_client(recording_path: str | Path, caps: tuple[str, ...] = CAPS) -> AsyncIterator[Client]:
    """An in-memory MCP client on a verdex server that records to recording_path (a fresh file)."""
    path = Path(recording_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    async with Client(build_server(caps=caps, record=path)) as client:
        yield client


@asynccontextmanager
async def agent_at(url: str, recording: Path) -> AsyncIterator[Agent]:
    """An agent recording to ``recording``, on the page at ``url``."""
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(url)
        yield agent
