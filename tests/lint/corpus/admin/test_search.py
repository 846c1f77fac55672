import re

import pytest
from playwright.sync_api import Page, expect

ADMIN_URL = "http://localhost:8000/admin"


@pytest.mark.parametrize("term,expected_user", [("ada", "ada"), ("hop", "grace")])
def test_search_users(page: Page, term: str, expected_user: str) -> None:
    page.goto(f"{ADMIN_URL}/auth/user/")
    page.get_by_role("searchbox").fill(term)
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_role("link", name=expected_user, exact=True)).to_be_visible()
    expect(page).to_have_url(re.compile(rf"\?q={term}"))


def test_search_result_summary(page: Page) -> None:
    page.goto(f"{ADMIN_URL}/auth/user/?q=a")
    summary = page.locator(".small.quiet")
    expect(summary).to_have_text(re.compile(r"\d+ results? \(\d+ total\)"))
    expect(page.locator("span.small.quiet:has-text('2 results (5 total)')")).to_be_visible()  # expect: VDX019


def test_history_dates(page: Page) -> None:
    page.goto(f"{ADMIN_URL}/auth/user/1/history/")
    page.get_by_role("cell", name="Nov. 3, 2024, 10:42 a.m.").click()
    expect(page.locator("#change-history")).to_be_visible()
