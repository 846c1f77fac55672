"""Run the ideal test on the same browser, with the same launch arguments, as the generated test's
conftest does (VERDEX_CHROMIUM, else Debian's Chromium, else the one `playwright install` put in
place; --disable-quic), and without importing anything more, so the two pytest processes compare."""

import os

import pytest

CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium-headless-shell", "/usr/lib/chromium/chromium")


def chromium() -> str | None:
    if os.environ.get("VERDEX_CHROMIUM"):
        return os.environ["VERDEX_CHROMIUM"]
    return next((path for path in CHROMIUM_CANDIDATES if os.access(path, os.X_OK)), None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), "--disable-quic"]}
    executable = chromium()
    if executable:
        args["executable_path"] = executable
    return args
