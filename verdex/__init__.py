"""verdex: let an AI agent write resilient Playwright end-to-end tests."""

from verdex.browser.session import BrowserOptions, RoleSpec, Session
from verdex.errors import (
    BrowserClosed,
    BrowserUnavailable,
    ConfirmationRequired,
    InvalidArgument,
    NavigationFailed,
    NotActionable,
    PolicyDenied,
    StaleObservation,
    StaleRef,
    Timeout,
    UnknownRef,
    VerdexError,
)

__version__ = "0.1.0"

__all__ = [
    "BrowserClosed",
    "BrowserOptions",
    "BrowserUnavailable",
    "ConfirmationRequired",
    "InvalidArgument",
    "NavigationFailed",
    "NotActionable",
    "PolicyDenied",
    "RoleSpec",
    "Session",
    "StaleObservation",
    "StaleRef",
    "Timeout",
    "UnknownRef",
    "VerdexError",
    "__version__",
]
