"""The shapes of a reading: one page of an extraction, and one page of search matches."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from verdex.facts import Fact
from verdex.unseen import json_string


class Extraction(Fact):
    tab: str
    url: str
    title: str
    format: str = Field(description="markdown | text | structured")
    scope: str | None = None
    main_only: bool = Field(description="only the main landmark was read (navigation, banner, footer skipped)")
    skipped_landmarks: list[str] = []
    content: str = Field(description="this page; for structured, one JSON record per line")
    records: list[dict[str, Any]] | None = None
    page: int
    pages: int
    total_chars: int
    chars_left: int
    next_cursor: str | None = None
    truncated: bool = Field(False, description="the page held more text than verdex reads (1,000,000 characters)")
    frames_unread: list[str] = Field([], description="cross-origin frames whose content could not be read")

    def to_text(self) -> str:
        where = f"scope {self.scope}" if self.scope else (
            f"main landmark only (skipped: {', '.join(self.skipped_landmarks) or 'none'})" if self.main_only
            else "whole page")
        head = [f"{self.format} of {self.url} {json_string(self.title)} (tab {self.tab}), {where}",
                f"page {self.page + 1} of {self.pages}; {self.chars_left} characters left"
                + (f"; next_cursor: {self.next_cursor}" if self.next_cursor else "")]
        if self.truncated:
            head.append("note: the page is larger than verdex reads; the rest was not read")
        if self.frames_unread:
            head.append("unread cross-origin frames: " + ", ".join(self.frames_unread))
        return "\n".join(head) + "\n---\n" + self.content


class ElementRef(Fact):
    ref: str | None
    role: str
    name: str = ""

    def label(self) -> str:
        name = f" {json_string(self.name)}" if self.name else ""
        return f"{self.role}{name}" + (f" [ref={self.ref}]" if self.ref else "")


class Match(Fact):
    text: str
    before: str
    after: str
    element: ElementRef = Field(description="the element holding the text, or the control it is inside")
    interactive: bool = Field(description="the match is inside an interactive element (element is it)")
    nearest_interactive: ElementRef | None = Field(None, description="else the closest control around it")
    frame: str | None = Field(None, description="url of the cross-origin frame the match is in")


class FindResult(Fact):
    tab: str
    query: str
    regex: bool
    total: int
    capped: bool = Field(description="more than 1,000 matches: only the first 1,000 are kept")
    matches: list[Match]
    page: int
    pages: int
    next_cursor: str | None = None
    searched_chars: int

    def to_text(self) -> str:
        kind = "regex" if self.regex else "text"
        lines = [f"{self.total}{'+' if self.capped else ''} matches for {kind} {json_string(self.query)} "
                 f"(tab {self.tab}); page {self.page + 1} of {self.pages}"
                 + (f"; next_cursor: {self.next_cursor}" if self.next_cursor else "")]
        for match in self.matches:
            where = match.element.label()
            if match.nearest_interactive is not None:
                where += f"; nearest control {match.nearest_interactive.label()}"
            if match.frame:
                where += f"; in frame {match.frame}"
            context = json_string(f"{match.before}[{match.text}]{match.after}")
            lines.append(f"- {context} in {where}")
        return "\n".join(lines)
