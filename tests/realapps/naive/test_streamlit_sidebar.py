"""streamlit/sidebar, as an agent writes it without verdex: the header buttons by position, the link
read once."""

from playwright.sync_api import Page


def test_sidebar(page: Page) -> None:
    page.goto("/")
    page.locator("[data-testid=stSidebar] button").nth(0).click()
    page.locator("[data-testid=stExpandSidebarButton]").click()
    assert page.get_by_text("Plotting demo").is_visible()
