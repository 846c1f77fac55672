"""The bridge's reading blocks rendered for an agent: markdown (headings, lists, links with their
hrefs, tables, code), plain text, or structured records (JSON objects, one per heading, link, table,
form, landmark). Every format is a list of units — lines or records — that paging never splits
unless one alone is larger than a page."""

from __future__ import annotations

import json
from typing import Any
from verdex.unseen import json_string

Runs = list[dict[str, Any]]


def markdown_lines(blocks: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for block in blocks:
        kind = block["kind"]
        if kind == "heading":
            _separate(lines)
            lines += ["#" * min(block["level"], 6) + " " + _inline(block["runs"], markdown=True), ""]
        elif kind == "item":
            if block["depth"] == 0 and block["index"] == 1:
                _separate(lines)                  # a new list starts
            lines.append("  " * block["depth"] + f"{_marker(block)} {_inline(block['runs'], markdown=True)}")
        elif kind == "table":
            _separate(lines)
            lines += _markdown_table(block)
            lines.append("")
        elif kind == "code":
            _separate(lines)
            fence = "````" if "```" in block["text"] else "```"
            lines += [fence + block["lang"], *block["text"].split("\n"), fence, ""]
        elif kind == "frame":
            _separate(lines)
            lines += [f"[frame {_frame_label(block)}]", ""]
        else:
            text = _inline(block["runs"], markdown=True)
            if text:
                _separate(lines)
                lines += [("> " + text) if kind == "quote" else text, ""]
    return _trimmed(lines)


def text_lines(blocks: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for block in blocks:
        kind = block["kind"]
        if kind == "item":
            lines.append("  " * block["depth"] + f"{_marker(block)} {_inline(block['runs'], markdown=False)}")
        elif kind == "table":
            lines += ["\t".join(_inline(cell, markdown=False) for cell in row) for row in block["rows"]]
        elif kind == "code":
            lines += block["text"].split("\n")
        elif kind == "frame":
            lines.append(f"[frame {_frame_label(block)}]")
        else:
            text = _inline(block["runs"], markdown=False)
            if text:
                lines.append(text)
    return lines


def records(extraction: dict[str, Any]) -> list[dict[str, Any]]:
    """Headings (with the path of headings above them), links, tables as rows, forms with their
    fields (sensitive values redacted in the page), landmarks, frames — each a JSON object."""
    out: list[dict[str, Any]] = [{"kind": "landmark", **landmark} for landmark in extraction.get("landmarks", [])]
    path: list[tuple[int, str]] = []
    seen_links: set[tuple[str, str]] = set()
    for block in extraction["blocks"]:
        kind = block["kind"]
        if kind == "heading":
            text = _inline(block["runs"], markdown=False)
            path = [(level, t) for level, t in path if level < block["level"]]
            out.append({"kind": "heading", "level": block["level"], "text": text, "path": [t for _, t in path]})
            path.append((block["level"], text))
        elif kind == "table":
            out.append({"kind": "table", "caption": block["caption"], "header": block["header"],
                        "rows": [[_inline(cell, markdown=False) for cell in row] for row in block["rows"]]})
        elif kind == "frame":
            out.append({"kind": "frame", **{k: block[k] for k in ("name", "title", "url", "cross_origin")}})
        for run in _runs_of(block):
            if run["kind"] == "link" and (run["text"], run["href"]) not in seen_links:
                seen_links.add((run["text"], run["href"]))
                out.append({"kind": "link", "text": run["text"].strip(), "href": run["href"]})
    out += [{"kind": "form", **form} for form in extraction.get("forms", [])]
    return out


def record_units(items: list[dict[str, Any]], max_chars: int) -> list[str]:
    """Records as compact JSON; a table or form larger than a page is split into parts by rows or fields."""
    units = []
    for item in items:
        text = _json(item)
        key = "rows" if item["kind"] == "table" else "fields" if item["kind"] == "form" else None
        if len(text) <= max_chars or key is None or len(item[key]) < 2:
            units.append(text)
            continue
        rows = item[key]
        chunk = max(1, len(rows) * max_chars // (2 * len(text)))
        for part, start in enumerate(range(0, len(rows), chunk), start=1):
            units.append(_json({**item, key: rows[start:start + chunk], "part": part, "first_index": start}))
    return units


def _json(item: dict[str, Any]) -> str:
    return json.dumps(item, ensure_ascii=False, separators=(",", ":"))


def _runs_of(block: dict[str, Any]) -> Runs:
    if block["kind"] == "table":
        return [run for row in block["rows"] for cell in row for run in cell]
    return block.get("runs", [])


def _inline(runs: Runs, *, markdown: bool) -> str:
    """Inline runs as one line: markdown keeps link targets, code spans and images."""
    parts = []
    for run in runs:
        kind, text = run["kind"], run.get("text", "")
        if kind == "link":
            label = " ".join(text.split())
            parts.append(f"[{label}]({_href(run['href'])})" if markdown else label)
        elif kind == "code":
            parts.append(f"`{text}`" if markdown and "`" not in text else text)
        elif kind == "image":
            parts.append(f"![{text}]({_href(run['href'])})" if markdown else f"[image: {text}]")
        elif kind == "field":
            value = run["value"] if run["value"] == "[redacted]" else f"[{run['value'] or ' '}]"
            parts.append(f" {text} {value} " if text else f" {value} ")
        else:
            parts.append(text)
    return " ".join("".join(parts).split())


def _marker(item: dict[str, Any]) -> str:
    return f"{item['index']}." if item["ordered"] else "-"


def _href(url: str) -> str:
    return url.replace(" ", "%20").replace(")", "%29")


def _markdown_table(block: dict[str, Any]) -> list[str]:
    rows = [[_inline(cell, markdown=True).replace("|", "\\|") for cell in row] for row in block["rows"]]
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    head, body = (rows[0], rows[1:]) if block["header"] else ([""] * width, rows)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * width]
    return lines + ["| " + " | ".join(row) + " |" for row in body]


def _frame_label(block: dict[str, Any]) -> str:
    name = block.get("title") or block.get("name") or ""
    origin = "cross-origin " if block.get("cross_origin") else "loading " if block.get("loading") else ""
    return f"{origin}{json_string(name)} {block.get('url', '')}".strip()


def _separate(lines: list[str]) -> None:
    if lines and lines[-1] != "":
        lines.append("")


def _trimmed(lines: list[str]) -> list[str]:
    while lines and lines[-1] == "":
        lines.pop()
    return lines
