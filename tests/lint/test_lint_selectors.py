"""Reading selector strings the way Playwright does."""

import pytest

from verdex.lint import LintConfig, lint_source
from verdex.lint.rules.css_selectors import generated_class
from verdex.lint.selectors import (
    SelectorPart,
    class_names,
    compound_chains,
    positional_pseudo_classes,
    split_selector,
    xpath_problems,
)


def test_split_selector_names_engines_and_guesses_the_rest() -> None:
    assert split_selector('#grid >> text="Save >> now" >> nth=1 >> xpath=./div >> //a') == (
        SelectorPart("css", "#grid"),
        SelectorPart("text", '"Save >> now"'),
        SelectorPart("nth", "1"),
        SelectorPart("xpath", "./div"),
        SelectorPart("xpath", "//a"),
    )


def test_attribute_values_are_not_engines() -> None:
    assert split_selector("[data-testid=save]") == (SelectorPart("css", "[data-testid=save]"),)


def test_compound_chains_ignore_combinators_inside_brackets_and_strings() -> None:
    assert compound_chains('main > ul li:has(a > b), [title="a b c"] span') == (
        ("main", "ul", "li:has(a > b)"),
        ('[title="a b c"]', "span"),
    )


def test_positional_pseudo_classes_ignore_strings() -> None:
    assert positional_pseudo_classes('li:nth-child(2n+1) a:has-text(":first-child")') == (":nth-child(2n+1)",)


def test_class_names_skip_attribute_values() -> None:
    assert class_names('div.card.w-1\\/2[data-x=".no"]') == ["card", "w-1\\/2"]


@pytest.mark.parametrize(
    "xpath,problems",
    [
        ("/html/body/div", ("absolute",)),
        ("//tr[3]/td", ("index",)),
        ("(//button)[last()]", ("index",)),
        ("//li[position() <= 2]", ("index",)),
        ("//button[@aria-label='[1]']", ()),
        ("//a[contains(., 'x')]", ()),
    ],
)
def test_xpath_problems(xpath: str, problems: tuple[str, ...]) -> None:
    assert xpath_problems(xpath) == problems


@pytest.mark.parametrize(
    "name",
    [
        "css-1x2y3z",
        "css-ptiqhd-MuiSvgIcon-root",
        "sc-bdVaJa",
        "jsx-2912738126",
        "Button_primary__3xK9a",
        "jss42",
        "makeStyles-root-12",
        "kHkPnH",
        "a1b2c3",
    ],
)
def test_generated_class_names(name: str) -> None:
    assert generated_class(name)


@pytest.mark.parametrize(
    "name", ["btn-primary", "card__title", "col-md-6", "mt-4", "h-10", "item123", "navBar", "css-grid", "text-2xl"]
)
def test_hand_written_class_names(name: str) -> None:
    assert not generated_class(name)


def test_messages_show_an_f_string_hole_as_written() -> None:
    source = 'def test_row(page, key) -> None:\n    page.locator(f"text={key}-row-content").click()\n'
    [finding] = lint_source(source, config=LintConfig(select=("VDX019",))).findings
    assert "\ufffc" not in finding.message and "`text={…}-row-content`" in finding.message
