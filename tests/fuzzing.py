"""Random and malformed MCP tool calls, and what counts as a correct answer to one.

Shared by tests/test_fuzz.py (a small sample) and bench/fuzz.py (over 10,000 calls). A call is
drawn with hypothesis: a tool, then for each of its arguments either a well-typed value (refs that
exist or nearly do, fixture URLs, small timeouts) or a malformed one (wrong type, null, a huge
string, a negative or enormous number, odd unicode), sometimes an argument the tool does not have.

Every answer must be a success or a tool error whose text starts with a verdex code
(``INVALID_ARGUMENT: …``); anything else — an untyped error, a protocol error, an exception in the
client, a call that never returns — is a failure. The server runs in a background event loop (an
anyio blocking portal) so that hypothesis drives it from plain synchronous code.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import anyio
from anyio.from_thread import BlockingPortal, start_blocking_portal
from hypothesis import strategies as st
from mcp import Client

from verdex.browser.session import BrowserOptions
from verdex.server import build_server

# browser_close restarts Chromium (seconds per call) and is covered by the crash tests; lint_test can be
# pointed at any directory and browser_upload at any file (groups lint, files). None belongs in a fast random walk.
SKIPPED_TOOLS = ("browser_close",)
CAPS = ("roles", "more", "test", "read", "tabs")
CALL_LIMIT_S = 75.0                     # the server bounds every call to 60 s
TYPED_ERROR = re.compile(r"^(?:Error executing tool \w+: )?([A-Z][A-Z_]+[A-Z]): ")

# Pages a fuzzed navigation may open: every fixture app that loads in bounded time. (The page that
# never finishes, the 100,000-node page and the page whose button hangs its own script are tested on
# their own: each fuzzed call there would cost seconds.)
PAGES = ("/", "/shop/", "/shop/cart", "/shop/checkout", "/shop/?catalog=hostile", "/login/", "/consent/",
         "/frames/", "/grid/", "/hostile/hostile.html", "/aria/", "/banner/", "/races/", "/races/dialog.html",
         "/races/overlay-opaque.html", "/races/fade-in.html", "/races/rerender.html", "/races/open-select.html",
         "/races/link.html", "/races/submit.html", "/races/disabled-then-enabled.html", "/no/such/page")

ODD_TEXT = st.sampled_from([
    "", " ", "\n", "\x00", "\u202e\u2066", "\ud7ff\ue000", "🧪" * 50, "{{ 7*7 }}", "${process.exit(1)}", "'); DROP --",
    "</script><script>alert(1)</script>", "\\", "\"", "e", "e0", "e-1", "E1", " e1 ", "e1\n", "f0e1", "f99e1", "o1:0",
    "o999:5", "o1:-3", "o1:abc", "99999999999999999999999", "NaN", "null", "undefined", "__proto__", "constructor",
])
HUGE_TEXT = st.sampled_from(["x" * 100_000, "é" * 50_000, "e1" * 20_000, "\n" * 10_000])
ANY_TEXT = st.one_of(st.text(max_size=40), ODD_TEXT, HUGE_TEXT)
MALFORMED = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), ANY_TEXT,
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=4),
    st.dictionaries(st.text(max_size=5), st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=3),
)
REF = st.one_of(st.integers(min_value=1, max_value=80).map(lambda n: f"e{n}"),
                st.integers(min_value=1, max_value=30).map(lambda n: f"f1e{n}"), ODD_TEXT, st.text(max_size=12))


def _well_typed(tool: str, name: str, schema: dict[str, Any], base_url: str, workdir: Path) -> st.SearchStrategy[Any]:
    """A value of the argument's own type, biased towards ones that reach the browser; files only under workdir."""
    if name in ("ref", "scope"):
        return REF
    if name == "url" and tool == "browser_navigate":
        return st.one_of(st.sampled_from(PAGES).map(lambda path: base_url + path), st.sampled_from(PAGES),
                         st.sampled_from(["file:///etc/passwd", "javascript:alert(1)", "chrome://settings",
                                          "about:blank", "data:text/html,<button>hi</button>", "http://",
                                          "ftp://example.com/", "http://127.0.0.1:1/", "//", "?q=1", "#top"]),
                         ANY_TEXT)
    if name == "timeout":
        return st.sampled_from([0.05, 0.2, 0.5])
    if name in ("force", "wait"):
        return st.just(False) if name == "wait" else st.booleans()
    if name == "key":
        return st.one_of(st.sampled_from(["Enter", "Escape", "Tab", "Control+A", "Shift+Tab", "ArrowDown", "a", "F13",
                                          "NoSuchKey", "Control+", "+", ""]), ANY_TEXT)
    if name == "path":
        return st.sampled_from([str(workdir / "test_fuzzed.py"), "", "/", str(workdir / "deeper" / ".." / "x.py"),
                                str(workdir / "missing-dir" / "x.py")])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(min_value=-5, max_value=200)
    if kind == "number":
        return st.floats(min_value=-1, max_value=1, allow_nan=False)
    if kind == "array":
        return st.lists(ANY_TEXT, max_size=3)
    return ANY_TEXT


