"""The shapes page data takes in Python.

Everything the bridge reads from a page is validated into these models in one place
(:mod:`verdex.bridge`); the tools, the CLI and the Python API return them unchanged. They are facts,
so they are frozen. ``to_text()`` gives the compact form an agent reads; the model itself is the
structured form.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator
from verdex.unseen import json_string

# An app's own signal that it is interactive, on an ancestor: data-hydrated="true". The preflight reads
# it (not ready yet), the generator waits for it, and the bridge's READINESS_ATTRIBUTE is the same list
# (such a change is not an effect of an action).
READINESS_ATTRIBUTE = re.compile(r"^data-(hydrated|ready|loaded|interactive|initialized|mounted)$")
NOT_READY = ("", "false", "0")


class Fact(BaseModel):
    """A field the model does not know is an error, not ignored: a name changed on one side of the bridge
    fails loudly (``verdex.bridge.from_bridge`` turns it into BRIDGE_CONTRACT) instead of leaving the
    field at its default."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class ElementSummary(Fact):
    """An element named in the page identity: a dialog, a notice, a loading indicator, a blocker."""

    role: str
    name: str = ""
    ref: str | None = None
    test_id: str | None = None


class DialogFact(ElementSummary):
    modal: bool = False


class NoticeFact(Fact):
    role: str
    text: str
    ref: str | None = None
    test_id: str | None = None
    lines: list[str] = Field([], description="its lines as a reader sees them, when it has several (a toast's "
                                             "title and its text), each a text Playwright finds in it")


class LoadingFact(ElementSummary):
    busy: bool = False


class BlockerFact(ElementSummary):
    kind: str = Field(description="consent | dialog | loading | overlay")
    viewport_share: float
    text: str = ""


class BrowserLocale(Fact):
    """The languages the browser asked servers for, its language for pages and its time zone."""

    accept_language: str = Field(description="the Accept-Language it sent; empty when it sent none (no locale set)")
    language: str = Field(description="navigator.language")
    time_zone: str | None = None


class PageText(Fact):
    """What the page shows as text: its top document's visible text (``innerText``), clipped."""

    text: str


class PageIdentity(Fact):
    url: str
    title: str
    heading: str | None = None
    lang: str | None = None
    dialogs: list[DialogFact] = []
    notices: list[NoticeFact] = []
    loading: list[LoadingFact] = []
    blockers: list[BlockerFact] = []
    busy: bool = False

    def to_text(self) -> str:
        lines = [f"url: {self.url}", f"title: {json_string(self.title)}"]
        if self.heading:
            lines.append(f"heading: {json_string(self.heading)}")
        if self.lang:
            lines.append(f"lang: {self.lang}")
        blocking = {b.ref for b in self.blockers if b.ref}
        loading = [item for item in self.loading if not item.ref or item.ref not in blocking]   # said once, as a blocker
        for label, items in (("dialogs", self.dialogs), ("notices", self.notices),
                             ("loading", loading), ("blockers", self.blockers)):
            if items:
                lines.append(f"{label}: " + "; ".join(_summary(item) for item in items))
        if self.busy and not any(item.busy for item in loading):
            lines.append("busy: aria-busy=true on the page")
        return "\n".join(lines)


def _summary(item: ElementSummary | NoticeFact) -> str:
    text = item.role
    name = getattr(item, "name", "") or getattr(item, "text", "")
    if name:
        text += " " + json_string(name)
    if item.ref:
        text += f" [ref={item.ref}]"
    if item.test_id:
        text += f" [testid={item.test_id}]"
    if isinstance(item, DialogFact) and item.modal:
        text += " [modal]"
    if isinstance(item, BlockerFact):
        text += f" [{item.kind}, covers {round(item.viewport_share * 100)}% of the viewport]"
    if isinstance(item, LoadingFact) and item.busy:
        text += " [busy]"
    return text


class Snapshot(Fact):
    """One page of a snapshot (or of a diff) of the active tab."""

    observation_id: str
    tab: str
    identity: PageIdentity
    mode: str
    text: str = Field(description="the YAML-like tree, one line per node")
    diff: list[str] | None = Field(None, description="lines added (+) and removed (-) since the previous snapshot")
    total_lines: int
    offset: int = 0
    has_more: bool = False
    next_cursor: str | None = None
    element_count: int = 0
    ready_state: str | None = Field(None, description="the document's readyState: loading, interactive, complete")
    requests_open: list[str] = Field([], description="the page's own requests for its data and code still "
                                     "unanswered (method and path): it may still be drawing")
    stale_refs: int = Field(0, description="a page of an older observation (a cursor's): how many of its lines' "
                            "refs the page has drawn anew or removed since")

    def to_text(self) -> str:
        head = f"observation: {self.observation_id} (tab {self.tab})\n{self.identity.to_text()}"
        if self.requests_open:
            head += (f"\nstill loading: {len(self.requests_open)} of the page's requests unanswered ("
                     + ", ".join(self.requests_open[:3]) + (", …" if len(self.requests_open) > 3 else "")
                     + "); what they bring is not drawn yet: take a snapshot again")
        if self.stale_refs:
            head += (f"\nnote: {self.stale_refs} refs of these lines are stale: the page has drawn them anew since "
                     f"{self.observation_id}; take a new snapshot")
        if self.diff is not None:
            body = "\n".join(self.diff) if self.diff else "(no changes since the previous snapshot)"
            return f"{head}\ndiff:\n{body}"
        paging = ""
        if self.has_more:
            paging = f"\n… lines {self.offset + 1}–{self.offset + self.text.count(chr(10)) + 1} of {self.total_lines}; next_cursor={self.next_cursor}"
        body = self.text or _nothing_yet(self.ready_state)
        return f"{head}\n---\n{body}{paging}"


def _nothing_yet(ready_state: str | None) -> str:
    """What an empty snapshot says: the document is still loading, or shows nothing (yet)."""
    if ready_state in ("loading", "interactive"):
        return f"(nothing to show yet: the document is still loading (readyState {ready_state}); take a snapshot again)"
    return "(nothing to show: the page has no visible content yet; an app may still be rendering — take a snapshot again)"


