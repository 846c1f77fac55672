"""A data grid suite that uses position only where position is the behaviour under test."""

from playwright.sync_api import Locator, Page, expect

URL = "http://localhost:3000/orders"


def row_of(page: Page, order_id: str) -> Locator:
    return page.get_by_role("row").filter(has=page.get_by_role("gridcell", name=order_id, exact=True))


def test_status_of_order(page: Page) -> None:
    page.goto(URL)
    expect(row_of(page, "A-1001").get_by_role("gridcell").filter(has_text="Shipped")).to_be_visible()


def test_newest_order_is_on_top(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("columnheader", name="Created").click()
    rows = page.get_by_role("row")
    # Row 0 is the header; the order of data rows is what this test is about.
    expect(rows.nth(1)).to_contain_text("A-1042")  # noqa: VDX001
    expect(rows.last).to_contain_text("A-1001")  # noqa: VDX001


def test_every_row_has_a_status(page: Page) -> None:
    page.goto(URL)
    for row in page.get_by_role("row").filter(has=page.get_by_role("gridcell")).all():
        expect(row.get_by_role("gridcell", name="Status")).not_to_be_empty()


def test_row_count_is_stable(page: Page) -> None:
    page.goto(URL)
    expect(page.get_by_role("row")).to_have_count(26)
    summary = {"shipped": 12, "pending": 13}
    assert sum(summary.values()) == 25
