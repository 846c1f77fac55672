"""The policy as one role applies it: confirmation of danger actions, URL and tier refusals, and
navigations stopped (a context route for first requests, CDP Fetch for redirect hops) — each
decision written to the audit log."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import BrowserContext, CDPSession, Page, Request, Route
from playwright.async_api import Error as PlaywrightError

from verdex.errors import ConfirmationRequired, PolicyDenied, VerdexError, translate_playwright_errors
from verdex.facts import RiskFact
from verdex.safety.audit import AuditLog, Decision
from verdex.safety.gate import confirmation_text
from verdex.safety.policy import Policy, Tier, host_of


@dataclass
class Guard:
    policy: Policy = field(default_factory=Policy)
    audit: AuditLog | None = None
    role: str = "default"
    denied_navigations: list[str] = field(default_factory=list)    # URLs stopped, in order
    _pending: set[asyncio.Future[None]] = field(default_factory=set, init=False, repr=False)

    def record(self, action: str, target: dict[str, Any] | None, host: str, decision: Decision, reason: str) -> None:
        if self.audit is not None:
            self.audit.write(role=self.role, action=action, target=target, host=host, decision=decision, reason=reason)

    def confirm(self, action: str, target: dict[str, Any], danger: RiskFact | None, confirm: str | None,
                page_url: str) -> None:
        """Let a danger action through only on a trusted host or with the exact confirmation text."""
        if danger is None:
            return
        host = host_of(page_url)
        expected = confirmation_text(danger.subject, host)
        if self.policy.is_trusted(host):
            self.record(action, target, host, "trusted_host", danger.reason)
            return
        if confirm is not None and " ".join(confirm.split()) == expected:
            self.record(action, target, host, "confirmed", danger.reason)
            return
        reason = danger.reason if confirm is None else f"{danger.reason}; the confirmation text does not match"
        self.record(action, target, host, "confirmation_required", reason)
        raise ConfirmationRequired(
            f"{action} on {target.get('ref')} is a danger action ({reason}); to do it, call again with "
            f"confirm={json.dumps(expected, ensure_ascii=False)}",
            confirm=expected, ref=target.get("ref"), host=host, risk=danger.model_dump())

    def check_url(self, url: str, action: str, target: dict[str, Any] | None = None, *, by_scheme: bool = True) -> None:
        reason = self.policy.refusal(url, by_scheme=by_scheme)
        if reason is not None:
            self.record(action, target, host_of(url), "denied", reason)
            raise PolicyDenied(reason, url=url, host=host_of(url))

    def check_tier(self, action: str, tier: Tier) -> None:
        if not self.policy.allows_tier(tier):
            reason = f"{action} is a {tier}-risk call and this session allows at most {self.policy.max_tier}"
            self.record(action, None, "", "denied", reason)
            raise PolicyDenied(reason, action=action, tier=tier, max_tier=self.policy.max_tier)

    def stopped_since(self, count: int, action: str, target: dict[str, Any] | None = None) -> None:
        """Raise POLICY_DENIED if the route stopped a navigation since ``count`` were recorded."""
        stopped = self.denied_navigations[count:]
        if stopped:
            reason = self.policy.refusal(stopped[0]) or "denied by the host policy"
            self.record(action, target, host_of(stopped[0]), "denied", f"navigation stopped: {reason}")
            raise PolicyDenied(f"the navigation to {stopped[0]} was stopped: {reason}", urls=stopped)

    async def install(self, context: BrowserContext) -> None:
        """Stop the first request of every navigation (links, scripts, popups, frames) to a refused host.
        Playwright's routes do not see redirects: :meth:`watch` stops those, page by page."""
        if self.policy.guards_hosts:
            await context.route("**/*", self._route)

    async def _route(self, route: Route, request: Request) -> None:
        if request.is_navigation_request() and self.policy.refusal(request.url) is not None:
            self.denied_navigations.append(request.url)
            await route.abort("blockedbyclient")
            return
        await route.fallback()

    async def watch(self, page: Page) -> None:
        """Pause every document request of the page, each redirect hop included (CDP Fetch), and fail
        those to a refused host."""
        if not self.policy.guards_hosts:
            return
        with translate_playwright_errors("guarding the page's navigations"):
            cdp = await page.context.new_cdp_session(page)
            cdp.on("Fetch.requestPaused", lambda event: self._pending.add(
                asyncio.ensure_future(self._paused(cdp, event))))
            await cdp.send("Fetch.enable", {"patterns": [{"urlPattern": "*", "resourceType": "Document",
                                                          "requestStage": "Request"}]})

    def watch_soon(self, page: Page) -> None:
        """watch() a popup from the (synchronous) event that announced it; one closed at once needs none."""
        if self.policy.guards_hosts:
            self._pending.add(asyncio.ensure_future(self._watch_unless_closed(page)))

    async def _watch_unless_closed(self, page: Page) -> None:
        try:
            await self.watch(page)
        except VerdexError:
            if not page.is_closed():
                raise

    async def _paused(self, cdp: CDPSession, event: dict[str, Any]) -> None:
        url = event["request"]["url"]
        try:
            if self.policy.refusal(url) is not None:
                self.denied_navigations.append(url)
                await cdp.send("Fetch.failRequest", {"requestId": event["requestId"], "errorReason": "BlockedByClient"})
            else:
                await cdp.send("Fetch.continueRequest", {"requestId": event["requestId"]})
        except PlaywrightError:
            pass        # the page, or the request, went away meanwhile
        finally:
            self._pending = {task for task in self._pending if not task.done()}
