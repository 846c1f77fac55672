"""`verdex lint [PATHS...]`: the command line, with ruff's conventions.

Exit status: 0 when nothing was found, 1 when there are findings (or files that could not be
linted, or with `--diff`, changes to make), 2 for a usage or configuration error.
"""

import argparse
import sys
from pathlib import Path

from verdex.lint.config import ConfigError, load_config
from verdex.lint.formats import FORMATS, text
from verdex.lint.runner import fix_paths, lint_paths

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exit_request:  # argparse: --help, or a usage error (status 2)
        return int(exit_request.code or 0)
    try:
        config = load_config(Path(args.config) if args.config else None).with_overrides(
            _codes(args.select), _codes(args.ignore)
        )
    except ConfigError as error:
        print(f"verdex lint: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        return _run(args, config)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_FINDINGS


def _run(args: argparse.Namespace, config) -> int:
    paths = args.paths or ["."]
    if args.diff:
        outcomes = fix_paths(paths, config, write=False)
        sys.stdout.write("".join(outcome.diff for outcome in outcomes))
        for outcome in outcomes:
            if outcome.result.error is not None:
                print(f"{outcome.result.path}: error: {outcome.result.error}", file=sys.stderr)
        changed = sum(1 for outcome in outcomes if outcome.diff)
        print(f"Would fix {changed} file{'s' * (changed != 1)}.", file=sys.stderr)
        failed = changed or any(outcome.result.error for outcome in outcomes)
        return EXIT_FINDINGS if failed and not args.exit_zero else EXIT_CLEAN
    fixed = 0
    if args.fix:
        outcomes = fix_paths(paths, config, write=True)
        results = [outcome.result for outcome in outcomes]
        fixed = sum(outcome.fixed for outcome in outcomes)
    else:
        results = lint_paths(paths, config)
    if not results:
        print(f"verdex lint: warning: no Python files found in {' '.join(paths)}", file=sys.stderr)
    if args.statistics:
        sys.stdout.write(text.statistics(results))
    else:
        sys.stdout.write(FORMATS[args.format](results))
    if args.format == "text":
        sys.stdout.write(text.summary(results, fixed))
    failed = any(result.findings or result.error for result in results)
    return EXIT_FINDINGS if failed and not args.exit_zero else EXIT_CLEAN


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="verdex lint",
        description="Find flaky selectors, hard waits and non-retrying assertions in Playwright tests.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: .)")
    parser.add_argument("--fix", action="store_true", help="apply the fixes that are safe, in place")
    parser.add_argument("--diff", action="store_true", help="print the fixes as a diff instead of applying them")
    parser.add_argument("--format", choices=sorted(FORMATS), default="text", help="output format (default: text)")
    parser.add_argument("--select", action="append", metavar="CODES", help="only these rules, e.g. VDX001,VDX004")
    parser.add_argument("--ignore", action="append", metavar="CODES", help="skip these rules too")
    parser.add_argument("--config", metavar="PYPROJECT", help="read [tool.verdex.lint] from this file")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    parser.add_argument("--statistics", action="store_true", help="count findings per rule instead of listing them")
    return parser


def _codes(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    return [code.strip().upper() for value in values for code in value.split(",") if code.strip()]
