"""dash/delete-row, as an agent writes it without verdex: Mars's "×" by its position (the fourth row),
the count read once."""

from playwright.sync_api import Page


def test_delete_row(page: Page) -> None:
    page.goto("/")
    page.locator("td.dash-delete-cell").nth(3).click()
    assert page.locator("#count").inner_text() == "7 planets shown"
