# Excerpt of widgetti/solara docs/memory-measurement/measure_gc_freeze.py at commit a3309a244b28eb857033bc2b84643ee01b65c04f
# Licence: MIT (the text is in tests/lint/realsuites/LICENSES/). Copyright (c) 2022 Maarten A. Breddels.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import asyncio


import json


import os


import re


import statistics


import subprocess


import sys


import time


import urllib.request


from playwright.async_api import async_playwright


PORT = int(os.environ.get("MEASURE_PORT", "18796"))


BASE = f"http://localhost:{PORT}"


N_PAGES = int(os.environ.get("MEASURE_PAGES", "30"))


HERE = os.path.dirname(os.path.abspath(__file__))


REPO = os.path.abspath(os.path.join(HERE, "..", ".."))


NAME = "solara-gc-freeze-bench"


async def run_round(freeze: bool):
    sh(["docker", "rm", "-f", NAME])
    run = sh(
        [
            "docker",
            "run",
            "-d",
            "--name",
            NAME,
            "--cpus",
            "1",
            "--memory",
            "2g",
            "-p",
            f"{PORT}:{PORT}",
            "-v",
            f"{REPO}:/repo:ro",
            "-v",
            f"{HERE}:/scratch:ro",
            "-e",
            "SOLARA_KERNEL_CULL_TIMEOUT=0.5s",
            "-e",
            f"SOLARA_GC_FREEZE={'true' if freeze else 'false'}",
            "python:3.11-slim",
            "bash",
            "-c",
            f"pip install -q /repo '/repo/packages/solara-server[starlette]' && "
            f"solara run /scratch/gc_freeze_bench_app.py --host 0.0.0.0 --port {PORT} --no-open --production --log-level info",
        ]
    )
    if run.returncode != 0:
        raise RuntimeError(run.stderr)
    for _ in range(360):
        try:
            urllib.request.urlopen(f"{BASE}/resourcez", timeout=5)
            break
        except Exception:
            time.sleep(1)  # not VDX004: the poll interval of a retry loop
    else:
        print(sh(["docker", "logs", NAME]).stdout[-2000:])
        raise RuntimeError("server did not start")

    open_times = []
    async with async_playwright() as p:
        browser = await p.chromium.launch()
        for i in range(N_PAGES):
            t0 = time.perf_counter()
            context = await browser.new_context()
            page = await context.new_page()
            await page.goto(BASE, wait_until="networkidle")  # expect: VDX008
            button = page.locator("button:has-text('Clicked')")  # expect: VDX019
            await button.wait_for(timeout=30000)
            await button.click()
            await page.locator("button:has-text('Clicked: 1')").wait_for(timeout=10000)  # expect: VDX019
            await page.locator("text=payload: 125000").wait_for(timeout=10000)  # not VDX012: the exact text the script waits for  # expect: VDX019
            open_times.append(time.perf_counter() - t0)
            await context.close()
            wait_for_kernels(0)
            time.sleep(1.5)  # let the deferred gc-after-close collection run  # not VDX004: waits for the server's garbage collector; nothing on the page to wait for
        await browser.close()

    logs = sh(["docker", "logs", NAME]).stdout + sh(["docker", "logs", NAME]).stderr
    sh(["docker", "rm", "-f", NAME])
    frozen = re.search(r"gc\.freeze: (\d+) startup objects", logs)
    gen2 = [float(m.group(1)) for m in re.finditer(r"GCSTAT gen=2 ms=([0-9.]+)", logs)]
    return {
        "freeze": freeze,
        "frozen_objects": int(frozen.group(1)) if frozen else 0,
        "gen2_collections": len(gen2),
        "gen2_ms_mean": round(statistics.mean(gen2), 1) if gen2 else None,
        "gen2_ms_median": round(statistics.median(gen2), 1) if gen2 else None,
        "gen2_ms_max": round(max(gen2), 1) if gen2 else None,
        "page_open_s_mean": round(statistics.mean(open_times), 2),
        "page_open_s_max": round(max(open_times), 2),
    }
