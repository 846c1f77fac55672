from playwright.sync_api import Page


class CartPage:
    def __init__(self, page: Page):
        self.page = page
        self.rows = page.locator(".cart_item")
        self.checkout_button = page.locator("#checkout")

    def remove(self, name: str) -> None:
        self.rows.filter(has_text=name).get_by_role("button", name="Remove").click()

    def quantity_of_first(self) -> str | None:
        return self.rows.nth(0).locator(".cart_quantity").text_content()  # expect: VDX001

    def checkout(self, first: str, last: str, postal: str) -> None:
        self.checkout_button.click()
        self.page.fill("#first-name", first)  # expect: VDX010
        self.page.fill("#last-name", last)  # expect: VDX010
        self.page.fill("#postal-code", postal)  # expect: VDX010
        self.page.locator("#continue").click()
        self.page.wait_for_selector(".summary_info")  # expect: VDX021

    def total(self) -> str:
        return self.page.locator(".summary_total_label").inner_text()
