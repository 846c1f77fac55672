"""Tests ported from Selenium without changing their selectors."""

from playwright.sync_api import Page

SELECTORS = {
    "login": "//form[@id='login']//button",
    "menu": "#nav > ul > li:nth-child(4) > a",
}


def test_login_button_exists(page: Page) -> None:
    page.goto("http://localhost:8080/")
    button = page.query_selector("//form[@id='login']//button")  # expect: VDX007
    assert button is not None
    assert button.get_attribute("type") == "submit"  # expect: VDX006


def test_menu_items(page: Page) -> None:
    page.goto("http://localhost:8080/")
    items = page.eval_on_selector_all("#nav li", "els => els.map(e => e.textContent)")  # expect: VDX007
    assert "Pricing" in items


def test_menu_link_from_dict(page: Page) -> None:
    page.goto("http://localhost:8080/")
    page.locator(SELECTORS["menu"]).click()  # expect: VDX002
    page.locator(SELECTORS["login"]).click()


def test_first_link_in_footer(page: Page) -> None:
    page.goto("http://localhost:8080/")
    links = page.locator("footer a").all()
    links[0].click()  # expect: VDX001
    page.go_back()
    page.locator("xpath=//footer//a[2]").click()  # expect: VDX003


def test_wait_then_click(page: Page) -> None:
    page.goto("http://localhost:8080/")
    element = page.wait_for_selector("#cookie-accept", timeout=5000)  # expect: VDX007
    element.click()
    page.locator("#newsletter .close").click(force=True)  # expect: VDX005
