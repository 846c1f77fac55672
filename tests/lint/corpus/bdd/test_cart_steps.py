"""pytest-bdd step definitions for features/cart.feature."""

from pytest_bdd import given, parsers, scenarios, then, when
from playwright.sync_api import Page, expect

scenarios("../features/cart.feature")

PRODUCT_CARD = "div.product-grid > div.product-card"


@given("I am on the catalogue page")
def open_catalogue(page: Page) -> None:
    page.goto("http://localhost:8080/catalogue")


@when(parsers.parse('I add "{product}" to the cart'))
def add_product(page: Page, product: str) -> None:
    card = page.locator(PRODUCT_CARD, has_text=product)
    card.get_by_role("button", name="Add to cart").click()


@when(parsers.parse("I add the product in position {position:d}"))
def add_by_position(page: Page, position: int) -> None:
    page.locator(f"{PRODUCT_CARD}:nth-child({position}) button.add").click()  # expect: VDX002


@when("I open the cart")
def open_cart(page: Page) -> None:
    page.click("a[href='/cart']")  # expect: VDX010
    page.wait_for_load_state()


@then(parsers.parse("the cart shows {count:d} items"))
def cart_count(page: Page, count: int) -> None:
    expect(page.get_by_test_id("cart-line")).to_have_count(count)


@then(parsers.parse('the total is "{total}"'))
def cart_total(page: Page, total: str) -> None:
    assert page.locator("#cart-total").inner_text().strip() == total  # expect: VDX006


@then("the cart badge is hidden")
def badge_hidden(page: Page) -> None:
    page.wait_for_timeout(1_000)  # expect: VDX004
    assert page.locator(".badge").count() == 0  # expect: VDX006
