"""Reading selector strings the way Playwright does."""

import pytest

from verdex.lint.rules.css_selectors import generated_class
from verdex.lint.rules.volatile_text import volatile_data
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


@pytest.mark.parametrize(
    "text,kind",
    [
        ("$19.99", "a price"),
        ("29,99 €", "a price"),
        ("Total 12.50 USD", "a price"),
        ("Posted 2024-03-01", "a date"),
        ("03/15/2024", "a date"),
        ("15.03.2024", "a date"),
        ("Choose Friday, March 15th", "a date"),
        ("10:42", "a time of day"),
        ("3 minutes ago", "a relative time"),
        ("Inbox (3)", "a count"),
        ("2 items left", "a count"),
        ("Page 2 of 34", "a count"),
        ("Order #10423", "a generated id"),
    ],
)
def test_volatile_data(text: str, kind: str) -> None:
    assert volatile_data(text) == kind


@pytest.mark.parametrize(
    "text", ["Add to cart", "Top 10 tips", "Step 2 of 3", "Checkout", "Save (draft)", "H1 heading"]
)
def test_stable_text(text: str) -> None:
    assert volatile_data(text) is None
