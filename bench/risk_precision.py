"""Risk precision and recall on real UI labels: tests/data/risk_labels.tsv holds labels of buttons and
links quoted from public apps' code, each marked by hand as a danger or not. Every label becomes a
control on one page (a button, or a link to another page), the snapshot's risk marks are read, and
[danger] is compared with the hand-made mark.

    .venv/bin/python bench/risk_precision.py           # precision, recall and every miss and false alarm
"""

from __future__ import annotations

import asyncio
import html
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from verdex.browser.session import Session

LABELS = Path(__file__).resolve().parents[1] / "tests" / "data" / "risk_labels.tsv"


@dataclass(frozen=True)
class Label:
    role: str
    text: str
    danger: bool
    source: str


@dataclass
class Score:
    true_positives: list[str] = field(default_factory=list)
    false_alarms: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    total: int = 0

    @property
    def precision(self) -> float:
        said = len(self.true_positives) + len(self.false_alarms)
        return len(self.true_positives) / said if said else 1.0

    @property
    def recall(self) -> float:
        dangers = len(self.true_positives) + len(self.misses)
        return len(self.true_positives) / dangers if dangers else 1.0


def labels(path: Path = LABELS) -> list[Label]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        role, text, danger, source = line.split("\t")
        out.append(Label(role, text, danger == "1", source))
    return out


def page_of(sample: list[Label]) -> str:
    """One control per label, each alone in its list item (no form or dialog around it)."""
    items = []
    for index, label in enumerate(sample):
        text = html.escape(label.text)
        control = (f'<a href="/item/{index}/view">{text}</a>' if label.role == "link"
                   else f'<button type="button">{text}</button>')
        items.append(f"<li>{control}</li>")
    return "<main><ul>" + "".join(items) + "</ul></main>"


LINE = re.compile(r'^\s*- (button|link) "((?:[^"\\]|\\.)*)" \[ref=\w+\](.*)$')


async def score(session: Session, sample: list[Label]) -> Score:
    tab = await session.tab()
    await tab.page.set_content(page_of(sample))
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    said = [("[danger]" in m.group(3)) for line in text.splitlines() for m in [LINE.match(line)] if m]
    assert len(said) == len(sample), f"{len(said)} controls in the snapshot for {len(sample)} labels"
    result = Score(total=len(sample))
    for label, danger in zip(sample, said):
        if danger and label.danger:
            result.true_positives.append(label.text)
        elif danger:
            result.false_alarms.append(label.text)
        elif label.danger:
            result.misses.append(label.text)
    return result


async def main() -> int:
    sample = labels()
    async with Session() as session:
        result = await score(session, sample)
    print(f"{result.total} labels, {len(result.true_positives) + len(result.misses)} of them danger")
    print(f"precision {result.precision:.3f}  recall {result.recall:.3f}")
    print("false alarms:", result.false_alarms)
    print("misses:", result.misses)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
