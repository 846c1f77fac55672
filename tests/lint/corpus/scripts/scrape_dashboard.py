"""Nightly script: log in to the dashboard and save a screenshot of each report."""

import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPORTS = ["sales", "inventory", "returns"]


def main(out_dir: str) -> int:
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch()
        page = browser.new_page()
        page.goto("https://dashboard.example.com/login", wait_until="networkidle")  # expect: VDX008
        page.fill("input[name=email]", "bot@example.com")  # expect: VDX010
        page.fill("input[name=password]", "hunter2")  # expect: VDX010
        page.click("button.btn.btn-primary.w-100.mt-3")  # expect: VDX010 VDX011
        time.sleep(3)  # expect: VDX004
        for report in REPORTS:
            page.goto(f"https://dashboard.example.com/reports/{report}")
            page.wait_for_load_state("networkidle")  # expect: VDX008
            page.screenshot(path=f"{out_dir}/{report}.png", full_page=True)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
