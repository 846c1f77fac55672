"""The MCP layer: validate arguments, call the core, return facts. No logic lives here that the CLI
or the Python API cannot reach.

Every tool returns the fact's compact text for the model to read and the same fact as structured
content. Errors are raised with their codes (``STALE_REF: …``); the SDK returns them as ``is_error``
results the model can correct from. The core tools are always listed; the rest sit behind
capability groups (``--caps``) so that an agent pays only for the tool definitions it uses.
"""

from __future__ import annotations

import asyncio
import functools
import re
import signal
from importlib.metadata import version
from pathlib import Path
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS, CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

import verdex.actions as actions
import verdex.assertions as assertions
import verdex.evaluation as evaluation
import verdex.exporting as exporting
import verdex.prompts as prompts
import verdex.reading as reading
from verdex.browser import tabs
from verdex.browser.frames import frame_facts
from verdex.browser.session import BrowserOptions, RoleSpec, Session
from verdex.errors import InvalidArgument, VerdexError
from verdex.safety import AuditLog, Policy

# Tools an agent needs in every session are always listed; these groups are added with --caps.
CAPABILITY_GROUPS = ("roles", "more", "test", "lint", "read", "tabs", "files", "eval")
CLOSE_TIMEOUT_S = 30.0

INSTRUCTIONS = (
    "verdex explores a live page for writing resilient Playwright tests. Take browser_snapshot to see the page "
    "and its refs (e42); use get_ancestors/get_siblings to find a stable container for a target. Facts are raw: "
    "read blockers, dialogs and loading in the snapshot header before acting."
)

Ref = Annotated[str, Field(description="ref from a snapshot (e42)")]
Force = Annotated[bool, Field(description="act despite blocking facts")]
Wait = Annotated[bool, Field(description="wait ≤10 s for them to clear")]
Confirm = Annotated[str | None, Field(description="text CONFIRMATION_REQUIRED asked for")]


def _result(fact: Any) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=fact.to_text())],
                          structured_content=fact.model_dump(mode="json"))


def _raising_codes(fn: Callable[..., Awaitable[CallToolResult]]) -> Callable[..., Awaitable[CallToolResult]]:
    """verdex's errors reach the model as tool errors that start with their code."""

    @functools.wraps(fn)
    async def tool(*args: Any, **kwargs: Any) -> CallToolResult:
        try:
            return await fn(*args, **kwargs)
        except VerdexError as exc:
            raise ToolError(str(exc)) from exc

    return tool


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
                details = [line.strip() for line in text.splitlines()[1:] if line.strip()
                           and not line.strip().startswith("For further information")]
                result["content"] = [{"type": "text", "text": f"INVALID_ARGUMENT: {name}: " + " ".join(details)}]
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
                 audit: str | Path | None = None) -> MCPServer:
    unknown = sorted(set(caps) - set(CAPABILITY_GROUPS))
    if unknown:
        raise InvalidArgument(f"unknown capability group(s) {unknown}; known: {list(CAPABILITY_GROUPS)}")
    audit_log = AuditLog(audit) if audit else None
    session = Session(options, roles, policy=policy, audit=audit_log, record=record, name="mcp")
    return session_server(session, caps, audit_log)


