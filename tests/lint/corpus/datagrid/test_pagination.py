import pytest
from playwright.sync_api import Page, expect

URL = "http://localhost:3000/orders"


@pytest.mark.parametrize("page_size", [10, 25, 50])
def test_page_size(page: Page, page_size: int) -> None:
    page.goto(URL)
    page.get_by_label("Page Size").select_option(str(page_size))
    expect(page.locator(".ag-center-cols-container [role=row]")).to_have_count(page_size)


def test_next_page(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("button", name="Next Page").click()
    expect(page.get_by_text("Page 2 of 34")).to_be_visible()


def test_last_page_button(page: Page) -> None:
    page.goto(URL)
    page.locator(".ag-paging-button").last.click()  # expect: VDX001
    expect(page.locator(".ag-paging-description")).to_contain_text("Page 34")


def test_page_numbers_by_xpath(page: Page) -> None:
    page.goto(URL)
    page.locator("//div[contains(@class,'ag-paging-panel')]/span[3]/div[4]").click()  # expect: VDX003
    rows = page.locator("[role=row]").element_handles()  # expect: VDX007
    assert len(rows) > 0  # expect: VDX006
