"""`pytest --chaos-seed N` and `verdex prove`: seeded client-side chaos for any pytest-playwright test.

The page here is served by a plain HTTP server on 127.0.0.1 (chaos acts on real responses, so the
page cannot be served by a Playwright route): it fetches /a and /b and logs each as it arrives. The
tests run real pytest processes on a real Chromium, as a user's CI would."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.flows.runner import outside_pytest_env
from verdex.browser.discovery import find_chromium
from verdex.chaos.plan import ChaosPlan

PAGE = b"""<!doctype html><title>log</title><div id=log></div><script>
for (const name of ["a", "b"]) fetch("/" + name).then(() => { document.querySelector("#log").textContent += name; });
</script>"""

CONFTEST = """
import os, pytest

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": os.environ["VERDEX_CHROMIUM"], "args": ["--disable-quic"]}
"""

ORDER_TEST = """
import os
import re

from playwright.sync_api import Page, expect

def test_order(page: Page) -> None:
    page.goto("/")
    expect(page.locator("#log")).to_have_text(re.compile("^(ab|ba)$"), timeout=15_000)
    with open(os.environ["ORDER_FILE"], "w") as out:
        out.write(page.inner_text("#log"))
"""

NAIVE_TEST = """
from playwright.sync_api import Page

def test_reads_too_soon(page: Page) -> None:
    page.goto("/")
    page.wait_for_timeout({sleep_ms})
    assert len(page.inner_text("#log")) == 2, "the data had not arrived"
"""


LONG_DELAY_MS = 20_000     # a delay no machine's slowness hides: a test that reads at 300 ms fails

# A page that keeps six requests open to its server (a long poll started six times), and asks for its data
# when its button is clicked: the browser has six connections to the host, and the data's request waits
# behind the polls. The test clicks once the server holds all six (it asks the server itself, not through
# the browser), so the polls have the connections whatever the order chaos gives them.
HELD_PAGE = b"""<!doctype html><title>polls</title><div id=log></div><button>Data</button><script>
for (let i = 0; i < 6; i++) fetch("/poll?n=" + i);
document.querySelector("button").onclick = () =>
  fetch("/data").then(() => { document.querySelector("#log").textContent = "data"; });
</script>"""
POLL_HELD_S = 30           # the server holds each poll this long after the sixth came: past the test's wait
POLLS_HELD = [0]           # the polls the server holds now
SIXTH_CAME = [0.0]         # when the server last came to hold all six (time.monotonic())
POLLS_COUNTED = threading.Lock()

HELD_TEST = """
import time
from urllib.request import urlopen

from playwright.sync_api import Page, expect

def test_data(page: Page, base_url: str) -> None:
    page.goto("/polls")
    deadline = time.monotonic() + 30
    while urlopen(base_url + "/held").read() != b"6" and time.monotonic() < deadline:
        page.wait_for_timeout(100)      # not time.sleep: chaos's route handlers, holding polls back, run meanwhile
    page.get_by_role("button", name="Data").click()
    expect(page.locator("#log")).to_have_text("data", timeout=8_000)
