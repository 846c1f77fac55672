from playwright.sync_api import Page, expect

URL = "http://localhost:3000/settings"


def test_change_display_name(page: Page) -> None:
    page.goto(URL)
    name = page.get_by_label("Display name")
    name.fill("Ada L.")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_role("status")).to_have_text("Saved")


def test_toggle_dark_mode(page: Page) -> None:
    page.goto(URL)
    page.pause()  # expect: VDX014
    page.get_by_role("switch", name="Dark mode").click()
    assert page.locator("html").get_attribute("class") == "dark"  # expect: VDX006


def test_delete_account_requires_confirmation(page: Page) -> None:
    page.goto(URL)
    page.get_by_role("button", name="Delete account").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog.get_by_role("button", name="Delete")).to_be_disabled()
    dialog.get_by_label("Type DELETE to confirm").fill("DELETE")
    with page.expect_navigation(url="**/goodbye"):
        dialog.get_by_role("button", name="Delete").click()


def test_timezone(page: Page) -> None:
    page.goto(URL)
    page.get_by_label("Time zone").select_option("Europe/Berlin")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Times are shown in Europe/Berlin")).to_be_visible()
