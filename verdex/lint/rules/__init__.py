"""Every rule, by code. A rule's module holds its examples, which tests/lint runs as tests."""

from verdex.lint.rules.actions import ForceAction, PageLevelAction
from verdex.lint.rules.assertions import NonRetryingAssertion
from verdex.lint.rules.css_selectors import DeepCssChain, GeneratedClassSelector, PositionalCss
from verdex.lint.rules.debugging import PagePause
from verdex.lint.rules.element_handles import ElementHandleUse
from verdex.lint.rules.positional_selection import PositionalSelection
from verdex.lint.rules.volatile_text import VolatileTextSelector
from verdex.lint.rules.waits import HardWait, NetworkIdle, WaitForNavigation
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
    VolatileTextSelector,
    DeepCssChain,
    PagePause,
)
