"""The tools every face offers, without the protocol: each is an async function of a session and its
arguments that returns a :class:`Reply` — the fact's compact text and the same fact as data.

The MCP server (verdex.server) lists them as MCP tools; the shell's session process
(verdex.shell.daemon) calls them in-process, so a session command never loads the MCP SDK. A tool's
arguments are its function's parameters after the session: their annotations are the input schema
both faces show, and :meth:`Tool.__call__` checks a call against it. The core tools are in every
session; the rest sit behind capability groups (``--caps``) so that an agent pays only for the tool
definitions it uses.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

import verdex.actions as actions
import verdex.assertions as assertions
import verdex.evaluation as evaluation
import verdex.exporting as exporting
import verdex.reading as reading
import verdex.unique as unique
from verdex.browser import tabs
from verdex.browser.frames import frame_facts
from verdex.browser.session import Session
from verdex.errors import InvalidArgument

# Tools an agent needs in every session are always listed; these groups are added with --caps.
CAPABILITY_GROUPS = ("roles", "more", "test", "lint", "read", "tabs", "files", "eval")

Ref = Annotated[str, Field(description="ref from a snapshot (e42)")]
Force = Annotated[bool, Field(description="act despite blocking facts")]
Wait = Annotated[bool, Field(description="wait ≤10 s for them to clear")]
Confirm = Annotated[str | None, Field(description="text CONFIRMATION_REQUIRED asked for")]


@dataclass(frozen=True)
class Reply:
    text: str                   # what the agent reads
    data: dict[str, Any]        # the same, structured


def _fact(fact: BaseModel) -> Reply:
    return Reply(fact.to_text(), fact.model_dump(mode="json"))   # type: ignore[attr-defined]


@dataclass(frozen=True)
class Tool:
    name: str
    run: Callable[..., Awaitable[Reply]]       # (session, **arguments)
    group: str | None                          # None: in every session; else behind --caps GROUP
    read_only: bool

    @property
    def description(self) -> str:
        return self.run.__doc__ or ""

    @cached_property
    def signature(self) -> inspect.Signature:
        """The tool's arguments: the function's parameters after the session."""
        whole = inspect.signature(self.run, eval_str=True)
        return whole.replace(parameters=list(whole.parameters.values())[1:])

    @cached_property
    def arguments(self) -> type[BaseModel]:
        fields: dict[str, Any] = {
            p.name: (p.annotation, ... if p.default is inspect.Parameter.empty else p.default)
            for p in self.signature.parameters.values()}
        return create_model(f"{self.name}Arguments", __config__=ConfigDict(extra="forbid"), **fields)

    @property
    def input_schema(self) -> dict[str, Any]:
        return self.arguments.model_json_schema()

    async def __call__(self, session: Session, arguments: dict[str, Any]) -> Reply:
        """Run the tool on a session after checking its arguments: INVALID_ARGUMENT names what does not fit."""
        try:
            checked = self.arguments.model_validate(arguments)
        except ValidationError as exc:
            raise InvalidArgument(f"{self.name}: {validation_details(str(exc))}") from exc
        return await self.run_on(session, {name: getattr(checked, name) for name in type(checked).model_fields})

    async def run_on(self, session: Session, given: dict[str, Any]) -> Reply:
        """Run the tool on checked arguments. ``{unique}`` in a text the agent types, waits for or checks is
        the session's token (verdex/unique.py), and the reply says so. A secret a page showed as text (an API token
        it made) is masked in the reply."""
        spelled = {name: _spelled(value, session.unique) if name in TEXT_ARGUMENTS else value
                   for name, value in given.items()}
        reply = await self.run(session, **spelled)
        reply = Reply(session.shown_secrets.redact(reply.text), session.shown_secrets.redact_data(reply.data))
        if spelled == given:
            return reply
        return Reply(f"{reply.text}\n{unique.PLACEHOLDER} is {session.unique} in this session; the exported test "
                     "makes its own each run", reply.data)


# what the agent types, waits for or checks: {unique} in them is the session's token
TEXT_ARGUMENTS = {"value", "text", "text_gone", "url", "prompt_text", "values", "labels"}


def _spelled(value: Any, token: str) -> Any:
    if isinstance(value, str):
        return unique.spelled(value, token)
    if isinstance(value, list):
        return [unique.spelled(item, token) if isinstance(item, str) else item for item in value]
    return value


def validation_details(text: str) -> str:
    """Pydantic's validation message without its first line ("2 validation errors for …") and its
    links, on one line: what a model or a person needs to correct the call."""
    return " ".join(line.strip() for line in text.splitlines()[1:]
                    if line.strip() and not line.strip().startswith("For further information"))


TOOLS: dict[str, Tool] = {}


def tool(*, group: str | None = None, read_only: bool = False
         ) -> Callable[[Callable[..., Awaitable[Reply]]], Callable[..., Awaitable[Reply]]]:
    def register(run: Callable[..., Awaitable[Reply]]) -> Callable[..., Awaitable[Reply]]:
        TOOLS[run.__name__] = Tool(run.__name__, run, group, read_only)
        return run
    return register


def offered(caps: tuple[str, ...] = ()) -> list[Tool]:
    """The tools a session with these capability groups lists, in the order they are defined."""
    unknown = sorted(set(caps) - set(CAPABILITY_GROUPS))
    if unknown:
        raise InvalidArgument(f"unknown capability group(s) {unknown}; known: {list(CAPABILITY_GROUPS)}")
    return [t for t in TOOLS.values() if t.group is None or t.group in caps]


# ---------------------------------------------------------------- the browser and its pages
@tool(group="more")
async def browser_initialize(session: Session) -> Reply:
    """Start the browser (if needed) and open the active role's tab; returns browser, roles and tabs."""
    await session.tab()
    return _fact(await session.info())


