from playwright.sync_api import Page, expect

URL = "https://the-internet.herokuapp.com/checkboxes"


def test_check_first_checkbox(page: Page) -> None:
    page.goto(URL)
    first = page.locator("#checkboxes input:nth-of-type(1)")  # expect: VDX002
    first.check()
    assert first.is_checked()  # expect: VDX006


def test_uncheck_second_checkbox(page: Page) -> None:
    page.goto(URL)
    boxes = page.get_by_role("checkbox")
    boxes.nth(1).uncheck()  # expect: VDX001
    expect(boxes.nth(1)).not_to_be_checked()  # expect: VDX001


def test_both_checkboxes_by_label(page: Page) -> None:
    page.goto(URL)
    for box in page.get_by_role("checkbox").all():
        box.check()
        expect(box).to_be_checked()


def test_checkbox_via_handle(page: Page) -> None:
    page.goto(URL)
    handles = page.query_selector_all("input[type=checkbox]")  # expect: VDX007
    handles[0].click()  # expect: VDX001
    assert handles[0].is_checked()  # expect: VDX001 VDX006
