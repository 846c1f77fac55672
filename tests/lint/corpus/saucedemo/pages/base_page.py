from playwright.sync_api import Page


class BasePage:
    url = "https://www.saucedemo.com/"

    def __init__(self, page: Page) -> None:
        self.page = page

    def open(self, path: str = "") -> None:
        self.page.goto(self.url + path)

    def burger_menu(self) -> None:
        self.page.click("#react-burger-menu-btn")  # expect: VDX010
        self.page.wait_for_timeout(500)  # expect: VDX004

    def logout(self) -> None:
        self.burger_menu()
        self.page.click("text=Logout")  # expect: VDX010, VDX019