class ElementFacts(Fact):
    """One element as the structure tools describe it."""

    ref: str
    tag: str
    role: str | None = None
    name: str = ""
    attributes: dict[str, str] = {}
    child_count: int = 0
    refs: list[str] = Field([], description="refs of interactive elements inside (first 20)")
    ref_count: int = 0
    text: str = ""
    container: bool = Field(False, description="a meaningful container to scope a locator with")
    container_reason: str | None = None

    def to_line(self) -> str:
        text = self.tag
        if self.role and self.role != self.tag:
            text += f" role={self.role}"
        if self.name:
            text += f" {json_string(self.name)}"
        text += f" [ref={self.ref}]"
        attrs = " ".join(f"{k}={json_string(v)}" for k, v in self.attributes.items())
        if attrs:
            text += f" {{{attrs}}}"
        if self.container:
            text += f" CONTAINER({self.container_reason})"
        text += f" children={self.child_count} refs={self.ref_count}"
        if self.refs:
            text += f" ({', '.join(self.refs[:8])}{', …' if self.ref_count > 8 else ''})"
        if self.text:
            text += f" text={json_string(self.text)}"
        return text


class Ancestors(Fact):
    target: ElementFacts
    ancestors: list[ElementFacts] = Field(description="parent first, up to body")

    def to_text(self) -> str:
        lines = [f"target: {self.target.to_line()}"]
        lines += [f"{'  ' * (i + 1)}↑ {a.to_line()}" for i, a in enumerate(self.ancestors)]
        return "\n".join(lines)


class SiblingFacts(Fact):
    ref: str
    tag: str
    role: str | None = None
    name: str = ""
    attributes: dict[str, str] = {}
    text: str = Field("", description="the text that tells this sibling apart (its heading, name or text)")
    refs: list[str] = []
    ref_count: int = 0
    same_shape: bool = Field(description="same structure as the target's branch")
    is_target_branch: bool = False


class Siblings(Fact):
    branch: ElementFacts
    parent: ElementFacts | None = None
    siblings: list[SiblingFacts]
    total: int

    def to_text(self) -> str:
        lines = [f"branch: {self.branch.to_line()}"]
        if self.parent:
            lines.append(f"parent: {self.parent.to_line()}")
        lines.append(f"siblings ({len(self.siblings)} of {self.total}):")
        for s in self.siblings:
            mark = "*" if s.is_target_branch else ("=" if s.same_shape else " ")
            attrs = " ".join(f"{k}={json_string(v)}" for k, v in s.attributes.items())
            lines.append(f" {mark} {s.tag} [ref={s.ref}] {{{attrs}}} {json_string(s.text)}"
                         f" refs={s.ref_count}{' (' + ', '.join(s.refs[:5]) + ')' if s.refs else ''}")
        lines.append("(* the target's branch, = same shape as it)")
        return "\n".join(lines)


class DescendantItem(Fact):
    depth: int
    ref: str | None = None
    tag: str | None = None
    role: str | None = None
    name: str = ""
    test_id: str | None = None
    states: list[str] = []
    text: str | None = None
    child_count: int = 0


class Descendants(Fact):
    root: ElementFacts
    items: list[DescendantItem]
    total: int
    has_more: bool

    def to_text(self) -> str:
        lines = [f"root: {self.root.to_line()}"]
        for item in self.items:
            pad = "  " * item.depth
            if item.ref is None and item.tag is None:
                lines.append(f"{pad}- text: {json_string(item.text)}")
                continue
            line = f"{pad}- {item.role or item.tag}"
            if item.name:
                line += f" {json_string(item.name)}"
            line += f" [ref={item.ref}]" if item.ref else ""
            line += f" [testid={item.test_id}]" if item.test_id else ""
            line += "".join(f" [{s}]" for s in item.states)
            if item.text:
                line += f": {json_string(item.text)}"
            lines.append(line)
        if self.has_more:
            lines.append(f"… {self.total - len(self.items)} more (raise max_items or scope deeper)")
        return "\n".join(lines)


class TabInfo(Fact):
    id: str
    url: str
    title: str
    active: bool
    opener: str | None = Field(None, description="the tab that opened this one (a popup)")


class RoleInfo(Fact):
    name: str
    default_url: str | None = None
    storage_state: str | None = None
    active: bool
    started: bool
    tabs: list[TabInfo] = []


class OpenDialog(Fact):
    """A JavaScript dialog the page opened and that waits for an answer (browser_dialog)."""

    type: str
    message: str


class NavigationResult(Fact):
    tab: str
    url: str
    title: str
    status: int | None = Field(None, description="HTTP status of the main document, when there was one")
    loaded: bool = Field(True, description="false when the page had not finished loading within the bound")
    identity: PageIdentity
    dialog: OpenDialog | None = Field(None, description="the page asked before it was left (beforeunload): the "
                                                        "navigation goes on when the dialog is accepted")

    def to_text(self) -> str:
        if self.dialog is not None:
            return (f"the page asks before it is left ({self.dialog.type} dialog {self.dialog.message!r}); still on "
                    f"{self.url}: answer it with browser_dialog (accept to leave, dismiss to stay)")
        status = f" (HTTP {self.status})" if self.status else ""
        loaded = "" if self.loaded else "\nnote: the page had not finished loading; the snapshot shows what has arrived"
        return f"navigated{status}{loaded}\n{self.identity.to_text()}"


class SessionInfo(Fact):
    browser: str
    browser_version: str
    connection: str = Field(description="launched | cdp | ws")
    headless: bool
    roles: list[RoleInfo]

    def to_text(self) -> str:
        lines = [f"browser: {self.browser} {self.browser_version} ({self.connection}{', headless' if self.headless else ''})"]
        for role in self.roles:
            mark = "*" if role.active else " "
            lines.append(f"{mark} role {role.name}: {'started' if role.started else 'not started'}"
                         f"{', default ' + role.default_url if role.default_url else ''}")
            for tab in role.tabs:
                lines.append(f"    {'>' if tab.active else ' '} tab {tab.id}: {tab.url} {json_string(tab.title)}"
                             f"{' (opened by ' + tab.opener + ')' if tab.opener else ''}")
        return "\n".join(lines)


# ---------------------------------------------------------------- preflight and actions

class LocatorCandidate(Fact):
    """How an element could be found, as the bridge sees it (validated by Playwright in verdex/locators.py)."""

    kind: str = Field(description="test_id | role | label | placeholder | alt | text | title")
    value: str | None = None
    role: str | None = None
    name: str | None = None
    volatile: bool = False
    words: str | None = None
    generic: bool = Field(False, description="a test id that names the element's kind (ValueCandidate.generic)")


class ContainerFact(Fact):
    reason: str
    test_id: str | None = None
    role: str | None = None
    name: str = ""
    text: str = ""


