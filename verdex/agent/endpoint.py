"""The model behind ``verdex agent``: any OpenAI-compatible Chat Completions endpoint, named by the
environment, and the one place where the model's errors (OpenAI client, Agents SDK) become verdex's.

    OPENAI_BASE_URL   the server, e.g. http://127.0.0.1:11434/v1 (default: OpenAI's own)
    OPENAI_API_KEY    its key, if it needs one
    VERDEX_MODEL      the model's name on that server
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

import openai
from agents import MaxTurnsExceeded, ModelBehaviorError, OpenAIChatCompletionsModel, set_tracing_disabled
from agents.exceptions import AgentsException

from verdex.errors import AgentIncomplete, ModelUnavailable

# a local server takes any key; the OpenAI client refuses to start without one
KEYLESS = "not-needed"
CONFIGURE = ("set OPENAI_BASE_URL to an OpenAI-compatible server (e.g. http://127.0.0.1:11434/v1), "
             "OPENAI_API_KEY if it needs one, and VERDEX_MODEL to the model's name")


@dataclass(frozen=True)
class Endpoint:
    model: str
    base_url: str | None
    api_key: str

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> Endpoint:
        base_url = env.get("OPENAI_BASE_URL") or None
        api_key = env.get("OPENAI_API_KEY") or None
        model = env.get("VERDEX_MODEL") or None
        if base_url is None and api_key is None:
            raise ModelUnavailable(f"no model endpoint is configured: {CONFIGURE}")
        if model is None:
            raise ModelUnavailable(f"VERDEX_MODEL is not set: {CONFIGURE}")
        return cls(model=model, base_url=base_url, api_key=api_key or KEYLESS)

    def describe(self) -> str:
        return f"{self.model} at {self.base_url or 'the OpenAI API'}"

    def open_client(self) -> openai.AsyncOpenAI:
        """The HTTP client for the endpoint; close it (``async with``) when the run ends."""
        return openai.AsyncOpenAI(base_url=self.base_url, api_key=self.api_key, max_retries=1)

    def chat_model(self, client: openai.AsyncOpenAI) -> OpenAIChatCompletionsModel:
        """Chat Completions, which every compatible server speaks; no trace is exported (tracing
        would send the run to OpenAI's servers)."""
        set_tracing_disabled(True)
        return OpenAIChatCompletionsModel(model=self.model, openai_client=client)


@contextmanager
def translate_model_errors(endpoint: Endpoint, max_turns: int) -> Iterator[None]:
    try:
        yield
    except openai.APIConnectionError as exc:
        raise ModelUnavailable(f"could not reach the model endpoint {endpoint.describe()}",
                               detail=str(exc)) from exc
    except openai.APIStatusError as exc:
        raise ModelUnavailable(f"the model endpoint {endpoint.describe()} answered HTTP {exc.status_code}",
                               detail=exc.message) from exc
    except MaxTurnsExceeded as exc:
        raise AgentIncomplete(f"the turn budget ran out ({max_turns} turns) before the task was done") from exc
    except ModelBehaviorError as exc:
        raise AgentIncomplete("the model's answer could not be used", detail=str(exc)) from exc
    except AgentsException as exc:
        raise AgentIncomplete("the agent run failed", detail=str(exc)) from exc
