"""What a seed draws: one delay per request (the same request in the same test draws the same delay),
one per websocket message from the server, a CPU throttling rate and, when asked, a viewport. Pure and
deterministic: no browser here."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from http import HTTPStatus
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from verdex.url_credentials import masked

DELAYED_TYPES = frozenset({"fetch", "xhr", "script", "stylesheet"})
WEBSOCKET = "websocket"
DEFAULT_MAX_DELAY_MS = 1500          # the scale at which a shared CI runner stalls
DEFAULT_MAX_CPU_RATE = 4.0
DEFAULT_MAX_TIMER_FACTOR = 4.0       # a busy runner fires a page's timers late; app timers of ≥ 16 ms only
REFUSALS_KEPT = 5                    # answers a run's app refused or failed with, kept for its report
STRETCHED_TIMER_MS = 16              # shorter timeouts are the app yielding to the browser, left alone
VIEWPORTS = ((1280, 720), (1024, 768), (800, 600), (390, 844))


@dataclass(frozen=True)
class Delay:
    method: str
    url: str
    resource_type: str
    ms: int

    def describe(self) -> str:
        return f"{self.ms:>5} ms  {self.method} {self.url} ({self.resource_type})"


@dataclass
class ChaosPlan:
    """The chaos one test runs under, drawn from (seed, test id)."""

    seed: int
    test_id: str = ""
    max_delay_ms: int = DEFAULT_MAX_DELAY_MS
    max_cpu_rate: float = DEFAULT_MAX_CPU_RATE
    max_timer_factor: float = DEFAULT_MAX_TIMER_FACTOR
    vary_viewport: bool = False
    drawn: list[Delay] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    held: str = ""          # a failed run's: the connections its page's open requests held (verdex.chaos.connections)
    _seen: Counter[str] = field(default_factory=Counter)

    def _random(self, *key: object) -> random.Random:
        digest = hashlib.sha256("\x1f".join(map(str, (self.seed, self.test_id, *key))).encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    @property
    def cpu_rate(self) -> float:
        """1 (no throttling) up to max_cpu_rate: how many times slower the page's CPU runs."""
        if self.max_cpu_rate <= 1:
            return 1.0
        return round(self._random("cpu").uniform(1.0, self.max_cpu_rate), 1)

    @property
    def timer_seed(self) -> int:
        """Seeds the page's own draws: each setTimeout of ≥ 16 ms waits 1 to max_timer_factor times as long."""
        return self._random("timers").randrange(1, 2**32)

    @property
    def viewport(self) -> tuple[int, int] | None:
        return self._random("viewport").choice(VIEWPORTS) if self.vary_viewport else None

    def delay_for(self, method: str, url: str, resource_type: str) -> int:
        """The delay this request draws (0 for the types chaos leaves alone); recorded in ``drawn``."""
        if resource_type not in DELAYED_TYPES or self.max_delay_ms <= 0:
            return 0
        parts = urlsplit(url)
        key = f"{method} {parts.netloc}{parts.path}"
        self._seen[key] += 1
        ms = self._random("delay", key, self._seen[key]).randint(0, self.max_delay_ms)
        self.drawn.append(Delay(method, masked(url), resource_type, ms))     # no credential in a report
        return ms

    def delay_for_message(self, url: str) -> int:
        """The delay the next message from the server on this websocket draws (the n-th message on the
        same URL draws the same delay); recorded in ``drawn``. The caller keeps the messages' order."""
        if self.max_delay_ms <= 0:
            return 0
        parts = urlsplit(url)
        key = f"message {parts.netloc}{parts.path}"
        self._seen[key] += 1
        ms = self._random("delay", key, self._seen[key]).randint(0, self.max_delay_ms)
        self.drawn.append(Delay("message", masked(url), WEBSOCKET, ms))
        return ms

    def answered(self, method: str, url: str, status: int) -> None:
        """Keep an answer the app refused or failed with (429 Too Many Requests, 5xx): a run that fails after
        one failed on the app's answer, whatever line it failed at."""
        if (status == HTTPStatus.TOO_MANY_REQUESTS or status >= 500) and len(self.refused) < REFUSALS_KEPT:
            said = " Too Many Requests" if status == HTTPStatus.TOO_MANY_REQUESTS else ""
            self.refused.append(f"{method} {masked(url)} → {status}{said}")

    def summary(self) -> dict[str, object]:
        return {"seed": self.seed, "cpu_rate": self.cpu_rate, "timer_factor": self.max_timer_factor, "viewport": self.viewport,
                "delays": [{"ms": d.ms, "method": d.method, "url": d.url, "type": d.resource_type} for d in self.drawn],
                **({"refused": self.refused} if self.refused else {}), **({"held": self.held} if self.held else {})}

    def describe(self, largest: int = 12) -> str:
        lines = [f"chaos seed {self.seed}: CPU {self.cpu_rate}× slower"
                 + (f", the page's timers up to {self.max_timer_factor:g}× late" if self.max_timer_factor > 1 else "")
                 + (f", viewport {self.viewport[0]}×{self.viewport[1]}" if self.viewport else "")
                 + f", {self._delayed_count()} (largest first):"]
        lines += ["  " + d.describe() for d in sorted(self.drawn, key=lambda d: -d.ms)[:largest]]
        lines += [f"the app answered {answer}" for answer in self.refused]
        lines += [self.held] if self.held else []
        return "\n".join(lines)

    def _delayed_count(self) -> str:
        messages = sum(d.resource_type == WEBSOCKET for d in self.drawn)
        said = f"{len(self.drawn) - messages} delayed requests"
        return said + (f" and {messages} delayed websocket messages" if messages else "")
