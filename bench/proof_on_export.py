"""What proving on export costs (docs/prove.md): the bundled shop's flow (tests/flows/shop.py) is
recorded once by the scripted agent; then, --rounds times, interleaved against the same fixture server:

- the test's own run: ``pytest test_shop.py`` once, as its user runs it (browser start included);
- the export with proving at the default (1 run as it is, 2 under chaos, one after the other in one
  pytest process): the seconds proving added to the export, beyond writing the file.

Prints the medians and their ratio. Target: ≤ 3. The real apps: ``bench/realapps.py --proof``.

    .venv/bin/python bench/proof_on_export.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.flows import shop  # noqa: E402
from verdex.fixtures.server import FixtureServer  # noqa: E402
from verdex.generators import export  # noqa: E402
from verdex.proof import prove_export  # noqa: E402
from verdex.proof_runs import run_pytest  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    own, added = [], []
    with tempfile.TemporaryDirectory(prefix="verdex-proof-bench-") as scratch, FixtureServer() as server:
        folder = Path(scratch)
        recording = folder / "shop.jsonl"
        asyncio.run(shop.record(server.url, recording))
        test_file = folder / "test_shop.py"
        for round_number in range(1, args.rounds + 1):
            run = run_pytest(test_file if test_file.exists() else _written(recording, test_file), label="own",
                             chaos_seed=None, timeout_s=600, secrets=[])
            own.append(run.seconds)
            started = time.monotonic()
            export(recording, target="python", path=test_file, name="shop")
            written = time.monotonic() - started
            started = time.monotonic()
            _, proof = prove_export(recording, target="python", path=test_file, name="shop")
            added.append(time.monotonic() - started - written)
            print(f"round {round_number}: own run {own[-1]:.1f} s (passed: {run.passed}); "
                  f"export added {added[-1]:.1f} s: {proof.summary()}", file=sys.stderr)
    ratio = statistics.median(added) / statistics.median(own)
    print(f"the test's own run: median {statistics.median(own):.1f} s; proving added to the export: median "
          f"{statistics.median(added):.1f} s; ratio {ratio:.2f} (target ≤ 3) over {args.rounds} rounds")
    return 0 if ratio <= 3 else 1


def _written(recording: Path, test_file: Path) -> Path:
    export(recording, target="python", path=test_file, name="shop")
    return test_file


if __name__ == "__main__":
    sys.exit(main())
