"""The one boundary between Python and a page.

:class:`Bridge` evaluates the page script in a CDP isolated world of the page's main frame, so page
scripts can neither see nor break it, and re-installs it whenever the document changes (the world
goes away with the document). Every answer is plain JSON, validated into :mod:`verdex.facts` by the
caller.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Callable
from importlib.resources import files
from typing import Any, TypeVar

from playwright.async_api import CDPSession, Frame, Page
from playwright.async_api import Error as PlaywrightError

from pydantic import ValidationError

from verdex.artifacts.secrets import SecretForms
from verdex.busy_words import BUSY_TEXT
from verdex.errors import (
    BridgeContractError,
    BrowserClosed,
    StaleObservation,
    Timeout,
    VerdexError,
    translate_playwright_errors,
)
from verdex.facts import Fact
from verdex.unique import RUN_TOKEN

# The page script, in parts of one concern each (``verdex/bridge/*.js``). They are the body of one
# function, concatenated in this order: a part may use what an earlier part declares. Evaluated
# inside a CDP isolated world, so the page's own scripts share the DOM but not one JavaScript global
# with it: a page that replaces Array.prototype.map or JSON.stringify changes its own world, never
# this one, and the page never sees a verdex attribute or global. The function is called once per
# document with {refBase, testIdAttribute, refPrefix, runToken, busyText} and leaves ``globalThis.__verdex`` behind.
PAGE_SCRIPT_PARTS = ("constants", "dom", "roles", "svg", "names", "tree", "identity", "snapshot", "structure",
                     "scopes", "beat", "ticking", "mutations", "locators", "risk", "preflight", "watch", "reading", "install")


F = TypeVar("F", bound=Fact)


def from_bridge(model: type[F], data: Any) -> F:
    """A fact read from the page script: no field unknown, none required missing (BRIDGE_CONTRACT if so)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise BridgeContractError(f"the page script's {model.__name__} does not match verdex's model: "
                                  + "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5]),
                                  model=model.__name__) from exc


def page_script() -> str:
    """The injected script: the parts in order, as one function of the install's config."""
    body = "".join(files("verdex.bridge").joinpath(f"{part}.js").read_text(encoding="utf-8")
                   for part in PAGE_SCRIPT_PARTS)
    return ("(config) => {\n  if (globalThis.__verdex) return globalThis.__verdex.documentId;\n\n"
            + body + "}\n")


BRIDGE_SOURCE = page_script()
EARLY_SOURCE = "".join(files("verdex.bridge").joinpath(f"{part}.js").read_text(encoding="utf-8")
                       for part in ("beat", "early"))
# asked of the page's own world before each snapshot (Bridge.mark_handled_inside)
HANDLED_INSIDE_SOURCE = files("verdex.bridge").joinpath("handled_inside.js").read_text("utf-8")
MARK_HANDLED_INSIDE = "function (...found) { globalThis.__verdex.markHandledInside(found); }"
WORLD_NAME = "verdex"
CALL_TIMEOUT_S = 20.0
# Asked only after a call timed out: a page stuck in a loop never answers, a page on a machine busy enough to
# miss a call's bound still answers a trivial evaluation within this (at 1 s a busy machine's live page could
# be taken for stuck and its tab replaced: the likely cause of a CI run at load 10 where one of eight roles'
# tabs came back without its page).
ALIVE_TIMEOUT_S = 5.0
LISTENER_OBJECTS = "verdex-listeners"       # the DevTools object group of listener_types' nodes, released after


