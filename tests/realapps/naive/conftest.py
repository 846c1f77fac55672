"""The naive tests run on the Chromium verdex finds (they are run one file at a time against a fresh
copy of their app, by bench/realapps.py --naive; the suite does not collect this folder)."""

import pytest

from verdex.browser.discovery import find_chromium


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    chromium = find_chromium()
    located = {"executable_path": str(chromium.path)} if chromium is not None else {}
    return {**browser_type_launch_args, **located, "args": ["--disable-quic"]}
