"""Every rule, by code. A rule's module holds its examples, which tests/lint runs as tests."""

from verdex.lint.rules.actions import ForceAction, PageLevelAction
from verdex.lint.rules.assertions import NonRetryingAssertion
from verdex.lint.rules.css_selectors import DeepCssChain, GeneratedClassSelector, PositionalCss
from verdex.lint.rules.debugging import PagePause
from verdex.lint.rules.dom_actions import EvaluateDomAction
from verdex.lint.rules.element_handles import ElementHandleUse
from verdex.lint.rules.instant_decisions import ConditionalOnInstantRead
from verdex.lint.rules.missing_await import MissingAwait
from verdex.lint.rules.positional_selection import PositionalSelection
from verdex.lint.rules.selector_strings import RawTestIdSelector, TextSelectorString
from verdex.lint.rules.uncalled_assertion import UncalledAssertion
from verdex.lint.rules.waits import HardWait, NetworkIdle, WaitForNavigation, WaitForSelector
from verdex.lint.rules.xpath import BrittleXPath

ALL_RULES = (
    PositionalSelection,
    PositionalCss,
    BrittleXPath,
    HardWait,
    ForceAction,
    NonRetryingAssertion,
    ElementHandleUse,
    NetworkIdle,
    WaitForNavigation,
    PageLevelAction,
    GeneratedClassSelector,
    DeepCssChain,
    PagePause,
    MissingAwait,
    UncalledAssertion,
    ConditionalOnInstantRead,
    RawTestIdSelector,
    TextSelectorString,
    EvaluateDomAction,
    WaitForSelector,
)
