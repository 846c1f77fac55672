"""What an action caused: requests and their answers, navigation, popups, dialogs, downloads, notices,
dialogs and toasts that appeared or went away, title and heading changes, form values the page set, and
the interactive elements that came or went — observed until the page settles (bounded), so that a click
with no effect says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

from playwright.async_api import Download
from playwright.async_api import Error as PlaywrightError

import verdex.locators as locators
from verdex.bridge import from_bridge
from verdex.browser.answer_names import names_of
from verdex.browser.frames import frames_content
from verdex.browser.network import AnswerTimes, PageClockEnds, RequestRecord, changed_the_page
from verdex.errors import NotActionable, VerdexError
from verdex.facts import (
    became_ready,
    SNAPSHOT_LINE,
    AncestorState,
    Box,
    Effects,
    LocatorChoice,
    LocatorStep,
    PageIdentity,
    RankedLocator,
    RequestEffect,
    ValueChange,
)
from verdex.unseen import json_string

if TYPE_CHECKING:
    from verdex.artifacts.action_capture import ActionCapture
    from verdex.browser.tab import Tab

SETTLE_REQUESTS_S = 5.0
SETTLE_DOM_S = 1.5       # of the page's running time: a stall of a busy machine's does not count
SETTLE_DOM_CAP_S = 5.0   # ... and of the clock's, at most
SETTLE_POPUP_S = 3.0
SETTLE_DOWNLOAD_S = 3.0
QUIET_MS = 100
FIRST_SIGN_MS = 400      # a click, key or choice that changed nothing yet: how long its first sign may take
POLL_S = 0.03
UNREAD_BODY_S = 0.3      # an answer whose body has not come this long after its headers: the page does not read it
CHAINED_WITHIN_S = 0.15  # no request open for this long after one ended: the page asks nothing more on the answer
LOCATE_TIMEOUT_S = 2.0
TEXTS_ADDED = 5           # lines of text an action put on the page, said at most
OVERLAYS_SAID = ("dialog ", "panel ", "blocker ")    # what appeared that holds lines of its own
CLOSING_S = 1.0          # a page that stopped answering: how long it may take to close its own window


class EffectsWatch:
    """Started just before an action, finished just after it: ``effects = await watch.finish()``.

    The page keeps the watch (verdex/bridge/watch.js): it starts in the action's preflight call (or in one
    call of its own) and ends in one call that waits there for the page to settle and returns only what
    changed. Requests are watched from Python (the tab's network log), without a call into the page."""

    def __init__(self, tab: Tab, *, expect_popup: bool = False, target: Box | None = None,
                 ref: str | None = None, first_sign: bool = False, typed: str | None = None) -> None:
        self._tab = tab
        self._typed = typed                  # the text the action types (not a secret): what its later requests hold
        self._whole = False                  # ... held whole (a chosen option's value: "teal", not a part of a word)
        self._expect_popup = expect_popup
        self._target = target
        self._ref = ref
        self._first_sign_ms = FIRST_SIGN_MS if first_sign else 0
        self.ancestors_after: list[AncestorState] = []     # the target's ancestors' state right after the action
        self.ancestors_settled: list[AncestorState] = []   # ... and once the page had settled
        self.late_values: list[ValueChange] = []  # values the page set after the previous action had settled
        self.late_requests: list[RequestEffect] = []   # requests it made then, holding the text that action typed
        self.late_answers = 0                          # messages its websocket servers sent after it sent them that text
        self.replaced: str | None = None               # what the target field held as the action began (watch.js)
        self._late_records: list[RequestRecord] = []
        self.timers_before: list[str] = []             # the places of the requests the page made on its own since the step before
        self._capture: ActionCapture | None = None
        self._downloads: list[Download] = []
        self._dialogs_before = 0
        self._popups_before = 0
        self._named: dict[int, list[str]] = {}
        self._marked: float | None = None

    def mark(self) -> None:
        """Count requests from now, before the page can be asked to start the watch: an answer to a
        dialog unfreezes a page whose handler goes on at once (a confirmed delete sends its request
        before any call reaches the page). ``start`` then keeps this mark as the action's start."""
        self._marked = time.monotonic()
        self._tab.network.watching = True

    def abandon(self) -> None:
        """A watch marked whose page could not be asked to start it (a dialog froze it again at once): stop
        counting requests for it."""
        self._tab.network.watching = False

    async def start(self, started: dict[str, Any] | None = None) -> None:
        """``started``: the page's answer to a watchStart made with the preflight; else one call now."""
        tab = self._tab
        if tab.artifacts.captures:
            # Pillow is the images extra: loaded only by a session that keeps pictures (ArtifactOptions checks it)
            from verdex.artifacts.action_capture import ActionCapture
            self._capture = await ActionCapture.before(tab.page, tab.artifacts, self._target)
        if started is None:
            started = await tab.call_bridge("watchStart", {"ref": self._ref})
        tab.refs.saw(started["next_ref"])
        self._url_before = tab.page.url
        self._document_before = tab.refs.current_document
        self._identity_before = from_bridge(PageIdentity, started["identity"])
        self._page_t0, self._page_origin = started["now"], started["origin"]
        self.late_values = [from_bridge(ValueChange, v) for v in started["late_values"]]
        self.replaced = started.get("replaced")
        self._t0 = self._marked if self._marked is not None else time.monotonic()
        self._server_messages_before = tab.network.server_messages
        self._late_records = tab.network.asked_with_typed_text()
        self.timers_before = tab.network.asked_on_its_own()
        self.late_answers = tab.network.answers_to_typed_text()
        tab.network.watching = True          # (an action that raised leaves it on until the next one ends)
        tab.last_effects = None              # (an action that raised has none)
        self._dialogs_before = len(tab.dialog_log)
        self._popups_before = len(tab.popups)
        self._auto_dismissed_before = tab.dialogs_auto_dismissed
        self._frames_before = await frames_content(tab)
        # found now, while the page holds them: an action that leaves the page (a form's submit) takes them away
        self.late_values = await self._located(self.late_values)
        tab.page.on("download", self._downloaded)

    @property
    def attachments(self) -> dict[str, bytes]:
        """The screenshots of the action (element before, page after, the change) when they are kept."""
        return self._capture.attachments if self._capture is not None else {}

    def _downloaded(self, download: Download) -> None:
        self._downloads.append(download)

    async def _download_facts(self) -> list[str]:
        """Each download as a fact (name, state, size, path), once it is done or after a short bound."""
        tracker = self._tab.downloads
        out = []
        for download in self._downloads:
            fact = await tracker.settled(download, SETTLE_DOWNLOAD_S) if tracker is not None else None
            out.append(fact.to_text() if fact is not None else download.suggested_filename)
        return out

    def chose(self, value: str) -> None:
        """The action chose an option whose value is ``value``: a request the page makes later that carries it
        as a whole value (a JSON string, a query or form field) is the choice's (a setting saved after a debounce)."""
        self._typed, self._whole = value, True

    def requests(self) -> list[RequestRecord]:
        """The requests the page made since the action began."""
        return self._tab.network.since(self._t0)

    async def finish(self) -> Effects:
        effects = await self._finished()
        self._tab.last_effects = (self._tab.refs.current_document, effects, self._ref)
        return effects

    async def _finished(self) -> Effects:
        tab = self._tab
        try:
            return await self._settled()
        except VerdexError:
            if not await self._closed_itself():
                raise
            return await self._named_effects(downloads=await self._download_facts(), closed=True)
        finally:
            tab.network.watching = False
            tab.network.settled(self._typed, whole=self._whole)
            tab.page.remove_listener("download", self._downloaded)

    async def _settled(self) -> Effects:
        """What changed, once the page has settled; a VerdexError when the page stopped answering."""
        tab = self._tab
        if self._expect_popup:
            await self._settle_popup()
        await self._settle_requests()
        downloads = await self._download_facts()
        if tab.pending_dialogs:
            return await self._named_effects(downloads=downloads)   # frozen until the dialog is answered
        answer = await self._watch_finish()
        if answer is None:
            return await self._named_effects(downloads=downloads)   # a script opened a dialog as the page settled
        same_document = "error" not in answer and tab.refs.current_document == self._document_before
        if same_document and self._exchanges_open():
            # the action's handler asked after a moment (a timer, an awaited step), or its server's answer
            # over a websocket is still to come: the page settles again once it is answered
            await self._settle_requests()
            answer = await self._watch_finish(again=True)
            if answer is None:
                return await self._named_effects(downloads=downloads)
            same_document = "error" not in answer and tab.refs.current_document == self._document_before
        self._named = await self._names()
        if not same_document:
            identity = await self._arrival(answer)
            effects = self._effects(downloads=downloads, identity=identity, navigated=True)
        else:
            self.ancestors_after = [from_bridge(AncestorState, a) for a in answer["ancestors"] or []]
            self.ancestors_settled = [from_bridge(AncestorState, a) for a in answer["settled_ancestors"] or []]
            values = await self._located([from_bridge(ValueChange, v) for v in answer["values"]])
            frames_changed = _frame_changes(self._frames_before, await frames_content(tab))
            effects = self._effects(downloads=downloads, identity=from_bridge(PageIdentity, answer["identity"]),
                                    diff=answer["diff"], changed_times=answer["mutation_times"],
                                    stalls=answer["stalls"], page_ends=PageClockEnds(answer["answers"]),
                                    frames_changed=frames_changed, values=values, overlays=answer["overlays"],
                                    url_moves=answer["url_moves"], texts=answer["texts"])
        self.late_requests = [self._request_fact(record) for record in self._late_records]
        if self._capture is not None:
            effects = effects.model_copy(update={"visual": await self._capture.after(tab.page)})
        return effects

    async def _closed_itself(self) -> bool:
        """The page could not be asked how it settled: whether that is because it closed its own window (a popup
        whose form, once saved, hands the record to its opener and closes: Django admin's "+"; a picker), seen
        to close within a moment."""
        page = self._tab.page
        if not page.is_closed():
            with contextlib.suppress(PlaywrightError):
                await page.wait_for_event("close", timeout=CLOSING_S * 1000)
        if page.is_closed():
            self._tab.closed_itself = True
        return page.is_closed()

    async def _watch_finish(self, *, again: bool = False) -> dict[str, Any] | None:
        """The page's watch, once the page has settled (``again``: the same watch settled once more, what
        changed counted from the action still); None when a dialog the page opened meanwhile holds it."""
        tab = self._tab
        try:
            answer = await tab.call_bridge("watchFinish", {
                "ref": self._ref, "quiet_ms": QUIET_MS, "bound_ms": SETTLE_DOM_S * 1000,
                "cap_ms": SETTLE_DOM_CAP_S * 1000, "again": again,
                "first_sign_ms": self._first_sign_ms, "poll_ms": POLL_S * 1000})
        except NotActionable:
            if not tab.pending_dialogs:
                raise
            return None
        tab.refs.saw(answer["next_ref"])
        return answer

    def _exchanges_open(self) -> bool:
        """A request the action started is still open, or a message the page sent its server since it
        awaits the server's answer."""
        return bool(self._open_requests()) or self._tab.network.socket_answer_awaited(self._t0)

    async def _arrival(self, answer: dict[str, Any]) -> PageIdentity:
        """The page the action went to, once its HTML is parsed: a navigation commits with the answer's
        headers, and until its bytes come the new document is empty (no title, no root element). Waited for
        SETTLE_DOM_S at most; what it is so far when its bytes are later, or a dialog holds it."""
        tab = self._tab
        with contextlib.suppress(PlaywrightError):
            await tab.page.wait_for_load_state("domcontentloaded", timeout=SETTLE_DOM_S * 1000)
        try:
            return await tab.identity()
        except NotActionable:
            if "error" not in answer:
                raise
            return from_bridge(PageIdentity, answer["identity"])    # read before the dialog came

    async def _located(self, changes: list[ValueChange]) -> list[ValueChange]:
        """Each changed field with the locator a test finds it by, proven unique on the page now."""
        return [change.model_copy(update={"locator": await self._field_locator(change)}) for change in changes]

    async def _field_locator(self, change: ValueChange) -> LocatorChoice | None:
        tab = self._tab
        if change.ref is not None:        # its candidates hold its test id too, where that is unique
            try:
                return await asyncio.wait_for(locators.locate(tab.page, lambda: tab.candidates(change.ref),
                                                              tab.test_id_attribute), LOCATE_TIMEOUT_S)
            except (VerdexError, PlaywrightError, asyncio.TimeoutError):
                pass                      # told apart by nothing its ref has: its own test id or selector may
        ways = [("test_id", LocatorStep(method="get_by_test_id", args=[change.test_id]))] if change.test_id else []
        if change.selector is not None and change.selector_count == 1:
            ways.append(("css", LocatorStep(method="locator", args=[change.selector])))
        for kind, step in ways:
            try:
                if await asyncio.wait_for(locators.build(tab.page, [step]).count(), LOCATE_TIMEOUT_S) != 1:
                    continue                   # a test id the app gives every field of its kind
            except (PlaywrightError, asyncio.TimeoutError):
                return None                    # gone already
            chosen = RankedLocator(kind=kind, steps=[step], matches=1, is_target=True, score=locators.SCORES[kind])
            return LocatorChoice(chosen=chosen, candidates=[chosen], code=locators.python_expression([step]))
        return None                            # nothing to find it by

    async def _settle_popup(self) -> None:
        """The target opens a new tab (target=_blank): give the browser a moment to create it."""
        deadline = time.monotonic() + SETTLE_POPUP_S
        while time.monotonic() < deadline and len(self._tab.popups) == self._popups_before:
            await asyncio.sleep(POLL_S)

    async def _settle_requests(self) -> None:
        """Until the requests the action started are answered (bounded), and the messages the page sent
        its websockets' servers since (a server-driven app's event); a request the page keeps open (a long
        poll renewed, a stream) is not waited for, nor the body of an answer the page does not read (a
        fire-and-forget POST: the browser finishes it only when the page reads it)."""
        network = self._tab.network
        deadline = time.monotonic() + SETTLE_REQUESTS_S
        quiet_since = None
        while time.monotonic() < deadline:
            now = time.monotonic()
            made = network.since(self._t0)
            if self._open_requests(now) or network.socket_answer_awaited(self._t0):
                quiet_since = None
            else:
                # a page that asks again with what an answer said (save, then sync) starts the next request
                # only once it has read the answer: not done until nothing more is asked for a moment
                quiet_since = now if quiet_since is None else quiet_since
                if not made or now - quiet_since >= CHAINED_WITHIN_S:
                    return
            if self._tab.pending_dialogs:
                return
            await asyncio.sleep(POLL_S)

    def _open_requests(self, now: float | None = None) -> list[RequestRecord]:
        """The requests made since the action began that are still open, but not one kept open on purpose
        nor one whose body the page does not read."""
        network, now = self._tab.network, time.monotonic() if now is None else now
        return [r for r in network.since(self._t0) if r.finished is None and not network.standing(r, self._t0)
                and (r.responded is None or now - r.responded < UNREAD_BODY_S)]

    async def _names(self) -> dict[int, list[str]]:
        return {id(r): await names_of(r.naming) for r in self._tab.network.since(self._t0) if r.naming}

    async def _named_effects(self, *, downloads: list[str], closed: bool = False) -> Effects:
        self._named = await self._names()
        return self._effects(downloads=downloads, closed=closed)

    def _request_fact(self, record: RequestRecord, changed: bool | None = None,
                      answered: float | None = None) -> RequestEffect:
        """``answered``: when its answer came to the page, on the page's clock."""
        network = self._tab.network
        return RequestEffect(method=record.method, url=record.url, resource_type=record.resource_type,
                             status=record.status, failed=record.failed, changed_page=changed,
                             standing=network.standing(record, self._t0), named=self._named.get(id(record), []),
                             body_ended=record.body_ended,
                             on_its_own=network.on_its_own(record), place=record.place,
                             answered_ms=round(answered - self._page_t0) if answered is not None else None)

    def _effects(self, *, downloads: list[str], identity: PageIdentity | None = None, diff: list[str] | None = None,
                 changed_times: list[float] | None = None, stalls: list[list[float]] = (),
                 page_ends: PageClockEnds | None = None, navigated: bool = False,
                 frames_changed: tuple[list[str], list[str]] = ([], []), values: list[ValueChange] = (),
                 overlays: list[dict[str, Any]] = (), url_moves: list[dict[str, Any]] = (),
                 texts: list[str] = (), closed: bool = False) -> Effects:
        tab = self._tab
        dialogs = [f"{d.type} {d.message!r}" for d in tab.dialog_log[self._dialogs_before:]]
        auto_dismissed = tab.dialogs_auto_dismissed - self._auto_dismissed_before
        if auto_dismissed:
            dialogs.append(f"{auto_dismissed} more dialog(s) dismissed automatically (over the cap per page)")
        requests = []
        for record in tab.network.since(self._t0):
            changed = answered = None
            # an answer came to the page with its headers; the body of one the page never reads (a PUT it only
            # awaits) is finished lazily, after what the page did next
            if changed_times is not None and (record.responded or record.finished):
                times = page_ends.take(record, self._page_origin) if page_ends is not None else None
                if times is None and record.finished:        # not timed by the browser: by when verdex heard of it
                    heard = self._page_t0 + ((record.responded or record.finished) - self._t0) * 1000
                    times = AnswerTimes(heard, heard)
                if times is not None:
                    answered = times.came
                    if times.ended is not None:
                        changed = changed_the_page(times.ended, changed_times, stalls)
            requests.append(self._request_fact(record, changed, answered))
        url_after = tab.page.url
        # when the page's URL came to where it is now, within its document (a route the app moved to)
        moved_at = next((move["time"] for move in reversed(url_moves) if move["url"] == url_after), None)
        before = self._identity_before
        appeared, disappeared = [], []
        title_change = heading_change = None
        notice_lines = {}
        if identity is not None:
            notice_lines = {n.text: n.lines for n in identity.notices if n.lines}
            notice_lines |= {o["text"]: o["lines"] for o in overlays if o["kind"] == "toast" and o.get("lines")}
            appeared, disappeared, said = _identity_changes(before, identity)
            appeared += _sighted(overlays, appeared, [d.name for d in identity.dialogs]) + frames_changed[0]
            disappeared += frames_changed[1]
            diff = [line for line in diff or [] if _ref_of(line) not in said]     # a notice is said once
            if identity.title != before.title:
                title_change = [before.title, identity.title]
            if identity.heading != before.heading:
                heading_change = [before.heading or "", identity.heading or ""]
        scripts = tab.network.scripts_since(self._t0)
        effects = Effects(requests=requests, navigated=navigated, url_before=self._url_before, url_after=url_after,
                          url_moved_ms=round(moved_at - self._page_t0) if moved_at is not None else None,
                          new_tabs=[t.id for t in tab.popups[self._popups_before:]], dialogs=dialogs,
                          downloads=downloads, appeared=appeared, disappeared=disappeared,
                          notice_lines={text: lines for text, lines in notice_lines.items()
                                        if any(said.endswith(_quoted(text)) for said in appeared)},
                          title_change=title_change, heading_change=heading_change, interactive_diff=diff or [],
                          texts_added=[tab.secrets.redact(line) for line in _texts_added(texts, appeared)],
                          server_messages=tab.network.server_messages - self._server_messages_before,
                          values=list(values), code_loaded=len(scripts),
                          scripts=tab.network.scripts_since(self._t0, framed=False),
                          settled_ms=round((time.monotonic() - self._t0) * 1000),
                          closed_to=(tab.opener or "") if closed else None)
        nothing = not (closed or requests or navigated or effects.moved or effects.new_tabs or dialogs
                       or downloads or appeared or disappeared or title_change or heading_change or diff
                       or values or (changed_times or []))
        effects = effects.model_copy(update={"no_effect": nothing})
        if tab.shown_secrets:       # a token the page showed as text (the answer told it): masked in every fact
            effects = Effects.model_validate(tab.shown_secrets.redact_data(effects.model_dump(mode="json")))
        return effects


def came_before_ready(effects: Effects, before: list[AncestorState], after: list[AncestorState]) -> Effects:
    """An ancestor of the target said the app was ready (``data-hydrated="true"``) only as the action settled,
    where it said nothing or not yet as the action landed: the action came before the app's handlers, and
    the page's changes (the button a hydrated form makes a submit button) are the app getting ready. With
    no evidence of its own (a request, a navigation, a popup, a dialog, a notice, a value set), the click
    had no effect, and says why (a click only: keys or a value the agent gave again would be typed twice)."""
    ready = became_ready(before, after)
    if not ready or effects.consequential() or any(value.kind != "focus" for value in effects.values):
        return effects
    return effects.model_copy(update={"no_effect": True, "before_ready": ready})


def _sighted(overlays: list[dict[str, Any]], appeared: list[str], dialogs: list[str]) -> list[str]:
    """Overlays a script showed while the action settled (a toast, a dialog without a role), each said
    once: not again when the page identity already says it came."""
    out = []
    for overlay in overlays:
        quoted = _quoted(overlay["text"])
        if any(_spaceless(quoted[1:-1]) in _spaceless(said) for said in appeared + out):
            continue
        if overlay["kind"] == "dialog" and any(name and _spaceless(overlay["text"]).startswith(_spaceless(name))
                                               for name in dialogs):
            continue                               # a dialog the identity names (``dialogs``: its names now)
        out.append(f"{overlay['kind']} {quoted}" + (" (gone again)" if overlay["gone"] else ""))
    return out


def _texts_added(texts: list[str], appeared: list[str]) -> list[str]:
    """The lines of text the action put on the page, but none that is a notice that appeared (its text in the
    line's, or the line's in its: a status named "Notification" says its title before its text), and none when a
    dialog or another overlay appeared (its lines are the overlay's: the agent reads it in a snapshot); the first
    TEXTS_ADDED."""
    if any(said.startswith(OVERLAYS_SAID) for said in appeared):
        return []
    said = [_spaceless(a.split('"', 1)[-1].rsplit('"', 1)[0]) for a in appeared]

    def a_notice(line: str) -> bool:
        text = _spaceless(line.split(": ", 1)[-1].strip('"'))
        return any(text in s or s in text for s in said if s)
    return [line for line in texts if not a_notice(line)][:TEXTS_ADDED]


def _spaceless(text: str) -> str:
    """A text without its spaces: an overlay's text runs its pieces together where a name spaces them
    (a heading whose words are buttons: "Add TransactionBalance", named "Add Transaction Balance")."""
    return "".join(text.split())


def _frame_changes(before: dict[str, list[str]], after: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """Lines of a cross-origin frame's snapshot that came or went, each said with its frame."""
    appeared, disappeared = [], []
    for url in before.keys() & after.keys():
        old, new = set(before[url]), set(after[url])
        appeared += [f"in frame {url}: {line.strip()[2:]}" for line in after[url] if line not in old]
        disappeared += [f"in frame {url}: {line.strip()[2:]}" for line in before[url] if line not in new]
    return appeared, disappeared


def _identity_changes(before: PageIdentity, after: PageIdentity) -> tuple[list[str], list[str], set[str]]:
    """The dialogs, notices and blockers that appeared and went away, and the refs of the notices among
    them (their lines in the snapshot diff would say them twice). A dialog that stayed and was renamed
    (translated where it stands) is neither: the snapshot diff says it, ``~ dialog "A" → "B"``."""
    def items(identity: PageIdentity) -> dict[str, tuple[str, str | None]]:
        out: dict[str, tuple[str, str | None]] = {}
        for d in identity.dialogs:                # by its ref: one renamed where it stands is the diff's to say
            out[f"dialog:{d.ref or d.name}"] = (f"dialog {_quoted(d.name)}" + (" (modal)" if d.modal else ""), None)
        for n in identity.notices:
            out[f"notice:{n.role}:{n.text}"] = (f"{n.role} {_quoted(n.text)}", n.ref)
        dialogs = {d.ref for d in identity.dialogs}
        for b in identity.blockers:
            if b.ref not in dialogs:              # a modal dialog takes the pointer: said once, as the dialog
                shown = f" {_quoted(b.text)}" if b.text else ""           # what it says: what a user reads on it
                out[f"blocker:{b.test_id or b.ref}"] = (f"blocker {b.test_id or b.role} ({b.kind}){shown}", None)
        return out

    old, new = items(before), items(after)
    came, went = [new[k] for k in new if k not in old], [old[k] for k in old if k not in new]
    return [said for said, _ in came], [said for said, _ in went], {ref for _, ref in came + went if ref}


def _ref_of(diff_line: str) -> str | None:
    found = SNAPSHOT_LINE.match(diff_line)
    return found["ref"] if found else None


def _quoted(text: str) -> str:
    """Page text in a fact, quoted the way the snapshot quotes it (a JSON string)."""
    return json_string(text)
