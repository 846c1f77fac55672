import pytest
from playwright.sync_api import Page, expect

URL = "http://localhost:8080/"


@pytest.fixture
def search_box(page: Page):
    page.goto(URL)
    return page.get_by_role("combobox", name="Search products")


def test_suggestions_appear(page: Page, search_box) -> None:
    search_box.press_sequentially("head", delay=50)
    page.wait_for_timeout(400)  # expect: VDX004
    suggestions = page.get_by_role("option")
    suggestions.first.click()  # expect: VDX001
    expect(page).to_have_url("http://localhost:8080/products/headphones")


def test_pick_suggestion_by_name(page: Page, search_box) -> None:
    search_box.fill("head")
    page.get_by_role("option", name="Headphones").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Headphones")


def test_keyboard_navigation(page: Page, search_box) -> None:
    search_box.fill("head")
    expect(page.get_by_role("option")).not_to_have_count(0)
    search_box.press("ArrowDown")
    search_box.press("ArrowDown")
    search_box.press("Enter")
    highlighted = page.locator("ul[role=listbox] > li:nth-child(2)")  # expect: VDX002
    assert highlighted.get_attribute("aria-selected") == "true"  # expect: VDX006


def test_no_results(page: Page, search_box) -> None:
    search_box.fill("zzzz")
    page.wait_for_selector("text=No results")  # expect: VDX019 VDX021
