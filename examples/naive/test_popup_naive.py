"""popup, written the way agents write tests without verdex: the guide link by its position (the
second guide, after the "All fixture apps" link, on the page the agent looked at)."""

from playwright.sync_api import Page, expect


def test_popup_naive(page: Page) -> None:
    page.goto("/popup/")
    with page.expect_popup() as info:
        page.locator("a").nth(2).click()           # "Returns policy"
    popup = info.value
    expect(popup.locator("h1")).to_have_text("Returns policy")
