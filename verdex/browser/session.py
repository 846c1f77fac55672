"""One browser, one isolated context per role, the tabs of each role.

A role is a named user of the site under test (``admin``, ``shopper``): its own cookies and storage,
optionally loaded from a Playwright storage-state file, and a default URL its first tab opens. Tabs
opened by the page (popups, ``target=_blank``) join the role that opened them.
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from dataclasses import asdict, dataclass, field, replace
from typing import Any
from pathlib import Path
from weakref import WeakSet

from playwright.async_api import Browser, BrowserContext, Page

import verdex.steps as steps
from verdex import unique
from verdex.artifacts.options import ArtifactOptions
from verdex.artifacts.secrets import SecretForms, TypedSecrets
from verdex.artifacts.trace import start_trace, stop_trace
from verdex.browser.calls import bounded
from verdex.browser.driver import DriverLease, acquire
from verdex.browser.discovery import LAUNCH_ARGS, require_chromium
from verdex.browser.downloads import DEFAULT_MAX_BYTES, Downloads
from verdex.browser.tab import Tab
from verdex.errors import (BrowserClosed, BrowserUnavailable, InvalidArgument, StaleObservation, VerdexError,
                           translate_playwright_errors)
from verdex.facts import RoleInfo, SessionInfo, StorageStateFile, TabInfo
from verdex.recorder import Recorder, default_recording_path
from verdex.recording_format import RoleRecord
from verdex.safety import AuditLog, Guard, Policy

DEFAULT_ROLE = "default"
VIEWPORT = {"width": 1280, "height": 800}


DEFAULT_TEST_ID_ATTRIBUTE = "data-testid"          # Playwright's own


@dataclass(frozen=True)
class RoleSpec:
    name: str
    storage_state: str | None = None
    default_url: str | None = None
    preflight: bool = True


@dataclass(frozen=True)
class BrowserOptions:
    headless: bool = True
    cdp_endpoint: str | None = None
    ws_endpoint: str | None = None
    executable: str | None = None
    test_id_attribute: str = DEFAULT_TEST_ID_ATTRIBUTE
    navigation_timeout: float = 15.0
    artifacts: ArtifactOptions = ArtifactOptions()
    max_tabs: int = 20                        # per role; popups beyond it are closed and counted
    download_dir: str | None = None           # default: a fresh temporary directory per session
    max_download_bytes: int = DEFAULT_MAX_BYTES
    call_timeout: float = 60.0                # seconds: the bound of every call into the core
    ref_base: int = 1                         # where each tab's ref numbers start (the shell gives each session its own)


@dataclass
class Role:
    spec: RoleSpec
    context: BrowserContext | None = None
    tabs: dict[str, Tab] = field(default_factory=dict)
    active_tab: str | None = None
    refused_popups: int = 0
    refused: WeakSet[Page] = field(default_factory=WeakSet)
    guard: Guard = field(default_factory=Guard)

    def info(self, active: bool) -> RoleInfo:
        return RoleInfo(name=self.spec.name, default_url=self.spec.default_url, storage_state=self.spec.storage_state,
                        active=active, started=self.context is not None,
                        tabs=[TabInfo(id=t.id, url=t.page.url, title="", active=t.id == self.active_tab, opener=t.opener)
                              for t in self.tabs.values() if not t.page.is_closed()])


class Session:
    """The browser, its roles and the recording. ``async with Session(options, roles) as session: ...``

    ``policy`` (verdex.safety.Policy) and ``audit`` (an AuditLog) apply to every role. Every step is
    recorded: to ``record`` if given, else to ``.verdex/recordings/<name>-<time>.jsonl`` (created with the
    first step); ``record=False`` records nothing. ``session.record(path)`` starts a new recording."""

    def __init__(self, options: BrowserOptions | None = None, roles: list[RoleSpec] | None = None, *,
                 policy: Policy | None = None, audit: AuditLog | None = None,
                 record: str | Path | bool | None = None, name: str = "session") -> None:
        self.options = options or BrowserOptions()
        specs = roles or [RoleSpec(DEFAULT_ROLE)]
        names = [spec.name for spec in specs]
        if len(set(names)) != len(names):
            raise InvalidArgument("role names must be unique", roles=names)
        for spec in specs:
            if spec.storage_state and not Path(spec.storage_state).is_file():
                raise InvalidArgument(f"storage state file for role {spec.name!r} not found", path=spec.storage_state)
        self.policy = policy or Policy()
        self.audit = audit
        self.roles: dict[str, Role] = {spec.name: Role(spec, guard=Guard(self.policy, audit, spec.name))
                                       for spec in specs}
        self.active_role = specs[0].name
        self._driver: DriverLease | None = None
        self._browser: Browser | None = None
        self._connection = "launched"
        self._disconnected = False
        self._tab_seq = 0
        self._runs = 0                    # browsers started: each run writes its own trace
        self.secrets = TypedSecrets()     # typed into sensitive fields: masked in the traces
        self.shown_secrets = SecretForms()  # shown by a page as text (a token it made): masked in all verdex says
        self._lock = asyncio.Lock()
        self.downloads: Downloads | None = None
        self.name = name
        self.unique = unique.new_token()   # what {unique} stands for in this session's text (verdex/unique.py)
        path = None if record is False else (default_recording_path(name) if record in (None, True) else record)
        test_id = self.options.test_id_attribute
        self.recorder = Recorder(path, roles=[RoleRecord(**asdict(spec)) for spec in specs], unique=self.unique,
                                 test_id_attribute=test_id if test_id != DEFAULT_TEST_ID_ATTRIBUTE else None,
                                 masked=self.shown_secrets)

    def record(self, path: str | Path | None, *, base_url: str | None = None) -> Recorder:
        """Finish the current recording and record the next steps to ``path`` (None: stop recording)."""
        self.recorder.start(path, base_url=base_url)
        return self.recorder

    async def __aenter__(self) -> "Session":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.end()

    async def end(self) -> None:
        """Close the browser and finish the recording: the session is over."""
        try:
            await self.close()
        finally:
            self.recorder.close()
            if self.downloads is not None:       # a thousand sessions leave no folder of their own behind
                self.downloads.tidy(ours=self.options.download_dir is None)

    # ---------------------------------------------------------------- browser lifecycle
    async def start(self) -> Browser:
        async with self._lock:
            if self._disconnected:
                await self._reset()
                raise BrowserClosed("the browser went away (crashed, killed or disconnected); "
                                    "the next call starts a new one")
            if self._browser is not None:
                return self._browser
            self._runs += 1
            try:
                await self._on_a_driver()
            except BrowserClosed:     # the shared driver was gone (killed under another session): on a new one
                await self._on_a_driver()
            self._browser.on("disconnected", self._on_disconnected)
            return self._browser

    async def _on_a_driver(self) -> None:
        """The browser, on the driver this loop's sessions share (verdex/browser/driver.py)."""
        self._driver = await acquire()
        try:
            self._driver.playwright.selectors.set_test_id_attribute(self.options.test_id_attribute)
            await self._connect_or_launch(self._driver.playwright.chromium)
        except BaseException:
            await self._driver.release(broken=True)
            self._driver = None
            raise

    async def _connect_or_launch(self, chromium: Any) -> None:
        endpoint = self.options.cdp_endpoint or self.options.ws_endpoint
        try:
            with translate_playwright_errors("starting the browser"):
                if self.options.cdp_endpoint:
                    self._browser = await chromium.connect_over_cdp(self.options.cdp_endpoint)
                    self._connection = "cdp"
                elif self.options.ws_endpoint:
                    self._browser = await chromium.connect(self.options.ws_endpoint)
                    self._connection = "ws"
                else:
                    executable = self.options.executable or require_chromium(headed=not self.options.headless).path
                    # the environment as it is now (TZ, a proxy), not as it was when the shared driver started
                    self._browser = await chromium.launch(executable_path=executable, args=list(LAUNCH_ARGS),
                                                          headless=self.options.headless, env=dict(os.environ),
                                                          downloads_path=self._download_tracker(local=True).incoming)
                    self._connection = "launched"
                self._download_tracker(local=False)
        except VerdexError as exc:
            if isinstance(exc, BrowserUnavailable) or not endpoint:
                raise
            raise BrowserUnavailable(f"could not connect to the browser at {endpoint}",
                                     detail=exc.facts.get("detail", exc.message)) from exc

    def _download_tracker(self, *, local: bool) -> Downloads:
        """Where downloads are saved; a launched browser's own partial files are watched for their size."""
        if self.downloads is None:
            directory = Path(self.options.download_dir or tempfile.mkdtemp(prefix="verdex-downloads-"))
            directory.mkdir(parents=True, exist_ok=True)
            incoming = directory / ".incoming" if local else None
            self.downloads = Downloads(directory, incoming, max_bytes=self.options.max_download_bytes)
        return self.downloads

    def _on_disconnected(self, browser: Browser) -> None:
        if browser is self._browser:
            self._disconnected = True

    async def closed_under_us(self) -> None:
        """A call just failed with BROWSER_CLOSED: that was the report; the next call starts afresh."""
        async with self._lock:
            if self._browser is not None and not self._browser.is_connected():
                await self._reset()

    async def close(self) -> None:
        """Close every context and the browser (a remote browser is only disconnected from)."""
        async with self._lock:
            await self._reset()

    async def _reset(self) -> None:
        browser, lease, went_away = self._browser, self._driver, self._disconnected
        self._browser = None
        self._driver = None
        self._disconnected = False
        contexts = [(role.spec.name, role.context) for role in self.roles.values() if role.context is not None]
        for role in self.roles.values():
            role.context, role.tabs, role.active_tab = None, {}, None
        for name, context in contexts:
            await stop_trace(context, self.options.artifacts.trace_path(name, roles=len(self.roles), run=self._runs),
                             self.secrets.joined(self.shown_secrets))
        if self.downloads is not None:
            await self.downloads.close()
        if browser is not None:
            try:
                await browser.close()
            except Exception:  # already gone: nothing left to close
                pass
        if lease is not None:
            await lease.release(broken=went_away)

    # ---------------------------------------------------------------- roles and tabs
    def roles_specs(self) -> list[RoleSpec]:
        return [role.spec for role in self.roles.values()]

    def role_spec(self, name: str | None = None) -> RoleSpec:
        return self._role(name).spec

    def guard(self, name: str | None = None) -> Guard:
        """The policy and audit log as the role (the active one by default) applies them."""
        return self._role(name).guard

    @steps.recorded
    def select_role(self, name: str, tab: str | None = None) -> None:
        """Make a role (and one of its tabs) the active one; recorded: the test switches to its page."""
        role = self._role(name)
        if tab is not None:
            self._select_tab(role, tab)
        self.active_role = role.spec.name      # not `name`: an empty name means the active role
        steps.note(self.recorder, steps.role_selected(role.spec.name, role.active_tab))

    @steps.recorded
    def select_tab(self, tab: str) -> None:
        """Make a tab of the active role the active one; recorded: the test goes on in its page."""
        role = self._role(None)
        steps.note(self.recorder, steps.tab_selected(self._select_tab(role, tab)))

    @staticmethod
    def _select_tab(role: Role, tab: str) -> Tab:
        if tab not in role.tabs or role.tabs[tab].page.is_closed():
            raise InvalidArgument(f"role {role.spec.name!r} has no open tab {tab!r}", tabs=list(role.tabs))
        role.active_tab = tab
        return role.tabs[tab]

    def _role(self, name: str | None) -> Role:
        name = name or self.active_role
        if name not in self.roles:
            raise InvalidArgument(f"no role named {name!r}", roles=list(self.roles))
        return self.roles[name]

    async def tab(self, role_name: str | None = None) -> Tab:
        """The active tab of a role (the active role by default), starting what is missing."""
        role = self._role(role_name)
        try:
            return await bounded(self._tab(role), self.options.call_timeout)
        except BrowserClosed:
            await self.closed_under_us()
            raise

    async def _tab(self, role: Role) -> Tab:
        browser = await self.start()
        if role.context is None:
            state = role.spec.storage_state
            if state is not None and not Path(state).is_file():
                raise InvalidArgument(f"the storage state file of role {role.spec.name!r} is gone ({state}); put it "
                                      "back, or load another with browser_state_load", role=role.spec.name, path=state)
            with translate_playwright_errors(f"creating the context of role {role.spec.name}"):
                role.context = await browser.new_context(storage_state=role.spec.storage_state, viewport=VIEWPORT)
                await role.guard.install(role.context)
            role.context.on("page", lambda page: self._adopt(role, page))
            if self.options.artifacts.trace is not None:
                await start_trace(role.context, title=f"verdex {role.spec.name}")
        current = role.tabs.get(role.active_tab or "")
        if current is not None and not current.unresponsive:
            current.report_crash()
        if current is not None and current.unresponsive:
            await self._retire(role, current)
            current = None
        if current is not None and not current.page.is_closed():
            return current
        open_tabs = [t for t in role.tabs.values() if not t.page.is_closed()]
        if open_tabs:
            opener = next((t for t in open_tabs if current is not None and current.closed_itself
                           and t.id == current.opener), None)
            successor = opener or open_tabs[-1]
            role.active_tab = successor.id
            if current is not None:
                role.tabs.pop(current.id, None)
                if current.closed_itself:
                    return successor       # the action that closed it said so, and where the next command acts
                # the active tab closed since the last call (the page closed itself, or the browser did): its
                # refs mean other elements in another tab, so say so once before going on in that tab
                raise StaleObservation(f"tab {current.id} of role {role.spec.name!r} was closed since the last "
                                       f"step; {successor.id} is the active tab now: take a snapshot of it "
                                       "before acting", closed=current.id, active=successor.id)
            return successor
        with translate_playwright_errors("opening a tab"):
            page = await role.context.new_page()
        await role.guard.watch(page)
        tab = self._adopt(role, page)
        role.active_tab = tab.id
        if role.spec.default_url:
            await tab.navigate(role.spec.default_url)
        return tab

    @steps.recorded
    async def new_tab(self, url: str | None = None) -> Tab:
        """Open a tab in the active role, make it active, and go to url if one is given."""
        role = self._role(None)
        role.guard.check_tier("new_tab", "medium")
        return await bounded(self._new_tab(role, url), self.options.call_timeout)

    async def _new_tab(self, role: Role, url: str | None) -> Tab:
        await self._tab(role)                                   # the browser and the context exist
        if len(self._open_tabs(role)) >= self.options.max_tabs:
            raise InvalidArgument(f"role {role.spec.name!r} already has {self.options.max_tabs} tabs open; "
                                  "close one first", max_tabs=self.options.max_tabs)
        with translate_playwright_errors("opening a tab"):
            page = await role.context.new_page()
        await role.guard.watch(page)
        tab = self._adopt(role, page)
        role.active_tab = tab.id
        steps.note(self.recorder, steps.tab_opened(tab, url))
        if url:
            await tab.navigate(url)               # a step of its own
        return tab

    @steps.recorded
    async def close_tab(self, tab_id: str) -> None:
        """Close a tab of the active role; if it was active, the most recent open tab becomes active."""
        role = self._role(None)
        role.guard.check_tier("close_tab", "medium")
        tab = role.tabs.get(tab_id)
        if tab is None or tab.page.is_closed():
            raise InvalidArgument(f"role {role.spec.name!r} has no open tab {tab_id!r}",
                                  tabs=[t.id for t in self._open_tabs(role)])
        url = tab.page.url
        with translate_playwright_errors("closing a tab"):
            await tab.page.close(run_before_unload=False)
        role.tabs.pop(tab_id, None)
        steps.note(self.recorder, steps.tab_closed(tab, url))
        if role.active_tab == tab_id:
            open_tabs = self._open_tabs(role)
            role.active_tab = open_tabs[-1].id if open_tabs else None

    async def save_state(self, path: str | Path) -> StorageStateFile:
        """The active role's cookies and local storage, written to path (log in once, reuse it)."""
        role = self._role(None)
        role.guard.check_tier("state_save", "medium")
        await self.tab(role.spec.name)                          # the browser and the context exist
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        with translate_playwright_errors("saving the storage state"):
            state = await role.context.storage_state(path=str(target))
        return StorageStateFile(role=role.spec.name, path=str(target.resolve()), cookies=len(state["cookies"]),
                                origins=len(state["origins"]), loaded=False)

    @steps.recorded
    async def load_state(self, path: str | Path) -> StorageStateFile:
        """Start the active role's context again with the storage state in path: its tabs close, a fresh
        one opens (on the role's default URL, if it has one)."""
        role = self._role(None)
        role.guard.check_tier("state_load", "medium")
        source = Path(path)
        try:
            state = json.loads(source.read_text(encoding="utf-8"))
            cookies, origins = len(state["cookies"]), len(state["origins"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise InvalidArgument(f"{path} is not a storage state file (JSON with cookies and origins): {exc}",
                                  path=str(path)) from exc
        async with self._lock:
            context, role.context, role.tabs, role.active_tab = role.context, None, {}, None
            role.spec = replace(role.spec, storage_state=str(source.resolve()))
            if context is not None:
                with translate_playwright_errors("closing the role's context"):
                    await context.close()
        steps.note(self.recorder, steps.state_loaded(role.spec.name, str(source.resolve())))
        await self.tab(role.spec.name)                           # its default URL: a step of its own
        return StorageStateFile(role=role.spec.name, path=str(source.resolve()), cookies=cookies, origins=origins,
                                loaded=True)

    @staticmethod
    def _open_tabs(role: Role) -> list[Tab]:
        return [t for t in role.tabs.values() if not t.page.is_closed()]

    async def _retire(self, role: Role, tab: Tab) -> None:
        """Close a tab whose page no longer responds; the role goes on in a fresh one."""
        role.tabs.pop(tab.id, None)
        role.active_tab = None
        try:
            await asyncio.wait_for(tab.page.close(run_before_unload=False), 5)
        except Exception:  # a renderer that hangs may not even close cleanly; the context still drops it
            pass

    def _adopt(self, role: Role, page: Page) -> Tab | None:
        for tab in role.tabs.values():
            if tab.page is page:
                return tab
        if page in role.refused or len(self._open_tabs(role)) >= self.options.max_tabs:
            self._refuse(role, page)
            return None
        self._tab_seq += 1
        tab = Tab(f"t{self._tab_seq}", page, opener=None, test_id_attribute=self.options.test_id_attribute,
                  navigation_timeout=self.options.navigation_timeout, on_browser_closed=self.closed_under_us,
                  preflight=role.spec.preflight, artifacts=self.options.artifacts, downloads=self.downloads,
                  secrets=self.secrets, shown_secrets=self.shown_secrets, guard=role.guard, recorder=self.recorder,
                  call_timeout=self.options.call_timeout, ref_base=self.options.ref_base, role=role.spec.name)
        role.tabs[tab.id] = tab
        if self.downloads is not None:
            page.on("download", lambda download: self.downloads.started(tab.id, download))
        page.on("popup", lambda popup: self._adopt_popup(role, tab, popup))
        return tab

    def _adopt_popup(self, role: Role, opener: Tab, popup: Page) -> None:
        tab = self._adopt(role, popup)
        if tab is not None:
            tab.opener = opener.id
            role.guard.watch_soon(popup)
            opener.popups.append(tab)

    def _refuse(self, role: Role, page: Page) -> None:
        """A page opened beyond the role's tab cap (a page that opens popups without end) is closed at
        once and counted; the tabs already open are untouched."""
        if page in role.refused:
            return
        role.refused.add(page)
        role.refused_popups += 1
        task = asyncio.get_running_loop().create_task(page.close(run_before_unload=False))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())   # closing may race the browser; ignore

    async def info(self) -> SessionInfo:
        browser = self._browser
        version = browser.version if browser is not None else ""
        roles = []
        for name, role in self.roles.items():
            info = role.info(active=name == self.active_role)
            titles = []
            for tab_info in info.tabs:
                title = await role.tabs[tab_info.id].title_or_blank()
                titles.append(tab_info.model_copy(update={"title": title}))
            roles.append(info.model_copy(update={"tabs": titles}))
        return SessionInfo(browser="chromium", browser_version=version, connection=self._connection,
                           headless=self.options.headless, roles=roles)
