import pytest
from playwright.sync_api import Browser, expect

LOCALES = ["en-US", "de-DE", "ja-JP"]


@pytest.fixture(params=LOCALES)
def localized_page(request, browser: Browser):
    context = browser.new_context(locale=request.param)
    page = context.new_page()
    page.goto("http://localhost:8080/products/backpack")
    yield page
    context.close()


def test_add_to_cart_button_is_translated(localized_page) -> None:
    expect(localized_page.get_by_test_id("add-to-cart")).to_be_visible()


def test_price_in_german_format(browser: Browser) -> None:
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.goto("http://localhost:8080/products/backpack")
    page.get_by_text("29,99 €").click()
    page.locator("text=Lieferung bis 12.03.2024").wait_for()  # expect: VDX019
    context.close()


def test_date_in_japanese_format(localized_page) -> None:
    localized_page.get_by_role("button", name="Order history").click()
    localized_page.wait_for_load_state("networkidle")  # expect: VDX008
    assert localized_page.locator("time").first.get_attribute("datetime") is not None  # expect: VDX001 VDX006
