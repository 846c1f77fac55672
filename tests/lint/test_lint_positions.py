"""Positions found by generating only the statements that hold findings match libcst's PositionProvider."""

from pathlib import Path

import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from verdex.lint import ALL_RULES, LintConfig
from verdex.lint.linter import analyze
from verdex.lint.positions import _statement_anchors, located_ranges
from verdex.lint.rule import example_source

CORPUS = Path(__file__).resolve().parent / "corpus"
SOURCES = [path.read_text() for path in sorted(CORPUS.rglob("*.py"))] + [
    example_source(example.code) for rule in ALL_RULES for example in rule.invalid
]
TRICKY = [
    # decorators, comments and blank lines before a statement; non-ASCII before a finding
    "import pytest\n\n# a comment\n\n@pytest.mark.slow\n# between\n@pytest.mark.flaky\n"
    "def test_x(page):\n    page.click('#x')\n",
    "def test_x(page):\n    name = 'Zoë'; page.get_by_text('€ 5').click(); page.click('#ü')\n",
    "def test_x(page):\n    with page.expect_navigation():\n        pass\n"
    "    for row in page.query_selector_all('tr'):\n        pass\n",
    "def test_x(page):\r\n    page.wait_for_timeout(\r\n        500,\r\n    )\r\n"
    "    assert page.url == 'https://a.test/'\r\n",
    "class Test:\n    def test_x(self, page):\n        (\n            page.get_by_role('row')\n"
    "            .nth(2)\n            .click()\n        )\n",
    "async def test_x(page):\n    async with page.expect_navigation():\n        await page.click('#a')\n",
]


@pytest.mark.parametrize("source", SOURCES + TRICKY)
def test_fast_positions_match_position_provider(source: str) -> None:
    config = LintConfig()
    analysis = analyze(source, config, config.selected_rules)
    if analysis is None or not analysis.reports:
        return
    assert len(_statement_anchors(analysis.tree)) == len(analysis.statements)  # no fallback needed
    fast = located_ranges(
        analysis.module, analysis.tree, source, analysis.statements, [(r.node, r.statement) for r in analysis.reports]
    )
    wrapper = MetadataWrapper(analysis.module, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    for report in analysis.reports:
        expected = positions[report.node]
        assert fast[id(report.node)] == (
            expected.start.line,
            expected.start.column,
            expected.end.line,
            expected.end.column,
        ), report.rule.code


def test_whole_module_generation_is_the_fallback(monkeypatch) -> None:
    source = "def test_x(page):\n    page.click('#a')\n    assert page.url == 'https://a.test/'\n"
    config = LintConfig()
    analysis = analyze(source, config, config.selected_rules)
    located = [(r.node, r.statement) for r in analysis.reports]
    fast = located_ranges(analysis.module, analysis.tree, source, analysis.statements, located)
    monkeypatch.setattr("verdex.lint.positions._statement_anchors", lambda tree: [])
    assert located_ranges(analysis.module, analysis.tree, source, analysis.statements, located) == fast
