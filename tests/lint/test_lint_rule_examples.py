"""Every rule's VALID and INVALID examples, run as tests (the Fixit way)."""

import pytest

from verdex.lint import ALL_RULES, LintConfig, fix_source, lint_source
from verdex.lint.rule import MAX_MESSAGE, example_source

VALID = [(rule, example) for rule in ALL_RULES for example in rule.valid]
INVALID = [(rule, example) for rule in ALL_RULES for example in rule.invalid]


def _id(case) -> str:
    rule, example = case
    examples = rule.valid if example in rule.valid else rule.invalid
    return f"{rule.code}-{examples.index(example)}"


@pytest.mark.parametrize("case", VALID, ids=[_id(case) for case in VALID])
def test_valid_example_has_no_finding(case) -> None:
    rule, example = case
    result = lint_source(example_source(example.code), config=LintConfig(select=(rule.code,)))
    assert result.error is None
    assert result.findings == []


@pytest.mark.parametrize("case", INVALID, ids=[_id(case) for case in INVALID])
def test_invalid_example_is_reported(case) -> None:
    rule, example = case
    result = lint_source(example_source(example.code), config=LintConfig(select=(rule.code,)))
    assert result.error is None
    assert [finding.rule for finding in result.findings] == [rule.code] * example.count
    assert all(finding.fixable == (example.fixed is not None) for finding in result.findings)


@pytest.mark.parametrize("case", INVALID, ids=[_id(case) for case in INVALID])
def test_invalid_example_is_fixed_only_when_it_says_so(case) -> None:
    rule, example = case
    source = example_source(example.code)
    fixed = fix_source(source, config=LintConfig(select=(rule.code,)))
    assert fixed == (example_source(example.fixed) if example.fixed is not None else source)


@pytest.mark.parametrize("rule", ALL_RULES, ids=[rule.code for rule in ALL_RULES])
def test_rule_documents_itself(rule) -> None:
    assert rule.code.startswith("VDX") and len(rule.code) == 6
    assert rule.name and rule.name == rule.name.lower()
    assert rule.__doc__ and len(rule.explanation) > 60
    assert len(rule.message) <= MAX_MESSAGE and "\n" not in rule.message
    assert len(rule.valid) >= 2 and len(rule.invalid) >= 2
    assert rule.fixable == any(example.fixed is not None for example in rule.invalid)


def test_rule_codes_and_names_are_unique() -> None:
    assert len({rule.code for rule in ALL_RULES}) == len(ALL_RULES)
    assert len({rule.name for rule in ALL_RULES}) == len(ALL_RULES)
    assert [rule.code for rule in ALL_RULES] == sorted(rule.code for rule in ALL_RULES)
