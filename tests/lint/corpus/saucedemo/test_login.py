import pytest
from playwright.sync_api import Page, expect

from .pages.login_page import LoginPage

USERS = ["standard_user", "problem_user", "performance_glitch_user"]


@pytest.mark.parametrize("user", USERS)
def test_user_can_log_in(page: Page, user: str) -> None:
    login = LoginPage(page)
    login.open()
    login.login(user, "secret_sauce")
    expect(page).to_have_url("https://www.saucedemo.com/inventory.html")


def test_locked_out_user_sees_error(page: Page) -> None:
    login = LoginPage(page)
    login.open()
    login.login("locked_out_user", "secret_sauce")
    assert "locked out" in login.error_text()  # expect: VDX006
    login.expect_error("Sorry, this user has been locked out.")


@pytest.mark.parametrize(
    "user,password,message",
    [
        ("", "", "Username is required"),
        ("standard_user", "", "Password is required"),
        ("nobody", "nothing", "do not match any user"),
    ],
)
def test_login_validation(page: Page, user: str, password: str, message: str) -> None:
    page.goto("https://www.saucedemo.com/")
    page.locator("#user-name").fill(user)
    page.locator("#password").fill(password)
    page.locator("#login-button").click()
    error = page.locator("[data-test=error]")
    assert message in error.inner_text()  # expect: VDX006


def test_logout(page: Page) -> None:
    login = LoginPage(page)
    login.open()
    login.login("standard_user", "secret_sauce")
    login.logout()
    assert page.url == "https://www.saucedemo.com/"  # expect: VDX006