class HitFacts(Fact):
    """What ``elementFromPoint`` returns at one point of the target."""

    tag: str
    ref: str
    role: str | None = None
    name: str = ""
    test_id: str | None = None
    id: str | None = None
    classes: list[str] = []
    z_index: str | None = None
    opacity: float | None = None
    display: str | None = None
    pointer_events: str | None = None
    position: str | None = None
    is_target: bool
    inside_target: bool
    contains_target: bool
    same_widget: bool = Field(False, description="part of the target's own widget: the smallest subtree holding both "
                                               "holds nothing else that takes keys (a code editor's lines over its input)")
    locators: list[LocatorCandidate] = []
    containers: list[ContainerFact] = []

    @property
    def reaches_target(self) -> bool:
        return self.is_target or self.inside_target


class PointFacts(Fact):
    point: str
    x: int
    y: int
    outside_viewport: bool
    hit: HitFacts | None = None


class AnimationFacts(Fact):
    on: str = Field(description="target | ancestor")
    depth: int
    tag: str
    test_id: str | None = None
    type: str
    name: str = ""
    play_state: str
    progress: float | None = None
    duration_ms: int | None = None
    endless: bool = Field(False, description="repeats forever (an infinite iteration count): it never ends by itself")
    running_ms: int | None = Field(None, description="how long it has run so far (its current time)")
    properties: list[str] = []
    moves: bool = Field(description="animates position or size (not only opacity or colour)")


class LinkFacts(Fact):
    href: str
    target: str | None = None
    download: bool = False
    in_document: bool = Field(False, description="a link to '#' alone: no navigation, its click is the page "
                                                 "script's to answer (a dropdown's or a tab's toggle)")


class DisabledField(Fact):
    """A required field of the form, empty and disabled: barred from the browser's validation, so the form
    can be sent while it stays disabled."""

    ref: str
    tag: str
    name: str = ""


class FormFacts(Fact):
    action: str
    method: str
    target: str | None = None
    disabled_required: list[DisabledField] = Field(
        [], description="its required fields left empty that were disabled: the browser's own validation lets the "
                        "form be sent only while they are (a page's script that disables them as it starts)")
    page_handles: Literal["prevents", "listens"] | None = Field(
        None, description="what the page's own script does with its submission, read from its submit listeners "
                          "(on the form or above it) before acting: 'prevents' — a listener's code prevents the "
                          "browser's submission (it saves by script, no navigation); 'listens' — the page listens "
                          "for it, and whether it prevents it cannot be read (a framework's root listener)")


class NavigationFacts(Fact):
    link: LinkFacts | None = None
    form: FormFacts | None = None


class Box(Fact):
    x: float
    y: float
    width: float
    height: float


class BusyAncestor(Fact):
    ref: str
    tag: str
    test_id: str | None = None


class ContainerRef(Fact):
    tag: str
    test_id: str | None = None
    ref: str


class AncestorState(Fact):
    depth: int
    tag: str
    test_id: str
    attributes: dict[str, str] = {}


def ancestor_changes(before: list[AncestorState], after: list[AncestorState]) -> list[tuple[str, str, str]]:
    """The data-*/aria-busy attributes of the target's test-id ancestors that changed from one reading to
    the next: (test id, attribute, its new value)."""
    said = {a.test_id: a.attributes for a in before}
    return [(ancestor.test_id, name, value) for ancestor in after if ancestor.test_id in said
            for name, value in ancestor.attributes.items() if said[ancestor.test_id].get(name) != value]


def became_ready(before: list[AncestorState], after: list[AncestorState]) -> str:
    """The first ancestor that said the app was ready between two readings (``data-hydrated="true"``, where
    it said nothing or something else), as ``[test id] got name='value'``; empty when none did."""
    return next((f"[{test_id}] got {name}={value!r}" for test_id, name, value in ancestor_changes(before, after)
                 if READINESS_ATTRIBUTE.match(name) and value not in NOT_READY), "")


class RiskFact(Fact):
    """How much harm acting on an affordance can do, read by the bridge from its role, its name (a
    link's URL too) and the form or dialog it acts in. ``subject`` names it in a confirmation."""

    level: Literal["safe", "caution", "danger"] = "safe"
    reason: str = ""
    subject: str = ""


# ---------------------------------------------------------------- the locating answer
# What the bridge proposes to find one target by (``locating`` in verdex/bridge/locators.js), ranked and
# proven with Playwright's engine in verdex/locators.py.

WayStrategy = Literal["test_id", "role", "role_only", "role_shown", "role_has", "role_text", "role_own", "attr",
                      "class_only", "class_shown", "class_has", "class_text", "class_own"]
ESTIMATE = Field(description="elements the bridge counted it matching, stopping at 2 (None: not counted, a "
                             "better candidate was already unique)")


class RoleCandidate(Fact):
    """The target found by its role and accessible name (no name: by its role alone)."""

    kind: Literal["role"]
    role: str
    name: str | None
    volatile: bool = False
    estimate: int | None = ESTIMATE
    words: str | None = Field(None, description="the name without the count, price or date it holds "
                                                 "(\"Best Trial (1)\" → \"Best Trial\")")
    exact: bool = Field(True, description="the whole name (False: a part of it, Playwright's name without exact)")
    styled_twins: int = Field(0, description="elements of the same role and name that a stylesheet alone hides (no "
                                             "attribute, no inline style): found too until the page is styled",
                              exclude_if=lambda twins: twins == 0)

    @property
    def key(self) -> str:
        """The key a container way files this candidate's count under (``candidateKey`` in locators.js)."""
        return f"role:{self.role}:{self.name or ''}"


class ValueCandidate(Fact):
    """The target found by one value: its test id, label, placeholder, alt text, text, title, what its author
    named it by (``attribute``: ``#email``, ``input[name="email"]``, a tooltip's ``a[data-title="Zoom in"]``,
    the icon of a control with no name ``button:has(svg[data-testid="EditIcon"])``) or a CSS selector (a
    semantic class, an icon's ``svg``)."""

    kind: Literal["test_id", "label", "placeholder", "alt", "text", "title", "attribute", "css"]
    value: str
    volatile: bool = False
    generic: bool = Field(False, description="a test id that names the element's kind, not which one: its role, "
                                             "one another element carries too (Gradio's data-testid=\"textbox\" on "
                                             "every text box), or one that marks an item of a list, or a part of one, "
                                             "by none of its words (TodoMVC's \"todo-title\"): just before its role "
                                             "alone, unique only while it is alone of its kind")
    estimate: int | None = ESTIMATE

    @property
    def key(self) -> str:
        return f"{self.kind}::{self.value}"


class HeldImageCandidate(Fact):
    """A control with no name of its own (a script's ``<a class="action">``), found as the one that holds the image
    its name comes from where no CSS says that image's name (an svg named by its ``<title>``):
    ``locator("a.action", has=page.get_by_role("img", name="Resume", exact=True))``."""

    kind: Literal["held_image"]
    value: str = Field(description="the control as CSS: its class that fewest of its tag share, else its tag or role")
    name: str = Field(description="the held image's accessible name (the control's name in the snapshot)")
    volatile: bool = False
    estimate: int | None = ESTIMATE

    @property
    def key(self) -> str:
        return f"{self.kind}::{self.name}"


