from playwright.sync_api import Page, expect

BASE_URL = "https://the-internet.herokuapp.com"


def test_nested_frames(page: Page) -> None:
    page.goto(f"{BASE_URL}/nested_frames")
    middle = page.frame_locator("frame[name=frame-top]").frame_locator("frame[name=frame-middle]")
    expect(middle.locator("#content")).to_have_text("MIDDLE")


def test_iframe_editor(page: Page) -> None:
    page.goto(f"{BASE_URL}/iframe")
    editor = page.frame_locator("#mce_0_ifr").locator("#tinymce")
    editor.fill("Hello from Playwright")
    expect(editor).to_have_text("Hello from Playwright")


def test_iframe_by_position(page: Page) -> None:
    page.goto(f"{BASE_URL}/frames")
    page.get_by_role("link", name="iFrame").click()
    frame = page.frame_locator("iframe").first  # expect: VDX001
    expect(frame.locator("body")).to_be_visible()


def test_frame_object_api(page: Page) -> None:
    page.goto(f"{BASE_URL}/nested_frames")
    bottom = page.frame("frame-bottom")
    assert bottom is not None
    assert "BOTTOM" in bottom.inner_text("body")  # expect: VDX006 VDX010
    bottom.click("body")  # expect: VDX010
