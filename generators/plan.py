"""The test plan: what a generated test does, independent of the language it is written in.

A plan is a list of statements. Each action carries the evidence-driven parts around it: the waits
before it, what it is wrapped in (a response it caused, a popup, a download, a dialog handler) and
the assertions after it. Every wait names the recorded fact it comes from (``reason``), and the
renderers write that reason as a comment.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Model(BaseModel):
    model_config = ConfigDict(frozen=True)


class Step(Model):
    """One call of a locator chain, e.g. ``get_by_role("button", name="Add", exact=True)``."""

    method: str
    args: list[str | int] = []
    kwargs: dict[str, str | bool | int] = {}
    regex: list[str] = Field([], exclude_if=lambda keys: not keys)   # kwargs holding a regular expression's source
    has: list[Step] | None = Field(None, exclude_if=lambda has: has is None)   # filter(has=…): a chain the element holds


class Locator(Model):
    steps: list[Step]
    positional: bool = False          # an nth() fallback: commented in the output


class Secret(Model):
    env: str


KEYS_ONLY = "the field listens for keys, not for input: emptied, then typed key by key (fill presses none)"
FOCUS_FIRST = "the page writes into this field as it takes the focus: focused first, so the fill replaces it"
CLOSED_FIRST = "the window may close before Playwright's call returns: that close is the action's end"
UPLOADS_FOLDER = "upload_files"      # beside the test: the files it uploads, copied there by export


class Value(Model):
    """A value typed into the page: a literal, or an environment variable for a secret."""

    text: str | None = None
    secret: Secret | None = None


class Wait(Model):
    kind: Literal["hidden", "visible", "enabled", "disabled", "load", "attribute", "text_visible", "text_hidden", "server_messages",
                  "server_answers", "value", "focused", "count", "data_answered", "url"]
    locator: Locator | None = None
    count: int | None = None          # server_messages: how many the page's websockets must have heard;
                                      # server_answers: how many since the page's message after the last action;
                                      # count: how many elements the locator must find (its styled page's one)
    text: str | None = None
    pattern: str | None = None        # text_visible: the text as a regular expression, its numbers as \d+;
                                      # value: what the value must hold (the text typed before it);
                                      # url: the URL the page went on to
    attribute: str | None = None
    value: str | None = None          # attribute: its value; value: the field's (generators/settling.py)
    replaced: str | None = None       # value: what the field held before the page set it (the recording's)
    other_than: bool = False          # value: any value but ``replaced`` (proving's revision of a record's id)
    paths: list[str] = []             # data_answered: the paths of the requests the page must have had answers to
    counts: list[int] = []            # data_answered: how many answers to each path (empty: one each)
    timeout_ms: int | None = None     # longer than the assertion's default, said why in the reason
    exact: bool = False               # text_visible: the text is its element's whole text
    reason: str


class ResponseMatch(Model):
    """The response an action waits for: by Playwright's URL glob, or, when the recording also saw
    another method's request match that glob, by method and path (a named helper in the test), and by the
    GraphQL operation its request's body names when the page sent other operations there."""

    method: str
    url_glob: str                     # "**/api/cart/add", "**/api/items/*?**"
    path_pattern: str                 # a regular expression on the URL's path
    method_matters: bool = False
    glob_matches_url: bool = True     # Playwright's glob semantics take the recorded URL (playwright_glob.py)
    # the recording saw the answer's body end: the test waits for it too, as the page acts on the body,
    # which a server may send a while after the headers that end Playwright's wait for the response
    whole_body: bool = False
    operation: str | None = None      # the GraphQL operation's name its body held, told from the others there
    words: list[str] = []             # the query's words its glob holds, told from the page's others to that path
    # the action asked for it this many times and each answer changed the page: the test waits for the
    # last of them (a glob's wait ends at the first), counting the responses from before the action
    answers: int = 1
    reason: str

    @property
    def by_predicate(self) -> bool:
        """The test matches method and path (a helper), not the glob: the method or the operation tells the
        responses apart, the glob does not match the URL it was recorded on, or the test counts the
        responses (a predicate sees each one; a glob's wait takes the first)."""
        return self.method_matters or not self.glob_matches_url or self.operation is not None or self.answers > 1


# states an element says by an ARIA attribute, which Playwright has no matcher of its own for: a test checks
# the attribute (a tab or an option selected, a disclosure open or shut)
ARIA_STATES = {"selected": ("aria-selected", "true"), "expanded": ("aria-expanded", "true"),
               "collapsed": ("aria-expanded", "false"), "pressed": ("aria-pressed", "true")}


class Assertion(Model):
    """What a test checks. ``text_visible``: the one element showing ``text`` is visible;
    ``shared_text_visible`` / ``shared_text_hidden``: text that several elements show — at least one
    of them visible / none visible (found by ``locator`` when it is given: through an iframe)."""

    kind: Literal["url", "text_visible", "shared_text_visible", "shared_text_hidden", "visible", "hidden",
                  "enabled", "disabled", "checked", "unchecked", "selected", "expanded", "collapsed", "pressed", "value", "text",
                  "count", "name"]
    locator: Locator | None = None
    text: str | None = None
    exact: bool = False               # text_visible: the text is its element's whole text
    visible_only: bool = False        # text_visible: hidden elements hold the text too; the one shown is found
                                      # among the visible ones
    pattern: str | None = None        # url: the URL; text_visible: the element's whole text, numbers as \d+;
                                      # name: the element's accessible name, numbers as \d+
    value: str | int | None = None
    reason: str = ""
    timeout_ms: int | None = None     # longer than the assertion's default ...
    timeout_reason: str = ""          # ... said why
    revised: str = ""                 # proving changed verdex's choice here: what and why (a comment)
    agent: bool = False               # url: an action's own check that stands for the agent's verify_url
                                      # after it (said once): proving may wait longer, never loosen it


