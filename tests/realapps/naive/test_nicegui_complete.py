"""nicegui/complete, as an agent writes it without verdex: the first checkbox by position, a short sleep,
the summary read once."""

from playwright.sync_api import Page


def test_complete(page: Page) -> None:
    page.goto("/")
    page.get_by_role("checkbox").nth(0).click()
    page.wait_for_timeout(300)                   # read at once, the summary had not changed yet
    assert page.get_by_text("1 of 3 left").is_visible()
