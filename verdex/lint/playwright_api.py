"""What the linter knows about Playwright's Python API: the types, and which methods return what.

The linter never imports Playwright; these tables are written from its API reference
(sync and async share the names). A *kind* is the name of the Playwright type an expression
evaluates to, such as "Page" or "Locator".
"""

PAGE = "Page"
FRAME = "Frame"
LOCATOR = "Locator"
FRAME_LOCATOR = "FrameLocator"
ELEMENT_HANDLE = "ElementHandle"
BROWSER_CONTEXT = "BrowserContext"
BROWSER = "Browser"
BROWSER_TYPE = "BrowserType"
PLAYWRIGHT = "Playwright"
KEYBOARD = "Keyboard"
MOUSE = "Mouse"
LOCATOR_LIST = "list[Locator]"
ELEMENT_HANDLE_LIST = "list[ElementHandle]"
PAGE_EVENT_INFO = "EventInfo[Page]"
OTHER = "other"  # known, and not a Playwright object
INSTANT_READ = "instant read"  # a value read from the page once: text, count, state, URL

PLAYWRIGHT_MODULES = frozenset({"playwright", "pytest_playwright", "pytest_playwright_asyncio"})
API_MODULES = ("playwright.sync_api", "playwright.async_api")

# Names exported by playwright.sync_api / async_api that are types we follow.
TYPE_NAMES = frozenset(
    {PAGE, FRAME, LOCATOR, FRAME_LOCATOR, ELEMENT_HANDLE, BROWSER_CONTEXT, BROWSER, BROWSER_TYPE, PLAYWRIGHT}
)

# pytest-playwright's fixtures, taken at their word when a parameter has no annotation.
FIXTURE_KINDS = {"page": PAGE, "context": BROWSER_CONTEXT, "browser": BROWSER, "playwright": PLAYWRIGHT}

# Selecting methods: return a Locator whatever the receiver (Page, Frame, Locator, FrameLocator).
LOCATOR_METHODS = frozenset(
    {
        "locator",
        "get_by_role",
        "get_by_text",
        "get_by_label",
        "get_by_placeholder",
        "get_by_alt_text",
        "get_by_title",
        "get_by_test_id",
        "nth",
        "filter",
        "and_",
        "or_",
        "owner",
    }
)
LOCATOR_PROPERTIES = frozenset({"first", "last"})

# (receiver kind, member) -> kind of the result, for members outside LOCATOR_METHODS.
MEMBER_KINDS: dict[tuple[str, str], str] = {
    (PLAYWRIGHT, "chromium"): BROWSER_TYPE,
    (PLAYWRIGHT, "firefox"): BROWSER_TYPE,
    (PLAYWRIGHT, "webkit"): BROWSER_TYPE,
    (BROWSER_TYPE, "launch"): BROWSER,
    (BROWSER_TYPE, "connect"): BROWSER,
    (BROWSER_TYPE, "connect_over_cdp"): BROWSER,
    (BROWSER_TYPE, "launch_persistent_context"): BROWSER_CONTEXT,
    (BROWSER, "new_context"): BROWSER_CONTEXT,
    (BROWSER, "new_page"): PAGE,
    (BROWSER_CONTEXT, "new_page"): PAGE,
    (BROWSER_CONTEXT, "expect_page"): PAGE_EVENT_INFO,
    (PAGE, "context"): BROWSER_CONTEXT,
    (PAGE, "keyboard"): KEYBOARD,
    (PAGE, "mouse"): MOUSE,
    (PAGE, "main_frame"): FRAME,
    (PAGE, "frame"): FRAME,
    (PAGE, "opener"): PAGE,
    (PAGE, "expect_popup"): PAGE_EVENT_INFO,
    (PAGE_EVENT_INFO, "value"): PAGE,
    (FRAME, "page"): PAGE,
    (FRAME, "parent_frame"): FRAME,
    (LOCATOR, "page"): PAGE,
    (LOCATOR, "all"): LOCATOR_LIST,
    (LOCATOR, "content_frame"): FRAME_LOCATOR,
    (PLAYWRIGHT, "start"): PLAYWRIGHT,
    (PAGE, "frame_locator"): FRAME_LOCATOR,
    (FRAME, "frame_locator"): FRAME_LOCATOR,
    (LOCATOR, "frame_locator"): FRAME_LOCATOR,
    (FRAME_LOCATOR, "frame_locator"): FRAME_LOCATOR,
    (ELEMENT_HANDLE, "query_selector"): ELEMENT_HANDLE,
    (ELEMENT_HANDLE, "query_selector_all"): ELEMENT_HANDLE_LIST,
    (ELEMENT_HANDLE, "wait_for_selector"): ELEMENT_HANDLE,
    (ELEMENT_HANDLE, "content_frame"): FRAME,
}
for _owner in (PAGE, FRAME, LOCATOR):
    MEMBER_KINDS[(_owner, "query_selector")] = ELEMENT_HANDLE
    MEMBER_KINDS[(_owner, "query_selector_all")] = ELEMENT_HANDLE_LIST
    MEMBER_KINDS[(_owner, "wait_for_selector")] = ELEMENT_HANDLE
    MEMBER_KINDS[(_owner, "element_handle")] = ELEMENT_HANDLE
    MEMBER_KINDS[(_owner, "element_handles")] = ELEMENT_HANDLE_LIST

