"""flask-admin/sort, as an agent writes it without verdex: the column link by its position, the URL
read once."""

from playwright.sync_api import Page


def test_sort(page: Page) -> None:
    page.goto("/admin/book/")
    page.locator("th a").nth(1).click()
    assert "sort=2" in page.url
