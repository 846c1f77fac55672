"""What the chaos plugin costs when it draws no chaos: the generated example suite
(examples/generated/python, six tests) against a fixture server with its own chaos off, run side by
side in one session, interleaved round by round:

- without the plugin (``-p no:verdex.chaos``),
- with the plugin loaded and no seed (what every pytest run where verdex is installed pays),
- with ``--chaos-seed 1 --chaos-max-delay 0 --chaos-cpu 1 --chaos-timers 1``: every response routed through the plugin,
  all delays 0, no throttling.

Prints the median wall time of each and its ratio to the first. Target: ≤ 1.05 for the last.

    .venv/bin/python bench/prove_overhead.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.flows.runner import EXAMPLES, test_env  # noqa: E402
from verdex.fixtures.server import FixtureServer  # noqa: E402

SUITE = EXAMPLES / "generated" / "python"
VARIANTS = {
    "no plugin": ["-p", "no:verdex.chaos"],
    "plugin, no seed": [],
    "plugin, zero chaos": ["--chaos-seed", "1", "--chaos-max-delay", "0", "--chaos-cpu", "1", "--chaos-timers", "1"],
}


def one_run(base_url: str, extra: list[str]) -> float:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", str(SUITE), "-q", "-p", "no:cacheprovider",
                           "--base-url", base_url, *extra], cwd=SUITE, env=test_env(), capture_output=True,
                          text=True, timeout=600, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the suite failed with {extra}:\n{done.stdout[-3000:]}")
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for round_ in range(args.rounds):
        for name, extra in VARIANTS.items():
            with FixtureServer(chaos_seed=None) as server:     # a fresh cart for every run
                times[name].append(one_run(server.url, extra))
        print(f"round {round_ + 1}/{args.rounds}: " + ", ".join(f"{n} {t[-1]:.1f} s" for n, t in times.items()),
              file=sys.stderr)
    base = statistics.median(times["no plugin"])
    print(f"\nthe generated example suite ({SUITE.relative_to(EXAMPLES.parent)}), median of {args.rounds} rounds:")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"  {name:20} {median:6.2f} s   × {median / base:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
