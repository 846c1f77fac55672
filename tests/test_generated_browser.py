"""Which browser a generated test runs on follows the user's setup: VERDEX_CHROMIUM when set, else the
browser `playwright install` put in place, else a system Chromium. Proved on both targets by giving
Playwright a browsers folder whose "installed" Chromium is a wrapper that notes each launch (then runs
this machine's Chromium): the generated test must launch that one, not the system's."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.flows import runner
from verdex import actions, exporting
from verdex.browser.discovery import find_chromium
from verdex.browser.session import Session

pytestmark = pytest.mark.anyio


def _playwrights_own_browser(folder: Path, marker: Path) -> dict[str, str]:
    """PLAYWRIGHT_BROWSERS_PATH with a noting wrapper wherever Playwright looks for its Chromium."""
    real = find_chromium().path
    env = {**runner.test_env(), "PLAYWRIGHT_BROWSERS_PATH": str(folder)}
    env.pop("VERDEX_CHROMIUM", None)
    probe = ("from playwright.sync_api import sync_playwright\n"
             "with sync_playwright() as p:\n"
             "    print(p.chromium.executable_path)\n"
             "    try:\n        p.chromium.launch().close()\n"
             "    except Exception as e:\n        print(e)\n")
    for _ in range(2):               # the full browser's path, then the headless shell's the launch asks for
        output = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                                timeout=60).stdout
        for path in [output.splitlines()[0], *re.findall(r"Executable doesn't exist at (\S+)", output)]:
            wrapper = Path(path)
            if not wrapper.exists():
                wrapper.parent.mkdir(parents=True, exist_ok=True)
                wrapper.write_text(f'#!/bin/sh\necho launched >> "{marker}"\nexec "{real}" "$@"\n')
                wrapper.chmod(0o755)
    marker.unlink(missing_ok=True)           # the probe's own launch does not count
    return env


async def test_a_generated_test_prefers_the_browser_playwright_installed(apps, tmp_path):
    marker = tmp_path / "launches.txt"
    env = _playwrights_own_browser(tmp_path / "browsers", marker)
    python_dir, ts_dir = tmp_path / "python", runner.scratch_ts_dir("browser")
    try:
        async with Session(record=tmp_path / "r.jsonl") as session:
            tab = await session.tab()
            await actions.navigate(tab, apps.url + "/routes/products.html")
            ref = re.search(r'link "price" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
            await actions.click(tab, ref)
            await exporting.export_test(session, target="python", path=python_dir / "test_sort.py", name="sort")
            await exporting.export_test(session, target="typescript", path=ts_dir / "sort.spec.ts", name="sort")
        python = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_sort.py"],
                                cwd=python_dir, env=env, capture_output=True, text=True, timeout=180)
        assert python.returncode == 0, python.stdout[-3000:] + python.stderr[-2000:]
        assert marker.read_text().count("launched") == 1
        typescript = subprocess.run(
            ["npx", "--no-install", "playwright", "test", "--config", str(ts_dir / "playwright.config.ts"),
             "--reporter=line", "--output", str(ts_dir / "test-results")],
            cwd=runner.REPO_ROOT, env={**env, "CI": "1"}, capture_output=True, text=True, timeout=180)
        assert typescript.returncode == 0, typescript.stdout[-3000:] + typescript.stderr[-2000:]
        assert marker.read_text().count("launched") == 2
    finally:
        runner.remove_scratch(ts_dir)
