"""What verdex may do, and where: URL schemes it refuses, host allow and deny lists, the hosts trusted
to take danger actions without a confirmation, and the highest tool tier allowed.

    policy = Policy(deny_hosts=("*.bank.example",), trusted_hosts=("staging.shop.test",), max_tier="medium")
    policy.check_url("https://www.bank.example/")        # PolicyDenied

A host pattern is a host name (``shop.example`` — it covers its subdomains too) or a glob
(``*.example.com``, ``10.0.0.*``). Loopback hosts (``localhost``, ``*.localhost``, 127.0.0.0/8,
``::1``) and documents without a host (``about:blank``, ``data:``) are trusted unless
``trust_loopback`` is off.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Literal
from urllib.parse import urlsplit

from verdex.errors import InvalidArgument, PolicyDenied

Tier = Literal["low", "medium", "high"]
TIERS: tuple[Tier, ...] = ("low", "medium", "high")
REFUSED_SCHEMES = ("file", "chrome", "javascript", "chrome-extension", "devtools", "view-source")
HOSTED_SCHEMES = ("http", "https", "ws", "wss")


def host_of(url: str) -> str:
    """The host of a URL, lower case, without brackets or port ('' for about:, data:, …)."""
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def matches(host: str, pattern: str) -> bool:
    host, pattern = host.lower().strip("."), pattern.lower().strip().strip(".")
    if any(c in pattern for c in "*?["):
        return fnmatchcase(host, pattern)
    return host == pattern or host.endswith("." + pattern)


def is_loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Policy:
    allow_hosts: tuple[str, ...] = ()          # empty: every host that is not denied
    deny_hosts: tuple[str, ...] = ()
    trusted_hosts: tuple[str, ...] = ()
    trust_loopback: bool = True
    max_tier: Tier = "high"

    def __post_init__(self) -> None:
        if self.max_tier not in TIERS:
            raise InvalidArgument(f"max_tier is one of {', '.join(TIERS)}", max_tier=self.max_tier)
        for pattern in (*self.allow_hosts, *self.deny_hosts, *self.trusted_hosts):
            if not pattern.strip() or "/" in pattern:
                raise InvalidArgument("a host pattern is a host name or a glob such as *.example.com",
                                      pattern=pattern)

    @property
    def guards_hosts(self) -> bool:
        return bool(self.allow_hosts or self.deny_hosts)

    def refusal(self, url: str, *, by_scheme: bool = True) -> str | None:
        """Why the policy refuses to go to url, or None. ``by_scheme=False`` judges only the host (a
        link's ``javascript:void(0)`` is the page's own business, not a navigation)."""
        scheme = url.split(":", 1)[0].strip().lower() if ":" in url else ""
        if by_scheme and scheme in REFUSED_SCHEMES:
            return f"{scheme}: URLs are refused"
        if scheme not in HOSTED_SCHEMES:
            return None
        host = host_of(url)
        denied = next((p for p in self.deny_hosts if matches(host, p)), None)
        if denied is not None:
            return f"the host {host} is denied (pattern {denied})"
        if self.allow_hosts and not any(matches(host, p) for p in self.allow_hosts):
            return f"the host {host} is not in the allow list"
        return None

    def check_url(self, url: str) -> None:
        reason = self.refusal(url)
        if reason is not None:
            raise PolicyDenied(reason, url=url, host=host_of(url))

    def is_trusted(self, host: str) -> bool:
        """Danger actions on a trusted host need no confirmation. A document without a host
        (about:blank, data:) is local, like loopback."""
        return (self.trust_loopback and (not host or is_loopback(host))) or any(matches(host, p) for p in self.trusted_hosts)

    def allows_tier(self, tier: Tier) -> bool:
        return TIERS.index(tier) <= TIERS.index(self.max_tier)
