import pytest
from playwright.sync_api import BrowserContext, Playwright, expect


@pytest.fixture
def iphone(playwright: Playwright) -> BrowserContext:
    device = playwright.devices["iPhone 13"]
    browser = playwright.webkit.launch()
    return browser.new_context(**device)


def test_hamburger_menu(iphone: BrowserContext) -> None:
    page = iphone.new_page()
    page.goto("http://localhost:8080/")
    page.get_by_role("button", name="Open menu").tap()
    expect(page.get_by_role("navigation")).to_be_visible()


def test_tap_through_overlay(iphone: BrowserContext) -> None:
    page = iphone.new_page()
    page.goto("http://localhost:8080/")
    page.locator("nav .menu-item").last.tap(force=True)  # expect: VDX001 VDX005
    page.tap(".cookie-banner button")  # expect: VDX010


def test_swipe_carousel(iphone: BrowserContext) -> None:
    page = iphone.new_page()
    page.goto("http://localhost:8080/")
    carousel = page.get_by_role("region", name="Featured")
    box = carousel.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] - 10, box["y"] + 10)
    expect(carousel.get_by_role("group", name="2 of 5")).to_be_visible()
