"""Evaluation harness: tasks on the fixture apps, each done by a scripted agent through verdex's MCP tools.

    python bench/agent_tasks.py [--tasks NAME,…] [--seed N] [--json] [--verbose]

The agent (tests/flows/agent.py) decides only from what the tools return: it finds every ref by role
and name in the snapshot text, answers NOT_ACTIONABLE by waiting, a stale ref by looking again, and a
click that had no effect by watching for the app to become ready. Each task runs against a fresh
fixture server (every app under chaos seed ``--seed``; the race pages have none of their own) and a
fresh in-memory MCP session.

Reported per task: success, steps (calls that act or assert), tool calls (all of them, snapshots
included), bytes the tools returned per step (text a model reads plus structured content), the
largest single answer, repeated-action loops (the same action with the same arguments three times in a
row: an agent going round in circles) and wall time. Progress goes to stderr, the table to stdout;
exit code 1 when a task failed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcp import Client  # noqa: E402

from verdex.fixtures.server import FixtureServer  # noqa: E402
from tests.flows.agent import Agent, AgentError  # noqa: E402
from tests.flows.login import PASSWORD, USER  # noqa: E402
from verdex.server import build_server  # noqa: E402

LOOKING = {"browser_snapshot", "get_ancestors", "get_siblings", "get_descendants", "list_roles",
           "browser_wait_for", "observe_element_state"}
LOOP_LENGTH = 3       # the same action with the same arguments this many times in a row is a loop


@dataclass
class Meter:
    """What one task's tool calls cost: counted at the client, as a model would see them."""

    calls: list[tuple[str, str, int]] = field(default_factory=list)   # tool, arguments, bytes returned

    @property
    def steps(self) -> int:
        return sum(1 for tool, _, _ in self.calls if tool not in LOOKING)

    @property
    def loops(self) -> int:
        acting = [(tool, args) for tool, args, _ in self.calls if tool not in LOOKING]
        loops, run = 0, 1
        for previous, current in zip(acting, acting[1:]):
            run = run + 1 if current == previous else 1
            loops += run == LOOP_LENGTH
        return loops


class MeteredClient:
    """The SDK client, with every answer's size written down."""

    def __init__(self, client: Client, meter: Meter) -> None:
        self._client = client
        self._meter = meter

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any:
        result = await self._client.call_tool(name, arguments)
        size = sum(len(c.text.encode()) for c in result.content if getattr(c, "text", None) is not None)
        if result.structured_content is not None:
            size += len(json.dumps(result.structured_content, ensure_ascii=False).encode())
        self._meter.calls.append((name, json.dumps(arguments, sort_keys=True), size))
        return result


@dataclass(frozen=True)
class Task:
    name: str
    goal: str
    run: Callable[[Agent, str], Awaitable[None]]
    caps: tuple[str, ...] = ("test", "more")


