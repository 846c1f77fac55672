import re

from playwright.sync_api import Page, expect

SHOP = "http://localhost:8080"


def add_to_wishlist(page: Page, product: str) -> None:
    page.goto(f"{SHOP}/products")
    card = page.get_by_role("article").filter(has=page.get_by_role("heading", name=product))
    card.get_by_role("button", name="Add to wishlist").click()
    expect(card.get_by_role("button", name="Remove from wishlist")).to_be_visible()


def test_wishlist_keeps_order_of_adding(page: Page) -> None:
    for product in ("Backpack", "Bike Light", "Onesie"):
        add_to_wishlist(page, product)
    page.goto(f"{SHOP}/wishlist")
    expect(page.get_by_role("listitem")).to_have_text(["Backpack", "Bike Light", "Onesie"])


def test_last_added_item(page: Page) -> None:
    add_to_wishlist(page, "Backpack")
    page.goto(f"{SHOP}/wishlist")
    page.locator("ul.wishlist > li").nth(-1).get_by_role("button", name="Move to cart").click()  # expect: VDX001
    expect(page.get_by_role("status")).to_have_text(re.compile("moved to your cart"))


def test_share_link_copied(page: Page) -> None:
    page.goto(f"{SHOP}/wishlist")
    page.get_by_role("button", name="Share").click()
    page.dispatch_event("#copy-link", "click")  # expect: VDX010, VDX020
    expect(page.get_by_text("Link copied")).to_be_visible()


def test_click_through_js(page: Page) -> None:
    page.goto(f"{SHOP}/wishlist")
    page.get_by_role("button", name="Clear wishlist").evaluate("button => button.click()")  # expect: VDX020
    expect(page.get_by_role("listitem")).to_have_count(0)


def test_price_drop_badge(page: Page) -> None:
    add_to_wishlist(page, "Backpack")
    page.goto(f"{SHOP}/wishlist")
    badge = page.get_by_role("listitem").filter(has_text="Backpack").get_by_test_id("price-drop")
    expect(badge).to_have_text(re.compile(r"-\d+%"))
    page.get_by_role("listitem").filter(has_text="Was $49.99").click()
