"""Analytics dashboard built with Tailwind; cards and charts."""

from playwright.sync_api import Page, expect

URL = "http://localhost:3000/dashboard"


def test_revenue_card(page: Page) -> None:
    page.goto(URL)
    card = page.locator("div.rounded-lg.shadow.bg-white.p-6").filter(has_text="Revenue")  # expect: VDX011
    expect(card.get_by_role("heading")).to_be_visible()


def test_revenue_value_utility_classes(page: Page) -> None:
    page.goto(URL)
    value = page.locator("section .text-3xl.font-semibold.text-gray-900")  # expect: VDX011
    expect(value).to_have_text("$48,210")


def test_revenue_value_by_test_id(page: Page) -> None:
    page.goto(URL)
    expect(page.get_by_test_id("revenue-value")).to_have_text("$48,210")


def test_chart_tooltip(page: Page) -> None:
    page.goto(URL)
    chart = page.get_by_role("img", name="Revenue by month")
    chart.hover(position={"x": 120, "y": 40})
    expect(page.get_by_role("tooltip")).to_contain_text("March")


def test_range_picker(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("button", name="Last 30 days").click()
    page.get_by_role("option", name="Last 7 days").click()
    page.wait_for_load_state("networkidle")  # expect: VDX008
    expect(page.get_by_role("button", name="Last 7 days")).to_be_visible()


def test_card_grid_position(page: Page) -> None:
    page.goto(URL)
    page.locator("main > div.grid > div:nth-child(2) > div > button").click()  # expect: VDX002 VDX013
    expect(page.get_by_role("dialog")).to_be_visible()
