"""nicegui/delete, as an agent writes it without verdex: the delete button by its position (Walk the
dog's card was the second), a short sleep, the summary read once."""

from playwright.sync_api import Page


def test_delete(page: Page) -> None:
    page.goto("/")
    page.locator(".q-card button").nth(1).click()
    page.wait_for_timeout(300)                   # read at once, the summary had not changed yet
    assert page.get_by_text("1 of 2 left").is_visible()
