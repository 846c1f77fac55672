"""Signs in once per session and shares the storage state with every test."""

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright

STATE = Path(".auth/admin.json")


@pytest.fixture(scope="session")
def admin_state(playwright: Playwright) -> Path:
    browser = playwright.chromium.launch()
    page = browser.new_page()
    for attempt in range(3):
        try:
            page.goto("http://localhost:8000/admin/login/")
            break
        except Exception:
            time.sleep(2**attempt)  # noqa: VDX004 the dev server may still be starting
    page.get_by_label("Username:").fill("admin")
    page.get_by_label("Password:").fill("admin")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/admin/")
    STATE.parent.mkdir(exist_ok=True)
    page.context.storage_state(path=STATE)
    browser.close()
    return STATE


@pytest.fixture
def admin_context(browser: Browser, admin_state: Path) -> BrowserContext:
    context = browser.new_context(storage_state=admin_state)
    context.add_cookies([{"name": "django_language", "value": "en", "url": "http://localhost:8000"}])
    return context


@pytest.fixture
def admin_page(admin_context: BrowserContext):
    page = admin_context.new_page()
    page.goto("http://localhost:8000/admin/")
    page.wait_for_load_state("load")
    page.wait_for_selector("#site-name")  # expect: VDX021
    yield page
    page.close()
