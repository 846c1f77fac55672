"""How fast `verdex lint` is: lines per second with every rule on, over at least 20,000 lines.

Without a path it copies the marked corpus (tests/lint/corpus) into a temporary directory as many
times as it takes to reach --lines, the way a large suite repeats the same patterns.

    python bench/lint.py                     # 2 jobs, best of 3 runs, corpus grown to 20,000 lines
    python bench/lint.py --jobs 1            # one core
    python bench/lint.py path/to/tests       # a real suite
    python bench/lint.py --cli               # time `python -m verdex.lint` as a process, start-up included
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from verdex.lint import LintConfig, lint_paths

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "lint" / "corpus"


def grow_corpus(target: Path, lines: int) -> None:
    """Copy the corpus files into `target` until they hold at least `lines` lines."""
    sources = [(path, path.read_text(encoding="utf-8")) for path in sorted(CORPUS.rglob("*.py"))]
    total, copy = 0, 0
    while total < lines:
        for path, text in sources:
            name = f"copy{copy:03}_{path.relative_to(CORPUS).as_posix().replace('/', '_')}"
            (target / name).write_text(text, encoding="utf-8")
            total += text.count("\n")
        copy += 1


def count(paths: list[Path]) -> tuple[int, int]:
    files = [p for root in paths for p in ([root] if root.is_file() else root.rglob("*.py"))]
    return sum(p.read_bytes().count(b"\n") for p in files), len(files)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_api(path: Path, jobs: int) -> tuple[float, int]:
    start = time.perf_counter()
    results = lint_paths([str(path)], LintConfig(), jobs=jobs)
    elapsed = time.perf_counter() - start
    failed = [result for result in results if result.error]
    if failed:
        sys.exit(f"bench: {len(failed)} files failed, e.g. {failed[0].path}: {failed[0].error}")
    return elapsed, sum(len(result.findings) for result in results)


def run_cli(path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "verdex.lint", "--exit-zero", "--statistics", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    elapsed = time.perf_counter() - start
    return elapsed, sum(int(line.split()[0]) for line in result.stdout.splitlines() if line.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", help="lint this instead of the grown corpus")
    parser.add_argument("--lines", type=int, default=20_000, help="grow the corpus to at least this many lines")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported (default 3)")
    parser.add_argument("--cli", action="store_true", help="time the command line instead of the API")
    args = parser.parse_args(argv)

    workdir = None
    if args.path:
        target = Path(args.path)
    else:
        workdir = tempfile.mkdtemp(prefix="verdex-lint-bench-")
        target = Path(workdir)
        grow_corpus(target, args.lines)
    try:
        lines, files = count([target])
        cpu_before = cpu_seconds()
        runs = [run_cli(target) if args.cli else run_api(target, args.jobs) for _ in range(args.repeat)]
        cpu = (cpu_seconds() - cpu_before) / args.repeat
    finally:
        if workdir:
            shutil.rmtree(workdir, ignore_errors=True)
    times = [elapsed for elapsed, _ in runs]
    best = min(times)
    mode = "cli" if args.cli else f"api, {args.jobs} jobs"
    print(f"lines:     {lines}")
    print(f"files:     {files}")
    print(f"findings:  {runs[0][1]}")
    print(f"mode:      {mode}, all rules, {os.cpu_count()} cores on this machine")
    print(f"seconds:   {best:.2f} (best of {len(times)}; median {statistics.median(times):.2f})")
    print(f"lines/s:   {lines / best:,.0f}")
    print(f"cpu:       {cpu:.2f} s per run, {lines / cpu:,.0f} lines per CPU-second (other load on the machine aside)")
    print(f"load:      {os.getloadavg()[0]:.2f} (1-minute load average)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
