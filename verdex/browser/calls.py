"""What every call into the core goes through, whichever face made it (MCP server, CLI, Python API):
the role's policy refuses a tier above its maximum, the call is bounded in time, and the steps it
notes are recorded (verdex.steps).

    @core_call("evaluate", "high")
    async def evaluate(tab: Tab, expression: str) -> Evaluation: ...
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

from verdex.errors import Timeout
from verdex.safety.policy import Tier
from verdex.steps import recorded

P = ParamSpec("P")
T = TypeVar("T")


async def bounded(work: Awaitable[T], seconds: float) -> T:
    """``work`` within ``seconds``, or TIMEOUT."""
    try:
        async with asyncio.timeout(seconds):
            return await work
    except TimeoutError as exc:
        raise Timeout(f"the call did not finish within {seconds:.0f} s") from exc


def core_call(name: str, tier: Tier) -> Callable[[Callable[P, Awaitable[T]]], Callable[P, Awaitable[T]]]:
    """A core function taking the tab (verdex.browser.tab.Tab) first: refused (POLICY_DENIED) when its tier is above the policy's
    maximum, bounded by the session's call timeout (TIMEOUT); the steps it notes are recorded."""

    def wrap(fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
        @recorded
        @functools.wraps(fn)
        async def call(*args: P.args, **kwargs: P.kwargs) -> T:
            tab: Any = args[0]
            tab.guard.check_tier(name, tier)
            return await bounded(fn(*args, **kwargs), tab.call_timeout)

        return call

    return wrap

