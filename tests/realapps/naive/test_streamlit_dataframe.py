"""streamlit/dataframe, as an agent writes it without verdex: the sidebar link by its position, a
second's sleep, the demo's text read once."""

from playwright.sync_api import Page


def test_dataframe(page: Page) -> None:
    page.goto("/")
    page.locator("[data-testid=stSidebarNav] a").nth(1).click()
    page.wait_for_timeout(1000)                  # read at once, the page was not drawn yet
    assert page.get_by_text("UN Data Explorer").count() > 0
