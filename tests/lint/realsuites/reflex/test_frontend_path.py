# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_frontend_path.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from __future__ import annotations


import re


from collections.abc import Generator


import httpx


import pytest


from playwright.sync_api import Page, expect


from reflex.testing import AppHarness


@pytest.fixture(
    scope="module",
    params=["", "/prefix", "/prefix/nested", "noslash", "noslash/nested"],
    ids=[
        "no-prefix",
        "single-level",
        "two-level",
        "noslash-single-level",
        "noslash-two-level",
    ],
)
def frontend_path(request: pytest.FixtureRequest) -> str:
    """Parametrise over no-prefix and various prefix depths.

    Args:
        request: pytest fixture for accessing the current parameter.

    Returns:
        The frontend_path value for this test instance.
    """
    return request.param


@pytest.fixture(scope="module")
def frontend_path_app(
    app_harness_env: type[AppHarness],
    tmp_path_factory: pytest.TempPathFactory,
    frontend_path: str,
) -> Generator[AppHarness, None, None]:
    """Start the FrontendPathApp in dev or prod mode, with or without frontend_path.

    Args:
        app_harness_env: AppHarness (dev) or AppHarnessProd (prod).
        tmp_path_factory: pytest fixture for creating temporary directories.
        frontend_path: The frontend_path prefix for this parametrised instance.

    Yields:
        Running AppHarness instance.
    """
    suffix = frontend_path.strip("/").replace("/", "_") or "root"
    name = f"frontendpath_{suffix}_{app_harness_env.__name__.lower()}"

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("REFLEX_UPLOADED_FILES_DIR", str(tmp_path_factory.mktemp("uploads")))
        if frontend_path:
            mp.setenv("REFLEX_FRONTEND_PATH", frontend_path)
        else:
            mp.delenv("REFLEX_FRONTEND_PATH", raising=False)

        with app_harness_env.create(
            root=tmp_path_factory.mktemp(name),
            app_name=name,
            app_source=FrontendPathApp,
        ) as harness:
            assert harness.app_instance is not None, "app is not running"
            yield harness


def test_link_to_static_page(frontend_path_app: AppHarness, page: Page):
    """Client-side link navigates to a static route and on_load fires."""
    base = _navigate(frontend_path_app, page)

    page.click("#link-static")  # expect: VDX010
    expect(page.locator("#page-id")).to_have_text("static page")
    expect(page).to_have_url(f"{base}/static-page")
    expect(page.locator("#on-load-log")).to_contain_text("static")


def test_link_to_dynamic_page(frontend_path_app: AppHarness, page: Page):
    """Client-side link navigates to a dynamic route and on_load fires."""
    base = _navigate(frontend_path_app, page)

    page.click("#link-dynamic")  # expect: VDX010
    expect(page.locator("#page-id")).to_contain_text("dynamic page")
    expect(page).to_have_url(f"{base}/dynamic/7")
    expect(page.locator("#on-load-log")).to_contain_text("dynamic-7")


def test_redirect_to_static(frontend_path_app: AppHarness, page: Page):
    """Event handler redirect to a static route works."""
    base = _navigate(frontend_path_app, page)

    page.click("#btn-redir-static")  # expect: VDX010
    expect(page.locator("#page-id")).to_have_text("static page")
    expect(page).to_have_url(f"{base}/static-page")


def test_redirect_to_dynamic(frontend_path_app: AppHarness, page: Page):
    """Event handler redirect to a dynamic route works."""
    base = _navigate(frontend_path_app, page)

    page.click("#btn-redir-dynamic")  # expect: VDX010
    expect(page.locator("#page-id")).to_contain_text("dynamic page")
    expect(page).to_have_url(f"{base}/dynamic/42")


def test_navigate_back_and_forth(frontend_path_app: AppHarness, page: Page):
    """Navigate between pages and verify on_load fires each time."""
    base = _navigate(frontend_path_app, page)
    expect(page.locator("#page-id")).to_have_text("index page")

    # index -> static
    page.click("#link-static")  # expect: VDX010
    expect(page.locator("#page-id")).to_have_text("static page")
    expect(page).to_have_url(f"{base}/static-page")

    # static -> dynamic/7
    page.click("#link-dynamic")  # expect: VDX010
    expect(page.locator("#page-id")).to_contain_text("dynamic page")
    expect(page).to_have_url(f"{base}/dynamic/7")

    # dynamic/7 -> index (via link-home)
    page.click("#link-home")  # expect: VDX010
    expect(page.locator("#page-id")).to_have_text("index page")

    # Verify on_load fired for each navigation.
    log = page.locator("#on-load-log")
    expect(log).to_contain_text("index")
    expect(log).to_contain_text("static")
    expect(log).to_contain_text("dynamic-7")


def test_router_includes_frontend_path(
    frontend_path_app: AppHarness, page: Page, frontend_path: str
):
    """State.router.url and State.router.page expose paths prefixed with frontend_path."""
    base = _navigate(frontend_path_app, page)

    prefix = "/" + frontend_path.strip("/") if frontend_path else ""

    # Index page: in-app path is "/".
    expected_path = f"{prefix}/"
    expect(page.locator("#router-url-path")).to_have_value(expected_path)
    expect(page.locator("#router-page-raw-path")).to_have_value(expected_path)
    expect(page.locator("#router-url")).to_have_value(
        re.compile(rf".+{re.escape(expected_path)}$")
    )
    expect(page.locator("#router-url")).to_have_value(f"{base}/")

    # Client-side navigation to static page.
    page.click("#link-static")  # expect: VDX010
    expect(page.locator("#page-id")).to_have_text("static page")
    expected_path = f"{prefix}/static-page"
    expect(page.locator("#router-url-path")).to_have_value(expected_path)
    expect(page.locator("#router-page-raw-path")).to_have_value(expected_path)
    expect(page.locator("#router-url")).to_have_value(
        re.compile(rf".+{re.escape(expected_path)}$")
    )
    expect(page.locator("#router-url")).to_have_value(f"{base}/static-page")

    # Client-side navigation to dynamic page.
    page.click("#link-dynamic")  # expect: VDX010
    expect(page.locator("#page-id")).to_contain_text("dynamic page")
    expected_path = f"{prefix}/dynamic/7"
    expect(page.locator("#router-url-path")).to_have_value(expected_path)
    expect(page.locator("#router-page-raw-path")).to_have_value(expected_path)
    expect(page.locator("#router-url")).to_have_value(
        re.compile(rf".+{re.escape(expected_path)}$")
    )
    expect(page.locator("#router-url")).to_have_value(f"{base}/dynamic/7")

    # Direct (full-page-load) navigation to dynamic page with different id.
    _navigate(frontend_path_app, page, "/dynamic/42")
    expected_path = f"{prefix}/dynamic/42"
    expect(page.locator("#router-url-path")).to_have_value(expected_path)
    expect(page.locator("#router-page-raw-path")).to_have_value(expected_path)
    expect(page.locator("#router-url")).to_have_value(
        re.compile(rf".+{re.escape(expected_path)}$")
    )
    expect(page.locator("#router-url")).to_have_value(f"{base}/dynamic/42")
