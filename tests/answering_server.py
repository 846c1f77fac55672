"""A test's own app on 127.0.0.1: one function answers every request (GET, POST, HEAD, PUT, DELETE, and
WebDAV's MKCOL and PROPFIND) with a status, a
content type and a text (a redirect's text is where it sends the browser), or a text sent some time after its headers (``LateBody``: a server that streams
its answer, or was paused between the two writes). The fixture apps of one test file (tests/proof_apps.py,
tests/generation_apps.py) are such functions."""

from __future__ import annotations

import threading
import time
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


@dataclass(frozen=True)
class LateBody:
    text: str
    after_s: float             # how long after the headers the body is sent


Answer = Callable[[Request], tuple[int, str, "str | LateBody"]]      # status, content type, text


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
            body = (text.text if isinstance(text, LateBody) else text).encode()
            self.send_response(status)
            self.send_header("Content-Type", kind)
            if 300 <= status < 400:
                self.send_header("Location", body.decode())
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()                  # (sends them)
            if isinstance(text, LateBody):
                time.sleep(text.after_s)
            self.wfile.write(body)

        do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_MKCOL = do_PROPFIND = _serve

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
