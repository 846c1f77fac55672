"""Payment form hosted in a third-party iframe."""

import playwright.sync_api as pw
import pytest


@pytest.fixture
def payment(page: pw.Page) -> pw.FrameLocator:
    page.goto("http://localhost:8080/checkout/payment")
    return page.frame_locator("iframe[title='Secure payment input frame']")


def test_pay_with_card(page: pw.Page, payment: pw.FrameLocator) -> None:
    payment.get_by_placeholder("1234 1234 1234 1234").fill("4242424242424242")
    payment.get_by_placeholder("MM / YY").fill("12 / 34")
    payment.get_by_placeholder("CVC").fill("123")
    page.get_by_role("button", name="Pay $42.00").click()
    pw.expect(page.get_by_role("heading", name="Payment received")).to_be_visible()


def test_card_field_by_generated_class(page: pw.Page) -> None:
    page.goto("http://localhost:8080/checkout/payment")
    frame = page.frame_locator("iframe").nth(0)  # expect: VDX001
    frame.locator("input.InputElement.is-empty.Input.Input--empty").fill("4242424242424242")  # expect: VDX011
    frame.locator(".CardField-number .sc-kEjbxe").click()  # expect: VDX011


def test_error_message(page: pw.Page, payment: pw.FrameLocator) -> None:
    payment.get_by_placeholder("1234 1234 1234 1234").fill("4000000000000002")
    page.get_by_role("button", name=__import__("re").compile("^Pay")).click()
    error = page.locator("#payment-error")
    pw.expect(error).to_have_text("Your card was declined.")
    assert error.is_visible()  # expect: VDX006