CountedCandidate = Annotated[RoleCandidate | ValueCandidate | HeldImageCandidate, Field(discriminator="kind")]


class NamedChild(Fact):
    """A container's child that no peer holds: ``filter(has=get_by_role(role, name=name))``."""

    role: str
    name: str


class ScopeWay(Fact):
    """One way to find a container (or the target itself) again (``scopeWays`` in scopes.js): by test id, a
    selector (a semantic class, a key attribute), or a role with its name; filtered by a named child or a
    stable text (the text the target shows: ``*_shown``), a part of the container's text or, ``exact``, the
    whole text of an element in it; found inside a unique outer container (``within``)."""

    strategy: WayStrategy
    test_id: str | None = None
    selector: str | None = None
    role: str | None = None
    name: str | None = None
    has: NamedChild | None = None
    text: str | None = None
    exact: bool = Field(False, description="the text is an element's whole text (get_by_text(…, exact=True)), "
                                           "where a peer holds it as a part of its own")
    own: str | None = Field(None, description="an item that holds the items under it (a page tree's li), found by "
                                              "its own child this selects (``:scope > a``) showing ``text`` whole")
    part: str | None = Field(None, description="with ``own``: the item's own child that holds the target "
                                               "(``:scope > div``), outside the items under it")
    within: ScopeWay | None = None
    by_controls: bool = Field(False, description="the container holds nothing but controls (a card's actions bar) and "
                                                 "is told apart by which of them it holds: by its state, found last")
    estimates: dict[str, int] = Field({}, description="per candidate key: the matches inside the containers this "
                                                      "way finds, stopping at 2")
    estimate: int | None = Field(None, description="the target found itself this way: the elements it finds")

    @model_validator(mode="after")
    def _found_by_something(self) -> ScopeWay:
        if not (self.test_id or self.selector or self.role):
            raise ValueError(f"a way ({self.strategy}) needs a test id, a selector or a role to find the container by")
        return self


class ScopeFact(Fact):
    """An ancestor that can tell the target apart, nearest first, with the ways to find it again."""

    reason: str
    ways: list[ScopeWay]


class FrameFact(Fact):
    """An iframe on the way down to the target, as its frame locator will name it."""

    test_id: str | None = None
    title: str | None = None
    name: str | None = None
    id: str | None = None
    selector: str | None = Field(None, description="a semantic class only it has in its document (``iframe.editor``), "
                                 "or its tag when it is the document's one frame (``iframe``)")
    index: int | None = Field(None, description="its position among the document's frames (when nothing names it)")


class Locating(Fact):
    """Everything the bridge knows for finding one target again: its own candidates, itself found the way a
    container is, its containers, the frames above it, its box in the page and its tag."""

    candidates: list[CountedCandidate]
    itself: list[ScopeWay]
    containers: list[ScopeFact]
    frames: list[FrameFact]
    box: Box
    tag: str
    made_around: bool = Field(False, description="unique now, the target is inside what the flow made (a "
                                                 "container's text holds the run's {unique} value): the next run "
                                                 "makes another, so it is found through a container")
    item_copy: bool = Field(False, description="a control of the one item of its list, named by no word of the "
                                               "item's title (the one todo's \"Delete\"): every item to come has "
                                               "a copy of it, so its own candidates (a test id that names the one "
                                               "aside) are unique only while the item is alone, and the item told "
                                               "apart by its own text is preferred")


class KeyCell(Fact):
    """The cell of a row that says which row it is (the name the flow typed), by its role and whole name."""

    role: str
    name: str


class ShownWay(Fact):
    """How the agent's snapshot showed an element, read when it may be hidden now: its role and name then,
    or the class and text of a control a script wires up (``clickable``); none when it is shown now or no
    snapshot named it. ``box``: its viewport box now. ``gone``: no longer on the page at all (a row a filter took
    away), its way read from the element the page still held. ``scopes``: for a hidden one, the containers around
    it that tell it apart, for a role and name its shown look-alikes share."""

    hidden: bool
    gone: bool = False
    box: Box
    frames: list[FrameFact] = []
    role: str | None = None
    name: str | None = None
    selector: str | None = None
    text: str | None = None
    whole: bool = Field(False, description="text is the element's whole text, matched whole")
    scopes: list[ScopeWay] = Field([], description="the containers around it, hidden with it, that tell it apart "
                                                   "from the shown elements that have its role and name")
    test_id: str | None = Field(None, description="gone: its own test id, which outlasts what it showed")
    cell: KeyCell | None = Field(None, description="a gone row: the cell that says which row it is")


class ToggleFact(Fact):
    """The control that opens a closed container: the one whose aria-controls, data-target,
    data-bs-target or href names it, or a <details>' summary."""

    ref: str
    tag: str
    role: str | None = None
    name: str = ""
    expanded: str | None = Field(None, description="its aria-expanded, as the page set it")


class ClosedContainer(Fact):
    """The ancestor that clips the target away: its overflow hidden or clipped and 0 px high or wide (a
    collapsed section), or a <details> not open. A click is lost until it opens."""

    tag: str
    id: str | None = None
    classes: list[str] = []
    width: int
    height: int
    overflow: str = Field(description="hidden | clip; empty for a <details> not open")
    toggle: ToggleFact | None = None


class OffPage(Fact):
    """Where the target is placed off the page: its box wholly above or left of the document's start, where no
    scroll reaches (a menu's flyout or a row's actions kept at ``top: -1000em`` until hovered)."""

    x: int
    y: int
    placed: str = Field(description="the outermost element placed there with it: tag#id or tag.class")
    revealer: ToggleFact | None = Field(None, description="the first control on the page beside what is placed off "
                                                          "it: hovering it shows what it keeps there")


