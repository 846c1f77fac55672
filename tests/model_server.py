"""A local OpenAI-compatible model server that replays scripted turns: test support, not product.

``POST /v1/chat/completions`` hands the request (messages and tools) to a script, a function of what
the model would see, and answers with the script's turn: text, or tool calls. A script chooses its
calls from the real tool outputs in the messages (the snapshot text a model reads), so everything
between the model and the browser — the Agents SDK, handoffs, verdex's tools — runs for real.

    def script(chat: Chat) -> Turn:
        if not chat.calls():
            return Turn.call("browser_snapshot")
        return Turn.say("done")

    with ModelServer(script) as model:
        env = {"OPENAI_BASE_URL": model.url, "VERDEX_MODEL": model.model}

Streaming is not served: ``Runner.run`` asks for whole responses.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Call:
    """One tool call the model made, with the output it got back (None if not answered yet)."""
    name: str
    arguments: dict[str, Any]
    output: str | None


@dataclass(frozen=True)
class Chat:
    """One chat/completions request, as the script sees it."""
    body: dict[str, Any]

    @property
    def messages(self) -> list[dict[str, Any]]:
        return self.body.get("messages", [])

    @property
    def tool_names(self) -> set[str]:
        return {t["function"]["name"] for t in self.body.get("tools", []) if t.get("type") == "function"}

    @property
    def system(self) -> str:
        return "\n".join(_text(m) for m in self.messages if m.get("role") in ("system", "developer"))

    def calls(self, after: str | None = None) -> list[Call]:
        """The tool calls in the conversation, oldest first; with ``after``, only those after the last
        call of that tool (e.g. after the handoff)."""
        outputs = {m.get("tool_call_id"): _text(m) for m in self.messages if m.get("role") == "tool"}
        out = []
        for message in self.messages:
            for call in message.get("tool_calls") or []:
                function = call["function"]
                try:
                    arguments = json.loads(function.get("arguments") or "{}")
                except json.JSONDecodeError:
                    arguments = {}
                out.append(Call(function["name"], arguments, outputs.get(call["id"])))
        if after is not None:
            last = max((i for i, c in enumerate(out) if c.name == after), default=None)
            out = out[last + 1:] if last is not None else out
        return out


@dataclass(frozen=True)
class Turn:
    text: str | None = None
    tool_calls: tuple[tuple[str, dict[str, Any]], ...] = ()

    @classmethod
    def say(cls, text: str) -> Turn:
        return cls(text=text)

    @classmethod
    def call(cls, name: str, **arguments: Any) -> Turn:
        return cls(tool_calls=((name, arguments),))


Script = Callable[[Chat], Turn]


@dataclass
class ModelServer:
    script: Script
    model: str = "scripted"
    chats: list[Chat] = field(default_factory=list)
    _server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        assert self._server is not None, "the model server is not started"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> ModelServer:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def complete(self, body: dict[str, Any]) -> dict[str, Any]:
        chat = Chat(body)
        self.chats.append(chat)
        turn = self.script(chat)
        number = len(self.chats)
        message: dict[str, Any] = {"role": "assistant", "content": turn.text}
        if turn.tool_calls:
            message["tool_calls"] = [
                {"id": f"call_{number}_{i}", "type": "function",
                 "function": {"name": name, "arguments": json.dumps(arguments)}}
                for i, (name, arguments) in enumerate(turn.tool_calls)]
        return {"id": f"chatcmpl-{number}", "object": "chat.completion", "created": int(time.time()),
                "model": self.model,
                "choices": [{"index": 0, "message": message,
                             "finish_reason": "tool_calls" if turn.tool_calls else "stop"}],
                "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._send(HTTPStatus.OK, {"object": "list", "data": [{"id": model.model, "object": "model"}]})
                else:
                    self._send(HTTPStatus.NOT_FOUND, {"error": {"message": f"no route {self.path}"}})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                if not self.path.endswith("/chat/completions"):
                    self._send(HTTPStatus.NOT_FOUND, {"error": {"message": f"no route {self.path}"}})
                elif body.get("stream"):
                    self._send(HTTPStatus.BAD_REQUEST, {"error": {"message": "streaming is not served"}})
                else:
                    try:
                        self._send(HTTPStatus.OK, model.complete(body))
                    except Exception as exc:           # the script failed: the client sees why
                        self._send(HTTPStatus.INTERNAL_SERVER_ERROR,
                                   {"error": {"message": f"script failed: {type(exc).__name__}: {exc}"}})

            def _send(self, status: HTTPStatus, data: dict[str, Any]) -> None:
                payload = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        return Handler


def _text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""
