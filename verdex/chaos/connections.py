"""The requests a run's page has open, and what they did to the rest: Chromium gives a host served over
plain HTTP (HTTP/1.1) six connections, and a seventh request to it waits until one of them ends. A page
that keeps six long polls open to its own server (Syncthing's GUI starts its event poll each time a dialog's
template is linked while no other is left in the page, which templates answered out of order make several
times) leaves every other request it asks waiting, for as long as the polls are held: a click's request
goes out of the page but not to the server in the test's time. A failing run says so, rather than a bare
timeout. Pure: no browser here; the plugin tells it what was asked and what ended, with the times."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from verdex.url_credentials import masked

CONNECTIONS_PER_HOST = 6        # Chromium's sockets to one host over HTTP/1.1
HELD_S = 5.0                    # open this long, a request holds its connection, not a moment's queue
NAMED_AT_MOST = 4               # the waiting requests a report names


@dataclass
class OpenRequests:
    """The page's requests asked and not yet ended (answered in full, or failed), by a key of the caller's."""

    _open: dict[object, tuple[float, str, str]] = field(default_factory=dict)

    def asked(self, key: object, method: str, url: str, at: float) -> None:
        self._open[key] = (at, method, url)

    def ended(self, key: object) -> None:
        self._open.pop(key, None)

    def starved(self, now: float) -> str:
        """A sentence when more requests to one plain-HTTP host than it has connections had been open
        ``HELD_S`` or more: past the six on the wire, the others wait for one of them to end. They are named
        the longest open first (which six hold the connections is the browser's to know). Empty otherwise."""
        by_host: dict[str, list[str]] = {}
        for at, method, url in sorted(self._open.values()):        # the longest open first
            parts = urlsplit(url)
            if parts.scheme == "http" and now - at >= HELD_S:
                by_host.setdefault(parts.netloc, []).append(f"{method} {parts.path}")
        for host, asked in by_host.items():
            if len(asked) <= CONNECTIONS_PER_HOST:
                continue
            counted = list(Counter(asked).items())
            named = ", ".join(f"{what} ×{count}" if count > 1 else what for what, count in counted[:NAMED_AT_MOST])
            more = f", and {len(counted) - NAMED_AT_MOST} more" if len(counted) > NAMED_AT_MOST else ""
            again = " (the same request open several times at once)"
            return (f"when it failed, {len(asked)} requests the page had asked of {masked('http://' + host)[7:]} "
                    f"had been open {HELD_S:g} s or more ({named}{more}), more than the {CONNECTIONS_PER_HOST} "
                    "connections a browser opens to one host: past the six on the wire, each waits for one of them "
                    "to end. The app's own, not the test's: its page kept more requests open than a browser has "
                    f"connections{again if any(count > 1 for _, count in counted) else ''}")
        return ""
