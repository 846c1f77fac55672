from playwright.sync_api import Page, expect

BASE_URL = "https://the-internet.herokuapp.com"


def test_hover_reveals_caption(page: Page) -> None:
    page.goto(f"{BASE_URL}/hovers")
    figure = page.locator(".figure").nth(2)  # expect: VDX001
    figure.hover()
    expect(figure.get_by_role("heading")).to_have_text("name: user3")


def test_hover_by_name(page: Page) -> None:
    page.goto(f"{BASE_URL}/hovers")
    caption = page.locator(".figure").filter(has=page.get_by_role("heading", name="name: user1"))
    caption.hover()
    expect(caption.get_by_role("link", name="View profile")).to_be_visible()


def test_jquery_menu(page: Page) -> None:
    page.goto(f"{BASE_URL}/jqueryui/menu")
    page.hover("#ui-id-3")  # expect: VDX010
    page.hover("#ui-id-4", force=True)  # expect: VDX010 VDX005
    page.get_by_role("menuitem", name="PDF").click(force=True)  # expect: VDX005


def test_context_menu(page: Page) -> None:
    page.goto(f"{BASE_URL}/context_menu")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#hot-spot").click(button="right")
