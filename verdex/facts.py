"""The shapes page data takes in Python.

Everything the bridge reads from a page is validated into these models in one place
(:mod:`verdex.bridge`); the tools, the CLI and the Python API return them unchanged. They are facts,
so they are frozen. ``to_text()`` gives the compact form an agent reads; the model itself is the
structured form.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict, Field


class Fact(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


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


class LoadingFact(ElementSummary):
    busy: bool = False


class BlockerFact(ElementSummary):
    kind: str = Field(description="consent | dialog | loading | overlay")
    viewport_share: float
    text: str = ""


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
        lines = [f"url: {self.url}", f"title: {json.dumps(self.title, ensure_ascii=False)}"]
        if self.heading:
            lines.append(f"heading: {json.dumps(self.heading, ensure_ascii=False)}")
        if self.lang:
            lines.append(f"lang: {self.lang}")
        for label, items in (("dialogs", self.dialogs), ("notices", self.notices),
                             ("loading", self.loading), ("blockers", self.blockers)):
            if items:
                lines.append(f"{label}: " + "; ".join(_summary(item) for item in items))
        if self.busy:
            lines.append("busy: aria-busy=true on the page")
        return "\n".join(lines)


def _summary(item: ElementSummary | NoticeFact) -> str:
    text = item.role
    name = getattr(item, "name", "") or getattr(item, "text", "")
    if name:
        text += " " + json.dumps(name, ensure_ascii=False)
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

    def to_text(self) -> str:
        head = f"observation: {self.observation_id} (tab {self.tab})\n{self.identity.to_text()}"
        if self.diff is not None:
            body = "\n".join(self.diff) if self.diff else "(no changes since the previous snapshot)"
            return f"{head}\ndiff:\n{body}"
        paging = ""
        if self.has_more:
            paging = f"\n… lines {self.offset + 1}–{self.offset + self.text.count(chr(10)) + 1} of {self.total_lines}; next_cursor={self.next_cursor}"
        return f"{head}\n---\n{self.text}{paging}"


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
            text += f" {json.dumps(self.name, ensure_ascii=False)}"
        text += f" [ref={self.ref}]"
        attrs = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in self.attributes.items())
        if attrs:
            text += f" {{{attrs}}}"
        if self.container:
            text += f" CONTAINER({self.container_reason})"
        text += f" children={self.child_count} refs={self.ref_count}"
        if self.refs:
            text += f" ({', '.join(self.refs[:8])}{', …' if self.ref_count > 8 else ''})"
        if self.text:
            text += f" text={json.dumps(self.text, ensure_ascii=False)}"
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
            attrs = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in s.attributes.items())
            lines.append(f" {mark} {s.tag} [ref={s.ref}] {{{attrs}}} {json.dumps(s.text, ensure_ascii=False)}"
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
                lines.append(f"{pad}- text: {json.dumps(item.text, ensure_ascii=False)}")
                continue
            line = f"{pad}- {item.role or item.tag}"
            if item.name:
                line += f" {json.dumps(item.name, ensure_ascii=False)}"
            line += f" [ref={item.ref}]" if item.ref else ""
            line += f" [testid={item.test_id}]" if item.test_id else ""
            line += "".join(f" [{s}]" for s in item.states)
            if item.text:
                line += f": {json.dumps(item.text, ensure_ascii=False)}"
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


class NavigationResult(Fact):
    tab: str
    url: str
    title: str
    status: int | None = Field(None, description="HTTP status of the main document, when there was one")
    loaded: bool = Field(True, description="false when the page had not finished loading within the bound")
    identity: PageIdentity

    def to_text(self) -> str:
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
                lines.append(f"    {'>' if tab.active else ' '} tab {tab.id}: {tab.url} {json.dumps(tab.title, ensure_ascii=False)}"
                             f"{' (opened by ' + tab.opener + ')' if tab.opener else ''}")
        return "\n".join(lines)