class PreflightFacts(Fact):
    """Raw facts about a target just before an action, read in one bridge round trip."""

    ref: str
    attached: bool
    tag: str
    role: str | None = None
    name: str = ""
    shown_role: str | None = Field(None, description="what the snapshot called an element no role names: clickable, "
                                   "editable")
    shown_name: str = Field("", description="the text the snapshot showed such an element by")
    stand_in: str | None = Field(None, description="what a click lands on instead of the target, as a user clicks it: "
                                 "the label of a checkbox drawn hidden, the part of its own widget drawn over it "
                                 "(the box, coverage and locator are the stand-in's)")
    visible: bool
    box: Box
    page_box: Box
    in_viewport: float = Field(description="share of the element inside the viewport and the scrolling boxes around it, 0–1")
    opacity: float = Field(description="effective opacity (product over ancestors)")
    disabled: bool
    aria_disabled: bool
    editable: bool
    readonly: bool = False
    sensitive: bool = Field(False, description="a password, payment or one-time-code field, or one named for a secret "
                                               "(an API key, a token): its value is never shown")
    field_name: str | None = None
    risk: RiskFact = RiskFact()
    submit_risk: RiskFact | None = Field(None, description="what pressing Enter in this field submits")
    busy_ancestors: list[BusyAncestor] = []
    coverage: list[PointFacts]
    animations: list[AnimationFacts] = []
    styles: dict[str, str] | None = None
    navigation: NavigationFacts
    container: ContainerRef
    ms_since_mutation: int | None = Field(None, description="since the last DOM change in the target's container")
    ancestor_state: list[AncestorState] = Field([], description="data-* and aria-busy of ancestors with a test id")
    in_overlay: bool = Field(False, description="the target sits in a layer over the page: a dialog, or an ancestor "
                                                "of fixed position")
    requests_in_flight: list[str] = Field([], description="method and URL of requests not yet answered")
    closed_container: ClosedContainer | None = Field(None, description="the closed container that clips it away "
                                                                       "(format 12)")
    # a target off the page is refused: no step that acted holds one, and a refused step's words say it
    # (``exclude``: not written in the recording, whose format 25 has no place for it)
    off_page: OffPage | None = Field(None, exclude=True, description="where it is placed off the page, out of "
                                                                      "any scroll's reach")


class Verdict(Fact):
    """What the facts mean for one action: blocking facts stop it, advisory facts ride along."""

    blocking: list[str] = []
    advisory: list[str] = []


class LocatorStep(Fact):
    """One call in a locator chain, target-neutral: ``get_by_role("button", name="Add", exact=True)``."""

    method: str
    args: list[str | int] = []
    kwargs: dict[str, str | bool | int] = {}
    regex: list[str] = Field([], exclude_if=lambda keys: not keys,
                             description="the kwargs whose value is a regular expression's source, not a text: a name "
                             "by the words beside its count, ``name=re.compile(r\"^Filter(?!\\S)\")`` (format 16)")
    has: list[LocatorStep] | None = Field(None, exclude_if=lambda has: has is None,
                                          description="filter(has=…): a chain from the page the element "
                                          "must hold, e.g. its card's heading; and_(…): a chain from the page "
                                          "the element must match too")


class RankedLocator(Fact):
    kind: str
    steps: list[LocatorStep]
    score: int = Field(description="lower is better: test id 1, role+name 100, … container-scoped 1000+, nth 10000")
    matches: int = Field(description="elements the locator matched when recorded (-1: not counted)")
    is_target: bool = Field(description="the single match is the target itself")
    volatile: bool = False
    counted_by: str = Field("playwright", description="playwright (its engine ran the locator) or bridge (estimate)")
    styled_twins: int = Field(0, description="look-alikes a stylesheet alone hides (no attribute, no inline style): "
                                             "the locator matches them too until the page is styled (format 13)",
                              exclude_if=lambda twins: twins == 0)


class LocatorChoice(Fact):
    chosen: RankedLocator
    candidates: list[RankedLocator]
    fallback: bool = Field(False, description="no candidate was unique: positional nth() was used")
    code: str = Field(description="the chosen locator as Python")


class RequestEffect(Fact):
    method: str
    url: str
    resource_type: str
    status: int | None = None
    failed: str | None = None
    changed_page: bool | None = Field(None, description="the DOM changed within 500 ms of the response")
    standing: bool = Field(False, description="a request the page keeps open (a long poll, a stream): not waited for")
    body_ended: bool = Field(False, description="the answer's body came to its end as the action settled (a "
                                                "stream's does not; an answer without a body has none): a test "
                                                "may wait for the whole answer")
    named: list[str] = Field([], description="names the server gave in its answer to a request that made or changed "
                                             "something (a JSON answer's strings, a Location)")
    on_its_own: bool = Field(False, description="the page made the same request while no action ran (between "
                                                "actions, or twice as it loaded): a timer's, not the action's")
    place: str = Field("", description="where it went, as the same request made again goes: method, path, the words "
                                       "of its query, the operation its body names (a GraphQL operation's "
                                       "name, a JSON-RPC call's method; the same place as a timer's request "
                                       "is the timer's)")
    answered_ms: int | None = Field(None, description="format 22: when its answer came to the page, in ms after the "
                                                     "action began on the page's clock: its headers, on which a "
                                                     "fetch resolves (its body's end in older recordings) (an "
                                                     "action's requests only)",
                                    exclude_if=lambda ms: ms is None)


class SocketStart(Fact):
    """A websocket the page opened on its own, and how its server answered the opening."""

    url: str
    opening_messages: int = Field(description="messages the server sent as the socket opened, before a pause of "
                                              "half a second or the first action")


class ReadyText(Fact):
    """A text one startup answer put up: unique and visible on the page when the first action ran."""

    text: str
    exact: bool = Field(False, description="the text is its element's whole text")
    answered_by: str = Field(description="the answer's request: method and path")


class Startup(Fact):
    """What the page did on its own after its document started, before the first action on it: the
    requests it made for its data (fetch/XHR, each with whether the page changed when it answered) and
    a text each of those answers put up — together the app's sign that it had finished loading, which a
    test waits for before it acts, whatever order the answers come in; and the websockets it opened,
    with what their servers said first (an app that talks over one takes no event before its server has
    answered)."""

    requests: list[RequestEffect] = []
    sockets: list[SocketStart] = []
    ready_texts: list[ReadyText] = Field([], description="a text per answer that changed the page, in the order "
                                                         "the page asked (format 5)")
    ready_text: str | None = Field(None, description="format 3 and 4: the one text the last page-changing answer "
                                                     "showed, unique on the page")
    ready_text_exact: bool = Field(False, description="format 3 and 4: the ready text is its element's whole text")
    answered_by: str | None = Field(None, description="format 3 and 4: that answer's request: method and path")
    waited_ms: int = Field(0, description="how long the action waited for requests still open (at most 5 s)")
    said_none: list[str] = Field([], description="format 17: the page-changing answers (method and path) whose every "
                                                 "list was empty, or HTML of fewer than two rows of data: what each "
                                                 "drew may say there is nothing yet, which a "
                                                 "run after the app has some does not show, so no text of theirs is "
                                                 "waited for, the answer itself is",
                                   exclude_if=lambda said: not said)