@tool()
async def browser_navigate(session: Session,
                           url: Annotated[str, Field(description="absolute, or relative to the page")]) -> Reply:
    """Go to a URL in the active tab; returns the page identity."""
    return _fact(await actions.navigate(await session.tab(), url))


@tool(group="more")
async def browser_back(session: Session) -> Reply:
    """Go back in the active tab's history."""
    return _fact(await (await session.tab()).back())


@tool(group="more")
async def browser_forward(session: Session) -> Reply:
    """Go forward in the active tab's history."""
    return _fact(await (await session.tab()).forward())


@tool(group="more", read_only=True)
async def browser_scroll(session: Session,
                         ref: Annotated[Ref | None, Field(description="scroll this element into view")] = None,
                         dx: int = 0, dy: Annotated[int, Field(description="pixels down (negative: up)")] = 0
                         ) -> Reply:
    """Scroll ref to the middle of the viewport, or the page by (dx, dy). Not recorded: Playwright
    scrolls a target into view by itself."""
    return _fact(await (await session.tab()).scroll(ref, dx, dy))


@tool(group="more")
async def browser_reload(session: Session) -> Reply:
    """Reload the active tab."""
    return _fact(await (await session.tab()).reload())


@tool(read_only=True)
async def browser_snapshot(
    session: Session,
    scope: Annotated[Ref | None, Field(description="only the subtree of this ref")] = None,
    depth: Annotated[int | None, Field(description="levels below scope", ge=1)] = None,
    max_items: Annotated[int | None, Field(description="lines per page", ge=1)] = None,
    cursor: Annotated[str | None, Field(description="next_cursor of a previous page")] = None,
    diff: Annotated[bool, Field(description="only lines changed since the last snapshot")] = False,
    full: Annotated[bool, Field(description="do not fold repeated siblings")] = False,
) -> Reply:
    """Accessibility snapshot of the active tab: page identity (url, title, heading, dialogs, notices, loading,
    blockers) and one line per node; interactive elements carry refs. Budgeted (24 KB) with paging."""
    tab = await session.tab()
    return _fact(await tab.snapshot(scope=scope, depth=depth, max_items=max_items, cursor=cursor, diff=diff,
                                    mode="full" if full else "default"))


@tool(read_only=True)
async def get_ancestors(session: Session, ref: Ref) -> Reply:
    """Every ancestor of ref up to body: tag, role, name, attributes, refs inside, text, and whether it is a
    container that tells things apart (test id, landmark, named region, row, card)."""
    return _fact(await (await session.tab()).ancestors(ref))


@tool(read_only=True)
async def get_siblings(
    session: Session,
    ref: Ref,
    ancestor_level: Annotated[int, Field(description="0 = the element, 1 = its parent, …", ge=0)] = 1,
    max_items: Annotated[int, Field(ge=1)] = 50,
) -> Reply:
    """Siblings of ref's ancestor at ancestor_level: the text telling each apart, and whether each has the
    target's shape."""
    return _fact(await (await session.tab()).siblings(ref, ancestor_level, max_items))


@tool(group="more", read_only=True)
async def get_descendants(session: Session, ref: Ref, depth: Annotated[int, Field(ge=1)] = 3,
                          max_items: Annotated[int, Field(ge=1)] = 100) -> Reply:
    """The subtree under ref, every element with a ref, up to depth levels and max_items items."""
    return _fact(await (await session.tab()).descendants(ref, depth, max_items))


