"""mlflow/experiments, as an agent writes it without verdex: the nav link by its position, a second's
sleep, the list read once."""

from playwright.sync_api import Page


def test_experiments(page: Page) -> None:
    page.goto("/")
    page.locator("a[href='#/experiments']").nth(0).click()
    page.wait_for_timeout(1000)                  # read at once, the page was not drawn yet
    assert page.get_by_text("churn-model").count() > 0
