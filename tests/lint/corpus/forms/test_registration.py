import re

import pytest
from playwright.sync_api import Page as P
from playwright.sync_api import expect

URL = "http://localhost:8080/register"


@pytest.fixture
def form(page: P) -> P:
    page.goto(URL)
    return page


def test_register_new_account(form: P) -> None:
    form.get_by_label("Email").fill("ada@example.com")
    form.get_by_label("Password", exact=True).fill("correct horse battery staple")
    form.get_by_label("Confirm password").fill("correct horse battery staple")
    form.check("#terms", force=True)  # expect: VDX010 VDX005
    form.get_by_role("button", name="Create account").click()
    expect(form).to_have_url(re.compile(r"/welcome$"))


def test_password_mismatch(form: P) -> None:
    form.fill("input[name=email]", "ada@example.com")  # expect: VDX010
    form.fill("input[name=password]", "one")  # expect: VDX010
    form.fill("input[name=password_confirmation]", "two")  # expect: VDX010
    form.click("form button[type=submit]")  # expect: VDX010
    error = form.locator("form .field:nth-of-type(3) .error")  # expect: VDX002
    assert error.text_content() == "Passwords do not match"  # expect: VDX006


@pytest.mark.parametrize("email", ["", "not-an-email", "a@b"])
def test_invalid_email(form: P, email: str) -> None:
    form.get_by_label("Email").fill(email)
    form.get_by_role("button", name="Create account").click()
    expect(form.get_by_label("Email")).to_have_attribute("aria-invalid", "true")


def test_terms_checkbox_state(form: P) -> None:
    terms = form.get_by_role("checkbox", name="I accept the terms")
    terms.check()
    assert terms.is_checked()  # expect: VDX006
    assert terms.is_enabled(), "terms stays editable"  # expect: VDX006
