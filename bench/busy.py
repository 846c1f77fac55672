"""The suite on a busy machine: ``./dev test`` on fresh clones while other processes keep every core busy.

    python bench/busy.py [--runs 3] [--hogs N] [--keep] [-- extra pytest arguments]

Each run clones the committed HEAD of this repository into a new temporary folder (with the
repository's ``../shared`` beside it, as ``.ci/run`` expects) and runs ``./dev test`` there, exactly
what CI runs, while ``--hogs`` processes (default: one per core) spin at the same priority. A run
installs its own .venv and node_modules, as on a fresh machine. Prints one line per run (exit code,
wall time, pytest's summary) and the load average it saw; exits 1 if any run failed or took longer
than the 15 minutes the project allows. This is how the claim "the suite never flakes" is checked:
a test whose outcome depends on the machine's speed fails here first.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT_S = 15 * 60
SUMMARY = re.compile(r"^=*\s*(\d+ (?:passed|failed|error).*?) in [\d.]+s", re.MULTILINE)


def _spin() -> None:
    while True:
        pass


def _fresh_clone(into: Path) -> Path:
    clone = into / "verdex"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)], check=True)
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        (into / "shared").symlink_to(shared)
    return clone


def _run_once(number: int, extra: list[str], keep: bool) -> tuple[bool, str]:
    folder = Path(tempfile.mkdtemp(prefix=f"verdex-busy-{number}-"))
    try:
        clone = _fresh_clone(folder)
        started = time.monotonic()
        done = subprocess.run(["./dev", "test", *extra], cwd=clone, capture_output=True, text=True)
        seconds = time.monotonic() - started
        output = done.stdout + done.stderr
        summary = SUMMARY.findall(output)
        ok = done.returncode == 0 and seconds <= LIMIT_S
        line = (f"run {number}: exit {done.returncode}, {seconds / 60:.1f} min, "
                f"{summary[-1] if summary else 'no pytest summary'}, load {os.getloadavg()[0]:.1f}")
        if done.returncode != 0:
            failed = [x for x in output.splitlines() if x.startswith(("FAILED", "ERROR"))]
            line += "\n    " + "\n    ".join(failed or output.splitlines()[-20:])
        return ok, line
    finally:
        if keep:
            print(f"kept {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 2, help="busy processes (default: one per core)")
    parser.add_argument("--keep", action="store_true", help="keep the clones (to read their output)")
    parser.add_argument("extra", nargs="*", help="after --: extra arguments for ./dev test")
    args = parser.parse_args()
    hogs = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(args.hogs)]
    for hog in hogs:
        hog.start()
    print(f"{args.hogs} busy processes on {os.cpu_count()} cores; {args.runs} fresh-clone runs of ./dev test",
          file=sys.stderr)
    results = []
    try:
        for number in range(1, args.runs + 1):
            ok, line = _run_once(number, args.extra, args.keep)
            results.append(ok)
            print(line, flush=True)
    finally:
        for hog in hogs:
            hog.terminate()
    print(f"{sum(results)}/{len(results)} runs green under load (limit {LIMIT_S // 60} min each)")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
