"""The naive tests run like the generated ones: run these tests on a local Chromium (VERDEX_CHROMIUM, or Debian's), or on
the browser `playwright install` put in place when neither is there.

    pytest --base-url URL
"""

import os

import pytest

CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium-headless-shell", "/usr/lib/chromium/chromium")


def _chromium() -> str | None:
    if os.environ.get("VERDEX_CHROMIUM"):
        return os.environ["VERDEX_CHROMIUM"]
    return next((path for path in CHROMIUM_CANDIDATES if os.access(path, os.X_OK)), None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = {**browser_type_launch_args, "args": [*browser_type_launch_args.get("args", []), "--disable-quic"]}
    executable = _chromium()
    if executable:
        args["executable_path"] = executable
    return args
