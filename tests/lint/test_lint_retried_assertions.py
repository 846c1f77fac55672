"""VDX006 on shapes real suites have: an assert inside a check that a retrying helper runs is retried, not
read once (a rerun marker is no such helper); an assert on an element's box has no web-first form in Python,
and says so, once per box read; the message names the read that raced the action."""

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


def test_a_rerun_marker_does_not_retry_the_read():
    source = (
        "import pytest\n"
        "@pytest.mark.flaky(reruns=3)\n"
        "def test_badge(page):\n"
        "    page.get_by_role('button', name='Add').click()\n"
        "    assert page.get_by_test_id('badge').inner_text() == '1'\n"
    )
    assert [line for line, _ in findings(source)] == [5]


def test_one_box_read_is_one_finding_however_many_asserts_use_it():
    source = (
        "def test_layout(page):\n"
        "    box = page.get_by_role('img').bounding_box()\n"
        "    assert box['width'] > 100\n"
        "    assert box['height'] > 50\n"
        "    assert box['x'] >= 0\n"
        "    page.set_viewport_size({'width': 400, 'height': 800})\n"
        "    box = page.get_by_role('img').bounding_box()\n"
        "    assert box['width'] <= 400\n"
    )
    assert [line for line, _ in findings(source)] == [3, 8]


def test_the_message_names_the_read_that_raced_the_action():
    source = (
        "def test_next_month(page):\n"
        "    month_before_click = page.get_by_test_id('month').inner_text()\n"
        "    page.get_by_role('button', name='Next').click()\n"
        "    month_after_click = page.get_by_test_id('month').inner_text()\n"
        "    assert month_before_click != month_after_click\n"
    )
    [(line, message)] = findings(source)
    assert line == 5 and message.startswith("`month_after_click` read once")


def test_a_read_made_in_the_assert_is_the_one_named():
    source = (
        "def test_next_month(page):\n"
        "    before = page.get_by_test_id('month').inner_text()\n"
        "    page.get_by_role('button', name='Next').click()\n"
        "    assert before != page.get_by_test_id('month').inner_text()\n"
    )
    [(_, message)] = findings(source)
    assert message.startswith("`page.get_by_test_id('month').inner_text…` read once")
