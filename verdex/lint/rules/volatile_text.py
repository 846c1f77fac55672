import re

import libcst as cst

from verdex.lint.rule import Invalid, LintRule, Valid
from verdex.lint.selectors import css_texts, split_selector, unquote

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_COUNTED = (
    r"items?|results?|products?|orders?|messages?|notifications?|comments?|users?|members?|rows?|records?"
    r"|files?|tasks?|todos?|reviews?|likes?|views?|followers?|selected|left|remaining|unread|new"
)
# What makes a text change from one run to the next, and how to recognise it.
VOLATILE_DATA = (
    ("a price", re.compile(r"[$€£¥₹]\s?\d|\d(?:[.,]\d{2})?\s?(?:[€$£¥₹]|\b(?:usd|eur|gbp)\b)", re.I)),
    (
        "a date",
        re.compile(
            rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}}\b"
            rf"|\b{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)? {_MONTH}(?!\w)",
            re.I,
        ),
    ),
    ("a time of day", re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")),
    ("a relative time", re.compile(r"\b\d+\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+ago\b", re.I)),
    ("a count", re.compile(rf"\(\d+\)|\b\d+\s+(?:{_COUNTED})\b|\bof\s+\d{{2,}}\b", re.I)),
    ("a generated id", re.compile(r"#\d{3,}|\b\d{5,}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-", re.I)),
)


def volatile_data(text: str) -> str | None:
    for description, pattern in VOLATILE_DATA:
        if pattern.search(text):
            return description
    return None


def _shortened(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class VolatileTextSelector(LintRule):
    """Locating by text that holds data: prices, counts, dates, ids."""

    code = "VDX012"
    recommended = False       # text that looks volatile is often exactly what the test checks: opt in
    name = "volatile-text-selector"
    message = "Locator text holds data that changes"
    explanation = (
        "Text that holds a price, a count, a date or an id changes with the data: the next fixture, a price update or tomorrow's date and the locator finds "
        'nothing. Locate by the stable part (`get_by_role("row", name="Order")`, a test id) and assert '
        'the data separately, or match a pattern: `get_by_text(re.compile(r"Total: \\$\\d+\\.\\d{2}"))`'
    )
    valid = (
        Valid('page.get_by_role("button", name="Add to cart").click()'),
        Valid('page.get_by_text("Order summary").click()'),
        Valid('expect(page.get_by_test_id("total")).to_have_text("$42.00")'),
        Valid('page.get_by_role("heading", name="Top 10 tips").click()'),
        Valid('count = 3\npage.get_by_text(f"{count} items left").click()'),
    )
    invalid = (
        Invalid('page.get_by_text("$19.99").click()'),
        Invalid('page.get_by_role("row", name="Order #10423 shipped").click()'),
        Invalid('page.get_by_text("2 items left").click()'),
        Invalid('page.get_by_role("listitem").filter(has_text="Posted 2024-03-01").click()'),
        Invalid('page.locator("text=Inbox (3)").click()'),
        Invalid('page.locator("li:has-text(\\"Mar 14\\")").click()'),
        Invalid('page.get_by_text("3 minutes ago").click()'),
    )

    def visit_Call(self, node: cst.Call) -> None:
        texts = list(self.context.text_arguments(node))
        for argument, selector in self.context.selector_arguments(node):
            for part in split_selector(selector):
                if part.engine in ("text", "internal:text", "has-text", "internal:has-text"):
                    texts.append((argument, unquote(part.body)))
                elif part.engine == "css":
                    texts.extend((argument, text) for text in css_texts(part.body))
        for argument, text in texts:
            description = volatile_data(text)
            if description:
                self.report(argument, f'Locator text "{_shortened(text)}" holds {description}')
                return
