# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_backend_path.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from __future__ import annotations


from collections.abc import Generator


import httpx


import pytest


from playwright.sync_api import Page, expect


from reflex_base.config import get_config


from reflex.testing import AppHarness


@pytest.fixture(
    scope="module",
    params=["", "/api", "/api/v1"],
    ids=["no-prefix", "single-level", "two-level"],
)
def backend_path(request: pytest.FixtureRequest) -> str:
    """Parametrise over no-prefix and various prefix depths.

    Args:
        request: pytest fixture for accessing the current parameter.

    Returns:
        The backend_path value for this test instance.
    """
    return request.param


@pytest.fixture(scope="module")
def backend_path_app(
    app_harness_env: type[AppHarness],
    tmp_path_factory: pytest.TempPathFactory,
    backend_path: str,
) -> Generator[AppHarness, None, None]:
    """Start the BackendPathApp in dev or prod mode, with or without backend_path.

    Args:
        app_harness_env: AppHarness (dev) or AppHarnessProd (prod).
        tmp_path_factory: pytest fixture for creating temporary directories.
        backend_path: The backend_path prefix for this parametrised instance.

    Yields:
        Running AppHarness instance.
    """
    suffix = backend_path.strip("/").replace("/", "_") or "root"
    name = f"backendpath_{suffix}_{app_harness_env.__name__.lower()}"

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("REFLEX_UPLOADED_FILES_DIR", str(tmp_path_factory.mktemp("uploads")))
        if backend_path:
            mp.setenv("REFLEX_BACKEND_PATH", backend_path)
        else:
            mp.delenv("REFLEX_BACKEND_PATH", raising=False)

        with app_harness_env.create(
            root=tmp_path_factory.mktemp(name),
            app_name=name,
            app_source=BackendPathApp,
        ) as harness:
            assert harness.app_instance is not None, "app is not running"
            yield harness


def test_state_event_roundtrip(backend_path_app: AppHarness, page: Page):
    """Clicking a button triggers a state event through the websocket at the prefixed path."""
    assert backend_path_app.frontend_url is not None
    page.goto(backend_path_app.frontend_url)
    expect(page.locator("#token")).not_to_have_value("")

    expect(page.locator("#counter")).to_have_text("0")
    page.click("#bump-btn")  # expect: VDX010
    expect(page.locator("#counter")).to_have_text("1")
    page.click("#bump-btn")  # expect: VDX010
    expect(page.locator("#counter")).to_have_text("2")


def test_uploaded_file_download(
    backend_path_app: AppHarness, backend_path: str, page: Page
):
    """``get_upload_url`` emits a URL under backend_path and the file is served from it."""
    assert backend_path_app.frontend_url is not None
    page.goto(backend_path_app.frontend_url)
    expect(page.locator("#token")).not_to_have_value("")

    href = page.locator("#upload-link").get_attribute("href")
    assert href is not None

    prefix = f"/{backend_path.strip('/')}" if backend_path.strip("/") else ""
    if prefix:
        assert prefix in href, f"upload URL {href} missing backend_path prefix {prefix}"  # expect: VDX006

    resp = httpx.get(href, follow_redirects=True)
    assert resp.status_code == 200
    assert resp.text == "hello from backend_path"
