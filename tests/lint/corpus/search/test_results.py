import re

from playwright.sync_api import Page, expect

URL = "http://localhost:8080/search"


def test_result_count(page: Page) -> None:
    page.goto(f"{URL}?q=shoes")
    expect(page.get_by_role("status")).to_have_text(re.compile(r"\d+ results for “shoes”"))
    results = page.query_selector_all("article.product")  # expect: VDX007
    assert len(results) == 24  # expect: VDX006


def test_result_count_text(page: Page) -> None:
    page.goto(f"{URL}?q=shoes")
    page.get_by_text("1,284 results").wait_for()


def test_sort_by_price(page: Page) -> None:
    page.goto(f"{URL}?q=shoes")
    page.get_by_label("Sort by").select_option("price-asc")
    prices = page.get_by_test_id("price").all_text_contents()
    assert prices == sorted(prices, key=lambda p: float(p.strip("$")))  # expect: VDX006


def test_open_result(page: Page) -> None:
    page.goto(f"{URL}?q=shoes")
    product = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Trail Runner 2"))
    product.get_by_role("link", name="View").click()
    expect(page).to_have_url(re.compile(r"/products/trail-runner-2$"))


def test_result_price(page: Page) -> None:
    page.goto(f"{URL}?q=shoes")
    page.locator("article.product", has_text="€ 89,95").click()