def _one_in(n: int) -> st.SearchStrategy[bool]:
    """True with probability about 1/n (hypothesis favours boundary integers, so no ``integers(0, n) == 0``)."""
    return st.sampled_from((False,) * (n - 1) + (True,))


@st.composite
def tool_calls(draw: st.DrawFn, tools: dict[str, dict[str, Any]], base_url: str,
               workdir: Path) -> tuple[str, dict[str, Any]]:
    """One call: a tool and its arguments, each well typed (mostly) or malformed."""
    name = draw(st.sampled_from(sorted(tools)))
    schema = tools[name]
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    arguments: dict[str, Any] = {}
    for prop, prop_schema in properties.items():
        left_out = draw(st.booleans()) if prop not in required else draw(_one_in(20))
        if left_out:                                           # a required one too, now and then
            continue
        malformed = draw(_one_in(8))
        arguments[prop] = draw(MALFORMED if malformed else _well_typed(name, prop, prop_schema, base_url, workdir))
    if draw(_one_in(15)):
        arguments[draw(st.sampled_from(["ful", "refs", "__proto__", "", "timeout_ms", "ref "]))] = draw(MALFORMED)
    return name, arguments


@dataclass
class Tally:
    """What came back: counts per outcome (``ok`` or an error code) and every failure in full."""
    outcomes: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)
    examples: dict[str, list[dict[str, Any]]] = field(default_factory=dict)   # the first few per outcome
    calls: int = 0
    seconds: float = 0.0
    slowest: tuple[float, str] = (0.0, "")

    def add(self, tool: str, arguments: dict[str, Any], outcome: str, elapsed: float, detail: str = "") -> None:
        self.calls += 1
        self.seconds += elapsed
        self.outcomes[outcome] += 1
        if elapsed > self.slowest[0]:
            self.slowest = (elapsed, tool)
        seen = {"tool": tool, "arguments": _short(arguments), "outcome": outcome, "detail": detail[:300]}
        if outcome.startswith("FAILURE"):
            self.failures.append(seen)
        elif len(self.examples.setdefault(outcome, [])) < 3:
            self.examples[outcome].append(seen)


def _short(value: Any) -> Any:
    if isinstance(value, str) and len(value) > 80:
        return value[:60] + f"…(+{len(value) - 60} chars)"
    if isinstance(value, dict):
        return {k: _short(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_short(v) for v in value]
    return value


class FuzzTarget:
    """A verdex MCP server and an in-memory SDK client to it, driven from synchronous code."""

    def __init__(self, portal: BlockingPortal, client: Client, tools: dict[str, dict[str, Any]], workdir: Path) -> None:
        self.portal = portal
        self.client = client
        self.tools = tools
        self.workdir = workdir
        self.tally = Tally()
        self.final_check = ""

    def call(self, tool: str, arguments: dict[str, Any]) -> str:
        """Make one call; record and return its outcome (``ok``, a code, or ``FAILURE …``)."""
        started = time.monotonic()
        try:
            result = self.portal.call(self._call, tool, arguments)
        except Exception as exc:  # the fuzzer's job is to see every way a call can fail
            outcome, detail = f"FAILURE {type(exc).__name__}", str(exc)[:500]
        else:
            text = "".join(getattr(block, "text", "") for block in result.content)
            if not result.is_error:
                outcome, detail = "ok", ""
            elif match := TYPED_ERROR.match(text):
                outcome, detail = match.group(1), text
            else:
                outcome, detail = "FAILURE untyped error", text[:500]
        self.tally.add(tool, arguments, outcome, time.monotonic() - started, detail)
        return outcome

    async def _call(self, tool: str, arguments: dict[str, Any]) -> Any:
        with anyio.fail_after(CALL_LIMIT_S):
            return await self.client.call_tool(tool, arguments)

    def still_serves(self, base_url: str) -> bool:
        """A good call pair after everything: navigate to the shop, snapshot it."""
        for _ in range(3):                     # a dialog left open by the walk is answered first
            self.call("browser_dialog", {"accept": False})
        navigated = self.call("browser_navigate", {"url": base_url + "/login/"})
        snapshot = self.portal.call(self._call, "browser_snapshot", {})
        self.final_check = f"navigate: {navigated}; snapshot: {snapshot.content[0].text[:300]}"
        return navigated == "ok" and not snapshot.is_error and "Username" in snapshot.content[0].text


@contextmanager
def fuzz_target(navigation_timeout: float = 3.0) -> Iterator[FuzzTarget]:
    server = build_server(BrowserOptions(navigation_timeout=navigation_timeout), caps=CAPS)
    with (TemporaryDirectory(prefix="verdex-fuzz-") as workdir, start_blocking_portal() as portal,
          portal.wrap_async_context_manager(Client(server)) as client):
        listed = portal.call(client.list_tools).tools
        tools = {t.name: t.input_schema for t in listed if t.name not in SKIPPED_TOOLS}
        yield FuzzTarget(portal, client, tools, Path(workdir))
