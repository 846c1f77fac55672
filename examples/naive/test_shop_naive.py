"""shop, written the way agents write tests without verdex: the selector is the second "Add to Cart"
button (Pixel 8's on the page the agent looked at), and nothing waits for the loading
scrim or for the buttons' handlers to be attached. Playwright's auto-wait is all there is."""

from playwright.sync_api import Page, expect


def test_shop_naive(page: Page) -> None:
    page.goto("/shop/")
    page.get_by_role("button", name="Add to Cart").nth(1).click()
    expect(page.locator(".toast").first).to_have_text("Added Pixel 8 to cart")