class Action(Model):
    page: str                         # the page variable: "page", "page1" for a popup, …
    kind: Literal["click", "dblclick", "fill", "type", "select", "check", "uncheck", "hover", "press", "upload", "drag"]
    locator: Locator | None = None    # None: a key pressed on whatever has focus
    to: Locator | None = None         # drag: where the element is dropped
    value: Value | None = None
    options: list[str] = []           # select: labels or values
    select_by: Literal["label", "value"] = "label"
    key: str | None = None
    files: list[str] = []             # upload: names in the upload_files/ folder beside the test
    file_chooser: bool = False        # upload: clicking the target opens a file chooser (else a file input)
    button: str = "left"
    submit: bool = False
    keys: bool = False                # a fill into a field that listens for keys, not for input: emptied, then typed key by key
    focus_first: bool = False         # a fill into a field the page writes into as it takes the focus: focused first
    waits: list[Wait] = []
    response: ResponseMatch | None = None
    popup: str | None = None          # the variable that receives a popup opened by this action
    closes: bool = False              # the action closes its own page (a popup done with its work): waited for
    reloads: str = ""                 # why the action waits for its page's next load: it loaded
                                      # the page again at the same URL (a save the app follows
                                      # with a reload); "" when not
    download: bool = False
    dialog: Literal["accept", "dismiss"] | None = None
    prompt_text: str | None = None
    asserts: list[Assertion] = []
    note: str | None = None           # a wait not written, or proving revised a choice: what and why (a comment)
    force: str = ""                   # why it acts with force (the target never stands still), "" when it does not
    step: int = 0                     # the recorded step it comes from (1-based)


class Goto(Model):
    page: str
    url: str                          # relative to the base URL when it is on the recorded origin
    waits: list[Wait] = []            # before the page is left (generators/settling.py)
    asserts: list[Assertion] = []
    leave: str | None = None          # the page asks before it is left (beforeunload): why the test accepts


class Check(Model):
    page: str
    assertion: Assertion


class History(Model):
    """A move in the page's history: back, forward or reload, then where it landed."""

    page: str
    kind: Literal["back", "forward", "reload"]
    waits: list[Wait] = []            # before the page is left (generators/settling.py)
    asserts: list[Assertion] = []
    step: int = 0
    leave: str | None = None          # the page asks before it is left (beforeunload): why the test accepts


class OpenPage(Model):
    """A new page (tab) in a role's browser context: ``page1 = context.new_page()``."""

    page: str
    context: str | None = None        # the context variable; None: the context of the test's ``page``
    step: int = 0


class ClosePage(Model):
    page: str
    step: int = 0


class Dismiss(Model):
    """An overlay the page put up on its own as it opened (an onboarding, news or consent panel), which the
    agent closed before anything else: whether it comes again depends on what the app remembers (a
    dismissal its server keeps, for this user), so the test closes it whenever it shows, by the control
    the agent clicked (``page.add_locator_handler``), registered before the page that showed it opens."""

    page: str
    locator: Locator
    overlay: str                      # what the agent closed: 'dialog "Join the community" (modal)'
    step: int = 0

    @property
    def reason(self) -> str:
        return (f"the page put up {self.overlay} on its own as it opened, and the agent closed it: whether it "
                "comes again depends on what the app remembers, so the test closes it whenever it shows")


class Settled(Model):
    """Before the agent's first check after an action: what that action did as it settled, which the check
    would race (a dialog fading out still shows its copy of what the check looks for)."""

    page: str
    wait: Wait


Statement = Goto | Action | Check | History | OpenPage | ClosePage | Dismiss | Settled


class Context(Model):
    """A role of the recorded session: a browser context of its own in the test, from its storage state
    (an environment variable may name another file) when it had one."""

    role: str
    variable: str                     # "buyer_context"
    storage_state: str | None = None  # the file it was recorded with
    storage_state_env: str | None = None


class TestPlan(Model):
    name: str
    base_url: str | None
    statements: list[Statement]
    source: str = ""                  # the recording it came from
    uploads: dict[str, str] = {}      # upload_files/ name -> the file uploaded while recording
    contexts: list[Context] = []      # one per role; none: the test works in pytest-playwright's own ``page``
    own_origin: str = ""              # why the test carries its recorded origin (its folder's config names another)
    locale: str | None = None         # the language the recording's browser asked for ("": none; None: not recorded)
    timezone_id: str | None = None    # and its time zone: pinned by the test's config
    test_id_attribute: str | None = None  # what get_by_test_id reads, when not "data-testid": set by the test's config
    unique: str | None = None         # the recording's {unique} token, when a statement holds it (unique_literals.py)

    def waits_for_data(self) -> bool:
        """Does a step wait for the page's answers to its own data requests (the test then reads them)?"""
        return any(wait.kind == "data_answered" for statement in self.statements
                   if isinstance(statement, Action) for wait in statement.waits)

    def counts_data_answers(self) -> bool:
        """Does a data_answered wait count a path's answers (proving revised a startup wait to the page's
        last answers)? Every such wait then names each path with its count."""
        return any(wait.kind == "data_answered" and wait.counts for statement in self.statements
                   if isinstance(statement, Action) for wait in statement.waits)

    def waits_for_server_messages(self) -> bool:
        """Does a step wait for messages over the page's websockets (the test then counts them)?"""
        return any(wait.kind in ("server_messages", "server_answers") for statement in self.statements
                   if isinstance(statement, Action) for wait in statement.waits)
