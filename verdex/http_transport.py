"""Serving the MCP server over streamable HTTP, safely.

- Bound to ``127.0.0.1`` by default. Binding anywhere else needs a bearer token: a server that
  drives a browser must not be open to the network without one.
- DNS rebinding protection (the SDK's ``TransportSecuritySettings``): the ``Host`` header must name
  a loopback address (or the address the server is bound to), and an ``Origin`` header, when sent,
  must be a loopback origin (or that address): a web page the user visits cannot drive verdex
  through a hostname that resolves to 127.0.0.1.
- An optional bearer token (``--token`` or ``VERDEX_TOKEN``): when set, every request must carry
  ``Authorization: Bearer <token>``; anything else gets 401.
"""

from __future__ import annotations

import hmac
import ipaddress
import socket
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from verdex.errors import InvalidArgument

TOKEN_ENV = "VERDEX_TOKEN"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_binding(host: str, token: str | None) -> None:
    """Refuse to serve a non-loopback address without a token."""
    if not is_loopback(host) and not token:
        raise InvalidArgument(f"refusing to serve on {host!r} without a bearer token: pass --token or set {TOKEN_ENV} "
                              "(or bind to 127.0.0.1)", host=host)


def security_settings(host: str) -> TransportSecuritySettings:
    """Host and Origin headers allowed: loopback names, plus the bound address (every local address
    of this machine when bound to a wildcard)."""
    names = list(LOOPBACK_HOSTS)
    if not is_loopback(host):
        names += _local_addresses() if host in WILDCARD_HOSTS else [_bracketed(host)]
    return TransportSecuritySettings(enable_dns_rebinding_protection=True,
                                     allowed_hosts=[f"{name}:*" for name in names],
                                     allowed_origins=[f"{scheme}://{name}:*" for name in names
                                                      for scheme in ("http", "https")])


def _local_addresses() -> list[str]:
    names = {socket.gethostname(), socket.getfqdn()}
    for family, *_, address in socket.getaddrinfo(socket.gethostname(), None):
        names.add(_bracketed(address[0]) if family == socket.AF_INET6 else address[0])
    return sorted(n for n in names if n)


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class BearerToken:
    """ASGI middleware: every HTTP request must carry ``Authorization: Bearer <token>``."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            given = dict(scope["headers"]).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                response = Response("missing or wrong bearer token", status_code=401,
                                    headers={"WWW-Authenticate": 'Bearer realm="verdex"'})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def http_app(server: MCPServer, host: str, token: str | None) -> Any:
    """The streamable HTTP app at ``/mcp`` with the checks above."""
    check_binding(host, token)
    app = server.streamable_http_app(host=host, transport_security=security_settings(host))
    return BearerToken(app, token) if token else app


async def serve_http(server: MCPServer, host: str, port: int, token: str | None) -> None:
    import uvicorn
    config = uvicorn.Config(http_app(server, host, token), host=host, port=port, log_level="warning")
    await uvicorn.Server(config).serve()
