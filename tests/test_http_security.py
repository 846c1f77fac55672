"""`verdex serve --transport http` over real HTTP requests: loopback by default, Host and Origin headers
that do not name this machine refused (DNS rebinding), a bearer token required when one is set, and no
serving beyond loopback without one."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from test_transports import REPO, SERVER_START_TIMEOUT_S, free_port, listening_addresses, non_loopback_ipv4, stop, text, wait_for_port

TOKEN = "s3cret-token-for-tests"
INITIALIZE = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "test_http_security", "version": "0"}}})


class Served:
    def __init__(self, proc: subprocess.Popen[Any], host: str, port: int) -> None:
        self.proc, self.host, self.port = proc, host, port

    def post(self, headers: dict[str, str] | None = None, host_header: str | None = None) -> int:
        """POST an MCP initialize request to /mcp; the HTTP status."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=20)
        try:
            conn.putrequest("POST", "/mcp", skip_host=True)
            conn.putheader("Host", host_header or f"{self.host}:{self.port}")
            for name, value in {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                                "Content-Length": str(len(INITIALIZE)), **(headers or {})}.items():
                conn.putheader(name, value)
            conn.endheaders(INITIALIZE.encode())
            return conn.getresponse().status
        finally:
            conn.close()


def _serve(*args: str, host: str = "127.0.0.1", env: dict[str, str] | None = None) -> Iterator[Served]:
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "verdex", "serve", "--transport", "http", "--port", str(port), *args],
                            cwd=REPO, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True, env={**os.environ, **(env or {})})
    try:
        try:
            wait_for_port(port, proc, timeout=SERVER_START_TIMEOUT_S, host=host)
        except AssertionError:
            log.seek(0)
            raise AssertionError(log.read().decode(errors="replace")[-3000:])
        yield Served(proc, host, port)
    finally:
        stop(proc)
        log.close()


@pytest.fixture(scope="module")
def open_server() -> Iterator[Served]:
    yield from _serve()


@pytest.fixture(scope="module")
def token_server() -> Iterator[Served]:
    yield from _serve(env={"VERDEX_TOKEN": TOKEN})


# ------------------------------------------------------------------------------------------- binding
def test_default_binding_is_loopback_only(open_server: Served) -> None:
    assert set(listening_addresses(open_server.port)) == {"127.0.0.1"}


def test_a_non_loopback_address_without_a_token_is_refused_before_serving() -> None:
    port = free_port()
    done = subprocess.run([sys.executable, "-m", "verdex", "serve", "--transport", "http", "--host", "0.0.0.0",
                           "--port", str(port)], cwd=REPO, capture_output=True, text=True, timeout=60,
                          env={k: v for k, v in os.environ.items() if k != "VERDEX_TOKEN"})
    assert done.returncode == 2
    assert "INVALID_ARGUMENT" in done.stderr and "token" in done.stderr
    assert listening_addresses(port) == []


# ---------------------------------------------------------------------------------- Host and Origin
def test_a_loopback_request_is_served(open_server: Served) -> None:
    assert open_server.post() == 200
    assert open_server.post(host_header=f"localhost:{open_server.port}") == 200


def test_a_host_header_naming_another_machine_is_refused(open_server: Served) -> None:
    assert open_server.post(host_header=f"attacker.example:{open_server.port}") == 421
    assert open_server.post(host_header="attacker.example") == 421


def test_a_foreign_origin_is_refused(open_server: Served) -> None:
    assert open_server.post({"Origin": "http://attacker.example"}) == 403
    assert open_server.post({"Origin": f"http://attacker.example:{open_server.port}"}) == 403
    assert open_server.post({"Origin": "null"}) == 403


def test_a_local_origin_is_served(open_server: Served) -> None:
    assert open_server.post({"Origin": f"http://127.0.0.1:{open_server.port}"}) == 200
    assert open_server.post({"Origin": "http://localhost:3000"}) == 200


# ------------------------------------------------------------------------------------------- token
def test_with_a_token_a_request_without_it_is_refused(token_server: Served) -> None:
    assert token_server.post() == 401
    assert token_server.post({"Authorization": "Bearer wrong"}) == 401
    assert token_server.post({"Authorization": TOKEN}) == 401


def test_with_a_token_a_request_carrying_it_is_served(token_server: Served) -> None:
    assert token_server.post({"Authorization": f"Bearer {TOKEN}"}) == 200


def test_the_token_does_not_lift_the_origin_check(token_server: Served) -> None:
    assert token_server.post({"Authorization": f"Bearer {TOKEN}", "Origin": "http://attacker.example"}) == 403


@pytest.mark.anyio
async def test_an_mcp_client_with_the_token_lists_and_calls_tools(token_server: Served) -> None:
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=httpx2.Timeout(30, read=120))
    async with http, Client(streamable_http_client(f"http://127.0.0.1:{token_server.port}/mcp", http_client=http)) as c:
        names = {t.name for t in (await c.list_tools()).tools}
        assert "browser_snapshot" in names
        refused = await c.call_tool("browser_navigate", {"url": "file:///etc/passwd"})
        assert refused.is_error and "POLICY_DENIED: " in text(refused)


def test_a_non_loopback_address_with_a_token_serves_only_with_the_token() -> None:
    address = non_loopback_ipv4()
    if address is None:
        pytest.skip("this machine has no non-loopback IPv4 address")
    for served in _serve("--host", address, "--token", TOKEN, host=address):
        assert listening_addresses(served.port) == [address]
        assert served.post() == 401
        assert served.post({"Authorization": f"Bearer {TOKEN}"}) == 200
        assert served.post({"Authorization": f"Bearer {TOKEN}"}, host_header=f"attacker.example:{served.port}") == 421
