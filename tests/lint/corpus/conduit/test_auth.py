import os

import pytest
from playwright.async_api import BrowserContext, Page, expect

BASE_URL = os.environ.get("CONDUIT_URL", "http://localhost:4100")


@pytest.fixture
async def signed_in(context: BrowserContext) -> Page:
    page = await context.new_page()
    await page.goto(f"{BASE_URL}/login")
    await page.get_by_placeholder("Email").fill("ada@example.com")
    await page.get_by_placeholder("Password").fill(os.environ["CONDUIT_PASSWORD"])
    await page.get_by_role("button", name="Sign in").click()
    await page.wait_for_navigation()  # expect: VDX009
    return page


async def test_sign_in_shows_username(signed_in: Page) -> None:
    await expect(signed_in.get_by_role("link", name="ada")).to_be_visible()


async def test_wrong_password(page: Page) -> None:
    await page.goto(f"{BASE_URL}/login")
    await page.fill("input[type=email]", "ada@example.com")  # expect: VDX010
    await page.fill("input[type=password]", "wrong")  # expect: VDX010
    await page.click("button[type=submit]")  # expect: VDX010
    errors = page.locator(".error-messages li")
    await expect(errors).to_have_text(["email or password is invalid"])
    assert await errors.count() == 1  # expect: VDX006


async def test_sign_out(signed_in: Page) -> None:
    await signed_in.get_by_role("link", name="Settings").click()
    await signed_in.get_by_role("button", name="Or click here to logout.").click()
    await expect(signed_in).to_have_url(f"{BASE_URL}/")
    assert await signed_in.get_by_role("link", name="Sign in").is_visible()  # expect: VDX006


async def test_register_form_validation(page: Page) -> None:
    await page.goto(f"{BASE_URL}/register")
    await page.get_by_role("button", name="Sign up").click()
    message = await page.locator(".error-messages").inner_text()
    assert "can't be blank" in message  # expect: VDX006
