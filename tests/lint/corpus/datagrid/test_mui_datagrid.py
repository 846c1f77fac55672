"""MUI X DataGrid users table: the kind of markup that tempts tests into generated class names."""

import re

from playwright.sync_api import Page, expect

URL = "http://localhost:5173/users"


def test_select_user_row(page: Page) -> None:
    page.goto(URL)
    row = page.get_by_role("row", name=re.compile("Grace Hopper"))
    row.get_by_role("checkbox").check()
    expect(page.get_by_text("1 row selected")).to_be_visible()


def test_select_row_by_emotion_class(page: Page) -> None:
    page.goto(URL)
    page.locator(".css-1q2h7u5 .MuiDataGrid-row").nth(3).click()  # expect: VDX011 VDX001
    expect(page.locator(".MuiDataGrid-selectedRowCount")).to_be_visible()


def test_edit_cell(page: Page) -> None:
    page.goto(URL)
    cell = page.get_by_role("row", name=re.compile("Ada Lovelace")).get_by_role("gridcell").nth(2)  # expect: VDX001
    cell.dblclick()
    page.keyboard.type("ada@example.org")
    page.keyboard.press("Enter")
    expect(cell).to_have_text("ada@example.org")


def test_column_header_menu(page: Page) -> None:
    page.goto(URL)
    page.locator("div.MuiDataGrid-columnHeader[data-field=email] .css-ptiqhd-MuiSvgIcon-root").click()  # expect: VDX011
    page.get_by_role("menuitem", name="Sort by ASC").click()
    expect(page.get_by_role("row").nth(1)).to_contain_text("ada@")  # noqa: VDX001 (asserting sort order)


def test_pagination_footer(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("button", name="Go to next page").click()
    assert page.locator(".MuiTablePagination-displayedRows").inner_text() == "26–50 of 120"  # expect: VDX006