@tool(group="roles", read_only=True)
async def list_roles(session: Session) -> Reply:
    """The roles (isolated browser contexts), their tabs and which is active."""
    return _fact(await session.info())


@tool(group="roles")
async def select_role(session: Session, name: Annotated[str, Field(description="role name from list_roles")],
                      tab: Annotated[str | None, Field(description="tab id to make active, e.g. t2")] = None
                      ) -> Reply:
    """Make a role (and optionally one of its tabs) the active one."""
    session.select_role(name, tab)
    await session.tab(name)
    return _fact(await session.info())


@tool(group="more")
async def browser_close(session: Session) -> Reply:
    """Close the browser and every role's context; the next call starts a fresh one."""
    await session.close()
    return _fact(await session.info())


# ---------------------------------------------------------------- actions
@tool()
async def browser_click(
    session: Session,
    ref: Ref,
    button: Literal["left", "right", "middle"] = "left",
    click_count: Annotated[int, Field(ge=1, le=3)] = 1,
    modifiers: Annotated[list[str] | None, Field(description="Alt, Control, Meta, Shift")] = None,
    force: Force = False, wait: Wait = False, confirm: Confirm = None,
) -> Reply:
    """Click ref after a race preflight: NOT_ACTIONABLE with the facts if it is covered, moving, hidden or
    disabled; else clicks and reports the effects (requests, navigation, notices, changes)."""
    return _fact(await actions.click(await session.tab(), ref, button=button, click_count=click_count,
                                     modifiers=modifiers, force=force, wait=wait, confirm=confirm))


@tool()
async def browser_fill(session: Session, ref: Ref, value: str,
                       submit: Annotated[bool, Field(description="press Enter after")] = False,
                       force: Force = False, wait: Wait = False, confirm: str | None = None) -> Reply:
    """Replace a field's value (preflighted like browser_click)."""
    return _fact(await actions.fill(await session.tab(), ref, value, submit=submit, force=force, wait=wait,
                                    confirm=confirm))


@tool()
async def browser_select(session: Session, ref: Ref, values: list[str] | None = None,
                         labels: list[str] | None = None, force: Force = False, wait: Wait = False,
                         confirm: str | None = None) -> Reply:
    """Choose options of a select by value or by label."""
    return _fact(await actions.select(await session.tab(), ref, values=values, labels=labels, force=force,
                                      wait=wait, confirm=confirm))


@tool()
async def browser_check(session: Session, ref: Ref, checked: bool = True, force: Force = False, wait: Wait = False,
                        confirm: str | None = None) -> Reply:
    """Check (or with checked=false uncheck) a checkbox, radio or switch."""
    return _fact(await actions.set_checked(await session.tab(), ref, checked, force=force, wait=wait,
                                           confirm=confirm))


@tool()
async def browser_press(session: Session,
                        key: Annotated[str, Field(description="Enter, Escape, Control+A")],
                        ref: str | None = None, force: bool = False, wait: bool = False,
                        confirm: str | None = None) -> Reply:
    """Press a key on ref (or on focus)."""
    return _fact(await actions.press(await session.tab(), key, ref, force=force, wait=wait, confirm=confirm))


@tool()
async def browser_wait_for(
    session: Session,
    text: Annotated[str | None, Field(description="until this text is visible")] = None,
    text_gone: Annotated[str | None, Field(description="until this text is hidden or gone")] = None,
    ref: Annotated[str | None, Field(description="until this element reaches state")] = None,
    state: Literal["visible", "hidden", "enabled", "disabled", "attached", "detached"] = "visible",
    timeout: Annotated[float, Field(description="seconds, at most 30", gt=0, le=30)] = 10,
) -> Reply:
    """Wait (bounded) for text to appear or disappear, or for ref to reach a state."""
    waited = await actions.wait_for(await session.tab(), text=text, text_gone=text_gone, ref=ref, state=state,
                                    timeout_s=timeout)
    return Reply(f"done after {waited['waited_ms']} ms", waited)


@tool()
async def browser_dialog(session: Session, accept: bool, prompt_text: str | None = None) -> Reply:
    """Answer the open alert/confirm/prompt dialog."""
    answered = await actions.answer_dialog(await session.tab(), accept=accept, prompt_text=prompt_text)
    effects = answered.pop("effects")
    said = f"{'accepted' if accept else 'dismissed'} {answered['type']} {answered['message']!r}"
    if effects is not None:
        said += "\n" + effects.to_text()
        answered["effects"] = effects.model_dump(mode="json")
    return Reply(said, answered)


