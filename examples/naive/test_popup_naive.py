"""popup, written the way agents write tests without verdex: the link by position."""

from playwright.sync_api import Page, expect


def test_popup_naive(page: Page) -> None:
    page.goto("/races/link.html")
    with page.expect_popup() as info:
        page.locator("a").nth(2).click()
    popup = info.value
    expect(popup.locator("h1")).to_have_text("Landing")
