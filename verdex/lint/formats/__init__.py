"""Output formats: `text` for people, `json` for tools, `sarif` for code scanning, `github` for annotations."""

from collections.abc import Callable

from verdex.lint.formats import github, json_format, sarif, text
from verdex.lint.models import LintResult

FORMATS: dict[str, Callable[[list[LintResult]], str]] = {
    "text": text.render,
    "json": json_format.render,
    "sarif": sarif.render,
    "github": github.render,
}
