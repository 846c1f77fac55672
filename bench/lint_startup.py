"""How long `verdex lint` takes to lint one file as a fresh process: start-up, imports and the lint.

Each run is `python -m verdex.lint --exit-zero FILE` in a new process; the script prints the best and
median wall time, the CPU time of the best run (which other load on the machine inflates far less
than the wall time), and the 1-minute load average. `--imports` adds what `python -X importtime`
says the costliest imports are.

    python bench/lint_startup.py                         # a file of the corpus, best of 10 runs
    python bench/lint_startup.py tests/test_cart.py      # your file
    python bench/lint_startup.py --imports               # and where the import time goes
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

FILE = Path(__file__).resolve().parent.parent / "tests" / "lint" / "corpus" / "todomvc" / "test_add_todo.py"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(path: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one `python -m verdex.lint` process on `path`."""
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verdex.lint", "--exit-zero", str(path)], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start, children_cpu() - cpu


def costliest_imports(count: int = 10) -> list[tuple[int, int, str]]:
    """(self µs, cumulative µs, module) of the imports `python -X importtime` finds costliest by their
    own time, and the whole of verdex.lint, libcst and pydantic."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-c", "import verdex.lint.cli"],
                            capture_output=True, text=True, check=True)
    rows = []
    for line in result.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        rows.append((int(own), int(cumulative), name.strip()))
    wholes = [row for row in rows if row[2].strip() in ("verdex.lint", "verdex.lint.cli", "libcst", "pydantic")]
    return wholes + sorted(rows, key=lambda row: -row[0])[:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(FILE), help="the file to lint (default: a corpus file)")
    parser.add_argument("--repeat", type=int, default=10, help="runs (default 10)")
    parser.add_argument("--imports", action="store_true", help="also list the costliest imports")
    args = parser.parse_args(argv)
    path = Path(args.path)
    runs = [one_run(path) for _ in range(args.repeat)]
    walls = [wall for wall, _ in runs]
    print(f"file:      {path.name} ({path.read_text(encoding='utf-8').count(chr(10))} lines)")
    print(f"wall:      {min(walls):.2f} s best, {statistics.median(walls):.2f} s median of {len(runs)} runs")
    print(f"cpu:       {min(cpu for _, cpu in runs):.2f} s least of the runs (user + system)")
    print(f"load:      {os.getloadavg()[0]:.2f} (1-minute load average, {os.cpu_count()} cores)")
    if args.imports:
        print("imports (cumulative ms, self ms), the packages, then the costliest modules of their own:")
        for own, cumulative, name in costliest_imports():
            print(f"  {cumulative / 1000:8.0f} {own / 1000:8.0f}  {name.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
