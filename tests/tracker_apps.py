"""An issue tracker rendered on the server, as Redmine's: "Create" posts the new issue's subject, the server
numbers it with a counter of its own and answers 303 to ``/tracker/issues/<N>``, whose page says once "Issue #N
created." (a flash kept for the next page) above the subject. Every run makes the next number.

- ``/tracker/issues/new`` the form; ``POST /tracker/issues``; ``/tracker/issues/<N>``."""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs

from tests.answering_server import Request, answering

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main>{body}</main></body></html>"""
FORM = """<h1>New issue</h1>
<form method="post" action="/tracker/issues"><label>Subject <input name="subject"></label>
<button>Create</button></form>"""
ISSUE = re.compile(r"^/tracker/issues/(\d+)$")


class Tracker:
    def __init__(self) -> None:
        self.subjects: list[str] = []
        self.flash = ""
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        path = request.path.split("?")[0]
        if path == "/tracker/issues/new":
            return 200, "text/html", PAGE.format(title="New issue", body=FORM)
        if request.method == "POST" and path == "/tracker/issues":
            with self.lock:
                self.subjects.append(parse_qs(request.body.decode()).get("subject", [""])[0])
                number = len(self.subjects)
                self.flash = f"Issue #{number} created."
            return 303, "text/plain", f"/tracker/issues/{number}"
        shown = ISSUE.match(path)
        if shown and 0 < int(shown.group(1)) <= len(self.subjects):
            with self.lock:
                flash, self.flash = self.flash, ""
            subject = html.escape(self.subjects[int(shown.group(1)) - 1])
            notice = f'<div role="status">{flash}</div>' if flash else ""
            return 200, "text/html", PAGE.format(title="Issue", body=f"{notice}<h1>{subject}</h1>")
        return 404, "text/plain", "not found"


@contextmanager
def tracker_apps() -> Iterator[str]:
    tracker = Tracker()

    def answer(request: Request) -> tuple[int, str, str]:
        status, kind, text = tracker.answer(request)
        return status, kind + "; charset=utf-8", text

    with answering(answer) as url:
        yield url
