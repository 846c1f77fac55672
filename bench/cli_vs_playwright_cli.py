"""verdex's shell commands beside Playwright's own CLI, in both of its packages — `@playwright/cli`
(pinned in package.json) and `python -m playwright cli` (in the pinned Playwright for Python, writing
Python: `"codegen": "python"` in its `.playwright/cli.config.json`, the default of the Python package) —
on the same flow of the bundled shop: open it, wait for the products, look, add "Pixel 8" to the cart,
check the toast, make a test. All three drive the same Chromium against the same shop (its chaos off
while exploring), one command at a time as a coding agent would, choosing refs from what was printed.
Playwright's CLI has no command that waits for text or verifies it: its flow looks again (`snapshot`)
until the products show and checks the toast with `find`.

Prints per step the bytes each tool printed and its wall time, the totals (for the whole flow and for
the steps both take), and for verdex the time the
command took inside its session process (its log says it per command) and so what the shell adds over
the action itself; then what each flow became: verdex's exported pytest file and spec; for Playwright's
CLI the lines it printed ("Ran Playwright code") assembled into a spec (`@playwright/cli`) or a pytest
file (`python -m playwright cli`, beside the conftest verdex writes, which only picks the browser and
the base URL), with the toast assertion its skill tells the agent to add by hand. Each test then runs
--seeds times against the shop in its own chaos mode (seed n for run n); the last lines say, per tool,
its commands, the bytes it printed, and whether it gave a pytest file that passes under chaos.

    ./dev setup && .venv/bin/python bench/cli_vs_playwright_cli.py [--seeds 10]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.flows.runner import REPO_ROOT, remove_scratch, run_pytest, run_typescript, scratch_ts_dir  # noqa: E402
from verdex.browser.discovery import find_chromium  # noqa: E402
from verdex.fixtures.server import FixtureServer  # noqa: E402

PLAYWRIGHT_CLI = REPO_ROOT / "node_modules" / ".bin" / "playwright-cli"
TOAST = "Added Pixel 8 to cart"


@dataclass
class Step:
    tool: str
    what: str
    bytes: int
    seconds: float
    output: str
    in_session: float | None = None       # verdex: the time the session process spent answering


SESSION_LOG_LINE = re.compile(r"^\d\d:\d\d:\d\d (\S+): exit \d+, (\d+) ms$", re.M)


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class Shell:
    """Runs one tool's commands in a folder of its own, keeping what each printed and how long it took."""

    def __init__(self, tool: str, prefix: list[str], folder: Path, env: dict[str, str]) -> None:
        self.tool, self.prefix, self.folder, self.env = tool, prefix, folder, env
        self.steps: list[Step] = []

    def __call__(self, what: str, *argv: str) -> str:
        started = time.perf_counter()
        done = subprocess.run([*self.prefix, *argv], cwd=self.folder, env=self.env, capture_output=True, text=True,
                              timeout=120, check=False)
        seconds = time.perf_counter() - started
        output = done.stdout + done.stderr
        self.steps.append(Step(self.tool, what, len(output.encode()), seconds, output))
        if done.returncode != 0 and self.tool != "verdex":
            raise RuntimeError(f"{self.tool} {' '.join(argv)} failed:\n{output}")
        return output


def ref_of_pixel_button(snapshot: str) -> str:
    after = snapshot.split('heading "Pixel 8"', 1)[1]
    return re.search(r'button "Add to Cart" \[ref=(e\d+)\]', after).group(1)


def verdex_flow(url: str, folder: Path) -> tuple[Shell, Path, Path]:
    env = {**os.environ, "VERDEX_SESSIONS_DIR": str(folder / "sessions")}
    shell = Shell("verdex", [sys.executable, "-m", "verdex"], folder, env)
    shell("open", "open", url, "-s", "bench")
    shell("wait for the products", "wait-for", "--text", "Pixel 8", "-s", "bench")
    snapshot = shell("snapshot", "snapshot", "-s", "bench")
    shell("click Pixel 8's button", "click", ref_of_pixel_button(snapshot), "--wait", "-s", "bench")
    shell("check the toast", "verify-text", TOAST, "-s", "bench")
    shell("export the test", "export", "tests/test_add_to_cart.py", "-s", "bench")
    shell("export the spec", "export", "spec/add_to_cart.spec.ts", "--target", "typescript", "-s", "bench")
    shell("close", "close", "-s", "bench")
    answered = SESSION_LOG_LINE.findall((folder / "sessions" / "bench.log").read_text())
    if len(answered) != len(shell.steps):
        raise RuntimeError(f"the session's log has {len(answered)} commands, the flow ran {len(shell.steps)}")
    for step, (_, ms) in zip(shell.steps, answered):
        step.in_session = int(ms) / 1000
    return shell, folder / "tests" / "test_add_to_cart.py", folder / "spec"


