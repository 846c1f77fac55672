"""The agent's own JavaScript, evaluated in the page's main world. It sees everything the page sees
(typed passwords included), so it is a high-tier call: refused when the policy's maximum tier is below high,
whichever face asks (MCP lists it only with ``--caps eval``)."""

from __future__ import annotations

import json

from verdex.browser.tab import Tab
from verdex.browser.calls import core_call
from verdex.errors import InvalidArgument, translate_playwright_errors
from verdex.facts import Evaluation

MAX_RESULT_CHARS = 20_000


@core_call("evaluate", "high")
async def evaluate(tab: Tab, expression: str) -> Evaluation:
    """``expression`` is a JavaScript expression or a function (called with no argument); its JSON-able
    result comes back as JSON text, cut at MAX_RESULT_CHARS."""
    if not expression.strip():
        raise InvalidArgument("expression is empty")
    tab.ensure_no_dialog()
    with translate_playwright_errors("evaluating the expression"):
        value = await tab.page.evaluate(expression)
    text = json.dumps(value, ensure_ascii=False, default=str)
    return Evaluation(result=text[:MAX_RESULT_CHARS], truncated=len(text) > MAX_RESULT_CHARS)
