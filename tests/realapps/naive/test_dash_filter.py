"""dash/filter, as an agent writes it without verdex: the dropdown by id, its option by position, a
short sleep for the server's answer (read at once, the count was still "8 planets shown"), then the
count read once."""

from playwright.sync_api import Page


def test_filter(page: Page) -> None:
    page.goto("/")
    page.locator("#kind").click()
    page.get_by_role("option").nth(2).click()         # all, rocky, giant
    page.wait_for_timeout(500)
    assert page.locator("#count").inner_text() == "4 planets shown"