def playwright_cli_flow(url: str, folder: Path, chromium: str, tool: str = "playwright-cli") -> tuple[Shell, list[str]]:
    """The flow with Playwright's CLI: ``playwright-cli`` (Node) or ``playwright-python`` (``python -m
    playwright cli``); returns the code lines it printed as it went."""
    python = tool == "playwright-python"
    (folder / ".playwright").mkdir()
    (folder / ".playwright" / "cli.config.json").write_text(json.dumps({
        **({"codegen": "python"} if python else {}),
        "browser": {"launchOptions": {"executablePath": chromium, "chromiumSandbox": False, "args": ["--disable-quic"]}}}))
    command = [sys.executable, "-m", "playwright", "cli"] if python else [str(PLAYWRIGHT_CLI)]
    shell = Shell(tool, [*command, "-s=bench"], folder, {**os.environ})
    code = [shell("open", "open", url)]
    snapshot = shell("snapshot", "snapshot")
    deadline = time.monotonic() + 20
    while 'heading "Pixel 8"' not in snapshot:          # no command waits for text: look again
        if time.monotonic() > deadline:
            raise RuntimeError(f"the products never appeared in {tool}'s snapshot")
        time.sleep(0.2)
        snapshot = shell("snapshot (again: the products come from an API)", "snapshot")
    code.append(shell("click Pixel 8's button", "click", ref_of_pixel_button(snapshot)))
    found = shell("check the toast", "find", TOAST)        # it has no verify command: look for the text
    if f"Found 1 match for \"{TOAST}\"" not in found:    # the toast lasts 3 s: a slow command can miss it
        say(f"{tool}: `find` did not see the toast (gone, or not there yet, when it looked)")
    shell("close", "close")
    fence = "python" if python else "js"
    lines = [line for output in code for line in re.findall(rf"```{fence}\n(.*?)\n```", output, re.S)]
    if len(lines) != len(code):
        raise RuntimeError(f"{tool} printed {len(lines)} {fence} code blocks for {len(code)} actions")
    return shell, [line.replace(f"'{url}'", "'/shop/'").replace(f'"{url}"', '"/shop/"') for line in lines]


def playwright_spec(lines: list[str]) -> Path:
    """@playwright/cli's lines as a spec, with the toast check its skill tells the agent to add."""
    spec_folder = scratch_ts_dir("playwright-cli")
    (spec_folder / "add_to_cart.spec.ts").write_text(
        "import { test, expect } from '@playwright/test';\n\ntest('add to cart', async ({ page }) => {\n"
        + "\n".join("  " + line for line in lines)
        + f"\n  await expect(page.getByText('{TOAST}')).toBeVisible();   // added by hand, as its skill says\n}});\n")
    return spec_folder


def playwright_pytest_file(lines: list[str], folder: Path, conftest: Path) -> Path:
    """``python -m playwright cli``'s lines as a pytest-playwright file, beside verdex's conftest (the
    browser and the base URL), with the toast check added by hand."""
    folder.mkdir()
    shutil.copy(conftest, folder / "conftest.py")
    test_file = folder / "test_add_to_cart.py"
    test_file.write_text(
        "from playwright.sync_api import Page, expect\n\n\ndef test_add_to_cart(page: Page) -> None:\n"
        + "\n".join("    " + line for line in lines)
        + f"\n    expect(page.get_by_text(\"{TOAST}\")).to_be_visible()  # added by hand, as its skill says\n")
    return test_file


def shared_bytes(shell: Shell, other: Shell) -> int:
    """The bytes one tool printed for the steps the other took too (a step taken again counts)."""
    theirs = {step.what for step in other.steps}
    return sum(step.bytes for step in shell.steps if step.what.split(" (again")[0] in theirs)


