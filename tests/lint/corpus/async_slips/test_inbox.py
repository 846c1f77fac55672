"""An async suite for a web mail app, as a team half-way through moving from the sync API writes it:
an await forgotten here and there, an assertion looked up and never called, branches decided by a
one-time read, test ids written as CSS."""

import pytest
from playwright.async_api import Page, expect


@pytest.fixture
async def inbox(page: Page) -> Page:
    await page.goto("/mail/inbox")
    page.get_by_role("button", name="Dismiss tips").click()  # expect: VDX015
    return page


async def test_compose_and_send(inbox: Page) -> None:
    await inbox.get_by_role("button", name="Compose").click()
    inbox.get_by_label("To").fill("ada@example.com")  # expect: VDX015
    await inbox.get_by_label("Subject").fill("Engines")
    await inbox.get_by_role("button", name="Send").click()
    expect(inbox.get_by_role("status")).to_have_text("Message sent")  # expect: VDX015
    await expect(inbox.get_by_role("status")).to_be_visible()


async def test_archive(inbox: Page) -> None:
    row = inbox.get_by_role("row").filter(has_text="Quarterly report")
    await row.get_by_role("checkbox").check()
    await inbox.get_by_role("button", name="Archive").click()
    expect(row).to_be_hidden  # expect: VDX016
    await expect(inbox.get_by_text("1 conversation archived")).to_be_visible()


async def test_snooze_when_the_menu_shows(inbox: Page) -> None:
    menu = inbox.get_by_role("menu", name="Snooze")
    if await menu.is_visible():  # expect: VDX017
        await menu.get_by_role("menuitem", name="Tomorrow").click()
    banner = inbox.get_by_role("alert")
    if await banner.count() > 0:  # expect: VDX017
        await banner.get_by_role("button", name="Close").click()
    await expect(inbox.get_by_text("Snoozed until tomorrow")).to_be_visible()


async def test_labels(inbox: Page) -> None:
    await inbox.locator("[data-testid=label-menu]").click()  # expect: VDX018
    await inbox.locator('[data-testid="label-work"]').click()  # expect: VDX018
    labels = inbox.get_by_role("listitem")
    for index in range(await labels.count()):
        await expect(labels.nth(index)).to_be_visible()     # every item, not a guessed position
    expect(inbox.get_by_text("Labelled Work")).to_be_visible  # expect: VDX016
