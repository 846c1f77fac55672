"""An answer of HTML its server rendered (htmx apps load their rows so), as the startup reads it
(verdex/browser/startup.py): how many rows or items of data it holds. A table row counts when it has a data
cell (``<td>``, role ``cell``: not a row of headers), a list's item, an option or an article (or an element of
those roles) when it holds text. ``<tbody></tbody>`` holds none; the template's empty case, one row spanning
the table ("No items yet"), holds one."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser


@dataclass(frozen=True)
class Fragment:
    """An answer of HTML (its server rendered it), as far as the startup reads it: its rows and items of data."""

    items: int


class _DataItems(HTMLParser):
    """Counts an HTML answer's rows and items of data: a table row with a data cell (not a row of headers), a
    list's item, an option or an article that holds text, and elements of those roles."""

    ITEM_TAGS, ITEM_ROLES = {"li", "option", "article"}, {"listitem", "option", "article"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.items = 0
        self.open: list[list] = []                   # [tag, "row" | "item" | None, holds data]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        role = dict(attrs).get("role") or ""
        kind = "row" if tag == "tr" or role == "row" else "item" if tag in self.ITEM_TAGS or role in self.ITEM_ROLES \
            else None
        if tag == "td" or role in ("cell", "gridcell"):
            self._mark("row")
        self.open.append([tag, kind, False])

    def handle_data(self, data: str) -> None:
        if data.strip():
            self._mark("item")

    def handle_endtag(self, tag: str) -> None:
        at = next((n for n in range(len(self.open) - 1, -1, -1) if self.open[n][0] == tag), None)
        if at is not None:
            self.items += sum(1 for _, kind, data in self.open[at:] if kind and data)
            del self.open[at:]

    def close(self) -> None:
        super().close()
        self.items += sum(1 for _, kind, data in self.open if kind and data)
        self.open = []

    def _mark(self, kind: str) -> None:
        found = next((entry for entry in reversed(self.open) if entry[1] == kind), None)
        if found is not None:
            found[2] = True


def fragment_of(html: str) -> Fragment:
    """The rows and items of data ``html`` holds."""
    items = _DataItems()
    items.feed(html)
    items.close()
    return Fragment(items.items)
