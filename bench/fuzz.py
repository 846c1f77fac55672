"""Fuzz the MCP tools: over 10,000 random and malformed calls through the SDK's in-memory client.

    .venv/bin/python bench/fuzz.py [--calls 10500] [--seed N] [--json out.json]

Calls are drawn by hypothesis (tests/fuzzing.py: well-typed and malformed arguments, unknown refs,
negative limits, huge strings, unicode, nulls, extra arguments) against the fixture apps. Prints
progress, calls per second and the histogram of outcomes (``ok`` or the error code). Exits 1 if any
call failed without a typed error, the server stopped answering, or a good call fails afterwards.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from verdex.fixtures.server import FixtureServer  # noqa: E402
from tests.fuzzing import FuzzTarget, fuzz_target, tool_calls  # noqa: E402

PROGRESS_EVERY = 500


def walk(target: FuzzTarget, base_url: str, calls: int, seed_value: int) -> None:
    started = time.monotonic()

    @seed(seed_value)
    @settings(max_examples=calls, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def one_call(data: st.DataObject) -> None:
        tool, arguments = data.draw(tool_calls(target.tools, base_url, target.workdir))
        target.call(tool, arguments)
        done = target.tally.calls
        if done % PROGRESS_EVERY == 0:
            elapsed = time.monotonic() - started
            failures = len(target.tally.failures)
            print(f"{done:>6} calls  {done / elapsed:6.1f} calls/s  failures {failures}", flush=True)

    one_call()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=10_500)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--json", type=Path, help="write the tally here")
    args = parser.parse_args()
    seed_value = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"fuzzing {args.calls} calls, seed {seed_value}", flush=True)

    with FixtureServer() as apps, fuzz_target() as target:
        started = time.monotonic()
        walk(target, apps.url, args.calls, seed_value)
        elapsed = time.monotonic() - started
        serves = target.still_serves(apps.url)
    tally = target.tally

    print(f"\n{tally.calls} calls in {elapsed:.0f} s = {tally.calls / elapsed:.1f} calls/s; "
          f"slowest {tally.slowest[0]:.1f} s ({tally.slowest[1]})")
    print("\noutcome                 calls")
    for outcome, count in tally.outcomes.most_common():
        print(f"{outcome:<22} {count:>6}")
    for failure in tally.failures[:20]:
        print("FAILURE", json.dumps(failure, ensure_ascii=False))
    print(f"\nuntyped failures: {len(tally.failures)}; server answers a good call afterwards: {serves}")
    if not serves:
        print(target.final_check)
    if args.json:
        args.json.write_text(json.dumps({"seed": seed_value, "calls": tally.calls, "seconds": round(elapsed, 1),
                                         "outcomes": dict(tally.outcomes), "failures": tally.failures,
                                         "examples": tally.examples,
                                         "still_serves": serves}, indent=2, ensure_ascii=False))
    return 0 if serves and not tally.failures else 1


if __name__ == "__main__":
    sys.exit(main())
