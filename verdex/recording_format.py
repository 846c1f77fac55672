"""The recording's format, shared by its writer (``verdex.recorder``) and its readers (the generators,
the report, replay and heal): one header line, then one line per step. Each line is checked against
these models when it is written and when it is read, so a field renamed on one side is an error on
both; a recording whose format is newer than this verdex reads is refused with a clear message."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from verdex.facts import (Effects, LocatorChoice, OpenDialog, PageIdentity, PreflightFacts, Startup, ValueChange, Verdict,
                          WaitRecord)

FORMAT_VERSION = 3              # 2: a locator step may hold a chain (filter(has=…)); 3: an action may say what
                                # the page loaded on its own before it (startup)

Tool = Literal["browser_navigate", "browser_click", "browser_fill", "browser_type", "browser_select",
               "browser_check", "browser_uncheck", "browser_upload", "browser_hover", "browser_press", "browser_drag", "browser_wait_for",
               "browser_dialog", "verify_text_visible", "verify_element", "verify_url"]


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Header(_Line):
    type: Literal["header"]
    format: int
    base_url: str | None = None
    verdex: str = ""
    playwright: str = ""
    roles: list[dict[str, Any]] = []
    started: str = ""


class Target(_Line):
    role: str | None
    name: str
    tag: str
    container: dict[str, Any]
    risk: str | None = None


class Step(_Line):
    type: Literal["step"]
    index: int
    time: str
    tool: Tool
    outcome: Literal["done", "not_actionable"]
    tab: str
    args: dict[str, Any] = {}
    url: str | None = None                        # the page's URL when the action started
    target: Target | None = None
    locators: LocatorChoice | None = None
    preflight: PreflightFacts | None = None
    verdict: Verdict | None = None
    forced: bool = False
    waited: WaitRecord | None = None
    blocker: LocatorChoice | None = None
    blocking: list[str] | None = None             # why a not_actionable step was refused
    effects: Effects | None = None
    startup: Startup | None = None                # the requests the page made on its own before this action
    ancestors_after: list[dict[str, Any]] = []
    values_before: list[ValueChange] = []         # values the page set after the previous action had settled
    artifacts: dict[str, str] | None = None       # pictures beside the recording, by kind
    url_after: str | None = None                  # a navigation's landing URL, status and page identity
    status: int | None = None
    identity: PageIdentity | None = None
    dialog: OpenDialog | None = None              # a navigation the page asked about before it was left
