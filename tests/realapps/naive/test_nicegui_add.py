"""nicegui/add, as an agent writes it without verdex: the field and the button by position, a short sleep,
the summary read once."""

from playwright.sync_api import Page


def test_add(page: Page) -> None:
    page.goto("/")
    page.locator("input").nth(3).fill("Call mum")       # after the three checkboxes
    page.locator("button").nth(3).click()        # after the three delete buttons
    page.wait_for_timeout(300)                   # read at once, the summary had not changed yet
    assert page.get_by_text("3 of 4 left").is_visible()
