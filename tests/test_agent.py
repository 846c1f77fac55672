"""``verdex agent`` end to end with a scripted model: the real Agents SDK over HTTP to a local
OpenAI-compatible server (tests/model_server.py), the planner → navigator handoff, verdex's real tools
on a real Chromium against the fixture shop in chaos mode, and the exported test run by pytest.

The scripted model reads the tool outputs it is sent, the way a model does: it finds the "Add to Cart"
button under the "Pixel 8" heading in the snapshot text, and when a click is refused it looks again
and does something else.

The refused click does not depend on the machine's speed: the agent's browser context takes
Playwright's clock, standing still from the first page load, so the scrim stays over the cards however
late the first click comes; the time runs on when the model decides to wait (as
tests/test_race_fixtures.py holds and releases its pages).
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from verdex.fixtures.server import FixtureServer
from tests.flows.agent import ref_of
from tests.flows.runner import run_pytest
from tests.model_server import Call, Chat, ModelServer, Turn
from verdex.cli import main
from verdex.lint import lint_source
from verdex.safety.guard import Guard

PRODUCT = "Pixel 8"
TOAST = f"Added {PRODUCT} to cart"
TASK = f"Add {PRODUCT} to the cart and check the confirmation"
# the first page load of this seed: the grid arrives after 1.3 s and the loading scrim stays over it
# for another 979 ms (+300 ms fading) of the page's time, so a click as soon as the buttons show is refused
CHAOS_SEED = 252
CLOCK_START = 1_767_225_600_000     # the held page's clock (2026-01-01)
RELEASE_MS = 10_000                 # how far the page's time runs when the model waits: past the scrim and its fade
RELEASE_BOUND_S = 60
PLAN = [f"Find the product card headed {PRODUCT!r}", "Click its 'Add to Cart' button",
        f"Verify the toast {TOAST!r}"]
CODE = re.compile(r"^(?P<code>[A-Z][A-Z_]{3,}):")
PROPOSED = re.compile(r'verify: (?:.* \| )?text (?P<text>"(?:[^"\\]|\\.)*") visible')


def code(call: Call) -> str | None:
    match = CODE.match(call.output or "")
    return match["code"] if match else None


def shop_model(chat: Chat) -> Turn:
    """The planner looks once and hands off a plan; the navigator works from what the tools return."""
    if "transfer_to_navigator" in chat.tool_names:
        return Turn.call("browser_snapshot") if not chat.calls() else Turn.call("transfer_to_navigator", steps=PLAN)
    return navigator_turn(chat.calls(after="transfer_to_navigator"))


def navigator_turn(calls: list[Call]) -> Turn:
    if not calls:
        return Turn.call("browser_snapshot")
    last = calls[-1]
    output = last.output or ""
    if last.name == "verify_text_visible" and "passed" in output:
        return Turn.say(f"Added {PRODUCT} to the cart; the toast {TOAST!r} is visible.")
    if last.name == "browser_click":
        proposed = PROPOSED.search(output)
        if code(last) is None and proposed:
            return Turn.call("verify_text_visible", text=json.loads(proposed["text"]))
        return Turn.call("browser_snapshot")     # refused, stale, or no effect: look again
    if last.name != "browser_snapshot":
        return Turn.call("browser_snapshot")
    ref = ref_of(output, "button", "Add to Cart", after=("heading", PRODUCT))
    if ref is None:
        return Turn.call("browser_wait_for", text=PRODUCT)         # the grid is still loading
    if any(c.name == "browser_click" and code(c) == "NOT_ACTIONABLE" for c in calls):
        return Turn.call("browser_click", ref=ref, wait=True)     # something covers it: let verdex wait it out
    return Turn.call("browser_click", ref=ref)


def twice_model(chat: Chat) -> Turn:
    """Adds the product twice and, the second time, reuses the ref the first click used — a model's
    slip, since adding re-renders the card — then recovers from STALE_REF."""
    if "transfer_to_navigator" in chat.tool_names:
        return Turn.call("transfer_to_navigator", steps=["Add Pixel 8 to the cart twice", "Verify 'In cart: 2'"])
    calls = chat.calls(after="transfer_to_navigator")
    last = calls[-1] if calls else None
    added = [c for c in calls if c.name == "browser_click" and code(c) is None and TOAST in c.output]
    if last is None or last.name == "browser_wait_for" or (last.name == "browser_click" and last not in added):
        return Turn.call("browser_snapshot")            # start, waited, refused, stale or no effect: look
    if last.name == "verify_text_visible":
        return Turn.say(f"Added {PRODUCT} twice; the card says 'In cart: 2'.")
    if last.name == "browser_click":
        if len(added) == 1:
            return Turn.call("browser_click", ref=last.arguments["ref"], wait=True)
        return Turn.call("verify_text_visible", text="In cart: 2")
    ref = ref_of(last.output or "", "button", "Add to Cart", after=("heading", PRODUCT))
    return Turn.call("browser_click", ref=ref, wait=True) if ref else Turn.call("browser_wait_for", text=PRODUCT)


class HeldClock:
    """The agent's browser context on Playwright's clock, paused from its first page; ``release`` runs it
    on from the model server's thread, on the agent's own event loop, before the model's turn returns."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.context: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.released = False
        real_install = Guard.install

        async def install(guard: Guard, context: Any) -> None:
            await real_install(guard, context)
            await context.clock.install(time=CLOCK_START)
            await context.clock.pause_at(CLOCK_START + 1)
            self.context, self.loop = context, asyncio.get_running_loop()

        monkeypatch.setattr(Guard, "install", install)

    def release(self) -> None:
        assert self.context is not None and self.loop is not None, "no browser context yet"
        asyncio.run_coroutine_threadsafe(self.context.clock.run_for(RELEASE_MS), self.loop).result(RELEASE_BOUND_S)
        self.released = True


