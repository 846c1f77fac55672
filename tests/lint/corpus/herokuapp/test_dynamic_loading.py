"""The Internet: dynamic loading (https://the-internet.herokuapp.com/dynamic_loading)."""

import time

import pytest
from playwright.sync_api import Page, expect

BASE_URL = "https://the-internet.herokuapp.com"


@pytest.mark.parametrize("example", [1, 2])
def test_hello_world_appears(page: Page, example: int) -> None:
    page.goto(f"{BASE_URL}/dynamic_loading/{example}")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#finish")).to_have_text("Hello World!")


def test_hello_world_with_sleep(page: Page) -> None:
    page.goto(f"{BASE_URL}/dynamic_loading/1")
    page.click("#start button")  # expect: VDX010
    time.sleep(5)  # expect: VDX004
    assert page.locator("#finish h4").is_visible()  # expect: VDX006


def test_loading_indicator_goes_away(page: Page) -> None:
    page.goto(f"{BASE_URL}/dynamic_loading/2")
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#loading", state="hidden")  # expect: VDX021
    finish = page.query_selector("#finish")  # expect: VDX007
    assert finish.inner_text() == "Hello World!"  # expect: VDX006


def test_wait_for_element(page: Page) -> None:
    page.goto(f"{BASE_URL}/dynamic_loading/2")
    page.get_by_role("button", name="Start").click()
    page.locator("#finish").wait_for()
    expect(page.locator("#finish")).to_be_visible()
