"""The MCP layer: list verdex's tools (verdex.tools) as MCP tools, check their arguments, map their
errors, add the prompts. No behaviour lives here that the shell or the Python API cannot reach.

Every tool returns the fact's compact text for the model to read and the same fact as structured
content. Errors are raised with their codes (``STALE_REF: …``); the SDK returns them as ``is_error``
results the model can correct from. The core tools are always listed; the rest sit behind
capability groups (``--caps``) so that an agent pays only for the tool definitions it uses.
"""

from __future__ import annotations

import asyncio
import inspect
import re
import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib.metadata import version
from pathlib import Path
from typing import Any, Literal

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, CallToolResult, TextContent, ToolAnnotations

import verdex.prompts as prompts
import verdex.tools as tools
from verdex.browser.session import BrowserOptions, RoleSpec, Session
from verdex.client_sessions import CLIENT_IDLE_S, MAX_CLIENT_SESSIONS, ClientSessions
from verdex.errors import VerdexError
from verdex.safety import AuditLog, Policy

CLOSE_TIMEOUT_S = 30.0
SESSION_HEADER = "mcp-session-id"

INSTRUCTIONS = (
    "verdex explores a live page for writing resilient Playwright tests. Take browser_snapshot to see the page "
    "and its refs (e42); use get_ancestors/get_siblings to find a stable container for a target. Facts are raw: "
    "read blockers, dialogs and loading in the snapshot header before acting."
)


def _mcp_function(tool: tools.Tool, sessions: ClientSessions) -> Callable[..., Awaitable[CallToolResult]]:
    """The tool as the SDK wants it: a function of its arguments (and the request's context, which names
    the client whose session it runs on), whose verdex errors reach the model as tool errors that start
    with their code."""

    async def call(ctx: Context, **arguments: Any) -> CallToolResult:
        try:
            async with sessions.using(_client_of(ctx)) as session:
                reply = await tool.run_on(session, arguments)
        except VerdexError as exc:
            raise ToolError(str(exc)) from exc
        return CallToolResult(content=[TextContent(type="text", text=reply.text)], structured_content=reply.data)

    call.__name__ = tool.name
    context = inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=Context)
    call.__signature__ = tool.signature.replace(parameters=[*tool.signature.parameters.values(), context],  # type: ignore[attr-defined]
                                                return_annotation=CallToolResult)
    call.__annotations__ = {**{p.name: p.annotation for p in tool.signature.parameters.values()}, "ctx": Context,
                            "return": CallToolResult}
    return call


def _client_of(ctx: Context) -> str | None:
    """The client a call comes from: its streamable HTTP session id (None over stdio, which has one)."""
    request = ctx.request_context.request
    headers = getattr(request, "headers", None)
    return headers.get(SESSION_HEADER) if headers is not None else None


def _argument_checks(server: MCPServer) -> Callable[..., Awaitable[Any]]:
    """Arguments are checked before a tool runs: an unknown name (a misspelled option) is refused
    rather than ignored, and a schema violation comes back with the INVALID_ARGUMENT code."""

    async def check(ctx: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
        if ctx.method == "tools/list":
            return _lean_listing(await call_next(ctx))
        if ctx.method == "prompts/get" and isinstance(ctx.params, dict):
            await _check_prompt_arguments(server, ctx.params)
        if ctx.method != "tools/call" or not isinstance(ctx.params, dict):
            return await call_next(ctx)
        name = ctx.params.get("name")
        arguments = ctx.params.get("arguments") or {}
        tool = next((t for t in await server.list_tools() if t.name == name), None)
        if tool is not None and isinstance(arguments, dict):
            known = set(tool.input_schema.get("properties", {}))
            unknown = sorted(set(arguments) - known)
            if unknown:
                return _error_result(f"INVALID_ARGUMENT: {name} has no argument {', '.join(map(repr, unknown))}; "
                                     f"its arguments are {', '.join(sorted(known)) or 'none'}")
        result = await call_next(ctx)
        if isinstance(result, dict) and result.get("isError"):
            text = (result.get("content") or [{}])[0].get("text", "")
            if re.search(r"validation errors? for ", text):    # "1 validation error", "2 validation errors"
                result["content"] = [{"type": "text",
                                      "text": f"INVALID_ARGUMENT: {name}: {tools.validation_details(text)}"}]
        return result

    return check


async def _check_prompt_arguments(server: MCPServer, params: dict[str, Any]) -> None:
    """A prompt asked for by an unknown name, without a required argument or with an unknown one is an
    INVALID_ARGUMENT error (the SDK would answer "Internal server error")."""
    name, arguments = params.get("name"), params.get("arguments") or {}
    listed = {p.name: p for p in await server.list_prompts()}
    if name not in listed:
        raise MCPError(INVALID_PARAMS, f"INVALID_ARGUMENT: no prompt {name!r}; the prompts are {', '.join(sorted(listed))}")
    known = {a.name: a.required for a in listed[name].arguments or []}
    missing = [a for a, required in known.items() if required and a not in arguments]
    unknown = sorted(set(arguments) - set(known))
    if missing or unknown:
        raise MCPError(INVALID_PARAMS, f"INVALID_ARGUMENT: {name} takes {', '.join(known)}"
                       + (f"; missing {', '.join(missing)}" if missing else "")
                       + (f"; unknown {', '.join(unknown)}" if unknown else ""))


def _lean_listing(listing: Any) -> Any:
    """An agent pays for tools/list on every turn. Pydantic's schemas say more than a model needs:
    per-property titles that repeat the names, ``anyOf [T, null]`` with ``default: null`` for an
    optional argument (omitting it says the same), ``default: false`` on a flag, and docstring indentation."""
    if isinstance(listing, dict):
        for tool in listing.get("tools", []):
            if isinstance(tool.get("description"), str):
                tool["description"] = " ".join(tool["description"].split())
            schema = tool.get("inputSchema", {})
            schema.pop("title", None)
            for name, prop in list(schema.get("properties", {}).items()):
                prop.pop("title", None)
                options = prop.get("anyOf")
                if options and len(options) == 2 and {"type": "null"} in options and prop.get("default", 0) is None:
                    kept = next(o for o in options if o != {"type": "null"})
                    schema["properties"][name] = {**kept, **{k: v for k, v in prop.items() if k not in ("anyOf", "default")}}
                elif prop.get("type") == "boolean" and prop.get("default") is False:
                    prop.pop("default")            # a flag is off unless given
    return listing


def _error_result(text: str) -> dict[str, Any]:
    result = CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)
    return result.model_dump(mode="json", by_alias=True, exclude_none=True)


