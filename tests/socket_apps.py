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
  first one's answer still to come;
- ``/groups/``: the server's groups, one list for every page (a system's, as Cockpit's are); "Create new
  group" opens a dialog whose "Create" is disabled at its click and sends the name: the server answers
  ``CREATE_AFTER_S`` later (a command it runs) and only then keeps the group, and the page removes the
  dialog on that answer. A page that goes before the answer has come cuts the command off.
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
GROUPS_PAGE = ("<button type='button' id='new'>Create new group</button><ul id='groups'></ul>"
               "<div role='dialog' aria-label='Create new group' hidden><label>Name <input id='name'></label>"
               "<button type='button' id='create'>Create</button></div>",
               """const dialog = document.querySelector("[role=dialog]");
document.querySelector("#new").addEventListener("click", () => { dialog.hidden = false; });
document.querySelector("#create").addEventListener("click", (event) => {
  event.target.disabled = true;
  socket.send(JSON.stringify({ create: document.querySelector("#name").value }));
});
socket.addEventListener("message", (event) => {
  const said = JSON.parse(event.data);
  if (said.created) dialog.remove();
  if (said.groups) document.querySelector("#groups").replaceChildren(...said.groups.map((name) =>
    Object.assign(document.createElement("li"), { textContent: name })));
});""")
PAGES = {"/tasks/": ("Tasks", *TASKS_PAGE), "/filter/": ("Filter", *FILTER_PAGE), "/groups/": ("Groups", *GROUPS_PAGE)}
GROUPS: list[str] = []
CREATE_AFTER_S = 0.2


def _client(connection: ServerConnection) -> None:
    """One page's state on the server: what its field last sent, its tasks, its filter; until the page goes."""
    with contextlib.suppress(ConnectionClosed):
        _serve_client(connection)


def _serve_client(connection: ServerConnection) -> None:
    tasks, held = list(TASKS), ""
    connection.send(json.dumps({"tasks": tasks, "groups": GROUPS}))
    for message in connection:
        said = json.loads(message)
        if "create" in said:
            time.sleep(CREATE_AFTER_S)
            connection.send(json.dumps({"created": said["create"]}))      # a page that has gone is not answered
            GROUPS.append(said["create"])
            connection.send(json.dumps({"groups": GROUPS}))
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
