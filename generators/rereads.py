"""Reads an app repeats, which an action did not ask for: many apps read some of their own state again on
whatever the user does (who is signed in, their settings, their tips), and skip that read while the copy
they hold is fresh (a query cache's stale time). The recording, made at an agent's pace, sees the read again
on an action that only opened a dialog, answered just before the page changed; a test that runs faster than
the agent did finds the copy fresh, the app asks nothing, and a wait for that answer times out (Label Studio's
Danger Zone "Delete Project" waited for ``GET /api/current-user/whoami``).

The evidence is in the recording: the page had an answer to the same read (the same method and the same URL,
its whole query) before the action, in the same document (as it loaded, or at an earlier step on it: a copy the
app holds lives as long as its document); the read names no record (no id, no name the server made: who is
signed in, the app's version, its tips — its own state); and the action gave the app no reason to ask again: it
sent the server no change (no POST, PUT, PATCH or DELETE answered) and the page stayed at its URL (no route, no
navigation). Such a read is the app refreshing what it holds, not what the action asked; the test waits for
nothing of it, and what the action drew is found by the next step's own waits. A read the action did cause
differs in something the recording saw: a query holding what was typed or chosen (another URL), a route that
mounts its own views (the URL moved), data made stale by the change it sent, a record it points at (a row's edit
dialog loads that row each time it opens, as Superset's does, though the row's page read it before)."""

from __future__ import annotations

from urllib.parse import urlsplit

from verdex.facts import Effects, RequestEffect
from verdex.generators.periodic import not_the_actions
from verdex.generators.waits import CHANGING_METHODS, names_a_record
from verdex.recording_format import Step

READ_METHODS = frozenset({"GET", "HEAD"})
NEW_DOCUMENT_TOOLS = frozenset({"browser_navigate", "browser_back", "browser_forward", "browser_reload",
                                "browser_tab_close"})


def answered_before(steps: list[Step]) -> list[frozenset[str]]:
    """For each step (by its position), the reads its page had answers to before its action, in the document it
    acts on: as the document loaded, at the earlier steps on it (their actions, what the page asked between
    them). A copy the app holds lives as long as its document: a new one (a navigation, back, forward, reload,
    an action that loaded another page) holds nothing, nor does another tab or role."""
    answered: dict[tuple[str | None, str], set[str]] = {}
    out = []
    for record in steps:
        if record.tool == "browser_state_load":          # the role's tabs closed
            answered = {key: reads for key, reads in answered.items() if key[0] != record.role}
        page = answered.setdefault((record.role, record.tab), set())
        if record.tool in NEW_DOCUMENT_TOOLS:
            page.clear()
        page |= _reads(record.startup.requests if record.startup else [])
        page |= _reads(record.requests_before)
        out.append(frozenset(page))
        if record.effects is not None and record.effects.navigated:
            page.clear()               # what it read came to the document it left, or to the new one's load
        else:
            page |= _reads(record.effects.requests if record.effects else [])
    return out


def without_rereads(effects: Effects | None, answered: frozenset[str], timers: frozenset[str] = frozenset(),
                    made: frozenset[str] = frozenset()) -> tuple[Effects | None, list[RequestEffect]]:
    """The action's effects without the reads of the app's own state it re-read with no reason to (``answered``:
    the reads answered before it), and those reads: none when the action sent the server a change (a timer's,
    ``timers``, is not the action's) or moved the page. A read that names one record (an id, or a name the server
    made, ``made``) is the record the action points at, asked anew each time (a row's edit dialog loads the row)."""
    if effects is None or effects.navigated or effects.moved or any(
            r.method in CHANGING_METHODS and r.status and r.status < 400 and not r.failed
            and not not_the_actions(r, timers) for r in effects.requests):
        return effects, []
    reread = [r for r in effects.requests
              if r.method in READ_METHODS and _read(r) in answered and not names_a_record(r.url, made)]
    if not reread:
        return effects, []
    return effects.model_copy(update={"requests": [r for r in effects.requests if r not in reread]}), reread


def _reads(requests: list[RequestEffect]) -> set[str]:
    """The reads among ``requests`` the page had an answer to: a copy it may hold."""
    return {_read(r) for r in requests if r.method in READ_METHODS and r.status and r.status < 400 and not r.failed}


def _read(request: RequestEffect) -> str:
    """The same read made again: its method and its URL, the whole query (what was typed or chosen in it), no
    fragment (never sent)."""
    return f"{request.method} {request.url.partition('#')[0]}"


def reread_reason(reread: list[RequestEffect]) -> str:
    """What a test says where it waits for none of them."""
    reads = ", ".join(dict.fromkeys(f"{r.method} {urlsplit(r.url).path}" for r in reread))
    return (f"{reads}: no record named, answered before, and the action sent no change and stayed at its URL: "
            "the app read its own state again (it may not, while its copy is fresh), so the test does not wait for it")