@pytest.fixture
def held_model(monkeypatch):
    """The shop model, on a page whose time stands still until the model asks verdex to wait."""
    clock = HeldClock(monkeypatch)

    def script(chat: Chat) -> Turn:
        turn = shop_model(chat)
        if not clock.released and any(name == "browser_click" and arguments.get("wait")
                                      for name, arguments in turn.tool_calls):
            clock.release()
        return turn

    with ModelServer(script) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("VERDEX_MODEL", server.model)
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        yield server


@pytest.fixture
def model(monkeypatch):
    with ModelServer(shop_model) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("VERDEX_MODEL", server.model)
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        yield server


def navigator_calls(model: ModelServer) -> list[Call]:
    return model.chats[-1].calls(after="transfer_to_navigator")


def test_the_agent_plans_recovers_from_a_refused_click_and_exports_a_passing_test(held_model, tmp_path, capsys):
    model = held_model
    output = tmp_path / "test_add_pixel.py"
    with FixtureServer(chaos_seed=CHAOS_SEED) as apps:
        code_ = main(["agent", TASK, "--base-url", apps.url + "/shop/", "-o", str(output), "--name", "add_pixel",
                      "--record", str(tmp_path / "agent.jsonl")])
    err = capsys.readouterr().err
    assert code_ == 0, err

    # the planner looked before it planned, and its plan reached the navigator's instructions
    planner_chats = [c for c in model.chats if "transfer_to_navigator" in c.tool_names]
    assert [c.name for c in planner_chats[-1].calls()] == ["browser_snapshot"]
    assert planner_chats[-1].tool_names == {"browser_snapshot", "get_ancestors", "get_siblings",
                                            "transfer_to_navigator"}
    navigator = model.chats[-1]
    assert all(step in navigator.system for step in PLAN)
    assert "export_test" not in navigator.tool_names and "browser_click" in navigator.tool_names

    # a refused click was followed by a fresh look and a different action, then the click worked
    calls = navigator_calls(model)
    refused = next(i for i, c in enumerate(calls) if c.name == "browser_click" and code(c) == "NOT_ACTIONABLE")
    assert "loading-scrim" in calls[refused].output
    assert calls[refused + 1].name == "browser_snapshot"
    assert (calls[refused + 2].name, calls[refused + 2].arguments) != (calls[refused].name, calls[refused].arguments)
    assert any(c.name == "browser_click" and code(c) is None and TOAST in c.output for c in calls[refused + 1:])
    assert calls[-1].name == "verify_text_visible" and "passed" in calls[-1].output

    # progress on stderr: the plan, each call with a one-line result, the refusal, the summary
    assert "plan:\n  1. Find the product card headed 'Pixel 8'" in err
    assert "[planner] hands off to the navigator" in err
    assert re.search(r"\[navigator\] → browser_click \{\"ref\": \"e\d+\"\}\n    ✗ NOT_ACTIONABLE: ", err)
    assert f"[navigator] Added {PRODUCT} to the cart" in err

    # the exported test lints clean and passes against a fresh server with the same chaos
    source = output.read_text()
    assert 'get_by_test_id("product-card").filter(has_text="Pixel 8")' in source
    assert "loading-scrim" not in source      # the refused click was covered: Playwright's click waits for that
    linted = lint_source(source)
    assert (linted.error, linted.findings) == (None, [])
    run = run_pytest(output, CHAOS_SEED)
    assert run.passed, run.tail()


