"""`verdex lint [PATHS...]`: the command line, with ruff's conventions.

Exit status: 0 when nothing was found, 1 when there are findings (or files that could not be
linted, or with `--diff`, changes to make), 2 for a usage or configuration error.
"""

import argparse
import inspect
import sys
from pathlib import Path

from verdex.lint.config import ConfigError, load_config
from verdex.lint.formats import FORMATS, text
from verdex.lint.rules import ALL_RULES
from verdex.lint.runner import fix_paths, lint_paths

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exit_request:  # argparse: --help, or a usage error (status 2)
        return int(exit_request.code or 0)
    if args.version:
        from importlib.metadata import version      # only here: loading it costs a tenth of a second

        print(f"verdex lint {version('verdex')}")
        return EXIT_CLEAN
    if args.explain:
        return _explain(args.explain)
    try:
        start = Path(args.paths[0]) if args.paths else None       # settings found from the linted path upward
        config = load_config(Path(args.config) if args.config else None, start=start).with_overrides(
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
                print(text.error_line(outcome.result), file=sys.stderr)
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
    if any(not Path(path).exists() for path in paths):
        return EXIT_USAGE        # a path that does not exist is a usage error, whatever --exit-zero says
    failing = [f for result in results for f in result.findings if args.fail_on == "warning" or f.severity == "error"]
    failed = bool(failing) or any(result.error for result in results)
    return EXIT_FINDINGS if failed and not args.exit_zero else EXIT_CLEAN


def _explain(code: str) -> int:
    """`verdex lint --explain VDX001`: what the rule finds, why it matters, and an example of each side."""
    rule = next((rule for rule in ALL_RULES if rule.code == code.strip().upper()), None)
    if rule is None:
        print(f"verdex lint: error: no rule {code!r} (rules: {', '.join(r.code for r in ALL_RULES)})", file=sys.stderr)
        return EXIT_USAGE
    lines = [f"{rule.code} ({rule.name})", "",
             f"severity: {rule.severity}; {'in the recommended set' if rule.recommended else 'opt-in (--select ' + rule.code + ' or ALL)'}"
             f"; {'a safe fix with --fix' if rule.fixable else 'no automatic fix'}", "",
             rule.message, "", rule.explanation, "", inspect.cleandoc(rule.__doc__ or "")]
    if rule.invalid:
        lines += ["", "Flagged:", *("    " + line for line in rule.invalid[0].code.strip().splitlines())]
    if rule.valid:
        lines += ["", "Fine:", *("    " + line for line in rule.valid[0].code.strip().splitlines())]
    print("\n".join(lines).rstrip())
    return EXIT_CLEAN


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="verdex lint",
        description="Find flaky selectors, hard waits and non-retrying assertions in Playwright tests.",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: .)")
    parser.add_argument("--fix", action="store_true", help="apply the fixes that are safe, in place")
    parser.add_argument("--diff", action="store_true", help="print the fixes as a diff instead of applying them")
    parser.add_argument("--output-format", "--format", dest="format", choices=sorted(FORMATS), default="text",
                        help="output format (default: text)")
    parser.add_argument("--select", action="append", metavar="CODES", help="only these rules, e.g. VDX001,VDX004")
    parser.add_argument("--ignore", action="append", metavar="CODES", help="skip these rules too")
    parser.add_argument("--config", metavar="PYPROJECT", help="read [tool.verdex.lint] from this file")
    parser.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    parser.add_argument("--statistics", action="store_true", help="count findings per rule instead of listing them")
    parser.add_argument("--fail-on", choices=("error", "warning"), default="warning",
                        help="the least severity that makes the exit status 1 (default: warning, any finding)")
    parser.add_argument("--explain", metavar="CODE", help="explain a rule, e.g. --explain VDX004")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return parser


def _codes(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    return [code.strip().upper() for value in values for code in value.split(",") if code.strip()]
