"""The ``verdex`` command: serve, doctor, demo, snapshot, export, replay, report, agent, heal, lint."""

from __future__ import annotations

import argparse
import os
import sys

from typing import TYPE_CHECKING

if TYPE_CHECKING:      # the browser stack is imported only by the commands that drive one
    from verdex.artifacts import ArtifactOptions
    from verdex.browser.session import BrowserOptions, RoleSpec
    from verdex.safety import Policy


def browser_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headed", action="store_true", help="show the browser window (needs a display)")
    parser.add_argument("--cdp-endpoint", metavar="URL", help="connect to a running Chromium over CDP")
    parser.add_argument("--ws-endpoint", metavar="URL", help="connect to a Playwright browser server")
    parser.add_argument("--executable", metavar="PATH", help="the Chromium binary to launch")
    parser.add_argument("--role", nargs=3, action="append", metavar=("NAME", "STORAGE_STATE", "DEFAULT_URL"),
                        help="a named role with its own context; '-' for no storage state or URL; repeatable")
    parser.add_argument("--no-preflight", action="append", default=[], metavar="ROLE",
                        help="act without stopping on blocking facts for this role (facts are still reported)")
    parser.add_argument("--test-id-attribute", default="data-testid", metavar="ATTR")
    parser.add_argument("--allow-host", action="append", default=[], metavar="PATTERN",
                        help="only these hosts may be visited (host or glob, e.g. *.example.com); repeatable")
    parser.add_argument("--deny-host", action="append", default=[], metavar="PATTERN",
                        help="never visit these hosts (also via links, redirects, popups); repeatable")
    parser.add_argument("--trust-host", action="append", default=[], metavar="PATTERN",
                        help="danger actions here need no confirm=; repeatable (loopback is trusted by default)")
    parser.add_argument("--no-trust-loopback", action="store_true",
                        help="danger actions on localhost and 127.0.0.1 need confirm= too")
    parser.add_argument("--max-tabs", type=int, default=20, metavar="N",
                        help="tabs a role may have open at once; popups beyond it are closed (default 20)")
    parser.add_argument("--max-tier", choices=("low", "medium", "high"), default="high",
                        help="refuse tools above this risk tier (high: evaluating JavaScript, uploading files)")


def policy_of(args: argparse.Namespace) -> Policy:
    from verdex.safety import Policy
    return Policy(allow_hosts=tuple(args.allow_host), deny_hosts=tuple(args.deny_host),
                  trusted_hosts=tuple(args.trust_host), trust_loopback=not args.no_trust_loopback,
                  max_tier=args.max_tier)


def artifact_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--screenshots", action="store_true",
                        help="keep element and page screenshots of every step beside the recording")
    parser.add_argument("--visual-diff", action="store_true",
                        help="compare viewport screenshots before and after each action; report it among the effects")
    parser.add_argument("--trace", metavar="PATH",
                        help="write a Playwright trace (show-trace opens it) on close; values typed into sensitive "
                             "fields are masked")


def artifacts_of(args: argparse.Namespace) -> ArtifactOptions:
    from pathlib import Path

    from verdex.artifacts import ArtifactOptions
    return ArtifactOptions(screenshots=args.screenshots, visual_diff=args.visual_diff,
                           trace=Path(args.trace) if args.trace else None)


def browser_options(args: argparse.Namespace, artifacts: ArtifactOptions | None = None
             ) -> tuple[BrowserOptions, list[RoleSpec]]:
    from verdex.artifacts import ArtifactOptions
    from verdex.browser.session import DEFAULT_ROLE, BrowserOptions, RoleSpec
    options = BrowserOptions(headless=not args.headed, cdp_endpoint=args.cdp_endpoint, ws_endpoint=args.ws_endpoint,
                             executable=args.executable, test_id_attribute=args.test_id_attribute, max_tabs=args.max_tabs,
                             artifacts=artifacts or ArtifactOptions())
    roles = [RoleSpec(name, None if state == "-" else state, None if url == "-" else url)
             for name, state, url in (args.role or [])] or [RoleSpec(DEFAULT_ROLE)]
    no_preflight = set(args.no_preflight)
    return options, [RoleSpec(r.name, r.storage_state, r.default_url, preflight=r.name not in no_preflight)
                     for r in roles]