def test_a_stale_ref_leads_to_a_fresh_look_and_the_new_ref(monkeypatch, tmp_path, capsys):
    output = tmp_path / "test_add_twice.py"
    with ModelServer(twice_model) as model, FixtureServer() as apps:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url)
        monkeypatch.setenv("VERDEX_MODEL", model.model)
        code_ = main(["agent", "add Pixel 8 to the cart twice", "--base-url", apps.url + "/shop/", "-o", str(output),
                      "--record", str(tmp_path / "agent.jsonl")])
        assert code_ == 0, capsys.readouterr().err
    calls = navigator_calls(model)
    stale = next(i for i, c in enumerate(calls) if c.name == "browser_click" and code(c) == "STALE_REF")
    assert calls[stale + 1].name == "browser_snapshot"
    retried = calls[stale + 2]
    assert retried.name == "browser_click" and retried.arguments["ref"] != calls[stale].arguments["ref"]
    assert TOAST in retried.output
    assert calls[-1].name == "verify_text_visible" and "passed" in calls[-1].output
    run = run_pytest(output, None)
    assert run.passed, run.tail()


def test_typescript_is_exported_on_request(model, tmp_path, capsys):
    output = tmp_path / "add_pixel.spec.ts"
    with FixtureServer(chaos_seed=CHAOS_SEED) as apps:
        code_ = main(["agent", TASK, "--base-url", apps.url + "/shop/", "--target", "typescript",
                      "-o", str(output), "--record", str(tmp_path / "agent.jsonl")])
    assert code_ == 0, capsys.readouterr().err
    spec = re.sub(r"\n\s*", "", output.read_text())       # prettier's line breaks inside a chain taken out
    assert 'import { test, expect } from "@playwright/test";' in spec
    assert 'test("add_pixel_8_to_the", async ({ page }) => {' in spec        # the name: the task's first words
    assert 'page.getByTestId("product-card").filter({ hasText: "Pixel 8" })' in spec
    assert f'await expect(page.getByText("{TOAST}", {{ exact: true }})).toBeVisible();' in spec
    assert (tmp_path / "playwright.config.ts").exists()


def test_a_spent_turn_budget_ends_the_run_with_its_own_code(model, tmp_path, capsys):
    with FixtureServer() as apps:
        code_ = main(["agent", TASK, "--base-url", apps.url + "/shop/", "--max-turns", "2",
                      "-o", str(tmp_path / "test_x.py"), "--record", str(tmp_path / "agent.jsonl")])
    err = capsys.readouterr().err
    assert code_ == 1
    assert "AGENT_INCOMPLETE: the turn budget ran out (2 turns)" in err
    assert not (tmp_path / "test_x.py").exists()


def test_without_an_endpoint_the_agent_says_what_to_set_and_starts_nothing(monkeypatch, tmp_path, capsys):
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "VERDEX_MODEL"):
        monkeypatch.delenv(name, raising=False)
    code_ = main(["agent", TASK, "--base-url", "http://127.0.0.1:9/", "-o", str(tmp_path / "test_x.py")])
    err = capsys.readouterr().err
    assert code_ == 2
    assert "MODEL_UNAVAILABLE: no model endpoint is configured" in err
    assert all(name in err for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "VERDEX_MODEL"))


def test_an_unreachable_endpoint_is_reported_not_raised(monkeypatch, tmp_path, capsys, apps):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")      # the discard port: nothing listens
    monkeypatch.setenv("VERDEX_MODEL", "any")
    code_ = main(["agent", TASK, "--base-url", apps.url + "/shop/", "-o", str(tmp_path / "test_x.py"),
                  "--record", str(tmp_path / "agent.jsonl")])
    assert code_ == 2
    assert "MODEL_UNAVAILABLE: could not reach the model endpoint any at http://127.0.0.1:9/v1" in capsys.readouterr().err


def test_a_model_that_never_hands_off_is_reported(monkeypatch, tmp_path, capsys, apps):
    with ModelServer(lambda chat: Turn.say("I would rather not.")) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("VERDEX_MODEL", server.model)
        code_ = main(["agent", TASK, "--base-url", apps.url + "/shop/", "-o", str(tmp_path / "test_x.py"),
                      "--record", str(tmp_path / "agent.jsonl")])
    assert code_ == 1
    assert "AGENT_INCOMPLETE: the planner answered without handing a plan" in capsys.readouterr().err
