"""The tabs of the active role as a fact: which is active, who opened which, and what was refused
(popups beyond the tab cap, dialogs beyond the per-page cap)."""

from __future__ import annotations


from pydantic import Field

from verdex.browser.session import Session
from verdex.facts import Fact
from verdex.unseen import json_string


class TabFact(Fact):
    id: str
    url: str
    title: str
    active: bool
    opener: str | None = Field(None, description="the tab that opened this one (a popup)")
    dialogs_auto_dismissed: int = Field(0, description="dialogs dismissed by verdex over the per-page cap")


class TabList(Fact):
    role: str
    tabs: list[TabFact]
    max_tabs: int
    refused_popups: int = Field(0, description="popups closed at once because the role had max_tabs open")

    def to_text(self) -> str:
        lines = [f"{len(self.tabs)} tab(s) of role {self.role} (cap {self.max_tabs})"]
        for tab in self.tabs:
            extra = f" (opened by {tab.opener})" if tab.opener else ""
            if tab.dialogs_auto_dismissed:
                extra += f" ({tab.dialogs_auto_dismissed} dialogs dismissed automatically)"
            lines.append(f"{'>' if tab.active else ' '} {tab.id}: {tab.url} {json_string(tab.title)}{extra}")
        if self.refused_popups:
            lines.append(f"{self.refused_popups} popup(s) closed at once: the role had {self.max_tabs} tabs open")
        return "\n".join(lines)


async def tab_list(session: Session) -> TabList:
    role = session.roles[session.active_role]
    facts = []
    for tab in list(role.tabs.values()):   # a page's popups come and go while a title is read
        if tab.page.is_closed():
            continue
        facts.append(TabFact(id=tab.id, url=tab.page.url, title=await tab.title_or_blank(), active=tab.id == role.active_tab,
                             opener=tab.opener, dialogs_auto_dismissed=tab.dialogs_auto_dismissed))
    return TabList(role=role.spec.name, tabs=facts, max_tabs=session.options.max_tabs,
                   refused_popups=role.refused_popups)
