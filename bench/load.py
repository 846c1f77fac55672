"""Load: 8 roles working at once, 200 actions each, on the fixture apps; memory and latency.

    .venv/bin/python bench/load.py [--roles 8] [--actions 200] [--warmup 50] [--json out.json]

One Session with 8 RoleSpecs (8 isolated browser contexts, one tab each), all acting concurrently
(tests/workload.py: fill, check, click through verdex's preflight and proven locators). Resident
memory (PSS) of this Python process, the Playwright driver and the Chromium processes is measured
after the warm-up (one cycle of the workload, 50 actions per role), after each further cycle and at
the end, each time after a garbage collection in Python, in every page and in the driver (through
its inspector; its V8 heap in use is printed too); exit 1 when any of them grew by 10 % or more, or
an action failed. Prints per-role p50/p95 action latency.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verdex.fixtures.server import FixtureServer  # noqa: E402
from tests.workload import (  # noqa: E402
    RoleRun, collect_page_garbage, inspectable_driver, memory_mb, percentile, role_specs, work_all)
from verdex.browser.session import Session  # noqa: E402

GROWTH_LIMIT = 0.10
CYCLE = 50                      # the workload reloads its page every 50 actions


async def run(roles: int, total: int, warmup: int) -> dict:
    with FixtureServer() as apps, inspectable_driver() as driver:
        async with Session(roles=role_specs(roles)) as session:
            runs = [RoleRun(spec.name) for spec in session.roles_specs()]
            started = time.monotonic()
            series = []                                  # memory after each cycle, to tell a leak from a heap settling
            while (done := runs[0].done) < total:
                await work_all(session, runs, apps.url, min(warmup if done == 0 else CYCLE, total - done))
                gc.collect()
                await collect_page_garbage(session, runs)
                driver_heap = await driver.collect_garbage()
                series.append({"actions_per_role": runs[0].done, "driver_heap": round(driver_heap, 1),
                               **{k: round(v, 1) for k, v in memory_mb(os.getpid()).items()}})
            elapsed = time.monotonic() - started
    after_warmup, at_end = series[0], series[-1]
    parts = ("python", "driver", "chromium", "driver_heap")
    measured = [ms for r in runs for ms in r.latencies_ms[warmup:]]
    return {
        "roles": roles, "actions_per_role": total, "warmup": warmup, "seconds": round(elapsed, 1),
        "actions": sum(r.done for r in runs),
        "errors": dict(sum((r.errors for r in runs), Counter())),
        "p50_ms": round(percentile(measured, 0.50), 1), "p95_ms": round(percentile(measured, 0.95), 1),
        "per_role": [{"role": r.role, "actions": r.done, "errors": sum(r.errors.values()),
                      "p50_ms": round(percentile(r.latencies_ms[warmup:], 0.50), 1),
                      "p95_ms": round(percentile(r.latencies_ms[warmup:], 0.95), 1)} for r in runs],
        "memory_mb": {"after_warmup": {k: after_warmup[k] for k in parts}, "at_end": {k: at_end[k] for k in parts},
                      "series": series},
        "growth": {k: round(at_end[k] / after_warmup[k] - 1, 4) for k in parts},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roles", type=int, default=8)
    parser.add_argument("--actions", type=int, default=200, help="actions per role, warm-up included")
    parser.add_argument("--warmup", type=int, default=50,
                        help="actions per role before the first measurement (one cycle: the page reloads every 50)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    print(f"{args.roles} roles × {args.actions} actions, warm-up {args.warmup} "
          "(\"Debugger attached.\" on stderr: the driver being garbage-collected)", flush=True)
    result = asyncio.run(run(args.roles, args.actions, args.warmup))

    print(f"\n{'role':<8} {'actions':>8} {'errors':>7} {'p50 ms':>8} {'p95 ms':>8}")
    for row in result["per_role"]:
        print(f"{row['role']:<8} {row['actions']:>8} {row['errors']:>7} {row['p50_ms']:>8} {row['p95_ms']:>8}")
    print(f"{'all':<8} {result['actions']:>8} {sum(result['errors'].values()):>7} "
          f"{result['p50_ms']:>8} {result['p95_ms']:>8}   (after warm-up; {result['seconds']} s in all)")
    print(f"\n{'memory (PSS)':<24} {'after warm-up':>14} {'at end':>9} {'growth':>8}")
    labels = {"python": "python process", "driver": "Playwright driver", "chromium": "Chromium (all processes)",
              "driver_heap": "driver V8 heap in use"}
    for part, label in labels.items():
        print(f"{label:<24} {result['memory_mb']['after_warmup'][part]:>11.1f} MB "
              f"{result['memory_mb']['at_end'][part]:>6.1f} MB {result['growth'][part]:>+8.1%}")
    print("\nmemory after each cycle (MB): actions/role  python  driver  chromium  driver heap")
    for point in result["memory_mb"]["series"]:
        print(f"{point['actions_per_role']:>36} {point['python']:>7} {point['driver']:>7} {point['chromium']:>9} "
              f"{point['driver_heap']:>12}")
    if result["errors"]:
        print(f"errors by code: {result['errors']}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    ok = not result["errors"] and all(g < GROWTH_LIMIT for g in result["growth"].values())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
