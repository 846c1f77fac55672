"""frames, written the way agents write tests without verdex: positional selectors in the frame and
in the shadow root (Playwright's CSS pierces open shadow roots)."""

import os

from playwright.sync_api import Page, expect


def test_frames_naive(page: Page) -> None:
    page.goto("/frames/")
    frame = page.frame_locator("iframe").first
    frame.locator("input").first.fill(os.environ["VERDEX_SECRET_CARD_NUMBER"])
    frame.locator("button").first.click()
    expect(frame.locator("p").nth(1)).to_have_text("Paid")
    page.locator("input").nth(0).fill("ada@example.com")
    page.locator("button").nth(0).click()
    expect(page.locator("p").last).to_have_text("Subscribed")