def session_server(session: Session, caps: tuple[str, ...] = (), audit_log: AuditLog | None = None) -> MCPServer:
    """The tools over one session. Its lifespan ends the session (browser, traces, recording) when the
    server stops; the shell's session process (verdex.shell.daemon) calls the same tools in-process."""
    if len(session.roles) > 1:
        caps = (*caps, "roles")

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[Session]:
        try:
            yield session
        finally:
            # shielded: a server shut down by a signal is being cancelled, and closing (which writes the
            # traces) must still run to its end, bounded
            with anyio.CancelScope(shield=True), anyio.move_on_after(CLOSE_TIMEOUT_S):
                await session.end()
            if audit_log is not None:
                audit_log.close()

    server: MCPServer = MCPServer("verdex", version=version("verdex"), instructions=INSTRUCTIONS, lifespan=lifespan,
                                  log_level="WARNING", middleware=[lambda ctx, call_next: checks(ctx, call_next)])
    checks = _argument_checks(server)
    read_only = ToolAnnotations(read_only_hint=True)

    def tool(annotations: ToolAnnotations | None = None, group: str | None = None
             ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register a tool, behind a capability group if given. The policy (tiers, confirmation, hosts)
        and the time bound are the core's: every face refuses the same calls."""

        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            if group is None or group in caps:
                server.tool(annotations=annotations, structured_output=False)(_raising_codes(fn))
            return fn
        return register

    @tool(group="more")
    async def browser_initialize() -> CallToolResult:
        """Start the browser (if needed) and open the active role's tab; returns browser, roles and tabs."""
        await session.tab()
        return _result(await session.info())

    @tool()
    async def browser_navigate(url: Annotated[str, Field(description="absolute, or relative to the page")]) -> CallToolResult:
        """Go to a URL in the active tab; returns the page identity."""
        tab = await session.tab()
        return _result(await actions.navigate(tab, url))

    @tool(group="more")
    async def browser_back() -> CallToolResult:
        """Go back in the active tab's history."""
        tab = await session.tab()
        return _result(await tab.back())

    @tool(group="more")
    async def browser_forward() -> CallToolResult:
        """Go forward in the active tab's history."""
        tab = await session.tab()
        return _result(await tab.forward())

    @tool(read_only, group="more")
    async def browser_scroll(ref: Annotated[Ref | None, Field(description="scroll this element into view")] = None,
                             dx: int = 0, dy: Annotated[int, Field(description="pixels down (negative: up)")] = 0
                             ) -> CallToolResult:
        """Scroll ref to the middle of the viewport, or the page by (dx, dy). Not recorded: Playwright
        scrolls a target into view by itself."""
        tab = await session.tab()
        return _result(await tab.scroll(ref, dx, dy))

    @tool(group="more")
    async def browser_reload() -> CallToolResult:
        """Reload the active tab."""
        tab = await session.tab()
        return _result(await tab.reload())

    @tool(read_only)
    async def browser_snapshot(
        scope: Annotated[Ref | None, Field(description="only the subtree of this ref")] = None,
        depth: Annotated[int | None, Field(description="levels below scope", ge=1)] = None,
        max_items: Annotated[int | None, Field(description="lines per page", ge=1)] = None,
        cursor: Annotated[str | None, Field(description="next_cursor of a previous page")] = None,
        diff: Annotated[bool, Field(description="only lines changed since the last snapshot")] = False,
        full: Annotated[bool, Field(description="do not fold repeated siblings")] = False,
    ) -> CallToolResult:
        """Accessibility snapshot of the active tab: page identity (url, title, heading, dialogs, notices, loading,
        blockers) and one line per node; interactive elements carry refs. Budgeted (24 KB) with paging."""
        tab = await session.tab()
        return _result(await tab.snapshot(scope=scope, depth=depth, max_items=max_items, cursor=cursor,
                                                   diff=diff, mode="full" if full else "default"))

    @tool(read_only)
    async def get_ancestors(ref: Ref) -> CallToolResult:
        """Every ancestor of ref up to body: tag, role, name, attributes, refs inside, text, and whether it is a
        container that tells things apart (test id, landmark, named region, row, card)."""
        tab = await session.tab()
        return _result(await tab.ancestors(ref))

    @tool(read_only)
    async def get_siblings(
        ref: Ref,
        ancestor_level: Annotated[int, Field(description="0 = the element, 1 = its parent, …", ge=0)] = 1,
        max_items: Annotated[int, Field(ge=1)] = 50,
    ) -> CallToolResult:
        """Siblings of ref's ancestor at ancestor_level: the text telling each apart, and whether each has the
        target's shape."""
        tab = await session.tab()
        return _result(await tab.siblings(ref, ancestor_level, max_items))

    @tool(read_only, group="more")
    async def get_descendants(ref: Ref, depth: Annotated[int, Field(ge=1)] = 3,
                              max_items: Annotated[int, Field(ge=1)] = 100) -> CallToolResult:
        """The subtree under ref, every element with a ref, up to depth levels and max_items items."""
        tab = await session.tab()
        return _result(await tab.descendants(ref, depth, max_items))

    @tool(read_only, group="roles")
    async def list_roles() -> CallToolResult:
        """The roles (isolated browser contexts), their tabs and which is active."""
        return _result(await session.info())

    @tool(group="roles")
    async def select_role(name: Annotated[str, Field(description="role name from list_roles")],
                          tab: Annotated[str | None, Field(description="tab id to make active, e.g. t2")] = None
                          ) -> CallToolResult:
        """Make a role (and optionally one of its tabs) the active one."""
        session.select_role(name, tab)
        await session.tab(name)
        return _result(await session.info())

    @tool(group="more")
    async def browser_close() -> CallToolResult:
        """Close the browser and every role's context; the next call starts a fresh one."""
        await session.close()
        return _result(await session.info())

    # ---------------------------------------------------------------- actions
    @tool()
    async def browser_click(
        ref: Ref,
        button: Literal["left", "right", "middle"] = "left",
        click_count: Annotated[int, Field(ge=1, le=3)] = 1,
        modifiers: Annotated[list[str] | None, Field(description="Alt, Control, Meta, Shift")] = None,
        force: Force = False, wait: Wait = False, confirm: Confirm = None,
    ) -> CallToolResult:
        """Click ref after a race preflight: NOT_ACTIONABLE with the facts if it is covered, moving, hidden or
        disabled; else clicks and reports the effects (requests, navigation, notices, changes)."""
        tab = await session.tab()
        return _result(await actions.click(tab, ref, button=button, click_count=click_count,
                                                    modifiers=modifiers, force=force, wait=wait, confirm=confirm))

    @tool()
    async def browser_fill(ref: Ref, value: str, submit: Annotated[bool, Field(description="press Enter after")] = False,
                           force: Force = False, wait: Wait = False, confirm: str | None = None) -> CallToolResult:
        """Replace a field's value (preflighted like browser_click)."""
        tab = await session.tab()
        return _result(await actions.fill(tab, ref, value, submit=submit, force=force, wait=wait,
                                                   confirm=confirm))

    @tool()
    async def browser_select(ref: Ref, values: list[str] | None = None, labels: list[str] | None = None,
                             force: Force = False, wait: Wait = False, confirm: str | None = None) -> CallToolResult:
        """Choose options of a select by value or by label."""
        tab = await session.tab()
        return _result(await actions.select(tab, ref, values=values, labels=labels, force=force, wait=wait,
                                                     confirm=confirm))

    @tool()
    async def browser_check(ref: Ref, checked: bool = True, force: Force = False, wait: Wait = False,
                            confirm: str | None = None) -> CallToolResult:
        """Check (or with checked=false uncheck) a checkbox, radio or switch."""
        tab = await session.tab()
        return _result(await actions.set_checked(tab, ref, checked, force=force, wait=wait,
                                                          confirm=confirm))

    @tool()
    async def browser_press(key: Annotated[str, Field(description="Enter, Escape, Tab, Control+A, …")],
                            ref: Annotated[str | None, Field(description="element to press on; default the focused one")] = None,
                            confirm: str | None = None) -> CallToolResult:
        """Press a key."""
        tab = await session.tab()
        return _result(await actions.press(tab, key, ref, confirm=confirm))

    @tool()
    async def browser_wait_for(
        text: Annotated[str | None, Field(description="until this text is visible")] = None,
        text_gone: Annotated[str | None, Field(description="until this text is hidden or gone")] = None,
        ref: Annotated[str | None, Field(description="until this element reaches state")] = None,
        state: Literal["visible", "hidden", "enabled", "disabled", "attached", "detached"] = "visible",
        timeout: Annotated[float, Field(description="seconds, at most 30", gt=0, le=30)] = 10,
    ) -> CallToolResult:
        """Wait (bounded) for text to appear or disappear, or for ref to reach a state."""
        tab = await session.tab()
        waited = await actions.wait_for(tab, text=text, text_gone=text_gone, ref=ref, state=state,
                                                 timeout_s=timeout)
        return _plain(f"done after {waited['waited_ms']} ms", waited)

    @tool()
    async def browser_dialog(accept: bool, prompt_text: str | None = None) -> CallToolResult:
        """Answer the open alert/confirm/prompt dialog."""
        tab = await session.tab()
        answered = await actions.answer_dialog(tab, accept=accept, prompt_text=prompt_text)
        return _plain(f"{'accepted' if accept else 'dismissed'} {answered['type']} {answered['message']!r}", answered)

    @tool(group="more")
    async def browser_type(ref: Ref, text: str, submit: bool = False, force: Force = False, wait: Wait = False,
                           confirm: str | None = None) -> CallToolResult:
        """Type text key by key into ref (after its current value)."""
        tab = await session.tab()
        return _result(await actions.type_text(tab, ref, text, submit=submit, force=force, wait=wait,
                                                        confirm=confirm))

    @tool(group="more")
    async def browser_drag(ref: Ref, to: Annotated[str, Field(description="ref to drop it on")], force: Force = False,
                           wait: Wait = False, confirm: Confirm = None) -> CallToolResult:
        """Drag ref onto another element with real mouse events; preflight and effects as for a click."""
        tab = await session.tab()
        return _result(await actions.drag(tab, ref, to, force=force, wait=wait, confirm=confirm))

    @tool(group="more")
    async def browser_hover(ref: Ref, force: Force = False, wait: Wait = False) -> CallToolResult:
        """Move the mouse over ref (reveals hover-only controls)."""
        tab = await session.tab()
        return _result(await actions.hover(tab, ref, force=force, wait=wait))

    @tool(read_only, group="more")
    async def observe_element_state(ref: Ref) -> CallToolResult:
        """The preflight facts for ref without acting: coverage, animations, visibility, navigation."""
        tab = await session.tab()
        return _result(await actions.observe(tab, ref))

    @tool(group="eval")
    async def browser_evaluate(expression: Annotated[str, Field(description="JavaScript expression or function")]
                               ) -> CallToolResult:
        """Evaluate JavaScript in the page; returns its JSON result."""
        tab = await session.tab()
        return _result(await evaluation.evaluate(tab, expression))

    # ---------------------------------------------------------------- assertions and export
    @tool(read_only, group="test")
    async def verify_text_visible(text: str) -> CallToolResult:
        """Assert text is visible (checked now; recorded for the test when it holds)."""
        tab = await session.tab()
        return _result(await assertions.text_visible(tab, text))

    @tool(read_only, group="test")
    async def verify_element(ref: Ref, state: assertions.ElementState,
                             value: Annotated[str | None, Field(description="for value, text, count")] = None
                             ) -> CallToolResult:
        """Assert ref's state: visible, hidden, enabled, disabled, checked, unchecked, value, text or count."""
        tab = await session.tab()
        return _result(await assertions.element(tab, ref, state, value))

    @tool(read_only, group="test")
    async def verify_url(url: Annotated[str, Field(description="the URL's end, e.g. /shop/cart, or /regex/")]
                         ) -> CallToolResult:
        """Assert the page's URL."""
        tab = await session.tab()
        return _result(await assertions.url(tab, url))

    @tool(read_only, group="test")
    async def browser_wait_for_url(
        url: Annotated[str, Field(description="the URL's end, e.g. /shop/cart, or /regex/")],
        timeout_s: Annotated[float, Field(ge=0.1, le=30)] = 10.0,
    ) -> CallToolResult:
        """Wait, bounded, for the page's URL; recorded as a URL check when it holds."""
        tab = await session.tab()
        return _result(await assertions.wait_for_url(tab, url, timeout_s))

    @tool()              # the product's main output: listed in every session, which always records
    async def export_test(target: Literal["python", "typescript"],
                          path: Annotated[str, Field(description="file to write (tests/test_x.py)")],
                          name: Annotated[str, Field(description="test name (checkout)")]) -> CallToolResult:
        """Write the recorded session as a wait-aware test (pytest-playwright or @playwright/test)."""
        written = await exporting.export_test(session, target=target, path=path, name=name)
        return _plain(f"wrote {', '.join(str(p) for p in written)}", {"files": [str(p) for p in written]})

    @tool(group="test")
    async def export_report(path: Annotated[str, Field(description="HTML file to write, e.g. report.html")]
                            ) -> CallToolResult:
        """Write the recorded session as a self-contained HTML report: steps, facts, effects, screenshots."""
        written = await exporting.export_report(session, path)
        return _plain(f"wrote {written}", {"files": [str(written)]})

    # ---------------------------------------------------------------- reading, tabs, frames, files
    @tool(read_only, group="read")
    async def browser_extract(
        format: Literal["markdown", "text", "structured"] = "markdown",
        scope: Annotated[Ref | None, Field(description="only this element's content")] = None,
        max_chars: Annotated[int, Field(ge=200, le=100_000)] = reading.DEFAULT_MAX_CHARS,
        cursor: Annotated[str | None, Field(description="next_cursor of a previous page")] = None,
    ) -> CallToolResult:
        """The page's readable content (main landmark if any; hidden content skipped, secrets redacted), paged."""
        tab = await session.tab()
        return _result(await reading.extract(tab, format=format, scope=scope, max_chars=max_chars,
                                                      cursor=cursor))

    @tool(read_only, group="read")
    async def browser_find(
        query: Annotated[str | None, Field(description="text, or a JavaScript regex with regex=true")] = None,
        regex: bool = False, ignore_case: bool = True,
        context_chars: Annotated[int, Field(ge=0, le=500)] = 60,
        max_results: Annotated[int, Field(ge=1, le=200)] = 20,
        cursor: Annotated[str | None, Field(description="next_cursor of a previous page")] = None,
    ) -> CallToolResult:
        """Find visible text: each match with context and the nearest ref to act on, paged."""
        tab = await session.tab()
        return _result(await reading.find(tab, query, regex=regex, ignore_case=ignore_case,
                                                   context_chars=context_chars, max_results=max_results,
                                                   cursor=cursor))

    @tool(read_only, group="tabs")
    async def browser_tabs() -> CallToolResult:
        """The active role's tabs: url, title, active, opener; popups refused over the cap."""
        await session.tab()
        return _result(await tabs.tab_list(session))

    @tool(group="tabs")
    async def browser_tab_select(tab: Annotated[str, Field(description="tab id, e.g. t2")]) -> CallToolResult:
        """Make a tab of the active role the active one."""
        session.select_role(session.active_role, tab)
        return _result(await tabs.tab_list(session))

    @tool(group="tabs")
    async def browser_tab_new(url: Annotated[str | None, Field(description="absolute URL to open")] = None
                              ) -> CallToolResult:
        """Open a new tab (and go to url); it becomes the active tab."""
        await session.new_tab(url)
        return _result(await tabs.tab_list(session))

    @tool(group="tabs")
    async def browser_tab_close(tab: Annotated[str, Field(description="tab id, e.g. t2")]) -> CallToolResult:
        """Close a tab of the active role."""
        await session.close_tab(tab)
        return _result(await tabs.tab_list(session))

    @tool(read_only, group="tabs")
    async def browser_frames() -> CallToolResult:
        """The active tab's frames: url, origin, name, cross-origin or not."""
        tab = await session.tab()
        return _result(frame_facts(tab.id, tab.page))

    @tool(read_only, group="files")
    async def browser_downloads() -> CallToolResult:
        """Downloads of this session: name, state, size, saved path (cancelled over the size cap)."""
        await session.tab()
        return _result(session.downloads.listing())

    @tool(read_only, group="files")
    async def browser_screenshot(path: Annotated[str, Field(description="PNG file to write")],
                                 ref: Annotated[Ref | None, Field(description="only this element")] = None,
                                 full_page: bool = False) -> CallToolResult:
        """Write a PNG of the viewport, the whole page or one element."""
        tab = await session.tab()
        return _result(await tab.screenshot(path, ref, full_page))

    @tool(group="files")
    async def browser_state_save(path: Annotated[str, Field(description="JSON file to write")]) -> CallToolResult:
        """Save the active role's cookies and local storage (log in once; load it in later sessions)."""
        return _result(await session.save_state(path))

    @tool(group="files")
    async def browser_state_load(path: Annotated[str, Field(description="a file browser_state_save wrote")]
                                 ) -> CallToolResult:
        """Start the active role's context again with a saved storage state (its tabs close)."""
        return _result(await session.load_state(path))

    @tool(group="files")
    async def browser_upload(ref: Ref, paths: Annotated[list[str], Field(description="files to upload")],
                             force: Force = False, wait: Wait = False) -> CallToolResult:
        """Upload files through a file input, or the file chooser that clicking ref opens."""
        tab = await session.tab()
        return _result(await actions.upload(tab, ref, paths, force=force, wait=wait))

    if "lint" in caps:
        _add_lint_tools(server)
    prompts.register(server)
    return server


def _plain(text: str, data: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def _add_lint_tools(server: MCPServer) -> None:
    @server.tool(structured_output=False, annotations=ToolAnnotations(read_only_hint=True))
    @_raising_codes
    async def lint_test(
        code: Annotated[str | None, Field(description="Python test source to lint")] = None,
        path: Annotated[str | None, Field(description="a file or directory of tests to lint")] = None,
    ) -> CallToolResult:
        """Find flaky Playwright patterns (nth, hard waits, force, XPath, non-retrying asserts) in Python tests."""
        if (code is None) == (path is None):
            raise InvalidArgument("pass exactly one of code or path")
        from verdex.lint import lint_paths, lint_source, load_config      # libcst: loaded when first linted
        config = load_config(start=Path(path) if path else Path.cwd())     # the project's [tool.verdex.lint]
        if config.source is None:          # no project settings: an agent's new test has no reason to break any rule
            config = config.with_overrides(["ALL"], None)
        results = await asyncio.to_thread(
            lambda: [lint_source(code, config=config)] if code is not None else lint_paths([path], config))
        findings = [f for r in results for f in r.findings]
        errors = [f"{r.path}:{r.error_line or 1}:{r.error_col or 1}: error: {r.error}" for r in results if r.error]
        # each rule's explanation once, after its one-line findings: what to write instead
        explained = {f.rule: f"{f.rule}: {f.explanation}" for f in findings}
        lines = [f"{f.path}:{f.line}:{f.col}: {f.rule} {f.message}" for f in findings] + errors
        text = "\n".join(lines + ([""] + list(explained.values()) if explained else [])) or "no findings"
        return CallToolResult(content=[TextContent(type="text", text=text)],
                              structured_content={"results": [r.model_dump(mode="json") for r in results]})


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
