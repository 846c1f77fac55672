from pathlib import Path

from playwright.sync_api import Page, expect

FIXTURES = Path(__file__).parent / "fixtures"


def test_upload_avatar(page: Page) -> None:
    page.goto("http://localhost:8080/profile")
    page.set_input_files("input[type=file]", FIXTURES / "avatar.png")  # expect: VDX010
    expect(page.get_by_role("img", name="Avatar preview")).to_be_visible()


def test_upload_with_locator(page: Page) -> None:
    page.goto("http://localhost:8080/profile")
    page.get_by_label("Upload avatar").set_input_files(FIXTURES / "avatar.png")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Profile updated")


def test_upload_multiple(page: Page) -> None:
    page.goto("http://localhost:8080/documents")
    with page.expect_file_chooser() as chooser_info:
        page.get_by_role("button", name="Add documents").click()
    chooser_info.value.set_files([FIXTURES / "a.pdf", FIXTURES / "b.pdf"])
    expect(page.get_by_role("listitem").filter(has_text=".pdf")).to_have_count(2)


def test_upload_progress(page: Page) -> None:
    page.goto("http://localhost:8080/documents")
    page.get_by_label("Add documents").set_input_files(FIXTURES / "big.zip")
    page.wait_for_timeout(3000)  # expect: VDX004
    assert "100%" in page.inner_text(".upload-progress")  # expect: VDX006 VDX010
