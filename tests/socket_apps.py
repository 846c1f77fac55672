"""Small apps whose state lives on their server and reaches it over one websocket, as Python-defined UIs
drawn by a front end do (each a class of real apps, not a copy of one). One server answers both: the
page over HTTP, its socket at ``/socket``; each socket is a client with its own state.

- ``/tasks/``: a "New task" field whose value the page sends to the server ``SEND_AFTER_MS`` after the
  last key (a debounced field: the server holds its own copy), and "Add", which tells the server to add
  the copy it holds: "Added …", the list drawn again and the field emptied, all from the server's
  answer; with nothing held, "Type a task first";
- ``/filter/``: "All", "Low" and "High" as toggle buttons over the tasks; a click sends its choice, and
  the page presses the button and draws the rows only from the server's answer, which comes
  ``ANSWER_AFTER_MS`` later (a server that filters its data): clicked at once, a second choice finds the
  first one's answer still to come.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http import HTTPStatus

from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.sync.server import ServerConnection, serve

SEND_AFTER_MS = 300
ANSWER_AFTER_MS = 200
TASKS = [{"name": "Water plants", "priority": "Low"}, {"name": "File taxes", "priority": "High"}]
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main><h1>{title}</h1>{body}</main><script>
const socket = new WebSocket("ws://" + location.host + "/socket");
const draw = (tasks) => document.querySelector("#tasks").replaceChildren(...tasks.map((task) =>
  Object.assign(document.createElement("li"), {{ textContent: task.name + " (" + task.priority + ")" }})));
{script}</script></body></html>"""
TASKS_PAGE = ("<label>New task <input id='task'></label> <button type='button' id='add'>Add</button>"
              "<p role='status'></p><ul id='tasks'></ul>",
              f"""const field = document.querySelector("#task");
let pending;
field.addEventListener("input", () => {{
  clearTimeout(pending);
  pending = setTimeout(() => socket.send(JSON.stringify({{ set: field.value }})), {SEND_AFTER_MS});
}});
document.querySelector("#add").addEventListener("click", () => socket.send(JSON.stringify({{ add: true }})));
socket.addEventListener("message", (event) => {{
  const said = JSON.parse(event.data);
  if (said.tasks) draw(said.tasks);
  if (said.status !== undefined) document.querySelector("[role=status]").textContent = said.status;
  if (said.field !== undefined) field.value = said.field;
}});""")
FILTER_PAGE = ("<div role='group' aria-label='Priority'>"
               + "".join(f"<button type='button' aria-pressed='{'true' if choice == 'All' else 'false'}'>{choice}"
                         "</button>" for choice in ("All", "Low", "High"))
               + "</div><ul id='tasks'></ul>",
               """for (const button of document.querySelectorAll("[aria-pressed]"))
  button.addEventListener("click", () => socket.send(JSON.stringify({ show: button.textContent })));
socket.addEventListener("message", (event) => {
  const said = JSON.parse(event.data);
  if (said.shown) for (const button of document.querySelectorAll("[aria-pressed]"))
    button.setAttribute("aria-pressed", String(button.textContent === said.shown));
  if (said.tasks) draw(said.tasks);
});""")
PAGES = {"/tasks/": ("Tasks", *TASKS_PAGE), "/filter/": ("Filter", *FILTER_PAGE)}


def _client(connection: ServerConnection) -> None:
    """One page's state on the server: what its field last sent, its tasks, its filter; until the page goes."""
    with contextlib.suppress(ConnectionClosed):
        _serve_client(connection)


def _serve_client(connection: ServerConnection) -> None:
    tasks, held = list(TASKS), ""
    connection.send(json.dumps({"tasks": tasks}))
    for message in connection:
        said = json.loads(message)
        if "set" in said:
            held = said["set"]
            connection.send(json.dumps({"held": held}))
        elif "add" in said:
            if not held.strip():
                connection.send(json.dumps({"status": "Type a task first"}))
                continue
            tasks.append({"name": held.strip(), "priority": "Normal"})
            connection.send(json.dumps({"tasks": tasks}))
            connection.send(json.dumps({"status": f"Added {held.strip()}", "field": ""}))
            held = ""
        elif "show" in said:
            time.sleep(ANSWER_AFTER_MS / 1000)
            shown = [t for t in tasks if said["show"] in ("All", t["priority"])]
            connection.send(json.dumps({"shown": said["show"], "tasks": shown}))


def _page(connection: ServerConnection, request: Request) -> Response | None:
    """The pages over plain HTTP; None lets a socket's upgrade through."""
    if request.path == "/socket":
        return None
    if request.path not in PAGES:
        return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
    title, body, script = PAGES[request.path]
    text = PAGE.format(title=title, body=body, script=script).encode()
    return Response(200, "OK", Headers([("Content-Type", "text/html; charset=utf-8"),
                                        ("Content-Length", str(len(text)))]), text)


@contextmanager
def socket_apps() -> Iterator[str]:
    """The apps' base URL while they serve."""
    with serve(_client, "127.0.0.1", 0, process_request=_page) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.socket.getsockname()[1]}"
        finally:
            server.shutdown()
