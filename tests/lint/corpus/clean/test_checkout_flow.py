"""A checkout suite written the way the linter asks: roles, labels, test ids, web-first assertions."""

import re

import pytest
from playwright.sync_api import Page, expect

BASE_URL = "http://localhost:8080"


@pytest.fixture
def cart_with_backpack(page: Page) -> Page:
    page.goto(f"{BASE_URL}/products/backpack")
    with page.expect_response(re.compile(r"/api/cart$")) as response_info:
        page.get_by_role("button", name="Add to cart").click()
    assert response_info.value.ok
    return page


def test_cart_badge_counts_items(cart_with_backpack: Page) -> None:
    badge = cart_with_backpack.get_by_test_id("cart-count")
    expect(badge).to_have_text("1")


def test_checkout_reaches_confirmation(cart_with_backpack: Page) -> None:
    page = cart_with_backpack
    page.get_by_role("link", name="Cart").click()
    page.get_by_role("button", name="Checkout").click()
    page.get_by_label("First name").fill("Ada")
    page.get_by_label("Last name").fill("Lovelace")
    page.get_by_label("Postal code").fill("10115")
    page.get_by_role("button", name="Continue").click()
    expect(page).to_have_url(re.compile(r"/checkout/overview$"))
    expect(page.get_by_test_id("total")).to_have_text(re.compile(r"\$\d+\.\d{2}"))
    page.get_by_role("button", name="Finish").click()
    expect(page.get_by_role("heading", name="Thank you for your order!")).to_be_visible()


def test_remove_item_by_name(cart_with_backpack: Page) -> None:
    page = cart_with_backpack
    page.get_by_role("link", name="Cart").click()
    row = page.get_by_role("row").filter(has_text="Backpack")
    row.get_by_role("button", name="Remove").click()
    expect(row).to_have_count(0)
    expect(page.get_by_test_id("cart-count")).to_be_hidden()


def test_coupon_popup(page: Page) -> None:
    page.goto(f"{BASE_URL}/cart")
    with page.expect_popup() as popup_info:
        page.get_by_role("link", name="Coupon terms").click()
    popup = popup_info.value
    expect(popup.get_by_role("heading", name="Terms")).to_be_visible()


def test_api_order_total(page: Page) -> None:
    response = page.request.get(f"{BASE_URL}/api/orders/latest")
    assert response.ok
    assert response.json()["currency"] == "USD"
    assert response.url.endswith("/api/orders/latest")
