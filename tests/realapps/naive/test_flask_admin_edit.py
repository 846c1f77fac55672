"""flask-admin/edit, as an agent writes it without verdex: Emma's pencil by position, the price field
and the save button by position, the message read once."""

from playwright.sync_api import Page


def test_edit(page: Page) -> None:
    page.goto("/admin/book/")
    page.locator("a[title='Edit Record']").nth(1).click()
    page.locator("input[type=number]").nth(0).fill("5.25")
    page.locator("input[type=submit]").nth(0).click()
    assert "Record was successfully saved." in page.content()