@tool(group="more")
async def browser_type(session: Session, ref: Ref, text: str, submit: bool = False, force: Force = False,
                       wait: Wait = False, confirm: str | None = None) -> Reply:
    """Type text key by key into ref (after its current value)."""
    return _fact(await actions.type_text(await session.tab(), ref, text, submit=submit, force=force, wait=wait,
                                         confirm=confirm))


@tool(group="more")
async def browser_drag(session: Session, ref: Ref, to: Annotated[str, Field(description="ref to drop it on")],
                       force: Force = False, wait: Wait = False, confirm: Confirm = None) -> Reply:
    """Drag ref onto another element with real mouse events; preflight and effects as for a click."""
    return _fact(await actions.drag(await session.tab(), ref, to, force=force, wait=wait, confirm=confirm))


@tool(group="more")
async def browser_hover(session: Session, ref: Ref, force: Force = False, wait: Wait = False) -> Reply:
    """Move the mouse over ref (reveals hover-only controls)."""
    return _fact(await actions.hover(await session.tab(), ref, force=force, wait=wait))


@tool(group="more", read_only=True)
async def observe_element_state(session: Session, ref: Ref) -> Reply:
    """The preflight facts for ref without acting: coverage, animations, visibility, navigation."""
    return _fact(await actions.observe(await session.tab(), ref))


@tool(group="eval")
async def browser_evaluate(session: Session,
                           expression: Annotated[str, Field(description="JavaScript expression or function")]
                           ) -> Reply:
    """Evaluate JavaScript in the page; returns its JSON result."""
    return _fact(await evaluation.evaluate(await session.tab(), expression))


# ---------------------------------------------------------------- assertions and export
@tool(group="test", read_only=True)
async def verify_text_visible(session: Session, text: str) -> Reply:
    """Assert text is visible (checked now; recorded for the test when it holds)."""
    return _fact(await assertions.text_visible(await session.tab(), text))


@tool(group="test", read_only=True)
async def verify_element(session: Session, ref: Ref, state: assertions.ElementState,
                         value: Annotated[str | None, Field(description="for value, text, count")] = None) -> Reply:
    """Assert ref's state: visible, hidden, enabled, disabled, checked, unchecked, selected, expanded, collapsed,
    pressed (by aria-selected, -expanded, -pressed), value, text or count."""
    return _fact(await assertions.element(await session.tab(), ref, state, value))


@tool(group="test", read_only=True)
async def verify_url(session: Session,
                     url: Annotated[str, Field(description="the URL's end, e.g. /shop/cart, or /regex/")]) -> Reply:
    """Assert the page's URL."""
    return _fact(await assertions.url(await session.tab(), url))


@tool(group="test", read_only=True)
async def browser_wait_for_url(
    session: Session,
    url: Annotated[str, Field(description="the URL's end, e.g. /shop/cart, or /regex/")],
    timeout: Annotated[float, Field(description="seconds, at most 30", ge=0.1, le=30)] = 10.0,
) -> Reply:
    """Wait, bounded, for the page's URL; recorded as a URL check when it holds."""
    return _fact(await assertions.wait_for_url(await session.tab(), url, timeout))


@tool()              # the product's main output: listed in every session, which always records
async def export_test(session: Session, target: Literal["python", "typescript"],
                      path: Annotated[str, Field(description="tests/test_x.py")],
                      name: Annotated[str, Field(description="checkout")],
                      prove: int | None = None) -> Reply:
    """Write the recorded session as a test (pytest-playwright or @playwright/test) and prove it."""
    exported = await exporting.export_test(session, target=target, path=path, name=name, prove=prove)
    return Reply(exported.summary(), {"files": [str(p) for p in exported.files],
                                      "proof": {"verdict": exported.proof.verdict, **exported.proof.facts()}})


@tool(group="test")
async def export_report(session: Session,
                        path: Annotated[str, Field(description="HTML file to write, e.g. report.html")]) -> Reply:
    """Write the recorded session as a self-contained HTML report: steps, facts, effects, screenshots."""
    written = await exporting.export_report(session, path)
    return Reply(f"wrote {written}", {"files": [str(written)]})


