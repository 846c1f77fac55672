from verdex.lint import lint_source

HEADER = "def test_x(page) -> None:\n"


def codes(body: str) -> list[str]:
    return [finding.rule for finding in lint_source(HEADER + body).findings]


def test_noqa_with_the_code_silences_that_rule_only() -> None:
    assert codes('    page.click("li:nth-child(2)")  # noqa: VDX002\n') == ["VDX010"]


def test_noqa_with_several_codes() -> None:
    assert codes('    page.click("li:nth-child(2)")  # noqa: VDX002, VDX010\n') == []


def test_bare_noqa_silences_everything_on_the_line() -> None:
    assert codes('    page.click("li:nth-child(2)")  # noqa\n') == []


def test_noqa_for_another_tool_does_not_silence_ours() -> None:
    assert codes("    page.wait_for_timeout(10)  # noqa: E501\n") == ["VDX004"]


def test_noqa_on_the_last_line_of_a_multi_line_call() -> None:
    assert codes("    page.wait_for_timeout(\n        10,\n    )  # noqa: VDX004\n") == []


def test_noqa_is_case_insensitive_and_tolerates_a_reason() -> None:
    assert codes("    page.get_by_role('row').nth(1)  # NOQA:VDX001 sorting is under test\n") == []