# Page and Frame methods whose first argument is a selector, acted on when the call runs.
# Each has a Locator method of the same name taking the remaining arguments.
PAGE_SELECTOR_ACTIONS = frozenset(
    {
        "check",
        "click",
        "dblclick",
        "dispatch_event",
        "fill",
        "focus",
        "get_attribute",
        "hover",
        "inner_html",
        "inner_text",
        "input_value",
        "is_checked",
        "is_disabled",
        "is_editable",
        "is_enabled",
        "is_hidden",
        "is_visible",
        "press",
        "select_option",
        "set_checked",
        "set_input_files",
        "tap",
        "text_content",
        "type",
        "uncheck",
    }
)

# Methods that take selectors in positional arguments, by position (0-based).
SELECTOR_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "locator": (0,),
    "frame_locator": (0,),
    "query_selector": (0,),
    "query_selector_all": (0,),
    "wait_for_selector": (0,),
    "eval_on_selector": (0,),
    "eval_on_selector_all": (0,),
    "drag_and_drop": (0, 1),
}

# Methods whose argument is text a user reads, matched against the page.
TEXT_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "get_by_text": (0,),
    "get_by_label": (0,),
    "get_by_placeholder": (0,),
    "get_by_alt_text": (0,),
    "get_by_title": (0,),
}
TEXT_KEYWORDS: dict[str, tuple[str, ...]] = {
    "get_by_role": ("name",),
    "filter": ("has_text", "has_not_text"),
    "locator": ("has_text", "has_not_text"),
}

# Actions that accept force=True, which skips the actionability checks.
FORCEABLE_ACTIONS = frozenset(
    {
        "check",
        "clear",
        "click",
        "dblclick",
        "drag_and_drop",
        "drag_to",
        "fill",
        "hover",
        "select_option",
        "select_text",
        "set_checked",
        "tap",
        "uncheck",
    }
)

# Methods that hand out ElementHandles, snapshots of one DOM node that never re-query.
ELEMENT_HANDLE_METHODS = frozenset(
    {
        "query_selector",
        "query_selector_all",
        "wait_for_selector",
        "eval_on_selector",
        "eval_on_selector_all",
        "element_handle",
        "element_handles",
    }
)

# Instant reads of element or page state: each answers once, at the moment it is called.
STATE_PREDICATES = {
    # method -> (web-first assertion, its negation)
    "is_visible": ("to_be_visible", "not_to_be_visible"),
    "is_hidden": ("to_be_hidden", "not_to_be_hidden"),
    "is_enabled": ("to_be_enabled", "not_to_be_enabled"),
    "is_disabled": ("to_be_disabled", "not_to_be_disabled"),
    "is_checked": ("to_be_checked", "not_to_be_checked"),
    "is_editable": ("to_be_editable", "not_to_be_editable"),
}
STATE_READS = frozenset(
    {
        "text_content",
        "inner_text",
        "inner_html",
        "input_value",
        "get_attribute",
        "count",
        "all_text_contents",
        "all_inner_texts",
        "bounding_box",
    }
)
PAGE_STATE_READS = frozenset({"title", "content"})
PAGE_STATE_PROPERTIES = frozenset({"url"})
# Reads whose names are Playwright's own, taken as reads even when the receiver is unknown.
DISTINCTIVE_READS = frozenset(
    {
        *STATE_PREDICATES,
        "text_content",
        "inner_text",
        "inner_html",
        "input_value",
        "all_text_contents",
        "all_inner_texts",
    }
)

