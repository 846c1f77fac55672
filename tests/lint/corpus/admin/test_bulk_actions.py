from playwright.sync_api import Page, expect

ADMIN_URL = "http://localhost:8000/admin"


def login(page: Page) -> None:
    page.goto(f"{ADMIN_URL}/login/")
    page.fill("#id_username", "admin")  # expect: VDX010
    page.fill("#id_password", "admin")  # expect: VDX010
    with page.expect_navigation():  # expect: VDX009
        page.click("input[type=submit]")  # expect: VDX010


def test_delete_selected_users(page: Page) -> None:
    login(page)
    page.goto(f"{ADMIN_URL}/auth/user/")
    page.get_by_role("row", name="bob").get_by_role("checkbox").check()
    page.get_by_label("Action:").select_option("delete_selected")
    page.get_by_role("button", name="Go").click()
    page.get_by_role("button", name="Yes, I’m sure").click()
    expect(page.get_by_text("Successfully deleted 1 user.")).to_be_visible()


def test_select_all_checkbox(page: Page) -> None:
    login(page)
    page.goto(f"{ADMIN_URL}/auth/user/")
    page.check("#action-toggle", force=True)  # expect: VDX010 VDX005
    counter = page.locator(".action-counter")
    expect(counter).to_have_text("3 of 3 selected")


def test_action_counter_text(page: Page) -> None:
    login(page)
    page.goto(f"{ADMIN_URL}/auth/user/")
    page.locator("tr:has-text('bob') input.action-select").check()  # expect: VDX019
    page.locator("span.action-counter:has-text('1 of 3 selected')").wait_for()  # expect: VDX019
