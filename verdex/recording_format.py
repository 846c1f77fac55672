"""The recording's format, shared by its writer (``verdex.recorder``) and its readers (the generators,
the report, replay and heal): one header line, then one line per step. A step is one of the models
below, told apart by its ``tool``; each tool's ``args`` has a model of its own. Steps are built as these
models (``verdex.steps``), written with ``model_dump_json`` and read back into the same models, so a
field renamed on one side is an error on both; a recording whose format is newer than this verdex reads
is refused with a clear message.

Format history: 2 — a locator step may hold a chain (``filter(has=…)``); 3 — an action may say what the
page loaded on its own before it (``startup``); 4 — every step that changes the browser's state is
recorded (back, forward, reload, tabs opened, selected and closed, a role switched to, a storage state
loaded) and says the role it ran in. A format-3 step has no ``role``: it ran in the session's first role;
5 — an action's ``startup`` holds a text per answer that changed the page (``ready_texts``), where format 3
and 4 held the last answer's alone (``ready_text``, still read as it was); 6 — an action may hold the
requests the page made after the typing before it settled (``requests_before``), a focus the page moved
(a ``ValueChange`` of kind ``focus``) and, for a fill, that it was typed key by key (``keys``); 7 — a request
may say its answer's body ended (``body_ended``); 8 — a value change may name the attribute that holds the
value (``attribute``: an ARIA slider's ``aria-valuenow``, which no value property holds); 9 — the recording's
first action keeps what its page showed just before it (``first_page_text``): proving tells what the app
already showed then from what the recording made (verdex/proof_state.py); 10 — an action may count the messages
the page's websocket servers sent after the page, once the action before had settled, sent them the text that
action typed (``answers_before``: a debounced field's value, which the server answers); 11 — the header holds the
token ``{unique}`` stood for in the session's text (``unique``), which the test makes anew each run
(verdex/unique.py); 12 — an action's preflight may name the closed container that clipped its target away
(``closed_container``: a collapsed section, a <details> not open) and the toggle that opens it; 13 — an action's
chosen locator (its target's role and name) may count the look-alikes a stylesheet alone hides (``styled_twins``):
the locator finds them too until the page is styled, so the test waits for it to find one before it acts; 14 — an
agent's check may name the request the page makes on a timer (``polled``: a dashboard's poll, which redraws what
the check reads), so the test's check waits at that timer's pace; 15 — an action's effects count the scripts the page
asked for as it answered it (``code_loaded``: a lazily loaded chunk), so what follows waits at the network's pace; 16 — a
locator step may hold a keyword whose value is a regular expression's source (``regex`` names them): a name by the
words beside its count, anchored (``name=re.compile(r"^Filter(?!\\S)")``), where format 15 held the words as a part of the
name (Playwright's name without ``exact``), still read as it was; 17 — a startup may name the answers whose every
list was empty, or HTML of fewer than two rows of data (``said_none``): what they drew says there is nothing yet, so the test waits for the answers, not
for those texts; 18 — an action or an agent's check may name the places of the requests the page made on its own
since the step before (``timers_before``: a timer's ticks between steps), so that a timer whose first tick fell
inside an action is not that action's response; 19 — the header names the attribute ``get_by_test_id`` read while
recording when it was not Playwright's ``data-testid`` (``test_id_attribute``: a session started with
``--test-id-attribute data-test-id``), which the generated test's config sets; 20 — an agent's text check may say the text was gone when checked,
shown by a notice of the action before it as that action settled, or by its own control's label (``transient``: a
toast its timer took away, a Save that read "Saved" for a moment), so
the test checks it right after that action (verdex/gone_notices.py); 21 — a fill or a type may say that its field
held a value it replaced (``replaced``): ``later`` when the page had drawn the field empty and
filled it after (an edit dialog's form, filled from the server's answer), so the test waits for it to be filled;
22 — an action's effects keep when, on the page's clock, its URL moved within the document (``url_moved_ms``) and
when each of its requests' answers came (``answered_ms``: its headers, on which a fetch resolves and a page that
never reads the body goes on; older recordings hold its end, read as they are): a route the app moved to only once answers had come is
checked at the answers' pace (verdex/generators/route_data.py); 23 — a click that sent a form may name the form's
required fields that were empty and disabled (``disabled_required``: a field a page's script disables as it starts,
barred from the browser's validation only while it is disabled), so the test waits for them to be disabled first;
24 — an agent's element check may say the same
(``transient``): the text the action before's own control took as its label and had given up when checked, which
the test checks right after that action, the control found by that label; 25 — an action's effects may say it closed
the tab it acted in (``closed_to``: a popup that closes itself once saved, and its opener), so the test waits for that close;
26 — an action's effects name the paths of the scripts it loaded (``scripts``, where format 15 to 25 held their count
alone): an app that ignores input until that code has run (phpMyAdmin's ``AJAX.active``), so the test's next action
waits for their answers (verdex/generators/page_scripts.py); 27 — an action's effects may name the lines of text it
put on the page that no control holds (``texts_added``: a list's new item, a chat's message), as its snapshot says
them, for the agent to read what it did; no generator reads them.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from verdex.facts import (AncestorState, ContainerRef, Effects, LocatorChoice, OpenDialog, PageIdentity, PreflightFacts,
                          RequestEffect, Startup, ValueChange, Verdict, WaitRecord)

FORMAT_VERSION = 27
FIRST_PAGE_TEXT_LIMIT = 50_000          # characters of the recording's first page's text kept (as a proof run's)


class _Line(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RoleRecord(_Line):
    """A role as the session was started with it (``--role NAME STORAGE_STATE DEFAULT_URL``)."""

    name: str
    storage_state: str | None = None
    default_url: str | None = None
    preflight: bool = True


class Header(_Line):
    type: Literal["header"] = "header"
    format: int
    base_url: str | None = None
    verdex: str = ""
    playwright: str = ""
    roles: list[RoleRecord] = []
    started: str = ""
    # the language the browser asked servers for (Accept-Language; "" when it asked for none, as a browser
    # without a locale does) and its time zone, as the recording ran: a generated test pins both
    locale: str | None = None
    timezone_id: str | None = None
    unique: str | None = None            # the session's {unique} token (format 11)
    test_id_attribute: str | None = None  # what get_by_test_id read, when not "data-testid" (format 19)


class Target(_Line):
    role: str | None
    name: str
    tag: str
    container: ContainerRef
    risk: str | None = None


class SecretValue(_Line):
    """A value typed into a password, payment, one-time-code or secret-named field: the variable a test reads."""

    env: str


# ---------------------------------------------------------------- each tool's arguments
class NoArgs(_Line):
    pass


class NavigateArgs(_Line):
    url: str


class ClickArgs(_Line):
    button: Literal["left", "right", "middle"] = "left"
    click_count: int = 1
    modifiers: list[str] = []


class FillArgs(_Line):
    value: str | SecretValue | None = None     # None: a refused attempt of format 3, which kept no arguments
    submit: bool = False
    keys: bool = False                         # typed key by key: the field listens for keys, not for input
    focus_first: bool = False                  # the page writes into the field as it takes the focus: focused, then filled


class TypeArgs(_Line):
    text: str | SecretValue | None = None
    submit: bool = False


class SelectArgs(_Line):
    values: list[str] | None = None
    labels: list[str] | None = None


class UploadArgs(_Line):
    paths: list[str] = []
    via: Literal["input", "file_chooser"] = "input"


class DragArgs(_Line):
    to: str | None = None
    to_locators: LocatorChoice | None = None


class PressArgs(_Line):
    key: str | None = None


class WaitForArgs(_Line):
    waited_ms: int = 0
    text: str | None = None
    text_gone: str | None = None
    ref: str | None = None
    state: str = "visible"
    elements_showing: int | None = None
    exact: bool | None = None                  # the one element showing the text shows just it
    shown: str | None = None                   # ... else its whole text
    hidden_copies: int | None = None           # elements that hold the text without showing it (a measurer)


class DialogArgs(_Line):
    type: str
    message: str
    accepted: bool
    prompt_text: str | None = None
    url: str | None = None                     # beforeunload: where the navigation it held ended


class VerifyTextArgs(_Line):
    text: str
    exact: bool | None = None
    shown: str | None = None
    hidden_copies: int | None = None           # elements that hold the text without showing it (a measurer)
    polled: str | None = None                  # the place of the request the page makes on a timer (format 14)
    transient: bool | None = None              # shown by the action before it, gone as checked (format 20)


class VerifyElementArgs(_Line):
    ref: str
    state: str
    value: str | int | None = None
    polled: str | None = None                  # as VerifyTextArgs's
    transient: bool | None = None              # a text its own label held after the action before (format 24)


class VerifyUrlArgs(_Line):
    url: str
    pattern: str


class TabNewArgs(_Line):
    url: str | None = None                     # the tab's first navigation is a step of its own


class SelectRoleArgs(_Line):
    name: str


class StateLoadArgs(_Line):
    path: str                                  # the storage state file, absolute


# ---------------------------------------------------------------- steps
class _Step(_Line):
    type: Literal["step"] = "step"
    index: int = 0                             # set by the recorder as it writes the step
    time: str = ""
    outcome: Literal["done", "not_actionable"] = "done"
    tab: str
    role: str | None = None                    # the role (browser context) it ran in; None in format 3
    url: str | None = None                     # the page's URL when the step started
    target: Target | None = None
    locators: LocatorChoice | None = None
    preflight: PreflightFacts | None = None
    verdict: Verdict | None = None
    forced: bool = False
    waited: WaitRecord | None = None
    blocker: LocatorChoice | None = None
    disabled_required: list[LocatorChoice] = []   # a submitted form's empty required fields, disabled (click)
    blocking: list[str] | None = None          # why a not_actionable step was refused
    effects: Effects | None = None
    startup: Startup | None = None             # the requests the page made on its own before this action
    ancestors_after: list[AncestorState] = []   # the target's ancestors' state as the action landed
    artifacts: dict[str, str] | None = None    # pictures beside the recording, by kind
    url_after: str | None = None               # a navigation's landing URL, status and page identity
    status: int | None = None
    identity: PageIdentity | None = None
    dialog: OpenDialog | None = None           # a navigation the page asked about before it was left
    values_before: list[ValueChange] = []      # values the page set after the previous action had settled
    requests_before: list[RequestEffect] = []  # ... and requests it made then holding the text that action typed
    answers_before: int = 0                    # ... and messages its websocket servers sent after it sent them that text
    timers_before: list[str] = []              # the places of the requests the page made on its own since the step before
    # the recording's first action alone: the page's visible text just before it (format 9), None on every other
    first_page_text: str | None = None


class NavigateStep(_Step):
    tool: Literal["browser_navigate"]
    args: NavigateArgs


class BackStep(_Step):
    tool: Literal["browser_back"]
    args: NoArgs = NoArgs()


class ForwardStep(_Step):
    tool: Literal["browser_forward"]
    args: NoArgs = NoArgs()


class ReloadStep(_Step):
    tool: Literal["browser_reload"]
    args: NoArgs = NoArgs()


class ClickStep(_Step):
    tool: Literal["browser_click"]
    args: ClickArgs = ClickArgs()


# what a fill's or a type's field held as it began: a value the page drew it with, or one it set after it had
# drawn the field empty (format 21); None: empty, a secret, or not known (an older recording)
Replaced = Literal["drawn", "later"]


class FillStep(_Step):
    tool: Literal["browser_fill"]
    args: FillArgs = FillArgs()
    replaced: Replaced | None = None


class TypeStep(_Step):
    tool: Literal["browser_type"]
    args: TypeArgs = TypeArgs()
    replaced: Replaced | None = None


class SelectStep(_Step):
    tool: Literal["browser_select"]
    args: SelectArgs = SelectArgs()


class CheckStep(_Step):
    tool: Literal["browser_check", "browser_uncheck", "browser_hover"]
    args: NoArgs = NoArgs()


class UploadStep(_Step):
    tool: Literal["browser_upload"]
    args: UploadArgs = UploadArgs()


class DragStep(_Step):
    tool: Literal["browser_drag"]
    args: DragArgs = DragArgs()


class PressStep(_Step):
    tool: Literal["browser_press"]
    args: PressArgs = PressArgs()


class WaitForStep(_Step):
    tool: Literal["browser_wait_for"]
    args: WaitForArgs


class DialogStep(_Step):
    tool: Literal["browser_dialog"]
    args: DialogArgs


class VerifyTextStep(_Step):
    tool: Literal["verify_text_visible"]
    args: VerifyTextArgs


class VerifyElementStep(_Step):
    tool: Literal["verify_element"]
    args: VerifyElementArgs


class VerifyUrlStep(_Step):
    tool: Literal["verify_url"]
    args: VerifyUrlArgs


class TabNewStep(_Step):
    tool: Literal["browser_tab_new"]          # ``tab``: the tab it opened
    args: TabNewArgs = TabNewArgs()


class TabSelectStep(_Step):
    tool: Literal["browser_tab_select"]       # ``tab``: the tab made active
    args: NoArgs = NoArgs()


class TabCloseStep(_Step):
    tool: Literal["browser_tab_close"]        # ``tab``: the tab closed
    args: NoArgs = NoArgs()


class SelectRoleStep(_Step):
    tool: Literal["select_role"]              # ``tab``: the role's active tab, "" before it has one
    args: SelectRoleArgs


class StateLoadStep(_Step):
    tool: Literal["browser_state_load"]       # ``tab``: "" (the role's tabs closed; its next tab is a step)
    args: StateLoadArgs


Step = Annotated[Union[NavigateStep, BackStep, ForwardStep, ReloadStep, ClickStep, FillStep, TypeStep, SelectStep,
                       CheckStep, UploadStep, DragStep, PressStep, WaitForStep, DialogStep, VerifyTextStep,
                       VerifyElementStep, VerifyUrlStep, TabNewStep, TabSelectStep, TabCloseStep, SelectRoleStep,
                       StateLoadStep], Field(discriminator="tool")]
STEP: TypeAdapter[Step] = TypeAdapter(Step)
# each tool's step model, to build a step as its model (verdex.steps)
STEP_MODELS: dict[str, type[_Step]] = {tool: model for model in get_args(get_args(Step)[0])
                                       for tool in get_args(model.model_fields["tool"].annotation)}

# what a step's tool is, for readers that group them
NAVIGATION_TOOLS = ("browser_navigate", "browser_back", "browser_forward", "browser_reload")
ACTION_TOOLS = ("browser_click", "browser_fill", "browser_type", "browser_select", "browser_check", "browser_uncheck",
                "browser_upload", "browser_hover", "browser_press", "browser_drag")
TAB_TOOLS = ("browser_tab_new", "browser_tab_select", "browser_tab_close", "select_role", "browser_state_load")
