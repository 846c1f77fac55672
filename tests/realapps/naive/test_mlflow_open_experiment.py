"""mlflow/open-experiment, as an agent writes it without verdex: the links by position, the URL read
once."""

from playwright.sync_api import Page


def test_open_experiment(page: Page) -> None:
    page.goto("/")
    page.locator("a[href='#/experiments']").nth(0).click()
    page.get_by_text("price-forecast").nth(0).click()
    assert "/experiments/" in page.url
