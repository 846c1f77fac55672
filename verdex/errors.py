"""Every error verdex raises, with a machine-checkable code.

    VerdexError                 base; ``code`` names the case, ``facts`` carries what was observed
    ├── InvalidArgument         INVALID_ARGUMENT     a parameter is ill-formed or out of range
    ├── UnknownRef              UNKNOWN_REF          the ref was never issued on this tab
    ├── StaleRef                STALE_REF            the ref's element is no longer attached
    ├── StaleObservation        STALE_OBSERVATION    the ref or cursor belongs to a document that has navigated away
    ├── NotActionable           NOT_ACTIONABLE       preflight found blocking facts
    ├── NoLocator               NO_LOCATOR           no candidate locator, scoped or positional, matches the target
    ├── ConfirmationRequired    CONFIRMATION_REQUIRED
    ├── PolicyDenied            POLICY_DENIED
    ├── NavigationFailed        NAVIGATION_FAILED
    ├── Timeout                 TIMEOUT
    ├── BrowserClosed           BROWSER_CLOSED
    ├── BrowserUnavailable      BROWSER_UNAVAILABLE  no Chromium found, or the remote endpoint refused
    ├── ModelUnavailable        MODEL_UNAVAILABLE    `verdex agent`: no model endpoint configured, or it refused
    ├── AgentIncomplete         AGENT_INCOMPLETE     `verdex agent` ended without a test (turn budget, no handoff)
    ├── CannotHeal              CANNOT_HEAL          `verdex heal` found no locator or wait that fixes the test
    └── Unproven                UNPROVEN             the exported test failed when export ran it (the run, line, error)

Foreign errors (Playwright, CDP) are translated in one place, :func:`translate_playwright_errors`;
the model's (OpenAI client, Agents SDK) in ``verdex.agent.endpoint.translate_model_errors``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar



class VerdexError(Exception):
    code: ClassVar[str] = "VERDEX_ERROR"

    def __init__(self, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.message = message
        self.facts = facts

    def __str__(self) -> str:
        text = f"{self.code}: {self.message}"
        if self.facts:
            text += "\n" + json.dumps(self.facts, ensure_ascii=False, default=str)
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "facts": self.facts}


class InvalidArgument(VerdexError):
    code = "INVALID_ARGUMENT"


class UnknownRef(VerdexError):
    code = "UNKNOWN_REF"


class StaleRef(VerdexError):
    code = "STALE_REF"


class StaleObservation(VerdexError):
    code = "STALE_OBSERVATION"


class NotActionable(VerdexError):
    code = "NOT_ACTIONABLE"


class NoLocator(VerdexError):
    """The target is there, but nothing a test could write finds it: every candidate (test id, role and
    name, label, …, container-scoped, then by position) matched other elements or none. The facts list
    what was tried and how many elements each matched."""

    code = "NO_LOCATOR"


class ConfirmationRequired(VerdexError):
    code = "CONFIRMATION_REQUIRED"


class PolicyDenied(VerdexError):
    code = "POLICY_DENIED"


class NavigationFailed(VerdexError):
    code = "NAVIGATION_FAILED"


class Timeout(VerdexError):
    code = "TIMEOUT"


class BrowserClosed(VerdexError):
    code = "BROWSER_CLOSED"


class BrowserUnavailable(VerdexError):
    code = "BROWSER_UNAVAILABLE"


class ModelUnavailable(VerdexError):
    code = "MODEL_UNAVAILABLE"


class AgentIncomplete(VerdexError):
    code = "AGENT_INCOMPLETE"


class CannotHeal(VerdexError):
    code = "CANNOT_HEAL"


class SessionLimit(VerdexError):
    """As many MCP clients as the server allows have a session of their own; one ends when it is idle."""

    code = "SESSION_LIMIT"


class Unproven(VerdexError):
    """The test export wrote failed when export ran it against the app, and revising verdex's own choices
    did not fix it. The file is written, marked unproven; the facts name the run, the line and the error."""

    code = "UNPROVEN"


class BridgeContractError(VerdexError):
    """The page script answered with a shape verdex's models do not know: the two sides drifted apart."""

    code = "BRIDGE_CONTRACT"


class MissingExtra(VerdexError):
    """A feature whose dependencies are an extra that is not installed (``pip install 'verdex[agent]'``)."""

    code = "MISSING_EXTRA"


_CLOSED_MARKERS = (
    "Target page, context or browser has been closed",
    "Target closed",
    "Browser has been closed",
    "Connection closed",
    "browser has disconnected",
    "Session closed",
)


@contextmanager
def translate_playwright_errors(action: str) -> Iterator[None]:
    """Map Playwright and CDP exceptions raised inside the block onto verdex's tree."""
    try:
        yield
    except VerdexError:
        raise
    except Exception as exc:
        _translated(action, exc)
        raise


def _translated(action: str, exc: Exception) -> None:
    """Raise the verdex error a Playwright error stands for; return for any other. Playwright is
    imported here, not with this module: the shell's client imports it and must start fast."""
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import TimeoutError as PlaywrightTimeoutError

    if isinstance(exc, PlaywrightTimeoutError):
        raise Timeout(f"{action} timed out", detail=_timeout_detail(exc)) from exc
    if isinstance(exc, PlaywrightError):
        text = str(exc)
        if any(marker.lower() in text.lower() for marker in _CLOSED_MARKERS):
            raise BrowserClosed(f"{action}: the browser, context or page is closed", detail=_first_line(exc)) from exc
        if "Unknown key:" in text:                   # browser_press with a key Playwright does not know
            raise InvalidArgument(f"{action}: unknown key", detail=_first_line(exc)) from exc
        if text.startswith("Page.goto") or "net::ERR_" in text:
            raise NavigationFailed(f"{action} failed", detail=_first_line(exc)) from exc
        raise VerdexError(f"{action} failed", detail=_first_line(exc)) from exc


# Lines of Playwright's call log that say it is still trying, not what stopped it
_TRYING = re.compile(r"^(\d+ × )?(waiting \d+ms|retrying \w+ action|attempting \w+ action|scrolling into view|done "
                     r"scrolling|element is visible, enabled and stable|waiting for element to be visible, enabled and "
                     r"stable|locator resolved to|=+)")


def _timeout_detail(exc: BaseException) -> str:
    """The timeout's first line, then why (:func:`waited_on`)."""
    said = waited_on(str(exc))
    return _first_line(exc) + (f" ({said})" if said else "")


def waited_on(error: str) -> str:
    """What a Playwright timeout's call log says it waited on last ("<div class=scrim> intercepts pointer
    events", "element is not stable", "element is not enabled") and for which locator: the reason one can act
    on, which "Timeout 5000ms exceeded" alone never says. Empty for an error with no call log."""
    lines = [line.strip().removeprefix("- ").strip() for line in error.strip().splitlines()[1:]]
    log = [line for line in lines if line and line not in ("Call log:", "logs")]
    waited_for = next((line for line in log if line.startswith("waiting for ") and not _TRYING.match(line)), "")
    last = next((re.sub(r"^\d+ × ", "", line) for line in reversed(log)
                 if not _TRYING.match(line) and line != waited_for), "")
    return "; ".join(part for part in (f"last: {last}" if last else "", waited_for) if part)


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
