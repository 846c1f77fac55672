"""An issue tracker rendered on the server, as Redmine's: "Create" posts the new issue's subject, the server
numbers it with a counter of its own and answers 303 to ``/tracker/issues/<N>``, whose page says once "Issue #N
created." (a flash kept for the next page) above the subject. Every run makes the next number. The form asks a
user name and a password with the subject, and lists the issues made so far with the user name each was made with.

- ``/tracker/issues/new`` the form; ``POST /tracker/issues``; ``/tracker/issues/<N>``.
- As Roundup names a record, its kind and number in one segment: ``/tracker/issue/new``; ``POST /tracker/issue``;
  ``/tracker/issue<N>``."""

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
<form method="post" action="{action}"><label>User name <input name="user"></label>
<label>Password <input type="password" name="password"></label>
<label>Subject <input name="subject"></label>
<button>Create</button></form>
<table><caption>Issues</caption>{rows}</table>"""
ISSUE = re.compile(r"^/tracker/issue(?:s/)?(\d+)$")
# where the form posts → where the new issue's page is
ISSUES = {"/tracker/issues": "/tracker/issues/{}", "/tracker/issue": "/tracker/issue{}"}


class Tracker:
    def __init__(self) -> None:
        self.subjects: list[str] = []
        self.reporters: list[str] = []      # the user name each issue was created with
        self.flash = ""
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        path = request.path.split("?")[0]
        if path in ("/tracker/issues/new", "/tracker/issue/new"):
            rows = "".join(f"<tr><td>{html.escape(subject)}</td><td>{html.escape(user)}</td></tr>"
                           for subject, user in zip(self.subjects, self.reporters))
            return 200, "text/html", PAGE.format(title="New issue", body=FORM.format(action=path.removesuffix("/new"),
                                                                                     rows=rows))
        if request.method == "POST" and path in ISSUES:
            with self.lock:
                sent = parse_qs(request.body.decode())
                self.subjects.append(sent.get("subject", [""])[0])
                self.reporters.append(sent.get("user", [""])[0])
                number = len(self.subjects)
                self.flash = f"Issue #{number} created."
            return 303, "text/plain", ISSUES[path].format(number)
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
