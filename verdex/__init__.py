"""verdex: let an AI agent write resilient Playwright end-to-end tests.

The public names are imported on first use, so that ``verdex lint`` (which never needs a browser)
does not pay for loading Playwright.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_EXPORTS = {
    "BrowserOptions": "verdex.browser.session",
    "RoleSpec": "verdex.browser.session",
    "Session": "verdex.browser.session",
    "AuditLog": "verdex.safety",
    "Policy": "verdex.safety",
    "AgentIncomplete": "verdex.errors",
    "BridgeContractError": "verdex.errors",
    "BrowserClosed": "verdex.errors",
    "BrowserUnavailable": "verdex.errors",
    "CannotHeal": "verdex.errors",
    "ConfirmationRequired": "verdex.errors",
    "InvalidArgument": "verdex.errors",
    "MissingExtra": "verdex.errors",
    "ModelUnavailable": "verdex.errors",
    "NavigationFailed": "verdex.errors",
    "NoLocator": "verdex.errors",
    "NotActionable": "verdex.errors",
    "PolicyDenied": "verdex.errors",
    "SessionLimit": "verdex.errors",
    "StaleObservation": "verdex.errors",
    "StaleRef": "verdex.errors",
    "Timeout": "verdex.errors",
    "UnknownRef": "verdex.errors",
    "Unproven": "verdex.errors",
    "VerdexError": "verdex.errors",
}

__all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'verdex' has no attribute {name!r}")