# Coroutine methods of playwright.async_api, by receiver (from playwright/async_api/_generated.py):
# called without `await` they return a coroutine object and do nothing.
_SELECTOR_COROUTINES = {
    "check", "click", "dblclick", "dispatch_event", "fill", "focus", "get_attribute", "hover", "inner_html",
    "inner_text", "input_value", "is_checked", "is_disabled", "is_editable", "is_enabled", "is_hidden",
    "is_visible", "press", "select_option", "set_checked", "set_input_files", "tap", "text_content", "type",
    "uncheck", "eval_on_selector", "eval_on_selector_all", "query_selector", "query_selector_all",
    "wait_for_selector",
}
_FRAME_COROUTINES = {
    *_SELECTOR_COROUTINES, "add_script_tag", "add_style_tag", "content", "drag_and_drop", "evaluate",
    "evaluate_handle", "frame_element", "goto", "set_content", "title", "wait_for_function",
    "wait_for_load_state", "wait_for_timeout", "wait_for_url",
}
ASYNC_METHODS: dict[str, frozenset[str]] = {
    FRAME: frozenset(_FRAME_COROUTINES),
    PAGE: frozenset({
        *_FRAME_COROUTINES - {"frame_element"}, "add_init_script", "add_locator_handler", "aria_snapshot", "bring_to_front",
        "close", "emulate_media", "expose_binding", "expose_function", "go_back", "go_forward", "opener",
        "pause", "pdf", "reload", "remove_locator_handler", "request_gc", "route", "route_from_har",
        "route_web_socket", "screenshot", "set_extra_http_headers", "set_viewport_size", "unroute",
        "unroute_all", "wait_for_event",
    }),
    LOCATOR: frozenset({
        "all", "all_inner_texts", "all_text_contents", "aria_snapshot", "blur", "bounding_box", "check",
        "clear", "click", "count", "dblclick", "dispatch_event", "drag_to", "element_handle", "element_handles",
        "evaluate", "evaluate_all", "evaluate_handle", "fill", "focus", "get_attribute", "highlight", "hover",
        "inner_html", "inner_text", "input_value", "is_checked", "is_disabled", "is_editable", "is_enabled",
        "is_hidden", "is_visible", "press", "press_sequentially", "screenshot", "scroll_into_view_if_needed",
        "select_option", "select_text", "set_checked", "set_input_files", "tap", "text_content", "type",
        "uncheck", "wait_for",
    }),
    ELEMENT_HANDLE: frozenset({
        *_SELECTOR_COROUTINES, "bounding_box", "content_frame", "owner_frame", "screenshot",
        "scroll_into_view_if_needed", "select_text", "wait_for_element_state",
    }),
    BROWSER_CONTEXT: frozenset({
        "add_cookies", "add_init_script", "clear_cookies", "clear_permissions", "close", "cookies",
        "expose_binding", "expose_function", "grant_permissions", "new_cdp_session", "new_page", "route",
        "route_from_har", "route_web_socket", "set_extra_http_headers", "set_geolocation", "set_offline",
        "storage_state", "unroute", "unroute_all", "wait_for_event",
    }),
    KEYBOARD: frozenset({"down", "insert_text", "press", "type", "up"}),
    MOUSE: frozenset({"click", "dblclick", "down", "move", "up", "wheel"}),
}

# The assertions `expect(...)` returns (Locator, Page and APIResponse assertions), and those that take
# no required argument, so that `expect(x).to_be_visible` can become `expect(x).to_be_visible()`.
ASSERTIONS_WITHOUT_ARGUMENTS = frozenset(
    f"{negation}to_be_{state}"
    for negation in ("", "not_")
    for state in (
        "attached", "checked", "disabled", "editable", "empty", "enabled", "focused", "hidden", "in_viewport",
        "ok", "visible",
    )
)
ASSERTIONS = ASSERTIONS_WITHOUT_ARGUMENTS | frozenset(
    f"{negation}{assertion}"
    for negation in ("", "not_")
    for assertion in (
        "to_contain_class", "to_contain_text", "to_have_accessible_description",
        "to_have_accessible_error_message", "to_have_accessible_name", "to_have_attribute", "to_have_class",
        "to_have_count", "to_have_css", "to_have_id", "to_have_js_property", "to_have_role", "to_have_text",
        "to_have_title", "to_have_url", "to_have_value", "to_have_values", "to_match_aria_snapshot",
    )
)
EXPECT_NAMES = frozenset(f"{module}.expect" for module in API_MODULES)

PLAYWRIGHT_KINDS = frozenset({PAGE, FRAME, LOCATOR, FRAME_LOCATOR, ELEMENT_HANDLE})


def kind_of_qualified_name(qualified: str | None) -> str | None:
    """ "Page" for "playwright.sync_api.Page" (or the implementation's own "playwright._impl._page.Page",
    which some suites annotate with); None for names that are not Playwright types."""
    if qualified is None:
        return None
    module, _, name = qualified.rpartition(".")
    public = module in API_MODULES or module == "playwright._impl" or module.startswith("playwright._impl.")
    return name if public and name in TYPE_NAMES else None


# Method names only Playwright has: a file calling one is Playwright code even when it never imports
# playwright (its tests receive pages through page-object fixtures defined in conftest.py).
UNMISTAKABLE_METHODS = frozenset({
    "wait_for_timeout", "get_by_role", "get_by_test_id", "get_by_label", "get_by_placeholder",
    "get_by_alt_text", "frame_locator", "wait_for_selector", "wait_for_load_state", "expect_navigation",
    "wait_for_navigation", "query_selector", "query_selector_all",
})


def reads_page(method: str, receiver: object) -> bool:
    """Whether `receiver.method(...)` reads page state once (text, count, visibility, title …).

    On a receiver of unknown type (None) only Playwright's own names count: `User.objects.count()` is not one;
    nor is a wrapper, except one named for the read it wraps (`get_inner_text`, `get_text_content`).
    """
    if method in STATE_PREDICATES or method in STATE_READS:
        if receiver in (LOCATOR, ELEMENT_HANDLE, PAGE, FRAME):
            return True
        return receiver is None and method in DISTINCTIVE_READS
    if receiver is None and method.startswith("get_") and method[4:] in DISTINCTIVE_READS:
        return True       # a page object's element wrapping the read it is named for: `cell.get_inner_text()`
    return method in PAGE_STATE_READS and receiver in (PAGE, FRAME)
