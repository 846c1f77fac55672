"""Values a page set from an answer that changes at every load: Syncthing's Add Folder fills Folder ID from
``GET /rest/svc/random/string``, a new id each time it is asked, and verdex proposed "verify: e54 has value
"snpmk-wwkpo"" as the action's outcome, which no other run shows. A value the action set in a field that an
answer to one of the action's GETs held is asked about once more: the same GET asked again (with the headers the
page sent: its CSRF token), and when the new answer no longer holds the value, the value is the server's anew at
each load, not an outcome to assert."""

from __future__ import annotations

import asyncio

from playwright.async_api import APIRequestContext
from playwright.async_api import Error as PlaywrightError

from verdex.browser.network import RequestRecord
from verdex.facts import Proposal

ASKED_AGAIN_AT_MOST = 3         # GETs asked again per action
ASK_AGAIN_TIMEOUT_MS = 5_000


async def without_values_made_anew(proposed: list[Proposal], records: list[RequestRecord],
                                   asking: APIRequestContext) -> list[Proposal]:
    """``proposed`` without the values the page set from an answer that changes at every load."""
    values = [p.value for p in proposed if p.kind == "value"]
    anew = await made_anew(records, values, asking) if values else frozenset()
    return [p for p in proposed if not (p.kind == "value" and p.value in anew)]


async def made_anew(records: list[RequestRecord], values: list[str], asking: APIRequestContext) -> frozenset[str]:
    """The ``values`` that an answer to one of ``records``' GETs held and the same GET asked again does not."""
    gets = [r for r in records if r.method == "GET" and r.answer is not None and r.status is not None
            and 200 <= r.status < 300][:ASKED_AGAIN_AT_MOST]
    wanted = [value for value in dict.fromkeys(values) if len(value.strip()) >= 3]
    anew: set[str] = set()
    for record in gets:
        held = [value for value in wanted if value not in anew and value in await _text(record)]
        if not held:
            continue
        again = await _asked_again(record, asking)
        if again is not None:
            anew.update(value for value in held if value not in again)
    return frozenset(anew)


async def _text(record: RequestRecord) -> str:
    try:
        return await record.answer.text() if record.answer is not None else ""
    except (PlaywrightError, UnicodeDecodeError):
        return ""                # its body gone (the page navigated), or no text


async def _asked_again(record: RequestRecord, asking: APIRequestContext) -> str | None:
    """The answer's text to the same GET asked again, or None when it could not be asked or did not answer 2xx."""
    try:
        sent = await record.answer.request.all_headers() if record.answer is not None else {}
        headers = {name: value for name, value in sent.items() if not name.startswith(":")}
        answer = await asking.get(record.url, headers=headers, timeout=ASK_AGAIN_TIMEOUT_MS, max_redirects=0)
        return await answer.text() if answer.ok else None
    except (PlaywrightError, UnicodeDecodeError, asyncio.TimeoutError):
        return None
