from playwright.sync_api import Page, expect

from .fixtures import inventory, logged_in_page  # noqa: F401
from .pages.cart_page import CartPage
from .pages.inventory_page import InventoryPage


def test_checkout_single_item(inventory: InventoryPage, logged_in_page: Page) -> None:
    page = logged_in_page
    inventory.add_to_cart("Sauce Labs Backpack")
    expect(inventory.cart_badge).to_have_text("1")
    page.locator(".shopping_cart_link").click()

    cart = CartPage(page)
    cart.checkout("Ada", "Lovelace", "10115")
    assert cart.total() == "Total: $32.39"  # expect: VDX006
    page.get_by_role("button", name="Finish").click()
    expect(page.get_by_role("heading", name="Thank you for your order!")).to_be_visible()


def test_remove_from_cart(inventory: InventoryPage, logged_in_page: Page) -> None:
    inventory.add_first_product()
    logged_in_page.locator(".shopping_cart_link").click()
    cart = CartPage(logged_in_page)
    assert cart.quantity_of_first() == "1"  # expect: VDX006
    cart.remove("Sauce Labs Backpack")
    assert logged_in_page.locator(".cart_item").count() == 0  # expect: VDX006


def test_continue_shopping_button(logged_in_page: Page) -> None:
    logged_in_page.locator(".shopping_cart_link").click()
    with logged_in_page.expect_navigation():  # expect: VDX009
        logged_in_page.click("#continue-shopping")  # expect: VDX010
    expect(logged_in_page.get_by_text("Products")).to_be_visible()


def test_checkout_overview_prices(logged_in_page: Page) -> None:
    page = logged_in_page
    page.get_by_text("Sauce Labs Bike Light").click()
    page.locator("button:has-text('Add to cart')").click()  # expect: VDX019
    page.goto("https://www.saucedemo.com/checkout-step-one.html")
    page.locator("[data-test=firstName]").fill("Ada")
    page.locator("[data-test=lastName]").fill("Lovelace")
    page.locator("[data-test=postalCode]").fill("10115")
    page.locator("[data-test=continue]").click()
    expect(page.locator("div.summary_info > div:nth-of-type(6)")).to_have_text("Item total: $9.99")  # expect: VDX002
    expect(page.get_by_text("Tax: $0.80")).to_be_visible()