"""


def _hold_poll() -> None:
    """Hold a poll POLL_HELD_S from its coming and from the sixth's: a poll chaos sent late (the sixth, seconds
    after the others) does not let the others go within the test's wait for the data, which starts once the
    sixth is held."""
    with POLLS_COUNTED:
        POLLS_HELD[0] += 1
        if POLLS_HELD[0] == 6:
            SIXTH_CAME[0] = time.monotonic()
    came = time.monotonic()
    while time.monotonic() < max(came, SIXTH_CAME[0]) + POLL_HELD_S:
        time.sleep(0.1)
    with POLLS_COUNTED:
        POLLS_HELD[0] -= 1


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path.startswith("/poll?"):
            _hold_poll()
        pages = {"/": PAGE, "/polls": HELD_PAGE, "/held": str(POLLS_HELD[0]).encode()}
        body, kind = (pages[self.path], "text/html") if self.path in pages else (b"ok", "text/plain")
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture
def suite(tmp_path: Path) -> Path:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    return tmp_path


def _env() -> dict[str, str]:
    chromium = find_chromium()
    assert chromium is not None
    return {**outside_pytest_env(), "VERDEX_CHROMIUM": str(chromium.path)}


def _pytest(folder: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=folder,
                          env=env or _env(), capture_output=True, text=True, timeout=300, check=False)


def _verdex(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "verdex", *args], cwd=folder, env=_env(), capture_output=True,
                          text=True, timeout=600, check=False)


# ------------------------------------------------------------------------------------------------ the plan
def test_a_seed_draws_the_same_chaos_every_time_and_another_seed_other_chaos():
    def draw(seed: int) -> tuple[list[int], float]:
        plan = ChaosPlan(seed, "test_x.py::test_x")
        return [plan.delay_for("GET", f"http://h/api/{n}", "fetch") for n in range(6)], plan.cpu_rate
    assert draw(7) == draw(7)
    assert draw(7) != draw(8)
    delays, rate = draw(7)
    assert all(0 <= ms <= 1500 for ms in delays) and 1.0 <= rate <= 4.0


def test_documents_and_images_are_not_delayed_and_a_zero_bound_delays_nothing():
    plan = ChaosPlan(3)
    assert plan.delay_for("GET", "http://h/", "document") == 0
    assert plan.delay_for("GET", "http://h/logo.png", "image") == 0
    assert ChaosPlan(3, max_delay_ms=0).delay_for("GET", "http://h/api", "fetch") == 0
    assert ChaosPlan(3, max_cpu_rate=1).cpu_rate == 1.0
    assert ChaosPlan(3, max_delay_ms=0).delay_for_message("ws://h/live") == 0


def test_each_websocket_message_draws_its_own_delay_and_the_report_counts_them():
    plan = ChaosPlan(5, "test_x.py::test_x")
    plan.delay_for("GET", "http://h/api", "fetch")
    drawn = [plan.delay_for_message("ws://h/live") for _ in range(4)]
    assert len(set(drawn)) > 1 and all(0 <= ms <= 1500 for ms in drawn)
    assert "1 delayed requests and 4 delayed websocket messages" in plan.describe()
    again = ChaosPlan(5, "test_x.py::test_x")
    assert [again.delay_for_message("ws://h/live") for _ in range(4)] == drawn      # the n-th message, not the order of calls


# ------------------------------------------------------------------------------------------------ the plugin
# delays drawn up to 6 s, judged only when 3 s apart: a machine at a load of 13 once took the 300 ms this
# margin was for (seed 4: "ab" arrived where the plan drew "ba")
ORDER_MAX_DELAY_MS = 6_000
ORDER_MARGIN_MS = 3_000


def test_responses_arrive_in_the_order_the_seed_draws(site, suite, tmp_path_factory):
    (suite / "test_order.py").write_text(ORDER_TEST)
    seen = {}
    for seed in range(1, 100):            # the draws depend on the site's port: take the first two seeds that tell
        plan = ChaosPlan(seed, "test_order.py::test_order[chromium]", max_delay_ms=ORDER_MAX_DELAY_MS)
        a, b = plan.delay_for("GET", site + "/a", "fetch"), plan.delay_for("GET", site + "/b", "fetch")
        if abs(a - b) < ORDER_MARGIN_MS:
            continue                        # too close to call on a busy machine: not a seed to judge by
        if len(seen) == 2:
            break
        order_file = tmp_path_factory.mktemp("order") / "order.txt"
        done = _pytest(suite, "--base-url", site, "--chaos-seed", str(seed), "--chaos-cpu", "1",
                       "--chaos-max-delay", str(ORDER_MAX_DELAY_MS), env={**_env(), "ORDER_FILE": str(order_file)})
        assert done.returncode == 0, done.stdout[-3000:]
        seen[seed] = (order_file.read_text(), "ab" if a < b else "ba")
    assert len(seen) == 2, f"the seeds 1-99 drew no two pairs of delays {ORDER_MARGIN_MS} ms apart"
    for seed, (order, expected) in seen.items():
        assert order == expected, f"seed {seed}: {order} arrived, the plan drew {expected}"


def test_without_a_seed_nothing_is_routed_and_nothing_is_recorded(site, suite):
    (suite / "test_naive.py").write_text(NAIVE_TEST.format(sleep_ms=300))
    report = suite / "report.xml"
    done = _pytest(suite, "--base-url", site, "--junitxml", str(report))
    assert done.returncode == 0, done.stdout[-3000:]
    assert '"chaos"' not in report.read_text() and 'name="chaos"' not in report.read_text()


def test_a_failure_under_chaos_says_which_delays_it_drew(site, suite):
    """The seed is one that delays a response by more than 10 s, far past the test's 300 ms, however slowly
    a busy machine loads the page."""
    (suite / "test_naive.py").write_text(NAIVE_TEST.format(sleep_ms=300))
    failing = next(seed for seed in range(1, 40)
                   if max(ChaosPlan(seed, "test_naive.py::test_reads_too_soon[chromium]", max_delay_ms=LONG_DELAY_MS)
                          .delay_for("GET", site + p, "fetch") for p in ("/a", "/b")) > LONG_DELAY_MS // 2)
    done = _pytest(suite, "--base-url", site, "--chaos-seed", str(failing), "--chaos-max-delay", str(LONG_DELAY_MS))
    assert done.returncode == 1
    assert f"chaos seed {failing}: CPU" in done.stdout and "ms  GET " + site + "/" in done.stdout, done.stdout[-3000:]


def test_a_failure_while_the_pages_open_requests_held_every_connection_to_its_host_says_so(site, suite):
    """Six polls held by the server take the browser's six connections to it: the data's request waits behind
    them and the test times out. The report names the polls and the request that waited, not only the
    timeout."""
    (suite / "test_held.py").write_text(HELD_TEST)
    done = _pytest(suite, "--base-url", site, "--chaos-seed", "1")
    assert done.returncode == 1, done.stdout[-3000:]
    said = (f"when it failed, 7 requests the page had asked of {site.removeprefix('http://')} had been open 5 s or "
            "more (GET /poll ×6, GET /data), more than the 6 connections a browser opens to one host")
    assert said in done.stdout and "(the same request open several times at once)" in done.stdout, done.stdout[-3000:]


TIMERS_TEST = """
import json
import os

