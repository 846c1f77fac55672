"""One tab (a Playwright page) of a role: navigation, and the exploration calls into its bridge."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urljoin, urlparse, urlsplit

from playwright.async_api import Dialog, Page, Request
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

import verdex.steps as steps
from verdex.artifacts.capture import page_picture
from verdex.artifacts.options import ArtifactOptions
from verdex.artifacts.secrets import SecretForms, TypedSecrets
from verdex.bridge import Bridge, from_bridge
from verdex.browser.calls import core_call
from verdex.browser.downloads import Downloads
from verdex.browser.network import NetworkLog, RequestRecord
from verdex.browser.frames import bridge_for_ref, snapshot_lines as frame_snapshot_lines
from verdex.errors import (
    BrowserClosed,
    InvalidArgument,
    NavigationFailed,
    NotActionable,
    StaleRef,
    Timeout,
    UnknownRef,
    VerdexError,
    translate_playwright_errors,
)
from verdex.facts import (
    BrowserLocale,
    RiskFact,
    ShownWay,
    Ancestors,
    Screenshot,
    ScrollResult,
    Descendants,
    Effects,
    Locating,
    LocatorChoice,
    NavigationResult,
    OpenDialog,
    PageIdentity,
    PageText,
    PreflightFacts,
    Siblings,
    Snapshot,
    Startup,
)
from verdex.handled_forms import page_handling
from verdex.recorder import Recorder
from verdex.recording_format import FIRST_PAGE_TEXT_LIMIT, NavigateArgs
from verdex.refs import RefBook
from verdex.safety import Guard

DEFAULT_MAX_BYTES = 24_000
SUBMIT_LISTENERS_S = 5.0        # a bound on reading a form's submit listeners before acting
# The header (identity: at most five items per list, names clipped) and the paging line are counted
# against the budget too: the tree gets what is left after this much.
HEADER_RESERVE_BYTES = 4_000
# A snapshot that finds nothing to show (a document just committed, an app not rendered yet) waits this
# long for the body to have content, then says what state the document is in.
EMPTY_WAIT_MS = 2_000
HAS_CONTENT = "() => !!document.body && document.body.innerText.trim().length > 0"
T = TypeVar("T")
MAX_DIALOGS_PER_DOCUMENT = 20


def _reporting_closed(method: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    """A BROWSER_CLOSED that reaches the caller is the report: the session starts afresh next time."""

    @functools.wraps(method)
    async def call(self: "Tab", *args: Any, **kwargs: Any) -> T:
        try:
            return await method(self, *args, **kwargs)
        except BrowserClosed:
            await self._on_browser_closed()
            raise

    return call


async def _dismiss(dialog: Dialog) -> None:
    try:
        await dialog.dismiss()
    except PlaywrightError:  # already answered, or its page is gone
        pass


class Tab:
    def __init__(self, tab_id: str, page: Page, *, opener: str | None, test_id_attribute: str,
                 navigation_timeout: float, on_browser_closed: Callable[[], Awaitable[None]],
                 preflight: bool = True, artifacts: ArtifactOptions = ArtifactOptions(),
                 downloads: Downloads | None = None, secrets: TypedSecrets | None = None,
                 shown_secrets: SecretForms | None = None,
                 guard: Guard | None = None, recorder: Recorder | None = None,
                 call_timeout: float = 60.0, ref_base: int = 1, role: str = "default") -> None:
        self.id = tab_id
        self.role = role                      # the role (browser context) the tab belongs to
        self.recorder = recorder or Recorder(None)
        self.call_timeout = call_timeout
        self.artifacts = artifacts
        # values typed into sensitive fields: the session's, shared by its tabs (a tab on its own has its own)
        self.secrets = secrets if secrets is not None else TypedSecrets()
        # secrets the page shows as text (an API token it made), masked in all verdex says: the session's too
        self.shown_secrets = shown_secrets if shown_secrets is not None else SecretForms()
        self.guard = guard or Guard()
        self.preflight_enabled = preflight
        self._on_browser_closed = on_browser_closed
        self.page = page
        self.opener = opener
        self.navigation_timeout = navigation_timeout
        self.test_id_attribute = test_id_attribute
        self.refs = RefBook(next_ref=ref_base)
        # each ref's locator as an action or a check last proved it: how a check that it is gone finds it
        self.proven_locators: dict[str, LocatorChoice] = {}
        self.network = NetworkLog(page)
        self._saved_before_leaving: list[RequestRecord] = []   # see _note
        self.pending_dialogs: list[Dialog] = []
        self.dialog_log: list[Dialog] = []
        self.popups: list[Tab] = []
        self.downloads = downloads
        self.dialogs_in_document = 0
        self.dialogs_auto_dismissed = 0
        self.unrecorded_startup: Startup | None = None     # read by an action that recorded no step
        # the last action's effects, the document it left the tab in and the ref it acted on (verdex/effects.py):
        # a check of a notice they saw that is gone since (a toast, the control's own "Saved") is checked by the
        # test right after that action
        self.last_effects: tuple[str | None, Effects, str | None] | None = None
        # each text a component drew straight in its shadow root, by the document it was on and the locator proven
        # to find that component showing it (verdex/assertions.py): a wait for the text, once gone, goes through it
        self.hosts_shown: dict[str, tuple[str | None, LocatorChoice]] = {}
        self.unresponsive = False
        self.closed_itself = False         # an action saw the page close its own window, and said so
        self.crashed = False
        self._leaving = False
        self.leaving: asyncio.Future[Any] | None = None     # a navigation held by the page's beforeunload dialog
        self._dialog_waiters: list[asyncio.Future[None]] = []
        page.on("dialog", self._on_dialog)
        page.on("crash", self._on_crash)
        self.bridge = Bridge(page, test_id_attribute=test_id_attribute, next_ref=lambda: self.refs.next_ref,
                             on_install=self.refs.document_installed, shown_secrets=self.shown_secrets)
        page.on("framenavigated", self._on_frame_navigated)

    def _on_dialog(self, dialog: Dialog) -> None:
        if dialog.type == "beforeunload":      # the page asks before it is left: the agent answers (browser_dialog)
            self.pending_dialogs.append(dialog)
            self.dialog_log.append(dialog)
            self._wake_dialog_waiters()
            return
        if self._leaving:                      # the page being left keeps opening dialogs: close them
            self.dialog_log.append(dialog)
            asyncio.ensure_future(self._dismiss_while_leaving(dialog))
            return
        self.dialogs_in_document += 1
        if self.dialogs_in_document > MAX_DIALOGS_PER_DOCUMENT:
            # a page that raises dialogs without end: past the cap they are dismissed and counted
            self.dialogs_auto_dismissed += 1
            task = asyncio.get_running_loop().create_task(dialog.dismiss())
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            return
        self.pending_dialogs.append(dialog)
        self.dialog_log.append(dialog)
        self._wake_dialog_waiters()

    def _wake_dialog_waiters(self) -> None:
        for waiter in self._dialog_waiters:
            if not waiter.done():
                waiter.set_result(None)

    def _on_crash(self, _page: Page) -> None:
        self.crashed = True

    def report_crash(self) -> None:
        """A crashed page answers nothing: say so (once) instead of hanging; the session then replaces the tab."""
        if self.crashed:
            self.unresponsive = True
            raise BrowserClosed("the page crashed (its renderer process died); the next call opens a fresh tab "
                                "in its place", tab=self.id, url=self.page.url, crashed=True)

    def ensure_no_dialog(self) -> None:
        """While a JavaScript dialog is open the page is frozen, and a crashed page answers nothing: say
        so at once instead of hanging."""
        self.report_crash()
        if self.pending_dialogs:
            dialog = self.pending_dialogs[0]
            raise NotActionable(f"a {dialog.type} dialog is open ({dialog.message!r}); answer it (accept or dismiss) first",
                                dialog={"type": dialog.type, "message": dialog.message})

    async def call_bridge(self, method: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        """One bridge call; a dialog that opens meanwhile freezes the page, so it ends the call at once."""
        return await self._read(method, self.bridge.call(method, args))

    async def _read(self, method: str, reading: Awaitable[T]) -> T:
        """``reading`` (a read of the page for ``method``), ended at once by a dialog that opens meanwhile
        (it freezes the page); after a timeout, the page is checked for still running script."""
        self.ensure_no_dialog()
        opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._dialog_waiters.append(opened)
        call = asyncio.ensure_future(reading)
        try:
            done, _ = await asyncio.wait({call, opened}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._dialog_waiters.remove(opened)
            if not call.done():
                call.cancel()
        if call not in done:
            self.ensure_no_dialog()
            raise NotActionable(f"a dialog opened and closed while verdex read the page ({method}); try again")
        try:
            return call.result()
        except Timeout:
            await self.check_responsive()
            raise

    async def check_responsive(self) -> None:
        """After a timeout: if the page no longer runs script (stuck in a loop), mark the tab so that the
        session replaces it on the next call, and say so."""
        if not await self.bridge.alive():
            self.unresponsive = True
            raise Timeout("the page stopped responding (its script never yields); "
                          "the next call opens a fresh tab in its place", tab=self.id, url=self.page.url)

    def _on_frame_navigated(self, frame: Any) -> None:
        if frame == self.page.main_frame:
            self.bridge.forget_document()
            self.dialogs_in_document = 0

    # ---------------------------------------------------------------- navigation
    @steps.recorded
    @_reporting_closed
    async def navigate(self, url: str) -> NavigationResult:
        """Go to url; recorded, whoever calls it (a tool, a role's default URL, a new tab, the Python API)."""
        self.report_crash()
        url_before = self.page.url
        target = self._resolve_url(url)
        self.guard.check_url(target, "navigate")
        timeout_ms = self.navigation_timeout * 1000
        stopped = len(self.guard.denied_navigations)
        same_document = target.startswith(("about:", "data:")) or _place(target) == _place(self.page.url)
        await self.bridge.watch_from_document_start()
        self._saved_before_leaving = self.network.asked_with_typed_text()
        try:
            async with self._leaving_the_page():
                with translate_playwright_errors(f"navigating to {target}"):
                    response = await self._unless_asked(self.page.goto(target, wait_until="commit", timeout=timeout_ms))
                    if self.leaving is not None:      # recorded as asked: the agent's answer is the next step
                        asked = self._asked_before_leaving()
                        await self._note("browser_navigate", asked, url_before, NavigateArgs(url=url))
                        return asked
                    if response is None and not same_document:
                        # Playwright answers a goto to another document without a response when the page's
                        # own navigation (a timer's location.replace) took the place of verdex's as it
                        # started, though the page stays where it was: go again, once
                        response = await self.page.goto(target, wait_until="commit", timeout=timeout_ms)
        except NavigationFailed:
            await self._let_error_page_commit()
            self.guard.stopped_since(stopped, "navigate")     # a redirect to a denied host
            raise
        if response is None and not same_document:
            raise NavigationFailed(f"the page kept navigating itself while verdex went to {target}; call again",
                                   url=target)
        result = await self._settled(response.status if response else None)
        if self.recorder.on and self.recorder.browser_locale is None and response is not None:
            self.recorder.browser_locale = await self._browser_locale(response.request)
        await self._note("browser_navigate", result, url_before, NavigateArgs(url=url))
        return result

    async def _note(self, tool: str, result: NavigationResult, url_before: str, args: NavigateArgs | None = None
                    ) -> None:
        # what the page asked for after the last action had settled, holding what it typed or chose (a setting
        # saved a moment later): recorded with the step that left, which the test must not take before it
        saved, self._saved_before_leaving = self._saved_before_leaving, []
        if self.recorder.on:             # no picture of a page a dialog holds: it answers nothing until answered
            steps.note(self.recorder, steps.navigation(self, tool, result, url_before, args,
                                                       requests_before=[record.fact() for record in saved]),
                       await page_picture(self.page, self.artifacts) if result.dialog is None else None)

    async def _browser_locale(self, document: Request) -> BrowserLocale | None:
        """The languages the browser asked the server for (the document's ``Accept-Language``, none unless a
        locale was set) and its time zone; None when the page cannot say."""
        try:
            asked = (await document.all_headers()).get("accept-language", "")
            return from_bridge(BrowserLocale, {**await self.call_bridge("browserLocale"), "accept_language": asked})
        except (VerdexError, PlaywrightError):
            return None

    async def _unless_asked(self, going: Awaitable[T]) -> T | None:
        """The navigation's answer; or None, with the navigation kept in ``leaving``, when the page asks
        before it is left (a beforeunload dialog): it goes on once the agent answers the dialog."""
        task = asyncio.ensure_future(going)
        asked: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._dialog_waiters.append(asked)
        try:
            await asyncio.wait({task, asked}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._dialog_waiters.remove(asked)
        if not task.done() and any(d.type == "beforeunload" for d in self.pending_dialogs):
            self.leaving = task
            return None
        return await task

    def _asked_before_leaving(self) -> NavigationResult:
        dialog = next(d for d in self.pending_dialogs if d.type == "beforeunload")
        return NavigationResult(tab=self.id, url=self.page.url, title="", loaded=False,
                                identity=PageIdentity(url=self.page.url, title=""),
                                dialog=OpenDialog(type=dialog.type, message=dialog.message))

    async def left(self) -> str | None:
        """After a beforeunload dialog was answered: where the navigation it held ended (None: it stayed)."""
        task, self.leaving = self.leaving, None
        if task is None:
            return None
        try:
            await asyncio.wait_for(task, self.navigation_timeout)
            await self.page.wait_for_load_state("domcontentloaded", timeout=self.navigation_timeout * 1000)
        except (PlaywrightError, asyncio.TimeoutError):
            return None                        # dismissed: the page stayed
        return self.page.url

    @asynccontextmanager
    async def _leaving_the_page(self) -> AsyncIterator[None]:
        """Leaving a page closes its JavaScript dialogs (dismissed, as a user closing them would), those open
        now and those it opens while it goes: a page that alerts forever cannot hold the agent. They stay
        in dialog_log. A dialog opened as the navigation started can no longer be answered and would hold
        the old document forever: then the tab is closed, and the session opens a fresh one."""
        self._leaving = True
        try:
            while self.pending_dialogs:
                await _dismiss(self.pending_dialogs.pop(0))
            yield
        except (BrowserClosed, NavigationFailed) as exc:
            if self.unresponsive:
                raise NavigationFailed("the page kept opening dialogs while verdex left it; its tab was closed and "
                                       "the next call opens a fresh one", tab=self.id) from exc
            raise
        finally:
            self._leaving = False

    async def _dismiss_while_leaving(self, dialog: Dialog) -> None:
        try:
            await dialog.dismiss()
        except PlaywrightError:  # the dialog's document is no longer the page's: nothing can answer it
            self.unresponsive = True
            try:
                await self.page.close(run_before_unload=False)
            except PlaywrightError:
                pass

    async def _let_error_page_commit(self) -> None:
        """Chromium goes on to commit its error page after goto fails; wait (bounded) so that the next
        navigation is not interrupted by it."""
        try:
            await self.page.wait_for_url("chrome-error://**", timeout=2_000)
            await self.page.wait_for_load_state("load", timeout=2_000)
        except PlaywrightError:
            pass

    @core_call("back", "medium")
    @_reporting_closed
    async def back(self) -> NavigationResult:
        """Back in the tab's history; INVALID_ARGUMENT (nothing done, nothing recorded) when it has no
        earlier entry."""
        return await self._history("browser_back", -1, self.page.go_back, "going back")

    @core_call("forward", "medium")
    @_reporting_closed
    async def forward(self) -> NavigationResult:
        return await self._history("browser_forward", 1, self.page.go_forward, "going forward")

    @core_call("reload", "medium")
    @_reporting_closed
    async def reload(self) -> NavigationResult:
        return await self._history("browser_reload", 0, self.page.reload, "reloading")

    async def _history(self, tool: str, offset: int, go: Callable[..., Awaitable[Any]], what: str) -> NavigationResult:
        self.report_crash()
        url_before = self.page.url
        pending = self.network.navigating_to()
        if pending is not None:            # the browser would abort it, and the test could not say which won
            raise NavigationFailed(f"tab {self.id} is on its way to {pending} (not answered yet): wait until the "
                                   f"page gets there (browser_snapshot says where it is), then try {what} again; "
                                   "nothing was done", tab=self.id, url=url_before, navigating_to=pending)
        if offset and not await self._has_history_entry(offset):
            where = "back to" if offset < 0 else "forward to"
            raise InvalidArgument(f"tab {self.id} has no page to go {where} (its history has no entry there); "
                                  "nothing was done", tab=self.id, url=url_before)
        self._saved_before_leaving = self.network.asked_with_typed_text()
        async with self._leaving_the_page():
            with translate_playwright_errors(what):
                response = await self._unless_asked(go(wait_until="commit", timeout=self.navigation_timeout * 1000))
                if self.leaving is not None:          # recorded as asked: the agent's answer is the next step
                    asked = self._asked_before_leaving()
                    await self._note(tool, asked, url_before)
                    return asked
        result = await self._settled(response.status if response else None)
        await self._note(tool, result, url_before)
        return result

    async def _has_history_entry(self, offset: int) -> bool:
        """Does the tab's session history have an entry ``offset`` away from the current one? (Playwright's
        go_back answers None both when there is none and for a same-document entry: ask the browser.)"""
        try:
            cdp = await self.page.context.new_cdp_session(self.page)
        except PlaywrightError:            # not a Chromium page we can ask: let Playwright try
            return True
        try:
            with translate_playwright_errors("reading the tab's history"):
                history = await cdp.send("Page.getNavigationHistory")
        finally:
            await cdp.detach()
        return 0 <= history["currentIndex"] + offset < len(history["entries"])

    async def _settled(self, status: int | None) -> NavigationResult:
        """Wait, bounded, for the document to be parsed; a page that never finishes still gets an answer."""
        loaded = True
        try:
            await self.page.wait_for_load_state("domcontentloaded", timeout=self.navigation_timeout * 1000)
        except PlaywrightTimeoutError:
            loaded = False
        try:
            identity = await self.identity()
        except NotActionable:
            if not self.pending_dialogs:
                raise
            # the new page opened a JavaScript dialog at once; the next call says so (NOT_ACTIONABLE)
            identity = PageIdentity(url=self.page.url, title="")
        return NavigationResult(tab=self.id, url=self.page.url, title=identity.title, status=status, loaded=loaded,
                                identity=identity)

    def _resolve_url(self, url: str) -> str:
        if not isinstance(url, str) or not url.strip():
            raise InvalidArgument("url is empty")
        url = url.strip()
        scheme = urlparse(url).scheme.lower()
        self.guard.check_url(url, "navigate")
        if not scheme:
            base = self.page.url if self.page.url.startswith("http") else None
            if base is None:
                raise InvalidArgument(f"{url!r} is relative and the tab has no page to resolve it against; "
                                      "pass an absolute http(s) URL", url=url)
            return urljoin(base, url)
        if scheme not in ("http", "https", "about", "data"):
            raise InvalidArgument(f"unsupported URL scheme {scheme!r}", url=url)
        return url

    async def title_or_blank(self) -> str:
        """The title, or "" for a tab busy navigating or closing (bounded: 2 s)."""
        try:
            return await asyncio.wait_for(self.page.title(), 2)
        except Exception:  # a tab busy navigating or closing has no title to give
            return ""

    # ---------------------------------------------------------------- exploration
    @_reporting_closed
    async def identity(self) -> PageIdentity:
        answer = await self.call_bridge("identity")
        return from_bridge(PageIdentity, answer)

    async def first_page_text(self) -> str | None:
        """What the page shows as text, for the recording's first action to keep (``Step.first_page_text``);
        None once the recording has kept it, when it records nothing, or when the page cannot say (the action
        goes on all the same). A value typed into a sensitive field is masked in it."""
        if not self.recorder.wants_first_page:
            return None
        try:
            answer = await self.call_bridge("pageText", {"limit": FIRST_PAGE_TEXT_LIMIT})
        except (VerdexError, PlaywrightError):
            return None
        return self.secrets.redact(from_bridge(PageText, answer).text)

    @core_call("snapshot", "low")
    @_reporting_closed
    async def snapshot(self, *, scope: str | None = None, depth: int | None = None, max_items: int | None = None,
                       cursor: str | None = None, diff: bool = False, mode: str = "default",
                       max_bytes: int | None = DEFAULT_MAX_BYTES) -> Snapshot:
        if mode not in ("default", "full"):
            raise InvalidArgument("mode is 'default' (folded, budgeted) or 'full'", mode=mode)
        if depth is not None and depth < 1:
            raise InvalidArgument("depth must be at least 1", depth=depth)
        if max_items is not None and max_items < 1:
            raise InvalidArgument("max_items must be at least 1", max_items=max_items)
        tree_bytes = max(max_bytes - HEADER_RESERVE_BYTES, 1_000) if max_bytes else None
        if cursor:
            observation_id, offset = self.refs.check_cursor(cursor)
            answer = await self.call_bridge("nextPage", {"observation_id": observation_id, "offset": offset,
                                                         "max_items": max_items, "max_bytes": tree_bytes})
            if answer.get("error") == "expired":
                raise InvalidArgument(f"observation {observation_id} is no longer cached; take a new snapshot",
                                      cursor=cursor)
        else:
            if scope is not None:
                self.refs.check_ref(scope)
            observation_id = self.refs.new_observation()
            args = {"observation_id": observation_id, "scope": scope, "depth": depth, "max_items": max_items,
                    "diff": diff, "mode": mode, "max_bytes": tree_bytes}
            await self._read("snapshot", self.bridge.mark_handled_inside())
            answer = await self.call_bridge("snapshot", args)
            if answer.get("total_lines") == 0 and scope is None and await self._content_arrives():
                answer = await self.call_bridge("snapshot", args)
            self.raise_for_ref_error(answer)
            self.refs.observed(observation_id, answer["document_id"])
        self.refs.saw(answer["next_ref"])
        text = answer["text"] if diff else await frame_snapshot_lines(self, answer["text"], observation_id)
        return Snapshot(observation_id=observation_id, tab=self.id, mode=mode, identity=answer["identity"],
                        text=text, diff=answer.get("diff"), total_lines=answer["total_lines"],
                        offset=answer["offset"], has_more=answer["has_more"], next_cursor=answer["next_cursor"],
                        element_count=answer.get("element_count", 0), ready_state=answer.get("ready_state"),
                        stale_refs=answer.get("stale_refs", 0),
                        requests_open=[f"{r.method} {urlsplit(r.url).path}" for r in self.network.loading_now()])

    async def _content_arrives(self) -> bool:
        """Wait (≤ EMPTY_WAIT_MS) for the document's body to show text: whether it did."""
        if self.page.url == "about:blank":
            return False
        try:
            await self.page.wait_for_function(HAS_CONTENT, timeout=EMPTY_WAIT_MS, polling=100)
            return True
        except PlaywrightError:           # still empty, or the document changed under the wait
            return False

    @core_call("ancestors", "low")
    @_reporting_closed
    async def ancestors(self, ref: str) -> Ancestors:
        return from_bridge(Ancestors, await self._ref_call("ancestors", {"ref": ref}))

    @core_call("siblings", "low")
    @_reporting_closed
    async def siblings(self, ref: str, ancestor_level: int = 1, max_items: int = 50) -> Siblings:
        if ancestor_level < 0:
            raise InvalidArgument("ancestor_level counts up from the element: 0 is itself, 1 its parent", ancestor_level=ancestor_level)
        return from_bridge(Siblings, await self._ref_call(
            "siblings", {"ref": ref, "ancestor_level": ancestor_level, "max_items": max_items}))

    @core_call("descendants", "low")
    @_reporting_closed
    async def descendants(self, ref: str, depth: int = 3, max_items: int = 100) -> Descendants:
        if depth < 1 or max_items < 1:
            raise InvalidArgument("depth and max_items must be at least 1", depth=depth, max_items=max_items)
        return from_bridge(Descendants, await self._ref_call(
            "descendants", {"ref": ref, "depth": depth, "max_items": max_items}))

    @core_call("scroll", "low")
    @_reporting_closed
    async def scroll(self, ref: str | None = None, dx: int = 0, dy: int = 0) -> ScrollResult:
        """ref to the middle of the viewport, or the page by (dx, dy) pixels."""
        if ref is not None:
            return from_bridge(ScrollResult, await self._ref_call("scroll", {"ref": ref}))
        return from_bridge(ScrollResult, await self.call_bridge("scroll", {"dx": dx, "dy": dy}))

    @core_call("screenshot", "low")
    @_reporting_closed
    async def screenshot(self, path: str, ref: str | None = None, full_page: bool = False) -> Screenshot:
        """A PNG of the viewport, the whole page, or one element (its box as the preflight measures it)."""
        target = Path(path)
        if target.suffix.lower() != ".png":
            raise InvalidArgument("screenshots are PNG files: give a path ending in .png", path=path)
        clip = None
        if ref is not None:
            box = (await self.preflight(ref)).box
            if box is None:
                raise NotActionable(f"{ref} has no box to take a picture of (it is not rendered)", ref=ref)
            clip = {"x": box.x, "y": box.y, "width": box.width, "height": box.height}
        target.parent.mkdir(parents=True, exist_ok=True)
        with translate_playwright_errors("taking a screenshot"):
            data = await self.page.screenshot(path=str(target), clip=clip, full_page=full_page and clip is None)
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")   # the PNG header
        return Screenshot(path=str(target.resolve()), width=width, height=height, bytes=len(data))

    @_reporting_closed
    async def preflight(self, ref: str, *, pointer: bool = False) -> PreflightFacts:
        """Raw facts about ref right now (attachment, coverage, animations, navigation, …); with ``pointer``
        (a click, check or uncheck) about what a user clicks for it when Playwright cannot click it itself
        (``stand_in``)."""
        facts = self._preflight_facts(await self._ref_call("preflight", {"ref": ref, "with_candidates": False,
                                                                         "pointer": pointer}))
        return await self._with_submit_handling(ref, facts)

    @_reporting_closed
    async def preflight_and_candidates(self, ref: str, *, watch: bool = False, pointer: bool = False
                                       ) -> tuple[PreflightFacts, Locating, dict[str, Any] | None]:
        """The preflight facts and the locator candidates in one round trip (what an action needs), and
        with ``watch`` the start of the action's watch (verdex.effects.EffectsWatch) in the same call —
        unless ref is in a cross-origin frame: the watch is the page's (its frames' content is compared
        from Python), so it then starts in a call of its own (``started`` None)."""
        watch = watch and bridge_for_ref(self.page, self.refs.check_ref(ref)) is None
        answer = await self._ref_call("preflightAndWatch" if watch else "preflight",
                                      {"ref": ref, "with_candidates": True, "pointer": pointer, "acting": True})
        started = answer.pop("watch", None)
        locating = from_bridge(Locating, answer.pop("locating", None))
        return await self._with_submit_handling(ref, self._preflight_facts(answer)), locating, started

    def _preflight_facts(self, answer: dict[str, Any]) -> PreflightFacts:
        in_flight = [f"{r.method} {r.url}" for r in self.network.in_flight()]
        answer.pop("locating", None)         # read apart (verdex.facts.Locating) or not asked for (None)
        return from_bridge(PreflightFacts, {**answer, "requests_in_flight": in_flight})

    async def _with_submit_handling(self, ref: str, facts: PreflightFacts) -> PreflightFacts:
        """A target that submits a form, with what the page's submit listeners do with the submission
        (verdex.handled_forms); a ref in another frame as it is."""
        form = facts.navigation.form
        if form is None or bridge_for_ref(self.page, ref) is not None:
            return facts
        try:                 # the listeners' code is read by calling into the page: a page that hangs is not waited out
            sources = await asyncio.wait_for(self.bridge.handler_sources(ref, "submit"), SUBMIT_LISTENERS_S)
        except asyncio.TimeoutError:
            return facts
        handling = page_handling(sources)
        if handling is None:
            return facts
        navigation = facts.navigation.model_copy(update={"form": form.model_copy(update={"page_handles": handling})})
        return facts.model_copy(update={"navigation": navigation})

    @_reporting_closed
    async def focused_risk(self) -> tuple[RiskFact | None, RiskFact | None]:
        """The risk of the focused element, and of what Enter there would submit."""
        answer = await self.call_bridge("focusedRisk")
        risk, submit_risk = answer.get("risk"), answer.get("submit_risk")
        return (from_bridge(RiskFact, risk) if risk else None,
                from_bridge(RiskFact, submit_risk) if submit_risk else None)

    @_reporting_closed
    async def shown_way(self, ref: str) -> ShownWay:
        """How the agent's snapshot showed ref, when it is hidden now (see verdex.shown_locator)."""
        return from_bridge(ShownWay, await self._ref_call("shownWay", {"ref": ref}))

    @_reporting_closed
    async def candidates(self, ref: str, *, pointer: bool = False) -> Locating:
        """The bridge's locator candidates, containers, frames and box for ref (see verdex.locators); with
        ``pointer``, for what a click on it lands on (see ``preflight``)."""
        return from_bridge(Locating, await self._ref_call("candidates", {"ref": ref, "pointer": pointer}))

    async def _ref_call(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        args = {**args, "ref": self.refs.check_ref(args["ref"])}
        answer = await self.call_bridge_for(args["ref"], method, args)
        self.raise_for_ref_error(answer)
        self.refs.saw(answer.pop("next_ref", 0) or 0)      # the ref counter, read here; not part of the fact
        return answer

    async def listener_types(self, ref: str, above_when: frozenset[str]) -> list[set[str]]:
        """Bridge.listener_types for a ref of the main frame's document; [] for one in another frame."""
        if bridge_for_ref(self.page, ref) is not None:
            return []
        self.ensure_no_dialog()
        return await self.bridge.listener_types(ref, above_when)

    async def call_bridge_for(self, ref: str, method: str, args: dict[str, Any]) -> dict[str, Any]:
        """A call about ref, made by the bridge that issued it: the tab's, or a cross-origin frame's —
        whose locators then start with the frame chain down to that frame's element."""
        framed = bridge_for_ref(self.page, ref)
        if framed is None:
            return await self.call_bridge(method, args)
        self.ensure_no_dialog()
        frame, bridge = framed
        answer = await bridge.call(method, args)
        locating = answer.get("locating") if method == "preflight" else answer if method == "candidates" else None
        if isinstance(locating, dict) and "frames" in locating:
            chain = await self.call_bridge("frameElementChain", {"name": frame.name, "url": frame.url})
            if chain["frames"] is None:
                raise StaleRef(f"{ref} is in a frame that is no longer on the page", ref=ref, attached=False)
            locating["frames"] = chain["frames"] + locating["frames"]
        return answer

    @staticmethod
    def raise_for_ref_error(answer: dict[str, Any]) -> None:
        error = answer.get("error")
        if error == "stale":
            raise StaleRef(f"{answer['ref']} is no longer attached to the page (it was removed or re-rendered); "
                           "take a new snapshot", ref=answer["ref"], attached=False)
        if error == "unknown":
            raise UnknownRef(f"{answer['ref']} is not known in this document", ref=answer["ref"])
        if error == "changed":
            raise StaleRef(f"{answer['ref']} was {answer['was']} when last shown; the page has drawn {answer['now']} "
                           "in its place (it reuses its elements): take a new snapshot, or act on "
                           f"{answer['ref']} again to act on {answer['now']}", ref=answer["ref"], attached=True,
                           was=answer["was"], now=answer["now"])
        if error:
            raise InvalidArgument(f"the bridge refused the call: {error}")


def _place(url: str) -> tuple[str, str, str, str]:
    """A URL but for its fragment: going there from an equal place stays in the same document."""
    parts = urlsplit(url)
    return parts.scheme, parts.netloc, parts.path or "/", parts.query