class VisualDiff(Fact):
    """Viewport screenshots before and after an action, compared pixel by pixel."""

    changed: float = Field(description="share of the viewport's pixels that changed, 0–1")
    box: Box | None = Field(None, description="bounding box of the change, viewport CSS pixels")
    viewport: list[int] = Field(description="width and height compared")
    ms: int = Field(description="time the diff added to the action: two screenshots and the comparison")

    def to_text(self) -> str:
        if self.box is None:
            return "visual: no pixel changed"
        b = self.box
        return (f"visual: {self.changed:.2%} of the viewport changed, within x={b.x:g} y={b.y:g} "
                f"{b.width:g}×{b.height:g}")


class ValueChange(Fact):
    """A form field whose value (or checked state) the page changed: a script sets the property and no
    mutation fires, so only reading the values before and after shows it (hidden fields included). Or
    the element the page moved the focus to (``kind="focus"``): no mutation shows that either."""

    field: str = Field(description="its role and name, or its tag and name attribute when hidden")
    ref: str | None = None
    hidden: bool = False
    kind: Literal["value", "checked", "focus"] = "value"
    attribute: str | None = Field(None, description="the attribute that holds the value, when no value property "
                                  "does (an ARIA slider's aria-valuenow)")
    before: str
    after: str
    test_id: str | None = None
    selector: str | None = Field(None, description="a CSS selector for it (its id, or its name attribute)")
    selector_count: int = 0
    locator: LocatorChoice | None = Field(None, description="proven at record time: how a test finds it")

    def to_text(self) -> str:
        if self.kind == "focus":
            return f"{self.field}{' (hidden)' if self.hidden else ''}"
        return (f"{self.field}{' (hidden)' if self.hidden else ''}: {json_string(self.before)}"
                f" → {json_string(self.after)}")


# The effects only an action can have caused, however the page changed meanwhile on its own (a widget that
# drew itself, a chaos re-render, an app getting ready)
_CONSEQUENCES = ("requests", "navigated", "new_tabs", "dialogs", "downloads", "appeared", "disappeared",
                "title_change", "heading_change")


LABELLED_CONTROLS = ("button", "link", "menuitem")     # controls whose own label may say what their click did


class OwnLabel(NamedTuple):
    """The label an action's own control took as the action settled (``Effects.own_label``), and its role."""

    role: str
    name: str


def url_moved(before: str, after: str) -> bool:
    """Whether the page's URL went somewhere else: not when it only gained or lost a ``#`` with nothing after it (a
    link to "#" whose script handles the click). That is the same document at the same place, no navigation and
    no route (a hash route holds a path after its ``#``): nothing a test waits for or asserts."""
    return before.removesuffix("#") != after.removesuffix("#")


