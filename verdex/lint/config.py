"""Settings: which rules run where, read from `[tool.verdex.lint]` in the nearest pyproject.toml.

```toml
[tool.verdex.lint]
select = ["RECOMMENDED", "VDX001"]   # codes, prefixes, "RECOMMENDED" (the default set) or "ALL"
ignore = ["VDX013"]
per-file-ignores = { "tests/legacy/*" = ["VDX001"] }
exclude = ["tests/vendored"]          # skipped when walking directories
max-css-depth = 4                     # VDX013: compound selectors allowed in one CSS chain
max-file-kb = 1024                    # larger files are reported, not parsed
test-id-attribute = "data-testid"     # VDX018: what selectors.set_test_id_attribute() names, if changed
```
"""

import fnmatch
import os
import tomllib
from functools import cached_property
from pathlib import Path, PurePath

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from verdex.lint.rule import LintRule
from verdex.lint.rules import ALL_RULES


class ConfigError(Exception):
    """The settings cannot be used: unreadable TOML, an unknown key or an unknown rule code."""


def _kebab(name: str) -> str:
    return name.replace("_", "-")


class LintConfig(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", alias_generator=_kebab, populate_by_name=True)

    select: tuple[str, ...] = ("RECOMMENDED",)
    ignore: tuple[str, ...] = ()
    per_file_ignores: dict[str, tuple[str, ...]] = {}
    exclude: tuple[str, ...] = ()
    max_css_depth: int = Field(4, ge=1)
    max_file_kb: int = Field(1024, ge=1)
    test_id_attribute: str = Field("data-testid", pattern=r"^[A-Za-z_][\w.:-]*$")
    root: Path | None = Field(None, exclude=True, description="Where relative patterns start; the config's folder.")
    source: Path | None = Field(None, exclude=True, description="The pyproject.toml read; None for the defaults.")

    @field_validator("select", "ignore")
    @classmethod
    def _known_selectors(cls, selectors: tuple[str, ...]) -> tuple[str, ...]:
        for selector in selectors:
            _check_selector(selector)
        return selectors

    @field_validator("per_file_ignores")
    @classmethod
    def _known_per_file_selectors(cls, table: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        for selectors in table.values():
            for selector in selectors:
                _check_selector(selector)
        return table

    @cached_property
    def selected_rules(self) -> tuple[type[LintRule], ...]:
        return tuple(
            rule
            for rule in ALL_RULES
            if any(_matches(s, rule) for s in self.select) and not any(_matches(s, rule) for s in self.ignore)
        )

    def rules_for(self, path: str) -> tuple[type[LintRule], ...]:
        """The rules that run on `path`, after `per-file-ignores`."""
        ignored = [
            selector
            for pattern, selectors in self.per_file_ignores.items()
            if _path_matches(path, pattern, self.root)
            for selector in selectors
        ]
        if not ignored:
            return self.selected_rules
        return tuple(rule for rule in self.selected_rules if not any(_matches(s, rule) for s in ignored))

    def is_excluded(self, path: str) -> bool:
        return any(_path_matches(path, pattern, self.root) for pattern in self.exclude)

    def with_overrides(self, select: list[str] | None, ignore: list[str] | None) -> "LintConfig":
        """The command line's `--select` replaces the configured list; `--ignore` adds to it."""
        changes: dict[str, object] = {}
        if select:
            changes["select"] = tuple(select)
        if ignore:
            changes["ignore"] = (*self.ignore, *ignore)
        if not changes:
            return self
        try:
            return LintConfig.model_validate({**self.model_dump(), **changes, "root": self.root, "source": self.source})
        except ValidationError as error:
            raise ConfigError(_describe(error)) from None


def load_config(config_file: Path | None = None, start: Path | None = None) -> LintConfig:
    """Settings from `config_file`, else from the nearest pyproject.toml above `start` that has a
    `[tool.verdex.lint]` table, else the defaults (the recommended rules)."""
    if config_file is not None:
        return _read(config_file)
    directory = (start or Path.cwd()).absolute()
    for folder in (directory, *directory.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _lint_table(_parse_toml(candidate)) is not None:
            return _read(candidate)
    return LintConfig(root=directory)


def _read(path: Path) -> LintConfig:
    table = _lint_table(_parse_toml(path)) or {}
    try:
        return LintConfig.model_validate({**table, "root": path.absolute().parent, "source": path.absolute()})
    except ValidationError as error:
        raise ConfigError(f"{path}: [tool.verdex.lint]: {_describe(error)}") from None


def _parse_toml(path: Path) -> dict:
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None


def _lint_table(document: dict) -> dict | None:
    table = document.get("tool", {}).get("verdex", {}).get("lint")
    return table if isinstance(table, dict) else None


def _describe(error: ValidationError) -> str:
    problems = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"])
        message = "unknown setting" if item["type"] == "extra_forbidden" else item["msg"].removeprefix("Value error, ")
        problems.append(f"{where}: {message}" if where else message)
    return "; ".join(problems)


SET_NAMES = ("ALL", "RECOMMENDED")


def _check_selector(selector: str) -> None:
    if selector not in SET_NAMES and not any(rule.code.startswith(selector) for rule in ALL_RULES):
        raise ValueError(f"unknown rule code or prefix {selector!r}")


def _matches(selector: str, rule: type[LintRule]) -> bool:
    """ALL is every rule, RECOMMENDED the default set (eslint's "recommended"), else a code or a prefix."""
    if selector == "RECOMMENDED":
        return rule.recommended
    return selector == "ALL" or rule.code.startswith(selector)


def _path_matches(path: str, pattern: str, root: Path | None) -> bool:
    candidate = PurePath(path)
    if root is not None:
        candidate = PurePath(os.path.abspath(path))
        if candidate.is_relative_to(root):
            candidate = candidate.relative_to(root)
    relative = candidate.as_posix().removeprefix("./")
    pattern = pattern.removeprefix("./").rstrip("/")
    if "/" not in pattern:
        return any(fnmatch.fnmatch(part, pattern) for part in candidate.parts)
    return (
        fnmatch.fnmatch(relative, pattern)
        or fnmatch.fnmatch(relative, pattern + "/*")
        or fnmatch.fnmatch(relative, pattern.removeprefix("**/"))
        or fnmatch.fnmatch(relative, "*/" + pattern.removeprefix("**/"))
    )
