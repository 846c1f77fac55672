"""What `verdex prove` costs against one pytest process per seed, side by side in one session: a
two-test suite of its own (a page that loads two answers, a button) under seeds 1..N against a local
HTTP server,

- one ``pytest SUITE --chaos-seed S`` process per seed, two at a time (what ``verdex prove`` did
  before 2026-11-29: every seed paid pytest's start-up and a browser's launch),
- ``verdex prove SUITE --runs N --workers 2``: two processes, each running the suite under its half
  of the seeds, one start-up and one browser for them (verdex/proof_plugin.py).

Prints each one's wall time and CPU-seconds (its processes and theirs, as the kernel counts the
children it has waited for) and the ratio of the second to the first.

    .venv/bin/python bench/prove_cost.py [--seeds 10]
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from verdex.browser.discovery import find_chromium  # noqa: E402

WORKERS = 2
PAGE = """<!doctype html><title>log</title><div id=log></div>
<button onclick="this.textContent = 'done'">Go</button><script>
for (const name of ["a", "b"]) fetch(`/${name}.txt`).then(() => { document.querySelector("#log").textContent += name; });
</script>"""
CONFTEST = """
import os, pytest

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": os.environ["VERDEX_CHROMIUM"], "args": ["--disable-quic"]}
"""
TESTS = """
import re
from playwright.sync_api import Page, expect

def test_both_answers_arrive(page: Page) -> None:
    page.goto("/")
    expect(page.locator("#log")).to_have_text(re.compile("^(ab|ba)$"))
    page.get_by_role("button", name="Go").click()
    expect(page.get_by_role("button", name="done")).to_be_visible()

def test_title(page: Page) -> None:
    page.goto("/")
    expect(page).to_have_title("log")
"""


@contextmanager
def suite_and_site() -> Iterator[tuple[Path, str]]:
    """The suite's folder and the site it tests, served on 127.0.0.1."""
    with tempfile.TemporaryDirectory(prefix="verdex-prove-cost-") as scratch:
        folder, site = Path(scratch) / "suite", Path(scratch) / "site"
        folder.mkdir(), site.mkdir()
        (folder / "conftest.py").write_text(CONFTEST)
        (folder / "test_page.py").write_text(TESTS)
        (site / "index.html").write_text(PAGE)
        (site / "a.txt").write_text("a")
        (site / "b.txt").write_text("b")
        handler = functools.partial(_Quiet, directory=str(site))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield folder, f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def test_env() -> dict[str, str]:
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("no Chromium found (./dev setup installs Debian's)")
    return {**os.environ, "VERDEX_CHROMIUM": str(chromium.path)}


def per_seed(suite: Path, base_url: str, seeds: list[int]) -> None:
    def one(seed: int) -> None:
        done = subprocess.run([sys.executable, "-m", "pytest", str(suite), "-q", "-p", "no:cacheprovider",
                               "--base-url", base_url, "--chaos-seed", str(seed)], cwd=suite, env=test_env(),
                              capture_output=True, text=True, timeout=900, check=False)
        if done.returncode != 0:
            raise SystemExit(f"seed {seed} failed:\n{done.stdout[-3000:]}")

    with ThreadPoolExecutor(WORKERS) as pool:
        list(pool.map(one, seeds))


def proved(suite: Path, base_url: str, seeds: list[int]) -> None:
    done = subprocess.run([sys.executable, "-m", "verdex", "prove", str(suite), "--seed", str(seeds[0]),
                           "--runs", str(len(seeds)), "--workers", str(WORKERS), "--", "--base-url", base_url],
                          cwd=suite, env=test_env(), capture_output=True, text=True, timeout=900, check=False)
    if done.returncode != 0:
        raise SystemExit(f"verdex prove failed:\n{done.stdout[-3000:]}{done.stderr[-2000:]}")


def measured(run: Callable[[Path, str, list[int]], None], seeds: list[int]) -> tuple[float, float]:
    """Wall seconds and CPU-seconds of one way of running the seeds."""
    with suite_and_site() as (suite, url):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        run(suite, url, seeds)
        wall = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    seeds = list(range(1, args.seeds + 1))
    ways = {"a pytest process per seed": per_seed, "verdex prove": proved}
    results = {}
    for name, run in ways.items():
        print(f"{name} …", file=sys.stderr)
        results[name] = measured(run, seeds)
    base_wall, base_cpu = results["a pytest process per seed"]
    print(f"\ntwo tests under seeds 1–{args.seeds}, {WORKERS} at a time:")
    for name, (wall, cpu) in results.items():
        print(f"  {name:28} {wall:6.1f} s wall  × {wall / base_wall:.2f}   {cpu:6.1f} CPU-s  × {cpu / base_cpu:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
