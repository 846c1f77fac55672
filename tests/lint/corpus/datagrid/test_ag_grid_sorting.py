import pytest
from playwright.sync_api import Page, expect

from .grid_page import OrdersGrid

GRID_URL = "http://localhost:3000/orders"


@pytest.fixture
def grid(page: Page) -> OrdersGrid:
    page.goto(GRID_URL)
    orders = OrdersGrid(page)
    expect(orders.rows).not_to_have_count(0)
    return orders


@pytest.mark.parametrize("col_id", ["orderId", "customer", "total"])
def test_sort_ascending(grid: OrdersGrid, col_id: str) -> None:
    grid.sort_by(col_id)
    values = grid.visible_values(col_id)
    assert values == sorted(values)  # expect: VDX006


def test_sort_descending_by_total(grid: OrdersGrid, page: Page) -> None:
    grid.sort_by("total")
    grid.sort_by("total")
    first_total = page.locator(".ag-center-cols-container [role=row]").first.locator("[col-id=total]")  # not VDX001: the order after a sort is under test
    expect(first_total).to_have_text("$1,250.00")


def test_sort_indicator(grid: OrdersGrid) -> None:
    grid.sort_by("customer")
    expect(grid.column_header("customer").locator(".ag-sort-ascending-icon")).to_be_visible()


def test_sorted_first_row_is_oldest_order(grid: OrdersGrid) -> None:
    grid.sort_by("createdAt")
    oldest = grid.row_at(0)
    expect(grid.cell(oldest, "createdAt")).to_have_text("2023-01-02")


def test_row_by_row_index(grid: OrdersGrid, page: Page) -> None:
    grid.sort_by("orderId")
    row = page.locator("div.ag-center-cols-container div[row-index='0'] div[col-id=orderId]")
    expect(row).to_have_text("A-1001")
    page.locator("div.ag-body > div.ag-body-viewport > div.ag-center-cols-viewport > div > div:first-child").click()  # expect: VDX013  # not VDX002: the order after a sort is under test
