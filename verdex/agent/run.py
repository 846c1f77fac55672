"""One ``verdex agent`` run: a recording verdex server, the opening navigation, the planner → navigator
run within a turn budget, and the export of the recorded session as a test.

    endpoint = Endpoint.from_env()
    outcome = await run_agent(Request("add Pixel 8 to the cart", "http://127.0.0.1:8765/shop/",
                                      output=Path("tests/test_add_pixel.py")), endpoint)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from agents import Model, RunConfig, Runner
from mcp import Client

from verdex.agent.endpoint import Endpoint, translate_model_errors
from verdex.agent.progress import Progress
from verdex.agent.team import PLANNER_TOOLS, Assignment, build_planner
from verdex.agent.tools import function_tools, result_text
from verdex.browser.session import BrowserOptions, RoleSpec
from verdex.errors import AgentIncomplete, VerdexError
from verdex.safety import Policy
from verdex.server import build_server

DEFAULT_MAX_TURNS = 40
EXPORT_TOOL = "export_test"          # the run exports; the model chooses neither the target nor the path
# every tool a task may need: hover, type and observe (more), tabs and popups, extract and find (read),
# uploads (files), the assertions and export (test); not evaluate (eval) or the linter
AGENT_CAPS = ("test", "more", "tabs", "read", "files")


@dataclass(frozen=True)
class Request:
    task: str
    base_url: str
    output: Path
    name: str = "agent"
    target: Literal["python", "typescript"] = "python"
    recording: Path = Path(".verdex/agent/recording.jsonl")
    max_turns: int = DEFAULT_MAX_TURNS
    options: BrowserOptions | None = None
    roles: list[RoleSpec] | None = None
    policy: Policy | None = None


@dataclass(frozen=True)
class Outcome:
    summary: str
    plan: list[str]
    files: list[Path]
    recording: Path
    tool_calls: int
    refused: int


async def run_agent(request: Request, endpoint: Endpoint, progress: Progress | None = None) -> Outcome:
    progress = progress or Progress()
    request.recording.parent.mkdir(parents=True, exist_ok=True)
    request.recording.unlink(missing_ok=True)
    server = build_server(request.options, request.roles, caps=AGENT_CAPS, record=request.recording,
                          policy=request.policy)
    assignment = Assignment(task=request.task, base_url=request.base_url)
    failure: VerdexError | None = None
    async with Client(server) as client, endpoint.open_client() as model_client:
        try:
            summary, exported = await _run(client, endpoint.chat_model(model_client), request, endpoint, progress,
                                           assignment)
        except VerdexError as exc:
            failure = exc        # raised once the client is closed: inside, its task group would wrap it
    if failure is not None:
        raise failure
    files = [Path(p) for p in (exported.structured_content or {}).get("files", [])]
    return Outcome(summary=summary, plan=assignment.plan, files=files, recording=request.recording,
                   tool_calls=progress.tool_calls, refused=progress.refused)


async def _run(client: Client, model: Model, request: Request, endpoint: Endpoint, progress: Progress,
               assignment: Assignment) -> tuple[str, Any]:
    """Open the base URL, let the planner hand off to the navigator, export what was recorded."""
    tools = await function_tools(client)
    planner = build_planner(model, [t for t in tools if t.name in PLANNER_TOOLS],
                            [t for t in tools if t.name != EXPORT_TOOL], progress)
    # the page opens once everything else is ready, so the agents see it as a user arriving would
    await _call(client, progress, "browser_navigate", {"url": request.base_url})
    with translate_model_errors(endpoint, request.max_turns):
        result = await Runner.run(planner, request.task, context=assignment, max_turns=request.max_turns,
                                  hooks=progress, run_config=RunConfig(tracing_disabled=True))
    if result.last_agent is planner:
        raise AgentIncomplete("the planner answered without handing a plan to the navigator",
                              answer=str(result.final_output))
    summary = str(result.final_output or "").strip()      # the progress output has shown it already
    exported = await _call(client, progress, EXPORT_TOOL,
                           {"target": request.target, "path": str(request.output), "name": request.name})
    return summary, exported


async def _call(client: Client, progress: Progress, name: str, arguments: dict[str, Any]) -> Any:
    """A call the run itself makes (not the model): shown like the model's, and it must succeed."""
    progress.call("verdex", name, json.dumps(arguments, ensure_ascii=False))
    result = await client.call_tool(name, arguments)
    text = result_text(result)
    progress.result(text)
    if result.is_error:
        raise AgentIncomplete(f"{name} failed", detail=text)
    return result
