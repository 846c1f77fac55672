"""nicegui/add, as an agent writes it without verdex: the field and the button by position, the summary
read once."""

from playwright.sync_api import Page


def test_add(page: Page) -> None:
    page.goto("/")
    page.locator("input").nth(3).fill("Call mum")       # after the three checkboxes
    page.locator("button").nth(3).click()        # after the three delete buttons
    assert page.get_by_text("3 of 4 left").is_visible()