from playwright.sync_api import Page

def test_timers(page: Page) -> None:
    page.goto("/")
    fired = page.evaluate(\"\"\"() => Promise.all([200, 200, 200, 200, 200, 5].map((ms) => new Promise((done) => {
        const set = performance.now();
        setTimeout(() => done(performance.now() - set), ms);
    })))\"\"\")
    native = page.evaluate("() => String(setTimeout).includes('[native code]')")
    with open(os.environ["TIMERS_FILE"], "w") as out:
        json.dump({"fired": fired, "native": native}, out)
"""


def test_the_pages_own_timers_fire_late_under_a_seed_and_on_time_without_one(site, suite, tmp_path_factory):
    """A busy runner fires a page's timers late; a seed makes that happen: each setTimeout of 16 ms or
    more waits a drawn 1-4 times as long (never less than asked), and without a seed setTimeout is
    the page's own."""
    (suite / "test_timers.py").write_text(TIMERS_TEST)

    def timers(*chaos: str) -> dict:
        out = tmp_path_factory.mktemp("timers") / "timers.json"
        done = _pytest(suite, "--base-url", site, *chaos, env={**_env(), "TIMERS_FILE": str(out)})
        assert done.returncode == 0, done.stdout[-3000:]
        return json.loads(out.read_text())

    plain = timers()
    assert plain["native"] is True
    late = timers("--chaos-seed", "1", "--chaos-cpu", "1", "--chaos-max-delay", "0")
    assert late["native"] is False
    assert min(late["fired"][:5]) >= 199, late["fired"]            # a timer never fires early
    assert max(late["fired"][:5]) >= 300, late["fired"]            # five draws of 1-4x: one at least 1.5x
    unchanged = timers("--chaos-seed", "1", "--chaos-timers", "1")
    assert unchanged["native"] is True
    in_a_worker = timers("-p", "xdist", "-n", "2", "--chaos-seed", "1", "--chaos-cpu", "1", "--chaos-max-delay", "0")
    assert in_a_worker["native"] is False and max(in_a_worker["fired"][:5]) >= 300      # in a pytest-xdist worker


SOCKET_TEST = """
import json
import os

from playwright.sync_api import Page

def test_socket(page: Page) -> None:
    page.goto("/")
    heard = page.evaluate(\"\"\"(url) => new Promise((done) => {
        const socket = new WebSocket(url), got = [], opened = performance.now();
        socket.onmessage = (event) => got.push([event.data, performance.now() - opened]);
        socket.onclose = (event) => done({got, code: event.code});
    })\"\"\", os.environ["SOCKET_URL"])
    with open(os.environ["SOCKET_FILE"], "w") as out:
        json.dump(heard, out)
"""


