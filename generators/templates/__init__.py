"""The jinja2 templates that give generated files their structure."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined


@cache
def environment() -> Environment:
    return Environment(loader=PackageLoader("verdex.generators", "templates"), undefined=StrictUndefined,
                       keep_trailing_newline=True, autoescape=False)