def runs(seeds: int, once) -> int:
    return sum(once(seed).passed for seed in range(1, seeds + 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    chromium = find_chromium()
    if chromium is None or not PLAYWRIGHT_CLI.exists():
        say("needs Chromium and node_modules/.bin/playwright-cli: run ./dev setup")
        return 2
    work = Path(tempfile.mkdtemp(prefix="cli-bench-"))
    try:
        with FixtureServer() as shop:
            url = shop.url + "/shop/"
            (work / "verdex").mkdir()
            (work / "pwcli").mkdir()
            (work / "pwpython").mkdir()
            say("verdex: the flow")
            verdex, test_file, spec = verdex_flow(url, work / "verdex")
            say("playwright-cli: the flow")
            pwcli, pw_lines = playwright_cli_flow(url, work / "pwcli", str(chromium.path))
            say("python -m playwright cli: the flow")
            pwpython, py_lines = playwright_cli_flow(url, work / "pwpython", str(chromium.path), "playwright-python")
        pw_spec_folder = playwright_spec(pw_lines)
        py_test_file = playwright_pytest_file(py_lines, work / "pwpython" / "tests", test_file.parent / "conftest.py")
        # the spec folder verdex wrote sits outside the repository; Node resolves @playwright/test from it
        verdex_spec_folder = scratch_ts_dir("verdex")
        for path in spec.iterdir():
            shutil.copy(path, verdex_spec_folder / path.name)
        shutil.copy(verdex_spec_folder / "playwright.config.ts", pw_spec_folder / "playwright.config.ts")
        say(f"running each test under the shop's chaos, seeds 1-{args.seeds}")
        results = {
            "verdex pytest": runs(args.seeds, lambda n: run_pytest(test_file, n)),
            "verdex spec": runs(args.seeds, lambda n: run_typescript(verdex_spec_folder, n)),
            "playwright-cli spec": runs(args.seeds, lambda n: run_typescript(pw_spec_folder, n)),
            "playwright-python pytest": runs(args.seeds, lambda n: run_pytest(py_test_file, n)),
        }
        written = {"verdex": test_file.read_text(), "playwright-python": py_test_file.read_text()}
        remove_scratch(verdex_spec_folder)
        remove_scratch(pw_spec_folder)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"{'tool':<15} {'step':<52} {'bytes':>6} {'seconds':>8} {'in session':>10} {'over it':>8}")
    for step in verdex.steps + pwcli.steps + pwpython.steps:
        inside = "" if step.in_session is None else f"{step.in_session:>10.3f} {step.seconds - step.in_session:>8.3f}"
        print(f"{step.tool:<15} {step.what:<52} {step.bytes:>6} {step.seconds:>8.2f} {inside}")
    for shell in (verdex, pwcli, pwpython):
        later = [s.seconds for s in shell.steps[1:]]
        print(f"{shell.tool}: {len(shell.steps)} commands, {sum(s.bytes for s in shell.steps)} bytes printed, "
              f"first command {shell.steps[0].seconds:.2f} s, later commands median {statistics.median(later):.2f} s")
    over = [s.seconds - s.in_session for s in verdex.steps[1:]]
    print(f"verdex: a later command takes median {statistics.median(over) * 1000:.0f} ms over the action itself "
          f"(its time in the session process), at most {max(over) * 1000:.0f} ms")
    print(f"bytes printed, verdex / playwright-cli: "
          f"{sum(s.bytes for s in verdex.steps) / sum(s.bytes for s in pwcli.steps):.2f} for the whole flow, "
          f"{shared_bytes(verdex, pwcli) / shared_bytes(pwcli, verdex):.2f} for the steps both take")
    for name, passed in results.items():
        print(f"{name:<24} passes under the shop's chaos: {passed}/{args.seeds}")
    print("\nthe pytest files, side by side:")
    for tool, source in written.items():
        print(f"--- {tool} ({len(source.encode())} bytes)\n{source}")
    print(f"{'tool':<18} {'commands':>8} {'bytes printed':>13}  pytest file passing under chaos")
    for shell, pytest_result in ((verdex, "verdex pytest"), (pwcli, None), (pwpython, "playwright-python pytest")):
        verdict = (f"{results[pytest_result]}/{args.seeds}" if pytest_result
                   else "none: it writes JavaScript (its spec above)")
        print(f"{shell.tool:<18} {len(shell.steps):>8} {sum(s.bytes for s in shell.steps):>13}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
