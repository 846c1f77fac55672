"""The shop flow as an expert writes it by hand: add "Pixel 8" to the cart and see the toast.

The yardstick for the generated test in bench/generation.py. Web-first assertions only, no sleeps:
the grid says when its click handlers are attached (``data-hydrated="true"``), the click waits by
itself for the loading scrim to stop covering the button, and the test waits for the cart's POST
to answer before it looks for the toast.

    pytest bench/ideal/test_shop_ideal.py --base-url http://127.0.0.1:8765
"""

from playwright.sync_api import Page, Response, expect


def is_cart_add(response: Response) -> bool:
    return response.request.method == "POST" and response.url.split("?")[0].endswith("/api/cart/add")


def test_add_pixel_8_to_cart(page: Page) -> None:
    page.goto("/shop/")
    expect(page.get_by_test_id("product-grid")).to_have_attribute("data-hydrated", "true")
    card = page.get_by_test_id("product-card").filter(has_text="Pixel 8")
    with page.expect_response(is_cart_add) as added:
        card.get_by_role("button", name="Add to Cart").click()
    assert added.value.ok
    expect(page.get_by_role("status")).to_have_text("Added Pixel 8 to cart")
