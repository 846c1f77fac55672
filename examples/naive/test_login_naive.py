"""login, written the way agents write tests without verdex: inputs and buttons by position."""

import os

from playwright.sync_api import Page, expect


def test_login_naive(page: Page) -> None:
    page.goto("/login/")
    page.locator("input").nth(0).fill("demo")
    page.locator("input").nth(1).fill(os.environ["VERDEX_SECRET_PASSWORD"])
    page.locator("button").first.click()
    expect(page.locator("h1")).to_have_text("Welcome, demo")