class Effects(Fact):
    """What an action caused, observed until the page settled (bounded)."""

    requests: list[RequestEffect] = []
    navigated: bool = False
    url_before: str
    url_after: str
    new_tabs: list[str] = []
    dialogs: list[str] = []
    downloads: list[str] = []
    appeared: list[str] = Field([], description="dialogs, notices and blockers that appeared")
    notice_lines: dict[str, list[str]] = Field({}, description="the lines of each notice that appeared with several, "
                                                               "by its text (a toast's title and its text)")
    disappeared: list[str] = []
    title_change: list[str] | None = None
    heading_change: list[str] | None = None
    interactive_diff: list[str] = Field([], description="snapshot lines with refs that were added (+) or removed (-), "
                                                        "and (=) the controls an overlay blocked or gave back behind "
                                                        "it, counted")
    texts_added: list[str] = Field([], description="format 27: lines of text the action put on the page that no "
                                                   "control holds (a list's new item, a chat's message, a count "
                                                   "that went up), as its snapshot says them; none a notice that "
                                                   "appeared says, none when an overlay appeared; the first five",
                                    exclude_if=lambda lines: not lines)
    server_messages: int = Field(0, description="messages the page's websocket servers sent until it settled (a "
                                                "server-driven app answers the action this way; a message the "
                                                "page sent is awaited for its answer, 1 s at most)")
    values: list[ValueChange] = Field([], description="form fields whose value the page set (no mutation shows it)")
    code_loaded: int = Field(0, description="scripts the page asked for as it answered the action: code it loads "
                                            "only when first needed (a route's or a dialog's lazily loaded chunk)")
    scripts: list[str] = Field([], description=(
        "format 26: the paths of the scripts code_loaded counts that the top document asked for "
        "(a frame's answer in the frame's timing), whose answers the test waits for before its "
        "next action (an app that ignores input until the code it loaded has run)"),
        exclude_if=lambda paths: not paths)
    url_moved_ms: int | None = Field(None, description="format 22: when the URL moved to url_after within the "
                                                      "document (a route), in ms after the action began on the page's "
                                                      "clock, as the requests' answered_ms: after answers, the app "
                                                      "moved only once they had come",
                                     exclude_if=lambda ms: ms is None)
    closed_to: str | None = Field(None, description="format 25: the action closed the tab it acted in (a popup "
                                                    "that closes itself once its work is done: Django admin's "
                                                    "\"+\", a picker); its opener, where the next command acts "
                                                    "(\"\": it had none)", exclude_if=lambda tab: tab is None)
    settled_ms: int = 0
    no_effect: bool = False
    before_ready: str = Field("", description="an ancestor of the target that said the app was ready only as the "
                                             "action settled ([login-form] data-hydrated='true'): the action came "
                                             "before the app was, and what changed is the app getting ready")
    visual: VisualDiff | None = Field(None, description="before/after pixel diff, when enabled")

    def notices(self, kinds: tuple[str, ...]) -> list[tuple[str, str]]:
        """The notices of ``kinds`` that appeared and were still shown as the action settled, each as said
        (``status "Saved"``) and its text; not one gone again (said ``toast "Saved" (gone again)``)."""
        out = []
        for said in self.appeared:
            kind, _, quoted = said.partition(" ")
            if kind not in kinds or not (quoted.startswith('"') and quoted.endswith('"')):
                continue
            try:
                text = json.loads(quoted)
            except json.JSONDecodeError:
                continue
            if isinstance(text, str):
                out.append((said, text))
        return out

    def own_label(self, ref: str | None) -> OwnLabel | None:
        """The name the action's own button, link or menu item (``ref``) took as the action settled, when it kept
        its role and took another name (a Save button that reads "Saved" for a moment after its click): its line
        left the snapshot and came back renamed. (A field's name is its label's, which says what to type.)"""
        if not ref:
            return None
        lines = [SNAPSHOT_LINE.match(_flat(line)) for line in self.interactive_diff]
        lines = [found for found in lines if found and found["ref"] == ref and found["role"] in LABELLED_CONTROLS]
        went = {found["role"]: found["name"] for found in lines if found.string.startswith("-")}
        for found in lines:
            if found.string.startswith("+") and found["name"] and went.get(found["role"], found["name"]) != found["name"]:
                return OwnLabel(found["role"], json.loads(found["name"]))
        return None

    @property
    def moved(self) -> bool:
        """The URL went somewhere else (``url_moved``)."""
        return url_moved(self.url_before, self.url_after)

    def answered_before_moving(self) -> list[RequestEffect]:
        """The requests whose answers had come when the URL moved to ``url_after`` within the document, by the
        page's clock: what a route that waits for its data waited for (none when it moved at once, or when the
        recording has no times: format 21 and older, a new document)."""
        if self.url_moved_ms is None or not self.moved:
            return []
        return [r for r in self.requests if r.answered_ms is not None and r.answered_ms <= self.url_moved_ms]

    def consequential(self) -> bool:
        """Something only the action can have caused (_CONSEQUENCES, or another URL), whatever the page
        changed on its own meanwhile."""
        return any(getattr(self, name) for name in _CONSEQUENCES) or self.moved

    def to_text(self) -> str:
        if self.no_effect and self.before_ready:
            return (f"no observable effect of its own: {self.before_ready} only as it settled, so it came before "
                    "the app was ready (its handler was not attached yet) and what changed on the page is the app "
                    "getting ready; act again" + (f"\n{self.visual.to_text()}" if self.visual is not None else ""))
        if self.no_effect:
            return ("no observable effect: no request, no navigation, no dialog or popup, nothing on the page "
                    "changed (its handler may not be attached yet, or the click landed elsewhere)"
                    + (f"\n{self.visual.to_text()}" if self.visual is not None else ""))
        # here, not at the top: the generators' package imports these facts as it loads
        from verdex.generators.request_place import operation_of
        lines = []
        origin = _origin(self.url_before)
        # requests to one place that went alike (a socket.io handshake's polls) are one line, said with how many
        # and after how many of them the page changed (which of them a change came after is the page's pace)
        alike: dict[tuple[object, ...], list[RequestEffect]] = {}
        for r in self.requests:
            status = r.failed or r.status or "no answer yet (still open when the page settled)"
            alike.setdefault((r.method, r.place or r.url, status, r.standing, r.on_its_own), []).append(r)
        for (_method, _place, status, *_), (r, *more) in alike.items():
            url = r.url[len(origin):] if origin and r.url.startswith(origin + "/") else r.url     # same origin: its path
            times = f" (×{len(more) + 1})" if more else ""
            if r.standing:
                lines.append(f"request held open: {r.method} {url}{times} (a long poll or a stream; not waited for)")
                continue
            own = " (the page's own: it made it between actions too)" if r.on_its_own else ""
            operation = operation_of(r.place)             # one endpoint for every operation: which one this was
            url += f" {operation}" if operation else ""
            lines.append(f"request: {r.method} {url} → {status}{times}{_changed_after([r, *more])}{own}")
        if self.server_messages:
            lines.append(f"websocket: {self.server_messages} message{'s' if self.server_messages > 1 else ''} "
                         "from the server")
        if self.code_loaded:
            lines.append(f"loaded code: {self.code_loaded} script{'s' if self.code_loaded > 1 else ''} the page asked "
                         "for only now (what it drew comes at the network's pace)")
        if self.navigated or self.moved:
            came = len(self.answered_before_moving())
            after = f" (once {came} answer{'s' if came > 1 else ''} had come)" if came else ""
            lines.append(f"navigated: {self.url_before} → {self.url_after}{after}")
        lines += [f"new tab: {t}" for t in self.new_tabs] + [f"dialog: {d}" for d in self.dialogs]
        if self.closed_to is not None:
            opener = f"its opener {self.closed_to}" if self.closed_to else "the last tab opened"
            lines.append(f"closed itself: the tab closed once the action was done (a popup done with its work); the "
                         f"next command acts in {opener}: take a snapshot of it before acting")
        lines += [f"download: {d}" for d in self.downloads]
        lines += [f"appeared: {a}" for a in self.appeared] + [f"disappeared: {d}" for d in self.disappeared]
        lines += [f"{'focus moved to' if v.kind == 'focus' else 'value set:'} {v.to_text()}" for v in self.values]
        if self.title_change:
            lines.append(f"title: {self.title_change[0]!r} → {self.title_change[1]!r}")
        if self.heading_change:
            lines.append(f"heading: {self.heading_change[0]!r} → {self.heading_change[1]!r}")
        if self.texts_added:
            lines.append("text added: " + " | ".join(self.texts_added))
        changes, redrawn = _redrawn(_renamed([_flat(line) for line in self.interactive_diff]))
        if changes or redrawn:
            lines.append("interactive elements:")
            lines += [f"  {line.removeprefix('= ')}" for line in changes[:40]]
            if len(changes) > 40:
                lines.append(f"  … {len(changes) - 40} more")
            if redrawn:
                lines.append(f"  ↻ {redrawn} drawn anew as they were (same role, name and state, new refs: take a "
                             "snapshot before acting on one)")
        if self.visual is not None:
            lines.append(self.visual.to_text())
        return "\n".join(lines)


class WaitRecord(Fact):
    """What a wait=True action waited for before acting."""

    blocking: list[str]
    waited_ms: int
    cleared: bool


class Proposal(Fact):
    """An assertion an action's effects suggest: a notice's text that appeared, a value the page set in
    a field (``verify_element`` with state value), or the URL it went to."""

    kind: Literal["text_visible", "value", "url"]
    value: str
    ref: str | None = Field(None, description="the field whose value the page set")

    def to_text(self) -> str:
        shown = json_string(self.value)
        return {"text_visible": f"text {shown} visible", "value": f"{self.ref} has value {shown}",
                "url": f"url ends with {self.value}"}[self.kind]


