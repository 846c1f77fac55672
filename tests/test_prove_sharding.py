"""``verdex prove --shard K/N`` splits seeds × tests so that N machines share a proof, ``verdex
prove-merge`` adds their reports into the one table a single machine would print, and the runs' browsers
can be a remote Playwright server (``--ws-endpoint``) or a Chromium reached over CDP (``--cdp-endpoint``).

The runs are real ``pytest --chaos-seed`` processes on real Chromium: one shard's browsers come from a
``playwright run-server``, the other's from a Chromium started with ``--remote-debugging-port`` (the
one tests/test_prove.py reaches over CDP from a conftest of its own)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_prove import CONFTEST, remote_chromium  # noqa: F401 (a fixture used here)

from verdex.browser.discovery import find_chromium
from verdex.errors import InvalidArgument
from verdex.sharding import Shard

TESTS = """
from playwright.sync_api import Page, expect

def test_heading(page: Page) -> None:
    page.set_content("<h1>Products</h1>")
    expect(page.get_by_role("heading", name="Products")).to_be_visible()

def test_button(page: Page) -> None:
    page.set_content("<button>Add</button>")
    expect(page.get_by_role("button", name="Add")).to_be_enabled()
"""

NAMES = ["test_suite.py::test_button[chromium]", "test_suite.py::test_heading[chromium]"]


def test_every_run_is_in_exactly_one_shard_and_the_shards_differ_by_at_most_one():
    for tests, seeds, count in ((3, range(1, 4), 2), (500, range(1, 21), 7), (1, range(5, 6), 4), (7, range(3, 9), 3)):
        shares = [[(seed, position) for seed in seeds for position in range(tests)
                   if Shard(index, count).owns(seed, position, tests)] for index in range(1, count + 1)]
        runs = [run for share in shares for run in share]
        assert sorted(runs) == [(seed, position) for seed in seeds for position in range(tests)]
        assert max(map(len, shares)) - min(map(len, shares)) <= 1


@pytest.mark.parametrize("text", ["0/2", "3/2", "2", "a/b", "1/0", "-1/2"])
def test_a_shard_that_is_not_k_of_n_is_a_typed_error(text):
    with pytest.raises(InvalidArgument, match="K/N"):
        Shard.parse(text)


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    folder = tmp_path / "suite"
    folder.mkdir()
    (folder / "conftest.py").write_text(CONFTEST)
    (folder / "test_suite.py").write_text(TESTS)
    return folder


@pytest.fixture
def ws_endpoint(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A Playwright browser server (``--unsafe``: it launches the Chromium each client names, as a grid's
    own browsers would be configured), with its connection log."""
    log = tmp_path / "server.log"
    with log.open("w") as err:
        server = subprocess.Popen([sys.executable, "-m", "playwright", "run-server", "--host", "127.0.0.1",
                                   "--port", "0", "--unsafe"], stdout=subprocess.PIPE, stderr=err, text=True,
                                  env={**os.environ, "DEBUG": "pw:server"}, start_new_session=True)
        try:
            line = server.stdout.readline()                  # "Listening on ws://127.0.0.1:PORT/"
            assert line.startswith("Listening on ws://"), line
            yield line.split()[-1], log
        finally:
            os.killpg(server.pid, signal.SIGTERM)            # the Python wrapper and the node server it runs
            server.wait(timeout=30)


def prove(suite: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "verdex", "prove", str(suite), *args], capture_output=True, text=True,
                          timeout=600, env={**os.environ, "VERDEX_CHROMIUM": find_chromium().path, **env})


def test_two_shards_on_remote_browsers_merge_into_the_table_of_the_whole_proof(suite, tmp_path, ws_endpoint,
                                                                               remote_chromium):
    ws, server_log = ws_endpoint
    first = prove(suite, "--runs", "2", "--shard", "1/2", "--ws-endpoint", ws, "--json")
    # the CDP shard could not launch a browser of its own: the Chromium it is told to launch does not exist
    second = prove(suite, "--runs", "2", "--shard", "2/2", "--cdp-endpoint", remote_chromium, "--json",
                   VERDEX_CHROMIUM=str(tmp_path / "no-such-chromium"))
    assert first.returncode == 0 and second.returncode == 0, first.stdout + first.stderr + second.stdout + second.stderr
    shares = [json.loads(done.stdout)["proof"] for done in (first, second)]
    assert [share["shard"] for share in shares] == ["1/2", "2/2"]
    assert [sum(test["runs"] for test in share["tests"]) for share in shares] == [2, 2]     # 4 runs, split
    assert "serving connection" in server_log.read_text()      # the first shard's browsers were the server's

    reports = []
    for number, share in enumerate((first, second), 1):
        reports.append(tmp_path / f"shard-{number}.json")
        reports[-1].write_text(share.stdout)
    table = subprocess.run([sys.executable, "-m", "verdex", "prove-merge", *map(str, reports)],
                           capture_output=True, text=True, timeout=60)
    assert table.returncode == 0, table.stderr
    assert table.stdout.splitlines()[0].startswith(f"{suite}: 2 seeds (1–2)")
    assert [line.split() for line in table.stdout.splitlines()[1:]] == [["ok", name, "2/2"] for name in NAMES]
    merged = subprocess.run([sys.executable, "-m", "verdex", "prove-merge", *map(str, reports), "--json"],
                            capture_output=True, text=True, timeout=60)
    proof = json.loads(merged.stdout)["proof"]
    assert proof["passed"] and [(t["name"], t["passed_seeds"]) for t in proof["tests"]] == [(n, [1, 2]) for n in NAMES]


def test_a_failing_run_in_one_shard_fails_the_merge_with_its_seed_and_message(tmp_path):
    passing = {"path": "e2e", "seeds": [1], "shard": "1/2", "passed": True, "seconds": 3.0, "run_errors": {},
               "tests": [{"name": "t::a", "passes": 1, "runs": 1, "passed_seeds": [1], "failed_seeds": [],
                          "first_failure": None}]}
    failing = {"path": "e2e", "seeds": [1, 2], "shard": "2/2", "passed": False, "seconds": 5.0, "run_errors": {},
               "tests": [{"name": "t::a", "passes": 0, "runs": 1, "passed_seeds": [], "failed_seeds": [2],
                          "first_failure": {"seed": 2, "message": "AssertionError: Locator expected to be visible",
                                            "largest_delays": ["900 ms GET http://app/api"],
                                            "delays": [{"ms": 900, "method": "GET", "url": "http://app/api"}]}}]}
    paths = []
    for number, report in enumerate((passing, failing), 1):
        paths.append(tmp_path / f"shard-{number}.json")
        paths[-1].write_text(json.dumps({"proof": report, "naive": None}))
    table = subprocess.run([sys.executable, "-m", "verdex", "prove-merge", *map(str, paths)],
                           capture_output=True, text=True, timeout=60)
    assert table.returncode == 1
    assert table.stdout.splitlines() == ["e2e: 2 seeds (1–2), 5 s", "  FAIL t::a  1/2",
                                         "       first failing seed 2: AssertionError: Locator expected to be visible",
                                         "         drew 900 ms GET http://app/api"]


def test_a_report_that_is_not_provess_is_a_typed_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"proof": {"path": "e2e"}, "naive": None}))
    done = subprocess.run([sys.executable, "-m", "verdex", "prove-merge", str(bad)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and "INVALID_ARGUMENT" in done.stderr and "Traceback" not in done.stderr