def build_server(options: BrowserOptions | None = None, roles: list[RoleSpec] | None = None,
                 caps: tuple[str, ...] = (), record: str | Path | None = None, policy: Policy | None = None,
                 audit: str | Path | None = None, max_sessions: int = MAX_CLIENT_SESSIONS,
                 session_idle_s: float = CLIENT_IDLE_S) -> MCPServer:
    """The MCP server: each client gets a session of its own (one over stdio), with these roles."""
    tools.offered(caps)                     # unknown groups are refused before a session is made
    Session(options, roles, record=False)   # and roles that cannot be (a storage state file missing)
    audit_log = AuditLog(audit) if audit else None

    def session_of(client: str | None) -> Session:
        path = record if client is None or record is None else _client_recording(Path(record), client)
        return Session(options, roles, policy=policy, audit=audit_log, record=path,
                       name="mcp" if client is None else f"mcp-{client[:12]}")

    sessions = ClientSessions(session_of, max_sessions=max_sessions, idle_s=session_idle_s)
    return session_server(sessions, caps, audit_log, roles=len(roles or []))


def _client_recording(path: Path, client: str) -> Path:
    """An HTTP client's recording beside the one --record names: ``flow-<client>.jsonl``."""
    return path.with_name(f"{path.stem}-{re.sub(r'[^A-Za-z0-9]', '', client)[:12]}{path.suffix}")


def session_server(sessions: ClientSessions, caps: tuple[str, ...] = (), audit_log: AuditLog | None = None,
                   roles: int = 1) -> MCPServer:
    """The tools over the clients' sessions. Its lifespan ends them (browsers, traces, recordings) when
    the server stops; the shell's session process (verdex.shell.daemon) calls the same tools in-process."""
    if roles > 1:
        caps = (*caps, "roles")

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[ClientSessions]:
        try:
            yield sessions
        finally:
            # shielded: a server shut down by a signal is being cancelled, and closing (which writes the
            # traces) must still run to its end, bounded
            with anyio.CancelScope(shield=True), anyio.move_on_after(CLOSE_TIMEOUT_S):
                await sessions.end_all()
            if audit_log is not None:
                audit_log.close()

    server: MCPServer = MCPServer("verdex", version=version("verdex"), instructions=INSTRUCTIONS, lifespan=lifespan,
                                  log_level="WARNING", middleware=[lambda ctx, call_next: checks(ctx, call_next)])
    checks = _argument_checks(server)
    for offered_tool in tools.offered(caps):
        server.tool(name=offered_tool.name, description=offered_tool.description, structured_output=False,
                    annotations=ToolAnnotations(read_only_hint=True) if offered_tool.read_only else None,
                    )(_mcp_function(offered_tool, sessions))
    prompts.register(server)
    return server


Transport = Literal["stdio", "http"]


def serve(server: MCPServer, transport: Transport = "stdio", port: int = 8931, host: str = "127.0.0.1",
          token: str | None = None) -> None:
    async def run() -> None:
        with anyio.CancelScope() as scope:
            # A terminated or interrupted server shuts down like one whose client left: the lifespan closes
            # the session, so the browser is closed and traces are written (SIGKILL leaves only the recording).
            for signum in (signal.SIGTERM, signal.SIGINT):
                asyncio.get_running_loop().add_signal_handler(signum, scope.cancel)
            if transport == "stdio":
                await server.run_stdio_async()
            else:
                from verdex.http_transport import serve_http
                await serve_http(server, host, port, token)

    anyio.run(run)
