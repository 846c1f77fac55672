"""flask-admin/delete, as an agent writes it without verdex: the delete button by its position (Dune's
row was the first), the message read once, right after the click."""

from playwright.sync_api import Page


def test_delete(page: Page) -> None:
    page.goto("/admin/book/")
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("button[title='Delete Record']").nth(0).click()
    assert "Record was successfully deleted." in page.content()
