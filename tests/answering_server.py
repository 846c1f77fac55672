"""A test's own app on 127.0.0.1: one function answers every request (GET, POST, HEAD) with a status, a
content type and a text. The fixture apps of one test file (tests/proof_apps.py,
tests/generation_apps.py) are such functions."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass(frozen=True)
class Request:
    method: str
    path: str                  # with its query
    headers: dict[str, str]
    body: bytes


Answer = Callable[[Request], tuple[int, str, str]]      # status, content type, text


@contextmanager
def answering(answer: Answer, port: int = 0) -> Iterator[str]:
    """The app's base URL while it serves."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            status, kind, text = answer(Request(self.command, self.path, dict(self.headers),
                                                self.rfile.read(length) if length else b""))
            body = text.encode()
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_HEAD = _serve

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
