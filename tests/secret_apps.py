"""A small app whose flow types two secrets into two fields of the same name (tests/test_two_secrets.py), a
class of real apps, not a copy of one:

- ``/vault/``: a sign-in form ("Password", a field with neither a name nor an id, as a script renders it);
  "Sign in" posts it (``POST /api/vault/login``) and, when the server takes it, the form gives way to a
  "Connect a database" form whose own field is labelled "Password" too (a database's password, which the
  app passes on); "Connect" posts that one (``POST /api/vault/connect``), and the page says what the server
  answered: "Connected to the database" or "Wrong database password". The server takes ``ACCOUNT_PASSWORD``
  to sign in and ``DATABASE_PASSWORD`` to connect, as an admin tool signs its user in and then registers a
  server with the server's own password (pgAdmin's login, then its Register - Server dialog).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from tests.answering_server import Request, answering
from tests.generation_apps import PAGE

ACCOUNT_PASSWORD = "account-s3cret"
DATABASE_PASSWORD = "database-0ther"

VAULT = ("""<section id="step"><h2>Sign in</h2><label>Password <input type="password"></label>
<button type="button">Sign in</button></section><p role="status"></p>""",
         """const step = document.querySelector("#step");
const said = document.querySelector("[role=status]");
const post = (path, password) => fetch(path, { method: "POST", body: JSON.stringify({ password }) })
  .then((r) => r.json());
step.querySelector("button").addEventListener("click", async () => {
  const answer = await post("/api/vault/login", step.querySelector("input").value);
  if (!answer.ok) { said.textContent = "Wrong account password"; return; }
  said.textContent = "";
  step.innerHTML = '<h2>Connect a database</h2><label>Password <input type="password"></label>' +
    '<button type="button">Connect</button>';
  step.querySelector("button").addEventListener("click", async () => {
    const connected = await post("/api/vault/connect", step.querySelector("input").value);
    said.textContent = connected.ok ? "Connected to the database" : "Wrong database password";
  });
});""")


def answer(request: Request) -> tuple[int, str, str]:
    if request.method == "GET" and request.path == "/vault/":
        return 200, "text/html; charset=utf-8", PAGE.format(title="Vault", body=VAULT[0], script=VAULT[1])
    wanted = {"/api/vault/login": ACCOUNT_PASSWORD, "/api/vault/connect": DATABASE_PASSWORD}
    if request.method == "POST" and request.path in wanted:
        typed = json.loads(request.body)["password"]
        return 200, "application/json", json.dumps({"ok": typed == wanted[request.path]})
    return 404, "text/plain", "not found"


@contextmanager
def secret_apps() -> Iterator[str]:
    with answering(answer) as url:
        yield url
