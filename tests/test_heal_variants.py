"""The shop's variants that ``verdex heal`` is proven on: each changes one thing a test may depend on,
served by the fixture server with ``shop_variant`` (``?variant=`` shows the same in a browser)."""

from __future__ import annotations

import re

import pytest

from verdex.fixtures.server import SHOP_VARIANTS, FixtureServer
from verdex.preflight import judge

pytestmark = pytest.mark.anyio


async def snapshot_of(session, server: FixtureServer) -> tuple[str, object]:
    """The full snapshot of the shop once its cards are there, and the tab."""
    tab = await session.tab()
    await tab.navigate(server.url + "/shop/")
    await tab.page.get_by_role("button", name="Add to Cart").first.wait_for()
    return (await tab.snapshot(mode="full", max_bytes=None)).text, tab


def test_an_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown shop variant"):
        FixtureServer(shop_variant="upside-down")
    assert SHOP_VARIANTS == ("renamed-testid", "reordered", "wrapped", "overlay", "renamed-button")


async def test_renamed_testid_calls_the_cards_product_tile(session) -> None:
    with FixtureServer(shop_variant="renamed-testid") as server:
        text, _ = await snapshot_of(session, server)
        assert text.count("[testid=product-tile]") == 12 and "product-card" not in text


async def test_reordered_lists_the_cards_last_first(session) -> None:
    with FixtureServer(shop_variant="reordered") as server:
        text, _ = await snapshot_of(session, server)
        names = re.findall(r'heading "([^"]+)" \[level=3\]', text)
        assert names[0] == "USB-C Cable" and names[-1] == "iPhone 15 Pro" and names.index("Pixel 8") == 10


async def test_wrapped_puts_the_add_button_in_a_new_container(session) -> None:
    with FixtureServer(shop_variant="wrapped") as server:
        text, _ = await snapshot_of(session, server)
        assert re.search(r'generic \[testid=card-actions\]:\n\s+- button "Add to Cart"', text)
        assert text.count("[testid=card-actions]") == 12


async def test_overlay_covers_the_add_buttons_after_the_cards_render(session) -> None:
    with FixtureServer(shop_variant="overlay") as server:
        text, tab = await snapshot_of(session, server)
        ref = re.search(r'button "Add to Cart" \[ref=(e\d+)\]', text).group(1)
        await tab.page.get_by_test_id("product-grid").and_(tab.page.locator("[data-hydrated=true]")).wait_for()
        blocking = judge(await tab.preflight(ref), "click").blocking
        assert any(b.startswith("covered at its centre by div [testid=promo-overlay]") for b in blocking), blocking
        await tab.page.get_by_test_id("promo-overlay").wait_for(state="detached", timeout=6_000)


async def test_renamed_button_calls_every_add_button_add_to_basket(session) -> None:
    with FixtureServer(shop_variant="renamed-button") as server:
        tab = await session.tab()
        await tab.navigate(server.url + "/shop/")
        await tab.page.get_by_role("button", name="Add to basket").first.wait_for()
        text = (await tab.snapshot(mode="full", max_bytes=None)).text
        assert text.count('button "Add to basket"') == 12 and "Add to Cart" not in text


async def test_without_a_variant_the_shop_is_unchanged(session) -> None:
    with FixtureServer(shop_variant=None) as server:
        text, _ = await snapshot_of(session, server)
        assert text.count("[testid=product-card]") == 12 and "card-actions" not in text and "promo" not in text
