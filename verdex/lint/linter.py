"""Linting one file: parse, walk once with every rule, place and filter the findings."""

import ast
import gc
import hashlib
from collections import Counter
from dataclasses import dataclass
import re
from functools import lru_cache
from pathlib import Path, PurePath

import libcst as cst

import verdex.lint.playwright_api as api
from verdex.lint.config import LintConfig
from verdex.lint.context import FileContext
from verdex.lint.models import Finding, LintResult
from verdex.lint.noqa import is_silenced, noqa_lines
from verdex.lint.positions import located_ranges
from verdex.lint.rule import LintRule, Report
from verdex.lint.scope import Scope
from verdex.lint.source_files import SourceError, read_source
from verdex.lint.walker import walk


@dataclass
class Analysis:
    module: cst.Module
    tree: ast.Module
    statements: list[cst.CSTNode]
    reports: list[Report]


def lint_source(source: str, path: str = "<string>", config: LintConfig | None = None) -> LintResult:
    """Lint Python source text; `path` is used in findings and to apply per-file-ignores.

    Never raises: source that cannot be linted comes back with `error` set.
    """
    config = config or LintConfig()
    collecting = gc.isenabled()
    gc.disable()  # a libcst tree has no cycles; the collector would only walk it again and again
    try:
        return LintResult(path=path, findings=_findings(source, path, config))
    except SourceError as error:
        return failed(path, error)
    except Exception as error:  # a bug in a rule must not stop the other files
        return LintResult(path=path, error=f"internal error: {type(error).__name__}: {error}")
    finally:
        if collecting:
            gc.enable()


def lint_file(path: str, config: LintConfig) -> LintResult:
    """Lint a file on disk. Never raises, like lint_source."""
    try:
        source, _ = read_source(path, config.max_file_kb * 1024)
    except SourceError as error:
        return failed(path, error)
    return lint_source(source, path, config)


def failed(path: str, error: SourceError) -> LintResult:
    """The result for a file that could not be linted, with the place of the problem when it has one."""
    return LintResult(path=path, error=str(error), error_line=error.line, error_col=error.col)


def analyze(source: str, config: LintConfig, rules: tuple[type[LintRule], ...], path: str = "<string>") -> Analysis | None:
    """Run `rules` over the source. None when the file cannot contain Playwright code."""
    if not rules or not _may_use_playwright(source):
        _check_syntax(source)
        return None
    tree, module = parse(source)
    scope = Scope()
    context = FileContext(config, scope)
    try:
        walk(module, [scope, context.neighbours, *(rule(context) for rule in rules)], context.statements)
    except RecursionError:
        raise SourceError("code is nested too deeply to lint") from None
    if not (scope.uses_playwright or scope.has_page_parameter or _suite_uses_playwright(path, source)):
        return None
    return Analysis(module, tree, context.statements, context.reports)


def parse(source: str) -> tuple[ast.Module, cst.Module]:
    """CPython's tree and libcst's, the second only once CPython's parser has accepted the code.

    CPython's parser reports syntax errors in the familiar words, and it refuses nesting so deep
    that libcst's native parser would crash the process instead of raising.
    """
    tree = _check_syntax(source)
    try:
        return tree, cst.parse_module(source)
    except cst.ParserSyntaxError as error:
        raise SourceError(f"syntax error: {error.message}", error.raw_line, error.raw_column + 1) from None
    except RecursionError:
        raise SourceError("code is nested too deeply to parse") from None


def _check_syntax(source: str) -> ast.Module:
    try:
        return ast.parse(source)
    except SyntaxError as error:
        raise SourceError(f"syntax error: {error.msg}", error.lineno or 1, error.offset or 1) from None
    except (RecursionError, MemoryError):
        raise SourceError("code is nested too deeply to parse") from None
    except ValueError as error:
        raise SourceError(f"cannot parse: {error}") from None


def placed(analysis: Analysis, source: str, reports: list[Report], path: str) -> list[tuple[Report, Finding]]:
    """Each report with its position, minus those a `# noqa` comment silences, in file order."""
    try:
        ranges = located_ranges(
            analysis.module, analysis.tree, source, analysis.statements, ((r.node, r.statement) for r in reports)
        )
    except RecursionError:
        raise SourceError("code is nested too deeply to lint") from None
    silenced = noqa_lines(source)
    kept = sorted(
        (
            (ranges[id(report.node)], report.rule.code, index)
            for index, report in enumerate(reports)
            if not is_silenced(report.rule.code, ranges[id(report.node)][0], ranges[id(report.node)][2], silenced)
        ),
    )
    lines = source.splitlines()
    occurrences: Counter[tuple[str, str]] = Counter()
    found = []
    for (line, column, end_line, end_column), code, index in kept:
        report = reports[index]
        text = " ".join(lines[line - 1].split()) if line <= len(lines) else ""
        occurrence = occurrences[(code, text)]
        occurrences[(code, text)] += 1
        finding = Finding(
            rule=report.rule.code,
            message=report.message,
            explanation=report.rule.explanation,
            path=path,
            line=line,
            col=column + 1,
            end_line=end_line,
            end_col=end_column + 1,
            fixable=report.fix is not None,
            severity=report.rule.severity,
            fingerprint=fingerprint(code, path, text, occurrence),
        )
        found.append((report, finding))
    return found


def fingerprint(code: str, path: str, line_text: str, occurrence: int) -> str:
    """Names a finding across runs while lines above it move: its rule, its file, the text of its
    line with whitespace collapsed, and how many findings of the rule on identical lines came before."""
    key = "\0".join((code, PurePath(path).as_posix(), line_text, str(occurrence)))
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def _findings(source: str, path: str, config: LintConfig) -> list[Finding]:
    analysis = analyze(source, config, config.rules_for(path), path)
    if analysis is None or not analysis.reports:
        return []
    return [finding for _, finding in placed(analysis, source, analysis.reports, path)]


_RELATIVE_IMPORT = re.compile(r"^\s*from \.(\w+) import", re.MULTILINE)
_IMPORTS_PLAYWRIGHT = re.compile(r"^\s*(?:from|import) (?:playwright|pytest_playwright)\b", re.MULTILINE)


def _suite_uses_playwright(path: str, source: str) -> bool:
    """A test module of a Playwright suite that never names Playwright itself: it imports (`from .utils
    import …`) a module beside it that does, where the suite keeps its page objects and fixtures."""
    folder = Path(path).parent
    for module in _RELATIVE_IMPORT.findall(source):
        try:
            stamp = (folder / f"{module}.py").stat().st_mtime_ns
        except OSError:
            continue
        if _imports_playwright(folder / f"{module}.py", stamp):
            return True
    return False


@lru_cache(maxsize=256)
def _imports_playwright(module: Path, stamp: int) -> bool:
    """Whether the module imports Playwright (as of `stamp`, its modification time: read once per change)."""
    try:
        return bool(_IMPORTS_PLAYWRIGHT.search(module.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return False


def _may_use_playwright(source: str) -> bool:
    """A file is Playwright code only if it imports playwright, takes a `page` parameter or calls a
    method only Playwright has; each needs one of these words, so a file with none cannot have findings."""
    return "playwright" in source or "page" in source or any(name in source for name in api.UNMISTAKABLE_METHODS)
