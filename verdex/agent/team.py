"""The two agents of ``verdex agent``: a planner that turns the task into a short plan and hands it to
a navigator that carries it out in a ReAct loop (observe → reason → act → observe) with verdex's tools.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents import Agent, FunctionTool, Model, ModelSettings, RunContextWrapper, handoff
from pydantic import BaseModel, Field

from verdex.agent.progress import Progress
from verdex.prompts import WORKING_WITH_FACTS

PLANNER_TOOLS = {"browser_snapshot", "get_ancestors", "get_siblings"}      # looking, never acting

PLANNER = """\
You plan an end-to-end test. The browser shows the app's start page. Look at it with `browser_snapshot`
if that helps, then write a short plan of 2 to 7 steps in the user's terms (what to do on which
element, and the outcome to verify at the end) and hand it to the navigator with transfer_to_navigator.
Do not act on the page yourself."""

NAVIGATOR = """\
You carry out a plan in the browser with verdex's tools, one call at a time, and look at each result
before the next call. Every action and every assertion that holds is recorded; the test is written from
that recording after you finish, so do only what the task needs and verify its outcome.

Task: {task}
The browser is at {base_url}.
Plan:
{plan}

{method}
When the outcome is verified, answer with one short paragraph: what you did and what you verified. If
the task cannot be done, say why instead."""


class Plan(BaseModel):
    steps: list[str] = Field(description="2 to 7 short steps; the last one is the outcome to verify")


@dataclass
class Assignment:
    """What both agents work on: the run's context."""
    task: str
    base_url: str
    plan: list[str] = field(default_factory=list)


def build_planner(model: Model, planner_tools: list[FunctionTool], navigator_tools: list[FunctionTool],
                  progress: Progress) -> Agent[Assignment]:
    settings = ModelSettings(parallel_tool_calls=False)      # one browser: one call after the other
    navigator = Agent[Assignment](name="navigator", instructions=_navigator_instructions, tools=navigator_tools,
                                  model=model, model_settings=settings)

    async def take_plan(context: RunContextWrapper[Assignment], plan: Plan) -> None:
        context.context.plan = plan.steps
        progress.plan(plan.steps)

    return Agent[Assignment](name="planner", instructions=PLANNER, tools=planner_tools, model=model,
                             model_settings=settings,
                             handoffs=[handoff(navigator, input_type=Plan, on_handoff=take_plan)])


def _navigator_instructions(context: RunContextWrapper[Assignment], _: Agent[Any]) -> str:
    assignment = context.context
    plan = "\n".join(f"{n}. {step}" for n, step in enumerate(assignment.plan, 1)) or "(none: work from the task)"
    return NAVIGATOR.format(task=assignment.task, base_url=assignment.base_url, plan=plan, method=WORKING_WITH_FACTS)
