import pytest
from playwright.sync_api import Page, expect

from .fixtures import inventory, logged_in_page  # noqa: F401
from .pages.inventory_page import InventoryPage


@pytest.mark.parametrize("option,first_name", [("az", "Sauce Labs Backpack"), ("za", "Test.allTheThings() T-Shirt (Red)")])
def test_sort_by_name(inventory: InventoryPage, logged_in_page: Page, option: str, first_name: str) -> None:
    inventory.sort_by(option)
    names = logged_in_page.locator(".inventory_item_name")
    # Sorting is the behaviour under test: the first row is the point.
    expect(names.first).to_have_text(first_name)  # noqa: VDX001


def test_sort_by_price_low_to_high(inventory: InventoryPage) -> None:
    inventory.sort_by("lohi")
    prices = inventory.price_values()
    assert prices == sorted(prices)  # expect: VDX006


def test_sort_by_price_high_to_low(inventory: InventoryPage, logged_in_page: Page) -> None:
    inventory.sort_by("hilo")
    first_price = logged_in_page.locator(".inventory_item_price").first.inner_text()  # not VDX001: the order after a sort is under test
    last_price = logged_in_page.locator(".inventory_item_price").last.inner_text()  # not VDX001: the order after a sort is under test
    assert float(first_price[1:]) >= float(last_price[1:])  # expect: VDX006
