import pytest
from playwright.sync_api import Page, expect

PAGES = ["/", "/pricing", "/about"]


@pytest.mark.parametrize("path", PAGES)
def test_visual(page: Page, path: str) -> None:
    page.goto(f"http://localhost:8080{path}")
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(1000)  # expect: VDX004
    expect(page).to_have_screenshot(f"{path.strip('/') or 'home'}.png", full_page=True)


def test_pricing_card_screenshot(page: Page) -> None:
    page.goto("http://localhost:8080/pricing")
    card = (
        page.get_by_role("article")
        .filter(has_text="Team")
        .first  # expect: VDX001
    )
    expect(card).to_have_screenshot("team-card.png")


def test_hover_state(page: Page) -> None:
    page.goto("http://localhost:8080/pricing")
    button = page.get_by_role("link", name="Start free trial")
    button.hover()
    expect(button).to_have_css("background-color", "rgb(37, 99, 235)")


def test_banner_masked(page: Page) -> None:
    page.goto("http://localhost:8080/")
    expect(page).to_have_screenshot(
        "home-masked.png",
        mask=[page.locator(".sc-htpNat"), page.get_by_test_id("date")],  # expect: VDX011
    )
