"""A proposal wizard rendered on the server, as pretalx's: "Submit a proposal" links to ``/wizard/submit/``, which
the server answers with a redirect to a draft of its own, ``/wizard/<key>/info/``, its key new on every visit
(letters of both cases, as Django's ``get_random_string``). Its form posts to the same URL and is answered with a
redirect to ``/wizard/<key>/done/``, which says "Proposal received: <title>"."""

from __future__ import annotations

import html
import re
import secrets
import string
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs

from tests.answering_server import Request, answering

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main>{body}</main></body></html>"""
START = '<h1>LabConf</h1><a href="/wizard/submit/">Submit a proposal</a>'
INFO = """<h1>Your proposal</h1><form method="post"><label>Proposal title <input name="title"></label>
<button>Continue</button></form>"""
HTML = "text/html; charset=utf-8"
TEXT = "text/plain; charset=utf-8"
STEP = re.compile(r"^/wizard/([A-Za-z]{6})/(info|done)/$")


def draft_key() -> str:
    """Six letters with a capital after the first, as a random key of both cases nearly always has."""
    return secrets.choice(string.ascii_lowercase) + secrets.choice(string.ascii_uppercase) + "".join(
        secrets.choice(string.ascii_letters) for _ in range(4))


class Wizard:
    def __init__(self) -> None:
        self.titles: dict[str, str] = {}
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        path = request.path.split("?")[0]
        if path == "/wizard/":
            return 200, HTML, PAGE.format(title="LabConf", body=START)
        if path == "/wizard/submit/":
            key = draft_key()
            with self.lock:
                self.titles[key] = ""
            return 302, TEXT, f"/wizard/{key}/info/"
        step = STEP.match(path)
        if not step or step.group(1) not in self.titles:
            return 404, TEXT, "not found"
        key, name = step.groups()
        if name == "info" and request.method == "POST":
            with self.lock:
                self.titles[key] = parse_qs(request.body.decode()).get("title", [""])[0]
            return 302, TEXT, f"/wizard/{key}/done/"
        if name == "info":
            return 200, HTML, PAGE.format(title="Your proposal", body=INFO)
        title = html.escape(self.titles[key])
        return 200, HTML, PAGE.format(title="Done", body=f"<p>Proposal received: {title}</p>")


@contextmanager
def wizard_apps() -> Iterator[str]:
    with answering(Wizard().answer) as url:
        yield url
