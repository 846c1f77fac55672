import re

from playwright.sync_api import Page, expect

URL = "http://localhost:3000/dashboard"


def test_unread_badge(page: Page) -> None:
    page.goto(URL)
    bell = page.get_by_role("button", name=re.compile(r"Notifications"))
    expect(bell).to_have_accessible_name(re.compile(r"Notifications \(\d+ unread\)"))


def test_open_notifications(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("button", name="Notifications (3 unread)").click()
    panel = page.get_by_role("dialog", name="Notifications")
    expect(panel.get_by_role("listitem")).to_have_count(3)


def test_mark_all_read(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("button", name=re.compile("Notifications")).click()
    page.get_by_role("button", name="Mark all as read").click()
    badge = page.locator("[data-testid=unread-count]")  # expect: VDX018
    assert badge.is_hidden()  # expect: VDX006


def test_notification_timestamp(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("button", name=re.compile("Notifications")).click()
    item = page.get_by_role("listitem").filter(has_text="5 minutes ago")
    item.get_by_role("button", name="Dismiss").click()
    expect(item).to_be_hidden()
