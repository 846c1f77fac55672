"""consent, written the way agents write tests without verdex: buttons by position."""

from playwright.sync_api import Page, expect


def test_consent_naive(page: Page) -> None:
    page.goto("/consent/")
    page.locator("button").nth(1).click()          # "Accept all" (the wall's first button)
    page.locator("button").nth(0).click()          # "Show more"
    expect(page.locator("p").nth(2)).to_have_text(
        "Visitors can borrow tools, seeds and musical instruments alongside books."
    )
