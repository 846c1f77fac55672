"""A unittest suite from before the team moved to pytest-playwright."""

import unittest

from playwright.sync_api import sync_playwright


class AccountTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch()

    @classmethod
    def tearDownClass(cls) -> None:
        cls.browser.close()
        cls.playwright.stop()

    def setUp(self) -> None:
        self.context = self.browser.new_context()
        self.page = self.context.new_page()
        self.page.goto("http://localhost:8080/accounts")

    def tearDown(self) -> None:
        self.context.close()

    def test_open_account(self) -> None:
        self.page.get_by_role("button", name="Open account").click()
        self.page.fill("#account-name", "Savings")  # expect: VDX010
        self.page.get_by_role("button", name="Create").click()
        self.assertTrue(self.page.get_by_role("row", name="Savings").is_visible())  # expect: VDX006

    def test_account_list(self) -> None:
        rows = self.page.locator("table#accounts tbody tr")
        self.assertEqual(rows.count(), 3)  # expect: VDX006
        self.assertEqual(rows.nth(0).inner_text(), "Checking")  # expect: VDX001 VDX006

    def test_close_account(self) -> None:
        self.page.get_by_role("row", name="Savings").get_by_role("button", name="Close").click()
        self.page.on("dialog", lambda dialog: dialog.accept())
        assert self.page.get_by_role("row", name="Savings").is_hidden()  # expect: VDX006
