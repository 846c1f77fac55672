"""Django admin: the users change list."""

import pytest
from playwright.sync_api import Page, expect

ADMIN_URL = "http://localhost:8000/admin"


@pytest.fixture
def admin_page(page: Page) -> Page:
    page.goto(f"{ADMIN_URL}/login/")
    page.get_by_label("Username:").fill("admin")
    page.get_by_label("Password:").fill("admin")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()
    return page


def test_open_users(admin_page: Page) -> None:
    admin_page.get_by_role("link", name="Users").click()
    expect(admin_page.get_by_role("heading", name="Select user to change")).to_be_visible()


def test_change_user_by_position(admin_page) -> None:
    admin_page.goto(f"{ADMIN_URL}/auth/user/")
    admin_page.locator("/html/body/div[1]/div[3]/div/div[1]/div/div/form/div[2]/table/tbody/tr[2]/th/a").click()  # expect: VDX003
    expect(admin_page.get_by_role("heading", name="Change user")).to_be_visible()


def test_change_user_by_name(admin_page: Page) -> None:
    admin_page.goto(f"{ADMIN_URL}/auth/user/")
    admin_page.get_by_role("link", name="grace", exact=True).click()
    expect(admin_page.get_by_label("Username:")).to_have_value("grace")


def test_result_count(admin_page: Page) -> None:
    admin_page.goto(f"{ADMIN_URL}/auth/user/")
    expect(admin_page.locator("#changelist-form .paginator")).to_contain_text("users")
    assert admin_page.locator("#result_list tbody tr").count() >= 1  # expect: VDX006


def test_staff_filter(admin_page: Page) -> None:
    admin_page.goto(f"{ADMIN_URL}/auth/user/")
    admin_page.locator("#changelist-filter li:nth-child(2) a").first.click()  # expect: VDX002 VDX001
    expect(admin_page).to_have_url(f"{ADMIN_URL}/auth/user/?is_staff__exact=1")
