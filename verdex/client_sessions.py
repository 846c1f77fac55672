"""One verdex session per MCP client: over streamable HTTP every client (the transport's session id)
gets its own browser, roles, refs and recording, so two agents' steps never meet in one recording.
Bounded in number (SESSION_LIMIT at the bound) and in idle time (an idle client's session ends, its
recording finished). stdio has one client, hence one session.

    sessions = ClientSessions(lambda client: Session(options, roles, name=f"mcp-{client}"))
    async with sessions.using(client) as session:      # the client: its streamable HTTP session id
        ...
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from verdex.browser.session import Session
from verdex.errors import SessionLimit

MAX_CLIENT_SESSIONS = 8
CLIENT_IDLE_S = 900.0


class ClientSessions:
    def __init__(self, make: Callable[[str | None], Session], *, max_sessions: int = MAX_CLIENT_SESSIONS,
                 idle_s: float = CLIENT_IDLE_S) -> None:
        self._make = make
        self.max_sessions = max_sessions
        self.idle_s = idle_s
        self._sessions: dict[str | None, Session] = {}
        self._used: dict[str | None, float] = {}      # when its latest call ended
        self._calls: dict[str | None, int] = {}       # its calls under way
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def using(self, client: str | None) -> AsyncIterator[Session]:
        """The client's session for one call, made at its first; its idle time counts from the end of its
        latest call, and the sessions idle too long (none in a call) end first."""
        async with self._lock:
            await self._end_idle()
            if client not in self._sessions:
                if len(self._sessions) >= self.max_sessions:
                    raise SessionLimit(f"{self.max_sessions} MCP clients already have a session of their own; one "
                                       f"ends after {self.idle_s:g} s without a call",
                                       max_sessions=self.max_sessions, idle_s=self.idle_s)
                self._sessions[client] = self._make(client)
            self._calls[client] = self._calls.get(client, 0) + 1
        try:
            yield self._sessions[client]
        finally:
            self._calls[client] -= 1
            self._used[client] = time.monotonic()

    async def _end_idle(self) -> None:
        now = time.monotonic()
        for client in [c for c, used in self._used.items() if now - used >= self.idle_s and not self._calls.get(c)]:
            await self._end(client)

    async def _end(self, client: str | None) -> None:
        session = self._sessions.pop(client)
        self._used.pop(client, None)
        self._calls.pop(client, None)
        await session.end()

    async def end_all(self) -> None:
        async with self._lock:
            for client in list(self._sessions):
                await self._end(client)