# ------------------------------------------------------------------------------------------- tasks
async def add_to_cart(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/shop/")
    toast = "Added Fairphone 5 to cart"
    await agent.click("button", "Add to Cart", after=("heading", "Fairphone 5"), expect_text=toast)
    await agent.verify_text(toast)


async def two_products(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/shop/")
    for product in ("Pixel 8", "Kindle Paperwhite"):
        await agent.click("button", "Add to Cart", after=("heading", product), expect_text=f"Added {product} to cart")
    await agent.locate("link", "Cart (2)")


async def login_after_a_typo(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/login/")
    await agent.fill("textbox", "Username", USER)
    await agent.fill("textbox", "Password", PASSWORD + "!")
    await agent.click("button", "Sign in", expect_text="Invalid username or password")
    await agent.fill("textbox", "Password", PASSWORD)
    await agent.click("button", "Sign in")
    await agent.verify_url("/login/welcome.html")


async def consent_then_read_more(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/consent/")
    await agent.click("button", "Accept all", expect_text="Preferences saved")
    await agent.click("button", "Show more")
    await agent.verify_text("Visitors can borrow tools, seeds and musical instruments alongside books.")


async def checkout(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/shop/")
    await agent.click("button", "Add to Cart", after=("heading", "Pixel 8"), expect_text="Added Pixel 8 to cart")
    await agent.click("link", "Cart (1)")
    await agent.click("link", "Checkout")
    await agent.fill("textbox", "Full name", "Grace Hopper")
    await agent.fill("textbox", "Address", "1 Harbour Lane, Arlington")
    await agent.click("button", "Place order")
    await agent.click("button", "Yes, place order", after=("dialog", "Confirm order"), expect_text="Order placed")
    await agent.verify_text("Order placed")


async def pay_in_a_frame(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/frames/")
    await agent.fill("textbox", "Card number", "4242 4242 4242 4242")
    await agent.click("button", "Pay now", expect_text="Paid")


async def subscribe_in_a_shadow_root(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/frames/")
    await agent.fill("textbox", "Email address", "grace@example.com")
    await agent.click("button", "Subscribe", expect_text="Subscribed")
    await agent.verify_text("Subscribed")


async def follow_a_popup(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/races/link.html")
    opened = await agent.click("link", "Open in new tab")
    new_tabs = ((opened.data or {}).get("effects") or {}).get("new_tabs", [])
    if not new_tabs:
        raise AgentError(f"the link opened no tab: {opened.text}")
    await agent.switch_to_tab(new_tabs[0])
    await agent.verify_url("/races/landing.html")


async def delete_on_hover(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/races/hover-reveal.html")
    row = await agent.locate("row", "Bob Editor")
    await agent.must("browser_hover", ref=row)
    await agent.click("button", "Delete", after=("cell", "Bob"), expect_text="Clicked: Delete Bob")


async def choose_from_a_listbox(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/races/open-select.html")
    await agent.click("button", "Choose a fruit")
    await agent.click("option", "Cherry")
    await agent.click("button", "Apply", expect_text="Clicked: Apply")


async def publish_once_enabled(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/races/disabled-then-enabled.html?ms=1500")
    await agent.click("button", "Publish", expect_text="Clicked: Publish")


async def save_under_an_overlay(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/races/overlay-opaque.html?ms=1500")
    await agent.click("button", "Save", expect_text="Clicked: Save")


async def save_through_rerenders(agent: Agent, base: str) -> None:
    await agent.navigate(base + "/races/rerender.html?every=300")
    await agent.click("button", "Save", expect_text="Clicked: Save")


TASKS = [
    Task("add-to-cart", "add a named product; see the toast (chaos)", add_to_cart),
    Task("two-products", "add two products; the cart link counts them", two_products),
    Task("login-typo", "a wrong password, the error, then sign in", login_after_a_typo),
    Task("consent", "accept the cookie wall, then reveal the text", consent_then_read_more),
    Task("checkout", "cart → checkout form → confirm dialog", checkout),
    Task("frame-pay", "pay inside an iframe", pay_in_a_frame),
    Task("shadow-subscribe", "subscribe in a shadow-DOM widget", subscribe_in_a_shadow_root),
    Task("popup", "follow a target=_blank link into its tab", follow_a_popup, ("test", "more", "roles")),
    Task("hover-delete", "hover a row to reveal its Delete", delete_on_hover),
    Task("listbox", "choose from a custom listbox, then Apply", choose_from_a_listbox),
    Task("aria-disabled", "Publish once it is no longer aria-disabled", publish_once_enabled),
    Task("overlay", "Save once the loading overlay is gone", save_under_an_overlay),
    Task("rerender", "Save while the button is replaced every 300 ms", save_through_rerenders),
]


# ------------------------------------------------------------------------------------------ running
@dataclass
class Outcome:
    task: str
    ok: bool
    steps: int
    calls: int
    bytes_per_step: int
    largest: int
    loops: int
    seconds: float
    error: str = ""


async def run_task(task: Task, seed: int | None, verbose: bool = False) -> Outcome:
    meter = Meter()
    started = time.monotonic()
    error = ""
    with FixtureServer(chaos_seed=seed) as server:
        async with Client(build_server(caps=task.caps)) as client:
            agent = Agent(MeteredClient(client, meter), verbose=verbose)  # type: ignore[arg-type]
            try:
                await task.run(agent, server.url)
            except AgentError as exc:
                error = str(exc).splitlines()[0][:300]
    sizes = [size for _, _, size in meter.calls]
    return Outcome(task=task.name, ok=not error, steps=meter.steps, calls=len(meter.calls),
                   bytes_per_step=round(sum(sizes) / max(meter.steps, 1)), largest=max(sizes, default=0),
                   loops=meter.loops, seconds=round(time.monotonic() - started, 1), error=error)


def table(outcomes: list[Outcome], seed: int | None) -> str:
    head = f"{'task':18} {'ok':>3} {'steps':>5} {'calls':>5} {'bytes/step':>10} {'largest':>8} {'loops':>5} {'time s':>6}"
    lines = [f"{len(outcomes)} tasks, chaos seed {seed}", head]
    for o in outcomes:
        lines.append(f"{o.task:18} {'yes' if o.ok else 'NO':>3} {o.steps:5} {o.calls:5} {o.bytes_per_step:10,} "
                     f"{o.largest:8,} {o.loops:5} {o.seconds:6.1f}")
    ok = sum(o.ok for o in outcomes)
    lines.append(f"{'all':18} {ok}/{len(outcomes)} {sum(o.steps for o in outcomes):5} "
                 f"{sum(o.calls for o in outcomes):5} "
                 f"{round(statistics.median(o.bytes_per_step for o in outcomes)):10,} "
                 f"{max(o.largest for o in outcomes):8,} {sum(o.loops for o in outcomes):5} "
                 f"{sum(o.seconds for o in outcomes):6.1f}   (bytes/step: median over tasks)")
    lines += [f"  {o.task}: {o.error}" for o in outcomes if not o.ok]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", help="comma-separated task names (default: all)")
    parser.add_argument("--seed", type=int, default=3, help="the fixture server's chaos seed (default 3)")
    parser.add_argument("--json", action="store_true", help="print the outcomes as JSON")
    parser.add_argument("--verbose", action="store_true", help="print every tool call and answer to stderr")
    args = parser.parse_args(argv)
    wanted = args.tasks.split(",") if args.tasks else [t.name for t in TASKS]
    unknown = sorted(set(wanted) - {t.name for t in TASKS})
    if unknown:
        parser.error(f"unknown task(s) {unknown}; known: {[t.name for t in TASKS]}")
    outcomes = []
    for task in (t for t in TASKS if t.name in wanted):
        print(f"[agent_tasks] {task.name}: {task.goal} …", file=sys.stderr, flush=True)
        outcome = asyncio.run(run_task(task, args.seed, args.verbose))
        print(f"[agent_tasks]   {'ok' if outcome.ok else 'FAILED'} in {outcome.seconds} s, {outcome.calls} calls",
              file=sys.stderr, flush=True)
        outcomes.append(outcome)
    print(json.dumps([asdict(o) for o in outcomes], indent=2) if args.json else table(outcomes, args.seed))
    return 0 if all(o.ok for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
