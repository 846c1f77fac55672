import re

from playwright.sync_api import Page, expect

from .grid_page import OrdersGrid


def test_quick_filter(page: Page) -> None:
    page.goto("http://localhost:3000/orders")
    grid = OrdersGrid(page)
    grid.quick_filter.fill("Lovelace")
    grid.expect_row_count(2)
    expect(grid.rows.filter(has_text="Ada Lovelace")).to_have_count(2)


def test_filter_by_status_menu(page: Page) -> None:
    page.goto("http://localhost:3000/orders")
    grid = OrdersGrid(page)
    grid.open_column_menu("status")
    page.get_by_role("checkbox", name="(Select All)").uncheck()
    page.get_by_role("checkbox", name="Shipped").check()
    page.keyboard.press("Escape")
    statuses = grid.visible_values("status")
    assert set(statuses) == {"Shipped"}  # expect: VDX006


def test_filter_shows_total_rows(page: Page) -> None:
    page.goto("http://localhost:3000/orders")
    page.get_by_placeholder("Filter orders...").fill("2024")
    expect(page.get_by_text("Showing 12 of 340 orders")).to_be_visible()
    expect(page.locator(".ag-paging-row-summary-panel")).to_have_text(re.compile(r"1 to \d+ of \d+"))


def test_clear_filter(page: Page) -> None:
    page.goto("http://localhost:3000/orders")
    page.get_by_placeholder("Filter orders...").fill("nobody")
    expect(page.get_by_text("No Rows To Show")).to_be_visible()
    page.get_by_placeholder("Filter orders...").clear()
    assert page.locator(".ag-overlay-no-rows-center").is_hidden()  # expect: VDX006
