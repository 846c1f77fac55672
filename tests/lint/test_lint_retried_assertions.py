"""VDX006 on shapes real suites have: an assert inside a check that a retrying helper runs is retried,
not read once; an assert on an element's box has no web-first form in Python, and says so."""

from __future__ import annotations

from verdex.lint import LintConfig, lint_source


def findings(source: str) -> list[tuple[int, str]]:
    result = lint_source(source, config=LintConfig(select=("VDX006",)))
    assert result.error is None, result.error
    return [(f.line, f.message) for f in result.findings]


def test_a_check_handed_to_a_retrying_helper_is_not_a_one_time_read():
    source = (
        "def test_rows(page, wait_until):\n"
        "    def three_rows():\n"
        "        assert page.get_by_role('row').count() == 3\n"
        "    wait_until(three_rows)\n"
    )
    assert findings(source) == []


def test_a_check_under_a_retry_decorator_is_not_a_one_time_read():
    source = (
        "from tenacity import retry\n"
        "def test_rows(page):\n"
        "    @retry\n"
        "    def three_rows():\n"
        "        assert page.get_by_role('row').count() == 3\n"
        "    three_rows()\n"
    )
    assert findings(source) == []


def test_a_nested_check_nobody_retries_is_still_a_one_time_read():
    source = (
        "def test_rows(page):\n"
        "    def three_rows():\n"
        "        assert page.get_by_role('row').count() == 3\n"
        "    three_rows()\n"
    )
    assert [line for line, _ in findings(source)] == [3]


def test_a_geometry_assert_says_there_is_no_web_first_form():
    source = (
        "def test_layout(page):\n"
        "    box = page.get_by_role('img').bounding_box()\n"
        "    assert box['width'] > 100\n"
    )
    [(line, message)] = findings(source)
    assert line == 3 and "no assertion on geometry" in message
    [finding] = lint_source(source, config=LintConfig(select=("VDX006",))).findings
    assert "to_be_visible" in finding.explanation