# ---------------------------------------------------------------- reading, tabs, frames, files
@tool(group="read", read_only=True)
async def browser_extract(
    session: Session,
    format: Literal["markdown", "text", "structured"] = "markdown",
    scope: Annotated[Ref | None, Field(description="only this element's content")] = None,
    max_chars: Annotated[int, Field(ge=200, le=100_000)] = reading.DEFAULT_MAX_CHARS,
    cursor: Annotated[str | None, Field(description="next_cursor of a previous page")] = None,
) -> Reply:
    """The page's readable content (main landmark if any; hidden content skipped, secrets redacted), paged."""
    return _fact(await reading.extract(await session.tab(), format=format, scope=scope, max_chars=max_chars,
                                       cursor=cursor))


@tool(group="read", read_only=True)
async def browser_find(
    session: Session,
    query: Annotated[str | None, Field(description="text, or a JavaScript regex with regex=true")] = None,
    regex: bool = False, ignore_case: bool = True,
    context_chars: Annotated[int, Field(ge=0, le=500)] = 60,
    max_results: Annotated[int, Field(ge=1, le=200)] = 20,
    cursor: Annotated[str | None, Field(description="next_cursor of a previous page")] = None,
) -> Reply:
    """Find visible text: each match with context and the nearest ref to act on, paged."""
    return _fact(await reading.find(await session.tab(), query, regex=regex, ignore_case=ignore_case,
                                    context_chars=context_chars, max_results=max_results, cursor=cursor))


@tool(group="tabs", read_only=True)
async def browser_tabs(session: Session) -> Reply:
    """The active role's tabs: url, title, active, opener; popups refused over the cap."""
    await session.tab()
    return _fact(await tabs.tab_list(session))


@tool(group="tabs")
async def browser_tab_select(session: Session, tab: Annotated[str, Field(description="tab id, e.g. t2")]) -> Reply:
    """Make a tab of the active role the active one."""
    session.select_tab(tab)
    return _fact(await tabs.tab_list(session))


@tool(group="tabs")
async def browser_tab_new(session: Session,
                          url: Annotated[str | None, Field(description="absolute URL to open")] = None) -> Reply:
    """Open a new tab (and go to url); it becomes the active tab."""
    await session.new_tab(url)
    return _fact(await tabs.tab_list(session))


@tool(group="tabs")
async def browser_tab_close(session: Session, tab: Annotated[str, Field(description="tab id, e.g. t2")]) -> Reply:
    """Close a tab of the active role."""
    await session.close_tab(tab)
    return _fact(await tabs.tab_list(session))


@tool(group="tabs", read_only=True)
async def browser_frames(session: Session) -> Reply:
    """The active tab's frames: url, origin, name, cross-origin or not."""
    tab = await session.tab()
    return _fact(frame_facts(tab.id, tab.page))


@tool(group="files", read_only=True)
async def browser_downloads(session: Session) -> Reply:
    """Downloads of this session: name, state, size, saved path (cancelled over the size cap)."""
    await session.tab()
    return _fact(session.downloads.listing())


@tool(group="files", read_only=True)
async def browser_screenshot(session: Session, path: Annotated[str, Field(description="PNG file to write")],
                             ref: Annotated[Ref | None, Field(description="only this element")] = None,
                             full_page: bool = False) -> Reply:
    """Write a PNG of the viewport, the whole page or one element."""
    return _fact(await (await session.tab()).screenshot(path, ref, full_page))


@tool(group="files")
async def browser_state_save(session: Session,
                             path: Annotated[str, Field(description="JSON file to write")]) -> Reply:
    """Save the active role's cookies and local storage (log in once; load it in later sessions)."""
    return _fact(await session.save_state(path))


@tool(group="files")
async def browser_state_load(session: Session,
                             path: Annotated[str, Field(description="a file browser_state_save wrote")]) -> Reply:
    """Start the active role's context again with a saved storage state (its tabs close)."""
    return _fact(await session.load_state(path))


@tool(group="files")
async def browser_upload(session: Session, ref: Ref,
                         paths: Annotated[list[str], Field(description="files to upload")],
                         force: Force = False, wait: Wait = False) -> Reply:
    """Upload files through a file input, or the file chooser that clicking ref opens."""
    return _fact(await actions.upload(await session.tab(), ref, paths, force=force, wait=wait))


# ---------------------------------------------------------------- lint (no page: `verdex lint` in the shell)
@tool(group="lint", read_only=True)
async def lint_test(
    session: Session,
    code: Annotated[str | None, Field(description="Python test source to lint")] = None,
    path: Annotated[str | None, Field(description="a file or directory of tests to lint")] = None,
) -> Reply:
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
    return Reply(text, {"results": [r.model_dump(mode="json") for r in results]})
