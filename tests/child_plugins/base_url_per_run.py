"""A pytest plugin the suite loads into one run of a generated test against several apps
(``tests/flows/runner.py``'s ``run_seeds_at_once``): each test runs once per URL in
``$VERDEX_TEST_BASE_URLS`` (space-separated), with that URL as its ``base_url``, named ``[seedN]`` by
``$VERDEX_TEST_SEEDS``. pytest starts once and the browser is launched once; each run still gets a context
and a page of its own, and the fixtures that read ``base_url`` are made again for each URL.

It lives outside ``tests/flows`` so that loading it imports nothing else of the suite's."""

from __future__ import annotations

import os

import pytest

BASE_URLS = "VERDEX_TEST_BASE_URLS"
SEEDS = "VERDEX_TEST_SEEDS"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    urls = os.environ.get(BASE_URLS, "").split()
    if urls and "base_url" in metafunc.fixturenames:
        seeds = os.environ.get(SEEDS, "").split() or [str(n) for n in range(1, len(urls) + 1)]
        metafunc.parametrize("base_url", urls, ids=[f"seed{seed}" for seed in seeds], scope="session")
