"""checkout, written the way agents write tests without verdex: every element by its position on the
page the agent looked at (Pixel 8 was the second card; the cart link the second link in the nav), no wait for the
loading scrim or for the buttons' handlers. Playwright's auto-wait is all there is."""

from playwright.sync_api import Page, expect


def test_checkout_naive(page: Page) -> None:
    page.goto("/shop/")
    page.get_by_role("button", name="Add to Cart").nth(1).click()   # Pixel 8's
    page.locator("nav a").nth(1).click()           # Cart (1)
    expect(page.locator("li").nth(2)).to_have_text("Pixel 8 × 1 — $699.00")
    page.locator("main a").first.click()           # Checkout
    page.locator("input").nth(0).fill("Ada Lovelace")
    page.locator("textarea").first.fill("12 Analytical Row, London")
    page.locator("form button").first.click()      # Place order
    page.locator("dialog button").first.click()    # Yes, place order
    expect(page.locator("p[role=status]")).to_contain_text("Order placed")
