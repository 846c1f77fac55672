import re

from playwright.sync_api import Locator, Page

PRODUCT_SORT = "[data-test=product-sort-container]"


class InventoryPage:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.items = page.locator(".inventory_item")
        self.cart_badge = page.locator(".shopping_cart_badge")

    @property
    def prices(self) -> Locator:
        return self.page.locator(".inventory_item_price")

    def product(self, name: str) -> Locator:
        return self.items.filter(has=self.page.get_by_text(name, exact=True))

    def add_to_cart(self, name: str) -> None:
        self.product(name).get_by_role("button", name="Add to cart").click()

    def add_first_product(self) -> None:
        self.items.first.get_by_role("button", name="Add to cart").click()  # expect: VDX001

    def sort_by(self, option: str) -> None:
        self.page.select_option(PRODUCT_SORT, option)  # expect: VDX010

    def price_values(self) -> list[float]:
        texts = self.prices.all_inner_texts()
        return [float(re.sub(r"[^0-9.]", "", text)) for text in texts]

    def backpack_by_price(self) -> Locator:
        return self.page.get_by_text("$29.99")

    def third_item_title(self) -> Locator:
        return self.page.locator("div.inventory_list > div:nth-child(3) .inventory_item_name")  # expect: VDX002
