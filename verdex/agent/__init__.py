"""``verdex agent``: a planner and a navigator agent (OpenAI Agents SDK, any OpenAI-compatible model)
explore an app with verdex's own tools and export the recorded session as a resilient test.

    module        one reason to change
    endpoint.py   which model, from the environment; the model's errors translated
    tools.py      verdex's MCP tools as function tools (forwarded in-process, not reimplemented)
    team.py       the planner, the navigator, the handoff with the plan
    progress.py   what the run says on stderr
    run.py        one run: server, opening navigation, the agents, the export
"""

from importlib.util import find_spec

from verdex.errors import MissingExtra

if find_spec("agents") is None:
    raise MissingExtra("verdex agent runs on the OpenAI Agents SDK, which is not installed: "
                       "pip install 'verdex[agent]'")

from verdex.agent.endpoint import Endpoint  # noqa: E402  (after the check: it imports the SDK)
from verdex.agent.run import DEFAULT_MAX_TURNS, Outcome, Request, run_agent  # noqa: E402

__all__ = ["DEFAULT_MAX_TURNS", "Endpoint", "Outcome", "Request", "run_agent"]