@pytest.fixture(scope="module")
def socket_server() -> Iterator[str]:
    """A websocket server that sends five messages the moment a client connects, then closes."""
    from websockets.sync.server import serve

    def five_then_close(connection) -> None:
        for n in range(1, 6):
            connection.send(str(n))
        connection.close(1000)

    with serve(five_then_close, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"ws://127.0.0.1:{server.socket.getsockname()[1]}/"
        server.shutdown()


def test_websocket_messages_are_held_back_in_their_order_and_the_close_waits_for_them(site, suite, socket_server,
                                                                                      tmp_path_factory):
    (suite / "test_socket.py").write_text(SOCKET_TEST)
    plan = ChaosPlan(4, "test_socket.py::test_socket[chromium]")
    drawn = [plan.delay_for_message(socket_server) for _ in range(5)]
    heard_file, report = tmp_path_factory.mktemp("socket") / "heard.json", suite / "report.xml"
    done = _pytest(suite, "--base-url", site, "--chaos-seed", "4", "--chaos-cpu", "1", "--junitxml", str(report),
                   env={**_env(), "SOCKET_URL": socket_server, "SOCKET_FILE": str(heard_file)})
    assert done.returncode == 0, done.stdout[-3000:]
    heard = json.loads(heard_file.read_text())
    assert [data for data, _ in heard["got"]] == ["1", "2", "3", "4", "5"] and heard["code"] == 1000
    for n, (_, at_ms) in enumerate(heard["got"]):
        assert at_ms >= max(drawn[:n + 1]) - 50, (heard, drawn)       # held back its own delay, never before the one ahead
    assert report.read_text().count("&quot;type&quot;: &quot;websocket&quot;") == 5
    plain_file = tmp_path_factory.mktemp("socket") / "heard.json"
    plain = _pytest(suite, "--base-url", site, env={**_env(), "SOCKET_URL": socket_server, "SOCKET_FILE": str(plain_file)})
    assert plain.returncode == 0 and [d for d, _ in json.loads(plain_file.read_text())["got"]] == ["1", "2", "3", "4", "5"]


REMOTE_CONFTEST = """
import os, pytest

@pytest.fixture(scope="session")
def browser(playwright):
    remote = playwright.chromium.connect_over_cdp(os.environ["CDP_ENDPOINT"])
    yield remote
    remote.close()
"""


@pytest.fixture
def remote_chromium(tmp_path: Path) -> Iterator[str]:
    """A Chromium started on its own, listening for CDP: the browser of a remote grid, here. Its port
    is read from the DevToolsActivePort file it writes into its profile (its output is not read, so
    it can never fill a pipe)."""
    chromium = find_chromium()
    assert chromium is not None
    profile = tmp_path / "profile"
    process = subprocess.Popen([str(chromium.path), "--headless", "--disable-quic", "--no-sandbox",
                                f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = profile / "DevToolsActivePort"
    try:
        deadline = time.monotonic() + 60          # a bound for a Chromium that never listens, not a timing
        while not (port_file.exists() and port_file.read_text().strip()):
            assert process.poll() is None, f"Chromium exited with {process.returncode}"
            assert time.monotonic() < deadline, "Chromium did not listen for CDP within 60 s"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port_file.read_text().split()[0]}"
    finally:
        process.kill()
        process.wait()


def test_chaos_reaches_a_remote_browser_connected_over_cdp(site, suite, remote_chromium, tmp_path_factory):
    (suite / "conftest.py").write_text(REMOTE_CONFTEST)
    (suite / "test_timers.py").write_text(TIMERS_TEST)
    out, report = tmp_path_factory.mktemp("timers") / "timers.json", suite / "report.xml"
    done = _pytest(suite, "--base-url", site, "--chaos-seed", "1", "--chaos-cpu", "2", "--junitxml", str(report),
                   env={**_env(), "TIMERS_FILE": str(out), "CDP_ENDPOINT": remote_chromium})
    assert done.returncode == 0, done.stdout[-3000:]
    timers = json.loads(out.read_text())
    assert timers["native"] is False and max(timers["fired"][:5]) >= 300, timers       # the init script ran there
    assert report.read_text().count("&quot;type&quot;: &quot;fetch&quot;") == 2          # /a and /b were routed


# ------------------------------------------------------------------------------------------------ verdex prove
def test_prove_fails_a_test_that_reads_too_soon_and_passes_one_that_sleeps_past_the_bound(site, suite):
    (suite / "test_naive.py").write_text(NAIVE_TEST.format(sleep_ms=300))
    naive = _verdex(suite, "prove", "test_naive.py", "--runs", "6", "--json", "--", "--base-url", site,
                    "--chaos-max-delay", str(LONG_DELAY_MS))
    assert naive.returncode == 1, naive.stderr[-2000:]
    result = json.loads(naive.stdout)["proof"]
    test = result["tests"][0]
    assert test["passes"] < 6 and test["first_failure"]["message"].startswith("AssertionError: the data had not arrived")
    assert re.search(r"\(line \d+: assert ", test["first_failure"]["message"]), test["first_failure"]   # where it stopped
    assert test["first_failure"]["largest_delays"][0].endswith(("/a", "/b"))
    (suite / "test_naive.py").write_text(NAIVE_TEST.format(sleep_ms=2500))     # longer than the 1.5 s bound
    patient = _verdex(suite, "prove", "test_naive.py", "--runs", "3", "--", "--base-url", site)
    assert patient.returncode == 0, patient.stdout + patient.stderr[-2000:]
    assert "3/3" in patient.stdout and "runs" in patient.stderr      # the table, and the progress bar


def test_prove_says_what_is_wrong_with_its_input(suite):
    missing = _verdex(suite, "prove", "no_such_test.py")
    assert missing.returncode == 1 and "no test file or folder at no_such_test.py" in missing.stderr
    (suite / "test_nothing.py").write_text("# no tests here\n")
    empty = _verdex(suite, "prove", "test_nothing.py", "--runs", "2")
    assert empty.returncode == 1 and "pytest collected no tests" in empty.stderr, empty.stderr
    not_a_seed = _verdex(suite, "prove", "test_nothing.py", "--seed", "abc")
    assert not_a_seed.returncode == 2 and "invalid int value: 'abc'" in not_a_seed.stderr


def test_the_seeds_are_shared_out_among_one_process_per_worker(site, suite):
    """Each of the two processes runs the test under its two seeds, one start-up for both."""
    (suite / "test_pid.py").write_text(
        "import os\n\ndef test_pid(request):\n"
        "    with open('runs.txt', 'a') as out:\n"
        "        out.write(f\"{os.getpid()} {request.config.getoption('chaos_seed')}\\n\")\n")
    done = _verdex(suite, "prove", "test_pid.py", "--runs", "4", "--workers", "2", "--", "--base-url", site)
    assert done.returncode == 0 and "4/4" in done.stdout, done.stdout + done.stderr
    runs = [line.split() for line in (suite / "runs.txt").read_text().splitlines()]
    by_process: dict[str, list[str]] = {}
    for pid, seed in runs:
        by_process.setdefault(pid, []).append(seed)
    assert sorted(by_process.values()) == [["1", "3"], ["2", "4"]]


def test_by_default_the_runs_go_one_at_a_time(site, suite):
    """The runs share the app: without --workers one process makes them, one after another, seed by seed
    (a checkout's two runs at once would fill one cart)."""
    (suite / "test_pid.py").write_text(
        "import os\n\ndef test_pid(request):\n"
        "    with open('runs.txt', 'a') as out:\n"
        "        out.write(f\"{os.getpid()} {request.config.getoption('chaos_seed')}\\n\")\n")
    done = _verdex(suite, "prove", "test_pid.py", "--runs", "3", "--", "--base-url", site)
    assert done.returncode == 0 and "3/3" in done.stdout, done.stdout + done.stderr
    runs = [line.split() for line in (suite / "runs.txt").read_text().splitlines()]
    assert len({pid for pid, _ in runs}) == 1 and [seed for _, seed in runs] == ["1", "2", "3"], runs


def test_a_hanging_run_is_stopped_and_the_runs_after_it_are_still_made(site, suite):
    """One process makes the three runs; the second hangs, is stopped and counted failed, and a new process
    makes the third. The bound is wide enough for a pytest process to start on a loaded machine (20 s was
    not, at a load of 17); the test opens no browser, which a hang needs no more than a pass."""
    (suite / "test_hang.py").write_text(
        "import time\n\ndef test_hang(request):\n"
        "    if request.config.getoption('chaos_seed') == 2:\n        time.sleep(600)\n")
    done = _verdex(suite, "prove", "test_hang.py", "--runs", "3", "--workers", "1", "--timeout", "60", "--json",
                   "--", "--base-url", site)
    assert done.returncode == 1
    [test] = json.loads(done.stdout)["proof"]["tests"]
    assert test["passed_seeds"] == [1, 3] and test["failed_seeds"] == [2], test
    assert test["first_failure"]["message"] == "timed out after 60 s: the run was stopped"
