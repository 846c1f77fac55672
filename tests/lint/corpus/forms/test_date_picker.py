import datetime as dt

from playwright.sync_api import Page, expect

URL = "http://localhost:8080/booking"


def test_pick_date_by_label(page: Page) -> None:
    page.goto(URL)
    page.get_by_label("Check-in").click()
    page.get_by_role("gridcell", name="15").click()
    expect(page.get_by_label("Check-in")).to_have_value(dt.date.today().replace(day=15).isoformat())


def test_pick_date_by_position(page: Page) -> None:
    page.goto(URL)
    page.get_by_label("Check-in").click()
    page.locator(".react-datepicker__week:nth-child(3) .react-datepicker__day:nth-child(4)").click()  # expect: VDX002
    page.locator(".react-datepicker__day--selected").wait_for()


def test_pick_hard_coded_date(page: Page) -> None:
    page.goto(URL)
    page.get_by_label("Check-in").click()
    page.get_by_role("gridcell", name="Choose Friday, March 15th, 2024").click()
    page.get_by_text("03/15/2024").click()


def test_summary_shows_nights(page: Page) -> None:
    page.goto(URL)
    today = dt.date.today()
    page.get_by_label("Check-in").fill((today + dt.timedelta(days=7)).isoformat())
    page.get_by_label("Check-out").fill((today + dt.timedelta(days=10)).isoformat())
    expect(page.get_by_test_id("nights")).to_have_text("3 nights")
