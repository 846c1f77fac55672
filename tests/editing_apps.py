"""A post editor whose text fields are editing hosts with no role (tests/test_editing_hosts.py), a class of
real apps, not a copy of one: rich-text editors do not type into an input.

- ``/post/``: "Title" is an input; "Body" is the ``body`` of an ``about:srcdoc`` iframe made
  ``contenteditable`` with an ``aria-label``, as TinyMCE and CKEditor 4 edit; "Summary" is a
  ``div.summary-editor`` made ``contenteditable`` whose placeholder the stylesheet draws from a
  ``data-placeholder`` attribute, as Quill and ProseMirror edit. Neither has a role: Playwright's role engine
  finds no textbox there. "Save" posts the three (``POST /api/posts``) and says what the server kept.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tests.answering_server import Request, answering
from tests.generation_apps import PAGE

BODY_FRAME = ('<!doctype html><html><body class="mce-content-body" contenteditable="true" '
              'aria-label="Rich Text Area"><p><br></p></body></html>')
POST = ("""<style>.summary-editor:empty::before{content:attr(data-placeholder);color:#999}
.summary-editor{border:1px solid #ccc;min-height:2em}</style>
<p><label>Title <input id="title"></label></p>
<iframe id="body-frame" title="Body"></iframe>
<div class="summary-editor" contenteditable="true" data-placeholder="Write a summary"></div>
<button type="button" id="save">Save</button><p role="status" id="said"></p>""",
        """const frame = document.querySelector("#body-frame");
frame.srcdoc = %s;
document.querySelector("#save").addEventListener("click", async () => {
  const post = { title: document.querySelector("#title").value, body: frame.contentDocument.body.innerText.trim(),
                 summary: document.querySelector(".summary-editor").innerText.trim() };
  const answer = await fetch("/api/posts", { method: "POST", body: JSON.stringify(post) });
  const kept = await answer.json();
  document.querySelector("#said").textContent = `Saved ${kept.title}: ${kept.body} (${kept.summary})`;
});""" % json.dumps(BODY_FRAME))


class EditingApps:
    def __init__(self) -> None:
        self.posts: list[dict[str, str]] = []
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        if request.method == "GET" and request.path == "/post/":
            html, script = POST
            return 200, "text/html; charset=utf-8", PAGE.format(title="New post", body=html, script=script)
        if request.method == "POST" and request.path == "/api/posts":
            post = json.loads(request.body)
            with self.lock:
                self.posts.append(post)
            return 201, "application/json", json.dumps(post)
        return 404, "text/plain", "not found"


@contextmanager
def editing_apps() -> Iterator[tuple[str, EditingApps]]:
    apps = EditingApps()
    with answering(apps.answer) as url:
        yield url, apps
