import re

from playwright.sync_api import Page, expect

URL = "https://the-internet.herokuapp.com/notification_message_rendered"


def test_flash_message(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("link", name="Click here").click()
    flash = page.locator("#flash")
    expect(flash).to_contain_text(re.compile("Action (successful|unsuccesful)"))


def test_flash_message_text_content(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("link", name="Click here").click()
    message = page.locator("#flash").text_content() or ""
    assert "Action" in message  # expect: VDX006


def test_flash_message_eval(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("link", name="Click here").click()
    text = page.eval_on_selector("#flash", "el => el.innerText")  # expect: VDX007
    assert text.startswith("Action")


def test_title(page: Page) -> None:
    page.goto(URL)
    assert page.title() == "The Internet"  # expect: VDX006
    expect(page).to_have_title("The Internet")
