"""``verdex agent``: a planner and a navigator agent (OpenAI Agents SDK, any OpenAI-compatible model)
explore an app with verdex's own tools and export the recorded session as a resilient test.

    module        one reason to change
    endpoint.py   which model, from the environment; the model's errors translated
    tools.py      verdex's MCP tools as function tools (forwarded in-process, not reimplemented)
    team.py       the planner, the navigator, the handoff with the plan
    progress.py   what the run says on stderr
    run.py        one run: server, opening navigation, the agents, the export
"""

from verdex.agent.endpoint import Endpoint
from verdex.agent.run import DEFAULT_MAX_TURNS, Outcome, Request, run_agent

__all__ = ["DEFAULT_MAX_TURNS", "Endpoint", "Outcome", "Request", "run_agent"]
