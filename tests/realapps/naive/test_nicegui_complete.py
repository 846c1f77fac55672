"""nicegui/complete, as an agent writes it without verdex: the first checkbox by position, the summary
read once."""

from playwright.sync_api import Page


def test_complete(page: Page) -> None:
    page.goto("/")
    page.get_by_role("checkbox").nth(0).click()
    assert page.get_by_text("1 of 3 left").is_visible()