class ActionResult(Fact):
    action: str
    ref: str
    target: str = Field(description="role and name of the target")
    locator: LocatorChoice | None = None
    preflight: PreflightFacts | None = None
    verdict: Verdict
    forced: bool = False
    waited: WaitRecord | None = None
    effects: Effects | None = None
    proposals: list[Proposal] = Field([], description="assertions the effects suggest; verify one to keep it")

    def to_text(self) -> str:
        risk = self.preflight.risk.level if self.preflight is not None else "safe"
        lines = [f"{self.action} {self.target}" + (f" [ref={self.ref}]" if self.ref else "")
                 + (f" [{risk}]" if risk != "safe" else "")
                 + (" (forced past preflight)" if self.forced else "")]
        if self.locator is not None:
            lines.append(f"via {self.locator.code}" + (" (positional fallback)" if self.locator.fallback else ""))
        if self.waited is not None:
            lines.append(f"waited {self.waited.waited_ms} ms for: {'; '.join(self.waited.blocking)}")
        if self.verdict.blocking:
            lines += [f"blocking{' (ignored)' if self.forced else ''}: {b}" for b in self.verdict.blocking]
        lines += [f"note: {a}" for a in self.verdict.advisory]
        if self.effects is not None:
            lines.append(self.effects.to_text())
        if self.proposals:
            lines.append("to assert the outcome, verify: " + " | ".join(p.to_text() for p in self.proposals))
        return "\n".join(lines)


class Verification(Fact):
    """An assertion the agent made, checked against the live page with Playwright's expect."""

    kind: str = Field(description="text_visible | element | url")
    passed: bool
    expected: str
    actual: str | None = None
    locator: LocatorChoice | None = None
    note: str | None = Field(None, description="how a check that passed holds: a text the last action showed and "
                                               "that is gone since, which the test checks right after it")

    def to_text(self) -> str:
        verdict = "passed" if self.passed else "FAILED"
        text = f"{verdict}: {self.expected}"
        if not self.passed and self.actual is not None:
            text += f", actual {self.actual}"
        if self.passed and self.note:
            text += f" ({self.note})"
        return text + ("" if self.passed else " (not recorded)")


class Evaluation(Fact):
    """What the agent's JavaScript returned, as JSON text."""

    result: str = Field(description="the value as JSON")
    truncated: bool = False

    def to_text(self) -> str:
        return self.result + (" … (truncated)" if self.truncated else "")


class ScrollResult(Fact):
    """Where the page stands after a scroll (Playwright scrolls a target into view by itself before
    acting: a scroll is for looking, and is not recorded)."""

    x: int
    y: int
    max_y: int = Field(description="the furthest the page scrolls down")

    def to_text(self) -> str:
        return f"scrolled: the page is at x={self.x}, y={self.y} of {self.max_y}"


class Screenshot(Fact):
    path: str
    width: int
    height: int
    bytes: int

    def to_text(self) -> str:
        return f"wrote {self.path} ({self.width}×{self.height}, {self.bytes:,} bytes)"


class StorageStateFile(Fact):
    """A role's storage state (cookies and local storage per origin), saved to or loaded from a file."""

    role: str
    path: str
    cookies: int
    origins: int
    loaded: bool = Field(description="true: the role's context was started again with it (its tabs closed)")

    def to_text(self) -> str:
        verb = "loaded into a fresh context of" if self.loaded else "saved from"
        return f"{verb} role {self.role}: {self.path} ({self.cookies} cookies, {self.origins} origins)"


def _origin(url: str) -> str:
    """``http://host:port`` of a URL ("" when it has none)."""
    match = re.match(r"^[a-z][a-z0-9+.-]*://[^/?#]+", url or "", re.IGNORECASE)
    return match.group(0) if match else ""


# One line of a snapshot's text: as printed (`  - button "Add" [ref=e20] [testid=x]`), in a diff
# (`+     - button "Add" [ref=e20]`) or flattened (`+ button "Add" [ref=e20]`): its role, quoted name,
# the rest of the line and the ref in it, if any.
SNAPSHOT_LINE = re.compile(r'^(?:[+-](?= ))?\s*(?:- )?(?P<role>[\w-]+)(?: (?P<name>"(?:[^"\\]|\\.)*"))?'
                           r'(?P<rest>.*?\[ref=(?P<ref>[^\]]+)\].*|.*)$')


def _flat(diff_line: str) -> str:
    """A snapshot diff line without the tree's indentation: ``+ button "Add" [ref=e20]``; without the
    colon that announces children, which a diff does not show (``- article "Pixel 8" [ref=e18]``)."""
    sign, rest = diff_line[:1], diff_line[1:].strip()
    rest = rest[2:] if rest.startswith("- ") else rest
    if rest.endswith(":") and ": " not in rest:
        rest = rest[:-1]
    return f"{sign} {rest}"




def _renamed(flat_lines: list[str]) -> list[str]:
    """An element that stayed and changed only its name said once, where it appears:
    ``~ link "Cart (0)" → "Cart (1)" [ref=e5]`` for its ``-`` and ``+`` lines; one whose line did not change at
    all (what changed is inside it: a code cell's lines) is not said."""
    def key(line: str) -> tuple[str, str] | None:
        found = SNAPSHOT_LINE.match(line)
        return (found["role"], found["rest"]) if found and found["ref"] else None

    removed = {key(line): line for line in flat_lines if line.startswith("-") and key(line)}
    paired, out = set(), []
    for line in flat_lines:
        before = removed.get(key(line)) if line.startswith("+") else None
        if before is not None:
            old, new = SNAPSHOT_LINE.match(before), SNAPSHOT_LINE.match(line)
            if old["name"] != new["name"]:
                out.append(f"~ {new['role']} {old['name'] or '(no name)'} → {new['name'] or '(no name)'}{new['rest']}")
            paired.add(before)
        else:
            out.append(line)
    return [line for line in out if line not in paired]


def _redrawn(flat_lines: list[str]) -> tuple[list[str], int]:
    """The lines left once each element the page drew anew as it was (a ``-`` line and a ``+`` line alike but for
    the ref: a table rendered again from its data, every row's buttons new nodes) is taken out, and how many
    were: JupyterHub's admin redraws all its users' rows after a click, and the one button that changed its
    name was said after a hundred that had not, past the 40 lines shown."""
    def key(line: str) -> str:
        return REF_MARK.sub("", line[1:])

    removed: dict[str, list[str]] = {}
    for line in flat_lines:
        if line.startswith("-") and REF_MARK.search(line):
            removed.setdefault(key(line), []).append(line)
    paired: set[str] = set()
    for line in flat_lines:
        twins = removed.get(key(line)) if line.startswith("+") and REF_MARK.search(line) else None
        if twins:
            paired.update((twins.pop(0), line))
    return [line for line in flat_lines if line not in paired], len(paired) // 2


REF_MARK = re.compile(r" \[ref=[^\]]+\]")


def _changed_after(alike: list[RequestEffect]) -> str:
    """Whether the page changed after a request, or after how many of requests that went alike."""
    changed = sum(bool(r.changed_page) for r in alike)
    if not changed:
        return ""
    if len(alike) == 1:
        return " (page changed after it)"
    return " (page changed after them)" if changed == len(alike) else f" (page changed after {changed} of them)"
