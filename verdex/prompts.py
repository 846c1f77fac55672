"""How an agent writes or heals a test with verdex's tools, in words a model follows.

The MCP prompts ``write_resilient_test`` and ``heal_test`` serve clients that bring their own model;
``verdex agent``'s navigator works from the same guidance (:data:`WORKING_WITH_FACTS`), so there is one
description of the method. Tool names are written in backticks; the tests check that each one is a
tool the server can list.
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

WORKING_WITH_FACTS = """\
How to work with verdex's tools: observe → preflight → act → observe → verify.
1. Observe: `browser_snapshot` returns the page identity (url, title, heading, dialogs, notices, loading,
   blockers) and one line per element; interactive elements carry refs such as e42. While the header
   lists loading or blockers, the page is not ready yet. To wait for it, give `browser_wait_for` a text
   that says the page is ready (a product's heading, a toast), best one that one element alone shows.
2. Act only on refs from the latest snapshot: `browser_click`, `browser_fill`, `browser_select`,
   `browser_check`, `browser_press`. verdex checks each action for races first (preflight) and acts
   through the locator the generated test will use; the result reports the effects.
3. When a call fails, read its code and change what you do; never repeat the same call blindly:
   - NOT_ACTIONABLE: the facts say what blocks the target (a scrim covers it, it moves, it is hidden or
     disabled). Take a new `browser_snapshot`, then wait for the blocker to go: the same action with
     wait=true, or `browser_wait_for` with text_gone. Do not pass force.
   - STALE_REF, STALE_OBSERVATION or UNKNOWN_REF: the page changed; take a new `browser_snapshot` and
     use its refs.
   - CONFIRMATION_REQUIRED: the action is dangerous. Confirm it only if the task asks for exactly this
     action; otherwise stop and say so.
   - "no observable effect": the page was not ready (its handlers were not attached yet). Take a new
     `browser_snapshot` and act again.
4. Identical elements (a dozen "Add to Cart" buttons) are told apart by their container: the card's
   heading or text in the snapshot, `get_ancestors` and `get_siblings`. Never choose by position.
5. Verify the outcome the task asks for: an action's result proposes assertions ("to assert the
   outcome, verify: text "…" visible | e9 has value "…" | url ends with …"). Use `verify_text_visible`,
   `verify_element` (state value for a field) and `verify_url`; only assertions that held are recorded, and they become the test's checks.
"""


def write_resilient_test(task: str, base_url: str) -> str:
    """Explore the app with verdex's tools and export a resilient Playwright test for a task."""
    return f"""\
Write a resilient Playwright end-to-end test for this task: {task}
The app runs at {base_url}. Start with `browser_navigate` to it.

{WORKING_WITH_FACTS}
6. When the outcome is verified, call `export_test` (target python or typescript, a path such as
   tests/test_<name>.py, and a name). The test's waits come from the facts verdex recorded, so do not
   add sleeps. The server records and exports only when it runs with --caps test --record FILE.
7. The export runs the test it wrote (once as it is, twice under chaos) and answers `proved 3/3 …` or
   `UNPROVEN` with the failing line: an unproven test is not done. "The app kept state from run 1"
   (or "from the recording": what you created while recording is already on a fresh load) means the
   flow cannot run twice (a name is taken): clean up what it created, or type `{{unique}}` in the name
   (verdex spells it with a token of the session's; the test makes its own each run, in what you typed
   and in what you checked), then export again. "…, or the test races the app" means no trace of kept
   state was seen: export again; a test that passes some runs races the app at its failing line.
"""


def heal_test(test_path: str, failure: str) -> str:
    """Repair a failing Playwright test from fresh page facts: run, locate, re-verify, patch."""
    return f"""\
The Playwright test {test_path} fails:
{failure}

Heal it from facts, not guesses:
1. Run: run the test yourself (pytest or npx playwright test) and find the step that fails, the
   locator or wait in it, and the page it runs on.
2. Replay: `browser_navigate` to that page and repeat the steps before the failing one with the action
   tools, so the page is in the same state.
3. Locate by recorded identity: find the element the step meant by its role, accessible name, text and
   container in `browser_snapshot`; `get_ancestors` and `get_siblings` show the container that tells
   it apart. Never fall back to a position or a CSS path.
4. Re-verify: act on it; the result names the locator verdex proved unique ("via page.get_by_…") and,
   when something blocks it, the NOT_ACTIONABLE facts name the overlay or the request the test must
   wait for. Check the step's outcome with `verify_element`, `verify_text_visible` or `verify_url`.
5. Patch: change only that locator or add only that wait (expect(<overlay>).to_be_hidden(), a web-first
   assertion, expect_response), keep the rest of the file and its formatting, then run the test again
   until it passes. `lint_test` (--caps lint) checks the file for flaky patterns: no sleeps, no
   networkidle, no force, no nth.

{WORKING_WITH_FACTS}"""


def register(server: MCPServer) -> None:
    server.prompt()(write_resilient_test)
    server.prompt()(heal_test)
