from playwright.sync_api import Page, expect

from .base_page import BasePage


class LoginPage(BasePage):
    USERNAME = "#user-name"
    PASSWORD = "#password"
    ERROR = "div.error-message-container > h3"

    def __init__(self, page: Page) -> None:
        super().__init__(page)
        self.username = page.locator(self.USERNAME)
        self.password = page.locator(self.PASSWORD)
        self.login_button = page.get_by_role("button", name="Login")

    def login(self, user: str, password: str) -> None:
        self.username.fill(user)
        self.password.fill(password)
        self.login_button.click()

    def error_text(self) -> str | None:
        return self.page.locator(self.ERROR).text_content()

    def expect_error(self, message: str) -> None:
        expect(self.page.locator(self.ERROR)).to_contain_text(message)
