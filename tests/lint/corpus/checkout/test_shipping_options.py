from playwright.sync_api import *  # noqa: F403


class TestShipping:
    url = "http://localhost:8080/checkout/shipping"

    def test_express_shipping(self, page: Page) -> None:  # noqa: F405
        page.goto(self.url)
        page.get_by_label("Express (1–2 business days)").check()
        expect(page.get_by_test_id("shipping-cost")).to_have_text("$14.99")  # noqa: F405

    def test_cheapest_is_preselected(self, page: Page) -> None:  # noqa: F405
        page.goto(self.url)
        options = page.get_by_role("radio")
        assert options.first.is_checked()  # expect: VDX001 VDX006

    def test_shipping_by_price_label(self, page: Page) -> None:  # noqa: F405
        page.goto(self.url)
        page.get_by_role("radio", name="Standard — $4.99").check()
        page.locator("label[for=shipping-standard] + span.price").wait_for()

    def test_address_autofill(self, page) -> None:
        page.goto(self.url)
        page.get_by_label("Street").fill("Unter den Linden 1")
        page.keyboard.press("Tab")
        page.wait_for_timeout(1000)  # expect: VDX004
        expect(page.get_by_label("City")).to_have_value("Berlin")  # noqa: F405