class Bridge:
    """The page script in one page. ``on_install(document_id, ref_base)`` hears about every new document;
    ``next_ref()`` says where the new document's ref numbers start, so that refs never repeat in a tab."""

    def __init__(self, page: Page, *, test_id_attribute: str, next_ref: Callable[[], int],
                 on_install: Callable[[str, int], None], shown_secrets: SecretForms, frame: Frame | None = None,
                 ref_prefix: str | None = None) -> None:
        self._page = page
        self._shown_secrets = shown_secrets   # the secrets the page shows as text, as its answers tell them
        self._frame = frame          # a child frame whose own document this bridge reads (cross-origin)
        self.ref_prefix = ref_prefix  # its refs are f<n>e… with its own n
        self._test_id_attribute = test_id_attribute
        self._next_ref = next_ref
        self._on_install = on_install
        self._cdp: CDPSession | None = None
        self._context_id: int | None = None
        self._early_watch = False
        self._marked_in: int | None = None    # the world whose script holds elements handled inside
        self._lock = asyncio.Lock()
        self.traffic = Traffic()

    async def call(self, method: str, args: dict[str, Any] | None = None, *, timeout: float = CALL_TIMEOUT_S) -> dict[str, Any]:
        """Run ``__verdex.call(method, args)`` in the page and return its JSON answer."""
        expression = f"globalThis.__verdex.call({json.dumps(method)}, {json.dumps(args or {})})"
        async with self._lock:
            for _ in range(3):
                try:
                    context_id = await self._ensure_installed()
                    response = await asyncio.wait_for(
                        self._send("Runtime.evaluate", {"expression": expression, "contextId": context_id,
                                                        "returnByValue": True, "awaitPromise": True}),
                        timeout)
                except asyncio.TimeoutError as exc:
                    raise Timeout(f"the page did not answer {method} within {timeout:.0f} s") from exc
                except _ContextGone:
                    self._context_id = None
                    continue
                value = self._value(response, method)
                self.traffic.count(method, value)
                if isinstance(value, dict):
                    for secret in value.pop("shown_secrets", None) or []:
                        self._shown_secrets.add(secret)
                return value
            raise StaleObservation(f"the page kept replacing its document while verdex read it ({method}); "
                                   "take a new snapshot once it settles")

    async def listener_types(self, ref: str, above_when: frozenset[str]) -> list[set[str]]:
        """The types of the event listeners on ref's element, then — when it has one of ``above_when`` —
        on each node above it up to the window (DevTools reads them: a page script's listeners are out of
        any script's sight); [] when the ref is stale or the document went meanwhile."""
        chain = await self._chain_listeners(ref, lambda first: bool({listener["type"] for listener in first} & above_when))
        return [{listener["type"] for listener in listeners} for listeners in chain]

    async def handler_sources(self, ref: str, event: str) -> list[str] | None:
        """The code of each listener for ``event`` on ref's element and on every node above it up to the window
        (a form's ``submit`` heard on the form, the document or the window), as the page wrote it (DevTools gives
        a bound function's as the function it binds); None when the ref is stale or the document went."""
        chain = await self._chain_listeners(ref, lambda _first: True, sources_of=event)
        if not chain:
            return None
        return [listener.get("source", "") for listeners in chain for listener in listeners
                if listener["type"] == event]

    async def _chain_listeners(self, ref: str, on_up: Callable[[list[dict[str, Any]]], bool], *,
                               sources_of: str | None = None) -> list[list[dict[str, Any]]]:
        """The listeners of ref's element, then, while ``on_up`` says so of the element's, of each node above
        it up to the window; each listener of type ``sources_of`` with its handler's code (``source``)."""
        async with self._lock:
            try:
                context_id = await self._ensure_installed()
                chain = await self._send("Runtime.evaluate", {
                    "expression": f"globalThis.__verdex.chainOf({json.dumps(ref)})", "contextId": context_id,
                    "returnByValue": False, "objectGroup": LISTENER_OBJECTS})
                try:
                    items = await self._send("Runtime.getProperties", {"objectId": chain["result"]["objectId"],
                                                                        "ownProperties": True})
                    nodes = sorted((int(item["name"]), item["value"]["objectId"]) for item in items["result"]
                                   if item["name"].isdigit() and "objectId" in item.get("value", {}))
                    out: list[list[dict[str, Any]]] = []
                    for _, object_id in nodes:
                        found = await self._send("DOMDebugger.getEventListeners",
                                                 {"objectId": await self._in_page_world(object_id), "depth": 0,
                                                  **({"objectGroup": LISTENER_OBJECTS} if sources_of else {})})
                        listeners = found["listeners"]
                        for listener in listeners:
                            if listener["type"] == sources_of and "objectId" in listener.get("handler", {}):
                                listener["source"] = await self._source_of(listener["handler"]["objectId"])
                        out.append(listeners)
                        if not on_up(out[0]):
                            break
                    return out
                finally:
                    await self._send("Runtime.releaseObjectGroup", {"objectGroup": LISTENER_OBJECTS})
            except _ContextGone:
                self._context_id = None
                return []

    async def mark_handled_inside(self, *, timeout: float = CALL_TIMEOUT_S) -> None:
        """Tell the page script which elements inside a control hold a click handler of their own
        (handled_inside.js, asked of the page's own world: verdex's cannot see the page's
        handlers), each moved into verdex's world as ``_in_page_world`` moves a node the other way.
        One evaluation when there is none. A tab's top document only: a frame's bridge reads a
        document whose own world this session does not ask. Bounded as a call is: a page stuck in
        a loop answers Timeout, as the snapshot after it would."""
        if self._frame is None:
            try:
                await asyncio.wait_for(self._mark_handled_inside(), timeout)
            except asyncio.TimeoutError as exc:
                raise Timeout(f"the page did not answer snapshot within {timeout:.0f} s") from exc

    async def _mark_handled_inside(self) -> None:
        async with self._lock:
            try:
                context_id = await self._ensure_installed()
                found = await self._send("Runtime.evaluate", {
                    "expression": HANDLED_INSIDE_SOURCE, "includeCommandLineAPI": True,
                    "objectGroup": LISTENER_OBJECTS})
                if "objectId" not in found["result"] and self._marked_in != context_id:
                    return                                    # none now, none before: most pages
                try:
                    # a page that broke a builtin the script uses (its world's, not verdex's): none
                    elements = [] if "exceptionDetails" in found else \
                        await self._elements_in_our_world(found["result"], context_id)
                    if elements:
                        await self._send("Runtime.callFunctionOn", {
                            "objectId": elements[0],
                            "arguments": [{"objectId": element} for element in elements],
                            "functionDeclaration": MARK_HANDLED_INSIDE})
                    elif self._marked_in == context_id:        # the ones marked before are gone
                        await self._send("Runtime.evaluate", {
                            "expression": "globalThis.__verdex.markHandledInside([])",
                            "contextId": context_id})
                    self._marked_in = context_id if elements else None
                finally:
                    await self._send("Runtime.releaseObjectGroup",
                                     {"objectGroup": LISTENER_OBJECTS})
            except _ContextGone:
                self._context_id = None

    async def _elements_in_our_world(self, found: dict[str, Any], context_id: int) -> list[str]:
        """The elements of an array the page's world gave, as objects of verdex's; [] for null."""
        if "objectId" not in found:
            return []
        items = await self._send("Runtime.getProperties", {"objectId": found["objectId"],
                                                            "ownProperties": True})
        out = []
        for item in items["result"]:
            if not item["name"].isdigit() or "objectId" not in item.get("value", {}):
                continue
            node = await self._send("DOM.describeNode", {"objectId": item["value"]["objectId"]})
            resolved = await self._send("DOM.resolveNode", {
                "backendNodeId": node["node"]["backendNodeId"], "executionContextId": context_id,
                "objectGroup": LISTENER_OBJECTS})
            out.append(resolved["object"]["objectId"])
        return out

    async def _source_of(self, function_id: str) -> str:
        """A listener's code, clipped, as ``Function.prototype.toString`` writes it; '' when it cannot be read."""
        answer = await self._send("Runtime.callFunctionOn", {
            "objectId": function_id, "returnByValue": True,
            "functionDeclaration": "function () { try { return Function.prototype.toString.call(this).slice(0, 4000); }"
                                   " catch (e) { return ''; } }"})
        value = answer.get("result", {}).get("value")
        return value if isinstance(value, str) else ""

    async def _in_page_world(self, object_id: str) -> str:
        """The same node as the page's own scripts see it (DevTools tells a node's listeners only to the
        world that asks: the page's are not ours); the window, as the page's."""
        try:
            node = await self._send("DOM.describeNode", {"objectId": object_id})
        except VerdexError:                            # not a node: the window
            page = await self._send("Runtime.evaluate", {"expression": "window", "objectGroup": LISTENER_OBJECTS})
            return page["result"]["objectId"]
        resolved = await self._send("DOM.resolveNode", {"backendNodeId": node["node"]["backendNodeId"],
                                                        "objectGroup": LISTENER_OBJECTS})
        return resolved["object"]["objectId"]

    async def watch_from_document_start(self) -> None:
        """From now on, each new document of the page keeps its DOM changes from its first moment
        (early.js, in verdex's world), and the page script adopts them when it is installed: an app that
        draws what it loaded before verdex's first call still shows which answer drew what. Once per page."""
        if self._early_watch:
            return
        self._early_watch = True
        await self._send("Page.enable", {})           # without it, this session's script never runs
        await self._send("Page.addScriptToEvaluateOnNewDocument", {"source": EARLY_SOURCE, "worldName": WORLD_NAME})

    async def _ensure_installed(self) -> int:
        if self._context_id is not None:
            return self._context_id
        if self._page.is_closed():
            raise BrowserClosed("the tab is closed")
        frame_id = await self._frame_id()
        world = await self._send("Page.createIsolatedWorld", {"frameId": frame_id, "worldName": WORLD_NAME,
                                                              "grantUniveralAccess": False})
        context_id = world["executionContextId"]
        ref_base = self._next_ref()
        config = json.dumps({"refBase": ref_base, "testIdAttribute": self._test_id_attribute,
                             "refPrefix": self.ref_prefix, "runToken": RUN_TOKEN.pattern,
                             "busyText": BUSY_TEXT.pattern})
        response = await self._send("Runtime.evaluate", {"expression": f"({BRIDGE_SOURCE})({config})",
                                                         "contextId": context_id, "returnByValue": True})
        document_id = self._value(response, "install")
        self._on_install(document_id, ref_base)
        self._context_id = context_id
        return context_id

    async def _frame_id(self) -> str:
        tree = (await self._send("Page.getFrameTree", {}))["frameTree"]
        if self._frame is None:
            return tree["frame"]["id"]
        found = None if self._frame.is_detached() else _find_frame(tree, self._frame.url, self._frame.name)
        if found is None:
            raise VerdexError("the frame is gone (detached or navigated)", url=self._frame.url)
        return found

    async def _send(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        if self._cdp is None:
            self._cdp = await self._open_cdp_session()
        try:
            return await self._cdp.send(method, params)
        except PlaywrightError as exc:
            text = str(exc)
            if ("Cannot find context" in text or "Execution context was destroyed" in text
                    or "Inspected target navigated or closed" in text):
                raise _ContextGone() from exc
            if "No frame" in text or "Frame with the given id was not found" in text:
                raise _ContextGone() from exc
            with translate_playwright_errors(f"CDP {method}"):
                raise

    async def _open_cdp_session(self) -> CDPSession:
        """The page's session; an out-of-process frame (Chromium's site isolation) has its own."""
        with translate_playwright_errors("opening a CDP session"):
            if self._frame is not None:
                try:
                    return await self._page.context.new_cdp_session(self._frame)
                except PlaywrightError:
                    pass                          # an in-process frame is reached through its page
            return await self._page.context.new_cdp_session(self._page)

    async def alive(self, timeout: float = ALIVE_TIMEOUT_S) -> bool:
        """Does the page still run script? (A page stuck in a loop answers nothing.)"""
        try:
            await asyncio.wait_for(self._send("Runtime.evaluate", {"expression": "1", "returnByValue": True}), timeout)
            return True
        except (asyncio.TimeoutError, _ContextGone, VerdexError):
            return False

    def forget_document(self) -> None:
        """The main frame navigated: the next call installs the bridge in the new document."""
        self._context_id = None

    @staticmethod
    def _value(response: dict[str, Any], method: str) -> Any:
        if "exceptionDetails" in response:
            details = response["exceptionDetails"]
            description = details.get("exception", {}).get("description") or details.get("text", "")
            raise VerdexError(f"the bridge failed in {method}", detail=description.splitlines()[0] if description else "")
        return response["result"].get("value")


def _find_frame(tree: dict[str, Any], url: str, name: str) -> str | None:
    """The CDP id of the frame with this url and name (Playwright does not publish frame ids)."""
    frame = tree["frame"]
    if frame.get("url", "") + frame.get("urlFragment", "") == url and frame.get("name", "") == name:
        return frame["id"]
    for child in tree.get("childFrames", []):
        found = _find_frame(child, url, name)
        if found is not None:
            return found
    return None


class Traffic:
    """The calls one bridge answered and the bytes of JSON its answers brought to Python: what an action
    costs in round trips into the page (``bench/action_cost.py`` reads it; ``recent`` names the latest)."""

    def __init__(self) -> None:
        self.calls = 0
        self.bytes = 0
        self.recent: deque[str] = deque(maxlen=100)

    def count(self, method: str, value: Any) -> None:
        self.calls += 1
        self.bytes += len(json.dumps(value, ensure_ascii=False).encode())
        self.recent.append(method)


class _ContextGone(Exception):
    """The isolated world went away with its document."""
