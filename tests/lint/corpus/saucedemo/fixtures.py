"""Fixtures shared by the Sauce Demo tests (kept out of conftest.py so that they can be imported)."""

import os
import time

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from .pages.inventory_page import InventoryPage
from .pages.login_page import LoginPage

STANDARD_USER = os.environ.get("SAUCE_USER", "standard_user")
PASSWORD = os.environ.get("SAUCE_PASSWORD", "secret_sauce")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1440, "height": 900}}


@pytest.fixture
def logged_in_page(page: Page) -> Page:
    login = LoginPage(page)
    login.open()
    login.login(STANDARD_USER, PASSWORD)
    time.sleep(1)  # expect: VDX004
    page.wait_for_url("**/inventory.html")
    return page


@pytest.fixture
def inventory(logged_in_page: Page) -> InventoryPage:
    return InventoryPage(logged_in_page)


@pytest.fixture
def problem_user_context(browser: Browser) -> BrowserContext:
    context = browser.new_context()
    page = context.new_page()
    page.goto("https://www.saucedemo.com/")
    page.fill("#user-name", "problem_user")  # expect: VDX010
    page.fill("#password", PASSWORD)  # expect: VDX010
    page.click("#login-button")  # expect: VDX010
    page.wait_for_load_state("networkidle")  # expect: VDX008
    return context
