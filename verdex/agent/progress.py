"""What ``verdex agent`` says on stderr while it works: the plan, each tool call with a one-line
result, what the model says between calls, and the handoff."""

from __future__ import annotations

import re
import sys
from typing import Any, TextIO

from agents import Agent, RunContextWrapper, RunHooks, Tool
from agents.items import ModelResponse

LINE_WIDTH = 160
_CODE = re.compile(r"^[A-Z][A-Z_]{3,}:")


def one_line(text: str, width: int = LINE_WIDTH, lines: int = 1) -> str:
    """The first lines of a text, joined and cut to one terminal line."""
    kept = [" ".join(line.split()) for line in text.strip().splitlines()[:lines]]
    line = " · ".join(kept) or "(empty)"
    return line if len(line) <= width else line[: width - 1] + "…"


class Progress(RunHooks[Any]):
    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream                      # None: whatever sys.stderr is when a line is said
        self.tool_calls = 0
        self.refused = 0                          # results that came back with an error code

    def say(self, text: str) -> None:
        print(text, file=self.stream or sys.stderr, flush=True)

    def plan(self, steps: list[str]) -> None:
        self.say("plan:")
        for number, step in enumerate(steps, 1):
            self.say(f"  {number}. {one_line(step)}")

    def call(self, agent: str, name: str, arguments: str) -> None:
        self.tool_calls += 1
        self.say(f"[{agent}] → {name} {one_line(arguments or '{}')}")

    def result(self, text: str) -> None:
        failed = bool(_CODE.match(text))
        self.refused += failed
        # a result's first two lines say what happened and where (the URL, or the locator used)
        self.say(f"    {'✗' if failed else '✓'} {one_line(text, lines=1 if failed else 2)}")

    async def on_tool_start(self, context: RunContextWrapper[Any], agent: Agent[Any], tool: Tool) -> None:
        self.call(agent.name, tool.name, getattr(context, "tool_arguments", ""))

    async def on_tool_end(self, context: RunContextWrapper[Any], agent: Agent[Any], tool: Tool,
                          result: object) -> None:
        self.result(str(result))

    async def on_handoff(self, context: RunContextWrapper[Any], from_agent: Agent[Any],
                         to_agent: Agent[Any]) -> None:
        self.say(f"[{from_agent.name}] hands off to the {to_agent.name}")

    async def on_llm_end(self, context: RunContextWrapper[Any], agent: Agent[Any],
                         response: ModelResponse) -> None:
        for item in response.output:
            for part in getattr(item, "content", None) or []:
                text = getattr(part, "text", None)
                if isinstance(text, str) and text.strip():
                    self.say(f"[{agent.name}] {one_line(text)}")