SESSION_HELP = """shell sessions (docs/shell.md): a browser that outlives the command
  verdex open [URL] [-s NAME]      start or reuse the session NAME ($VERDEX_SESSION, else "default")
  verdex snapshot | click REF | fill REF TEXT | type REF TEXT | select REF LABEL | check REF |
         uncheck REF | hover REF | press KEY | upload REF FILE… | wait-for --text T | dialog [--accept] |
         goto URL | back | reload | ancestors REF | siblings REF | descendants REF | observe REF |
         verify-text TEXT | verify-element REF STATE | verify-url URL | extract | find --query Q |
         tabs | tab-new | tab-select T | tab-close T | frames | downloads | evaluate EXPR | info |
         roles | role NAME | restart-browser | forward | scroll | drag REF TO | wait-for-url URL |
         screenshot PATH | state-save PATH | state-load PATH | export PATH [--target typescript] | export-report PATH
         [-s NAME] [--json]        run in the session; each prints what the MCP tool of that name returns
  verdex sessions                  list the open sessions: name, URL, steps, idle time
  verdex close [-s NAME | --all]   end a session (its recording stays)"""


def _parser() -> argparse.ArgumentParser:
    from importlib.metadata import version      # the installed distribution's: verdex.__version__ (pyproject.toml)
    parser = argparse.ArgumentParser(prog="verdex", description="Explore pages and write resilient Playwright tests.")
    parser.add_argument("--version", action="version", version=f"verdex {version('verdex')}")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the MCP server (stdio by default)")
    serve.add_argument("--transport", choices=("stdio", "http"), default="stdio",
                       help="http = streamable HTTP on --host (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8931)
    serve.add_argument("--host", default="127.0.0.1",
                       help="http: address to bind (anything but loopback needs a token)")
    serve.add_argument("--token", help="http: require 'Authorization: Bearer TOKEN' (default: $VERDEX_TOKEN)")
    serve.add_argument("--caps", default="",
                       help="extra tool groups, comma separated: roles, more, test, lint, read, tabs, files, eval")
    serve.add_argument("--record", metavar="PATH", help="where to record every step (JSON Lines; default: "
                                                       ".verdex/recordings/mcp-TIME.jsonl, or $VERDEX_RECORDINGS/…)")
    serve.add_argument("--audit", metavar="PATH", help="log every gated or denied action (JSON Lines)")
    serve.add_argument("--max-sessions", type=int, metavar="N",
                       help="http: clients with a session (a browser) of their own at once (default: 8)")
    serve.add_argument("--session-idle", type=float, metavar="SECONDS",
                       help="http: a client's session ends after this long without a call (default: 900)")
    artifact_arguments(serve)
    browser_arguments(serve)

    sub.add_parser("doctor", help="which browser is found, versions, what is missing and how to fix it")

    demo = sub.add_parser("demo", help="explore the bundled shop over a real MCP connection and print what verdex sees")
    demo.add_argument("--chaos", type=int, metavar="SEED", help="run the fixture apps in seeded chaos mode")

    snap = sub.add_parser("snapshot", help="print the snapshot of a URL")
    snap.add_argument("url")
    snap.add_argument("--full", action="store_true", help="do not fold repeated siblings or cap the size")
    browser_arguments(snap)

    export = sub.add_parser("export", help="write a recording as a test (pytest-playwright or @playwright/test)")
    export.add_argument("recording")
    export.add_argument("--target", choices=("python", "typescript"), default="python")
    export.add_argument("-o", "--output", required=True, metavar="FILE")
    export.add_argument("--name", help="test name (default: the output file's stem)")
    export.add_argument("--prove", type=int, default=0, metavar="N",
                        help="run the test against the recorded app N times (1 as it is, the rest under chaos), "
                             "revising verdex's own choices where a run fails on one; 0 (default): write only")

    replay = sub.add_parser("replay", help="run a recording again and report drift")
    replay.add_argument("recording")
    replay.add_argument("--base-url", help="run against this origin instead of the recorded one")

    agent = sub.add_parser("agent", help="a planner and a navigator agent explore the app and write the test "
                                         "(model from OPENAI_BASE_URL, OPENAI_API_KEY, VERDEX_MODEL)")
    agent.add_argument("task", help='what the test does, e.g. "add Pixel 8 to the cart and see the toast"')
    agent.add_argument("--base-url", required=True, metavar="URL", help="the page the agents start on")
    agent.add_argument("--target", choices=("python", "typescript"), default="python")
    agent.add_argument("-o", "--output", metavar="FILE", help="default: test_NAME.py or NAME.spec.ts")
    agent.add_argument("--name", help="test name (default: from the task's first words)")
    agent.add_argument("--record", metavar="PATH", help="the recording (default: .verdex/agent/NAME.jsonl)")
    agent.add_argument("--max-turns", type=int, default=None, metavar="N", help="model turns for the whole run (default 40)")
    browser_arguments(agent)
    report = sub.add_parser("report", help="write a recording as a self-contained HTML report (timeline of steps)")
    report.add_argument("recording")
    report.add_argument("-o", "--output", required=True, metavar="FILE")

    heal = sub.add_parser("heal", help="run a generated test and repair broken locators and missing waits from fresh facts")
    heal.add_argument("test_file")
    heal.add_argument("--recording", help="the recording the test was generated from (default: NAME.jsonl beside "
                                          "the test or in a recordings/ folder up to two levels above it)")
    heal.add_argument("--base-url", help="the app to run against (default: the recording's)")
    heal.add_argument("--action-timeout", type=int, default=5000, metavar="MS",
                      help="bound every action while healing, so a covered target fails fast (0: the test's own)")
    browser_arguments(heal)

    prove = sub.add_parser("prove", help="run pytest-playwright tests under many seeds of client-side chaos "
                                         "(delayed responses, a slowed CPU) and report how often each passed")
    prove.add_argument("path", help="a test file or folder")
    prove.add_argument("--runs", type=int, default=20, metavar="N", help="seeds to run under (default 20)")
    prove.add_argument("--seed", type=int, default=1, metavar="S", help="the first seed (default 1)")
    prove.add_argument("--naive", metavar="FILE", help="run this other test file the same way and show it beside")
    prove.add_argument("--workers", type=int, default=None, metavar="N", help="runs at a time (default 1: the runs share the app; more only for tests whose data cannot collide)")
    prove.add_argument("--timeout", type=float, default=600, metavar="S", help="stop a run after this long (default 600)")
    prove.add_argument("--json", action="store_true", help="print the results as JSON (for CI)")
    prove.add_argument("--shard", metavar="K/N", help="run only shard K of N of the seeds × tests (a CI matrix; "
                                                     "verdex prove-merge adds the shards' --json reports)")
    remote = prove.add_mutually_exclusive_group()
    remote.add_argument("--ws-endpoint", metavar="URL", help="the runs' browsers: a Playwright browser server")
    remote.add_argument("--cdp-endpoint", metavar="URL", help="the runs' browsers: a running Chromium over CDP")
    prove.epilog = "arguments after -- go to pytest: --base-url URL, --chaos-max-delay MS, -k EXPR …"

    merge = sub.add_parser("prove-merge", help="add up the --json reports of verdex prove --shard into one table")
    merge.add_argument("reports", nargs="+", metavar="REPORT.json")
    merge.add_argument("--json", action="store_true", help="print the merged report as JSON")

    install = sub.add_parser("install", help="write verdex's skill for coding agents (SKILL.md and commands.md)")
    install.add_argument("--skills", action="store_true", required=True, help="write the skill")
    install.add_argument("--dir", default=".claude/skills/verdex", metavar="PATH",
                         help="where to write it (default .claude/skills/verdex)")

    sub.add_parser("lint", help="find flaky selectors and hard waits in Playwright tests (verdex lint --help)",
                   add_help=False)
    parser.epilog = SESSION_HELP
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def main(argv: list[str] | None = None) -> int:
    """Every command; a typed verdex error that reaches here (an extra not installed, say) is printed
    with its code, never as a traceback, and exits 1. Output piped to a reader that stops early
    (``verdex snapshot | head``) ends quietly, as a shell tool does."""
    from verdex.errors import VerdexError

    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _run(argv)
    except VerdexError as exc:
        print(f"verdex {argv[0]}: {exc}" if argv else f"verdex: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # nothing more to flush at exit
        return 1


def _run(argv: list[str]) -> int:
    from verdex.shell.client import is_session_command
    if is_session_command(argv):
        from verdex.shell.client import run as run_in_session
        return run_in_session(argv)
    if argv[:1] == ["lint"]:
        from verdex.lint.cli import main as lint_main
        return lint_main(argv[1:])
    import asyncio          # here, not above: a session command's client must start fast
    pytest_args: list[str] = []
    if argv[:1] == ["prove"] and "--" in argv:
        argv, pytest_args = argv[:argv.index("--")], argv[argv.index("--") + 1:]
    if argv[:1] == ["export"] and any(a in ("-s", "--session") or a.startswith(("-s=", "--session=")) for a in argv):
        print("verdex export: -o FILE writes the test of a recording file (verdex export RECORDING.jsonl -o FILE); "
              "a session's test is written by verdex export FILE -s NAME", file=sys.stderr)
        return 2
    args = _parser().parse_args(argv)
    args.pytest_args = pytest_args
    if args.command == "serve":
        from verdex.errors import VerdexError
        from verdex.http_transport import TOKEN_ENV, check_binding
        from verdex.server import build_server, serve
        options, roles = browser_options(args, artifacts_of(args))
        caps = tuple(c.strip() for c in args.caps.split(",") if c.strip())
        token = args.token or os.environ.get(TOKEN_ENV) or None
        try:
            if args.transport == "http":
                check_binding(args.host, token)
            bounds = {name: value for name, value in (("max_sessions", args.max_sessions),
                                                      ("session_idle_s", args.session_idle)) if value is not None}
            server = build_server(options, roles, caps, record=args.record, policy=policy_of(args), audit=args.audit,
                                  **bounds)
        except VerdexError as exc:
            print(f"verdex serve: {exc}", file=sys.stderr)
            return 2
        serve(server, args.transport, args.port, args.host, token)
        return 0
    if args.command == "doctor":
        from verdex.doctor import run_doctor
        return run_doctor()
    if args.command == "demo":
        from verdex.demo import run_demo
        return asyncio.run(run_demo(chaos_seed=args.chaos))
    if args.command == "snapshot":
        return asyncio.run(_snapshot(args))
    if args.command == "export":
        return _export(args)
    if args.command == "agent":
        return _agent(args)
    if args.command == "report":
        return _report(args)
    if args.command == "replay":
        from verdex.replay import render, replay
        from verdex.generators import RecordingError
        try:
            reports = asyncio.run(replay(args.recording, base_url=args.base_url))
        except RecordingError as exc:
            print(f"verdex replay: {exc}", file=sys.stderr)
            return 2
        print(render(reports))
        return 0 if all(r.ok for r in reports) else 1
    if args.command == "heal":
        return _heal(args)
    if args.command == "prove":
        return _prove(args)
    if args.command == "prove-merge":
        return _prove_merge(args)
    if args.command == "install":
        from pathlib import Path

        from verdex.shell.skill import install_skill
        for path in install_skill(Path(args.dir)):
            print(f"wrote {path}")
        return 0
    return 2


def _prove(args: argparse.Namespace) -> int:
    import json

    from verdex.prove import prove, render

    def progress(done: int, total: int) -> None:
        filled = round(24 * done / total)
        end = "\n" if done == total else ""
        print(f"\r  [{'#' * filled}{'.' * (24 - filled)}] {done}/{total} runs", end=end, file=sys.stderr, flush=True)

    from verdex.sharding import Shard
    shard = Shard.parse(args.shard) if args.shard else None
    remote = (["--browser-ws-endpoint", args.ws_endpoint] if args.ws_endpoint else
              ["--browser-cdp-endpoint", args.cdp_endpoint] if args.cdp_endpoint else [])
    proofs = [prove(path, args.runs, args.seed, remote + args.pytest_args, args.workers, args.timeout, progress,
                    shard=shard)
              for path in ([args.path] + ([args.naive] if args.naive else []))]
    if args.json:
        print(json.dumps({"proof": proofs[0].as_json(), "naive": proofs[1].as_json() if args.naive else None}, indent=2))
    else:
        print(render(proofs[0], proofs[1] if args.naive else None))
    return 0 if proofs[0].passed else 1


def _prove_merge(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from verdex.prove import render
    from verdex.prove_merge import merge, proof_from_json
    try:
        reports = [json.loads(Path(path).read_text(encoding="utf-8")) for path in args.reports]
    except (OSError, json.JSONDecodeError) as exc:
        print(f"verdex prove-merge: {exc}", file=sys.stderr)
        return 2
    proof = merge([proof_from_json(report["proof"]) for report in reports])
    naive = merge([proof_from_json(report["naive"]) for report in reports]) if all(
        report.get("naive") for report in reports) else None
    if args.json:
        print(json.dumps({"proof": proof.as_json(), "naive": naive.as_json() if naive else None}, indent=2))
    else:
        print(render(proof, naive))
    return 0 if proof.passed else 1


def _heal(args: argparse.Namespace) -> int:
    from pathlib import Path

    from verdex.errors import VerdexError
    from verdex.heal import heal
    test_file = Path(args.test_file)
    name = test_file.name.removesuffix(".py").removeprefix("test_")
    recording = Path(args.recording) if args.recording else next(
        (p for p in (test_file.parent / f"{name}.jsonl", *(d / "recordings" / f"{name}.jsonl"
                     for d in (test_file.parent, test_file.parent.parent, test_file.parent.parent.parent)))
         if p.is_file()), None)
    if not test_file.is_file() or test_file.suffix != ".py":
        print(f"verdex heal: {test_file} is not a Python test file (TypeScript is not healed yet)", file=sys.stderr)
        return 2
    if recording is None:
        print(f"verdex heal: no recording found for {test_file}; pass --recording", file=sys.stderr)
        return 2
    print(f"healing {test_file} from {recording}")
    try:
        report = heal(test_file, recording, base_url=args.base_url, action_timeout_ms=args.action_timeout or None,
                      browser=browser_options(args)[0])
    except VerdexError as exc:          # CANNOT_HEAL with its facts, or the browser's own error
        print(f"verdex heal: {exc}", file=sys.stderr)
        return 1
    print(f"{test_file}: passes" + (f", {len(report.fixes)} fix(es) written" if report.fixes else ", nothing to heal"))
    return 0


def _export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from verdex.generators import GenerationError, RecordingError
    from verdex.generators.typescript_syntax import UNCHECKED_NOTE
    from verdex.proof import mark_unproven, prove_export
    output = Path(args.output)
    name = args.name or output.name.removesuffix(".spec.ts").removesuffix(".py").removeprefix("test_")
    if args.prove < 0:
        print("verdex export: --prove is a number of runs (0 writes only)", file=sys.stderr)
        return 2
    try:
        written, proof = prove_export(args.recording, target=args.target, path=output, name=name, runs=args.prove)
    except (RecordingError, GenerationError, OSError) as exc:
        print(f"verdex export: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    if proof.verdict == "unproven":
        mark_unproven(proof)
        print(f"UNPROVEN: {output.name}: {proof.reason}", file=sys.stderr)
        return 1
    if args.prove:
        print(proof.summary())
    if args.target == "typescript" and written[0].read_text(encoding="utf-8").startswith(UNCHECKED_NOTE):
        print(f"verdex export: {UNCHECKED_NOTE.removeprefix('// ')}", file=sys.stderr)
    return 0


def _agent(args: argparse.Namespace) -> int:
    import asyncio
    import re
    from pathlib import Path

    from verdex.agent import DEFAULT_MAX_TURNS, Endpoint, Request, run_agent
    from verdex.errors import VerdexError
    name = args.name or "_".join(re.findall(r"[a-z0-9]+", args.task.lower())[:5]) or "agent"
    output = Path(args.output or (f"test_{name}.py" if args.target == "python" else f"{name}.spec.ts"))
    options, roles = browser_options(args)
    try:
        endpoint = Endpoint.from_env()
        print(f"verdex agent: {endpoint.describe()}", file=sys.stderr)
        outcome = asyncio.run(run_agent(Request(
            task=args.task, base_url=args.base_url, output=output, name=name, target=args.target,
            recording=Path(args.record or f".verdex/agent/{name}.jsonl"),
            max_turns=args.max_turns or DEFAULT_MAX_TURNS, options=options, roles=roles, policy=policy_of(args)),
            endpoint))
    except VerdexError as exc:
        print(f"verdex agent: {exc}", file=sys.stderr)
        return 2 if exc.code in ("MODEL_UNAVAILABLE", "INVALID_ARGUMENT", "BROWSER_UNAVAILABLE") else 1
    for path in outcome.files:
        print(f"wrote {path}")
    print(f"verdex agent: {outcome.tool_calls} tool calls, {outcome.refused} answered with an error code; "
          f"the recording is {outcome.recording}", file=sys.stderr)
    return 0


def _report(args: argparse.Namespace) -> int:
    from verdex.generators import RecordingError
    from verdex.artifacts.report import write_report
    try:
        written = write_report(args.recording, args.output)
    except (RecordingError, OSError) as exc:
        print(f"verdex report: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {written}")
    return 0


async def _snapshot(args: argparse.Namespace) -> int:
    from verdex.browser.session import Session
    from verdex.errors import VerdexError
    options, roles = browser_options(args)
    try:
        async with Session(options, roles, policy=policy_of(args), record=False) as session:
            tab = await session.tab()
            await tab.navigate(args.url)
            snap = await tab.snapshot(mode="full" if args.full else "default", max_bytes=None if args.full else 24_000)
            print(snap.to_text())
    except VerdexError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
