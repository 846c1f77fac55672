"""The fixture server: its JSON API over plain HTTP, and a few real-browser checks of the races and
structures the apps are meant to reproduce."""

from __future__ import annotations

import json
import os
import socket
import struct
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from verdex.fixtures.catalog import PRODUCTS
from verdex.fixtures.chaos import Chaos
from verdex.fixtures.server import NEVER_HOLD_SECONDS, FixtureServer

CHROMIUM = os.environ.get(
    "VERDEX_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell"
)
PASSWORD = "correct horse battery staple"


def call(
    server: FixtureServer,
    path: str,
    body: dict | None = None,
    headers: dict | None = None,
):
    """(status, decoded JSON or text, response headers) for a GET, or a POST when body is given."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server.url + path, data=data, headers=headers or {}
    )
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, raw, response_headers = (
                response.status,
                response.read(),
                response.headers,
            )
    except urllib.error.HTTPError as error:
        status, raw, response_headers = error.code, error.read(), error.headers
    is_json = response_headers.get("Content-Type", "").startswith("application/json")
    return status, json.loads(raw) if is_json else raw.decode(), response_headers


@pytest.fixture(scope="module")
def server():
    with FixtureServer() as srv:
        yield srv


@pytest.fixture
def shop(server):
    call(server, "/api/cart/reset", {})
    return server


@pytest.fixture(scope="module")
def chromium():
    # Our own sync Playwright, stopped with this module: a sync Playwright left running (such as
    # pytest-playwright's session-scoped one) breaks the asyncio-based tests that run after it.
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--disable-quic"]
        )
        yield browser
        browser.close()


@pytest.fixture
def page(chromium: Browser):
    context = chromium.new_context()
    yield context.new_page()
    context.close()


# ---- API ----------------------------------------------------------------------------------------


def test_products_are_the_normal_catalog(server):
    status, products, _ = call(server, "/api/products")
    assert status == 200
    assert products == PRODUCTS
    assert {"id", "name", "price"} == set(products[0])


def test_hostile_catalog_names_carry_every_kind_of_trouble(server):
    status, products, _ = call(server, "/api/products?catalog=hostile")
    names = "".join(product["name"] for product in products)
    assert status == 200
    for trouble in [
        "'",
        '"',
        "\\",
        "\n",
        "{{",
        "}}",
        '"); import os #',
        "${x}",
        "</script>",
        "🎧",
        "هاتف",
        "טלפון",
    ]:
        assert trouble in names, trouble
    assert call(server, "/api/products?catalog=nope")[0] == 404


def test_cart_add_counts_and_reset_empties(shop):
    call(shop, "/api/cart/add", {"id": "p2"})
    status, added, _ = call(shop, "/api/cart/add", {"id": "p2"})
    assert status == 200
    assert added["item"] == {
        "id": "p2",
        "name": "Pixel 8",
        "price": 699.0,
        "quantity": 2,
    }
    assert added["count"] == 2
    assert call(shop, "/api/cart")[1]["total"] == 1398.0
    assert call(shop, "/api/cart/add", {"id": "nope"})[0] == 404
    assert call(shop, "/api/cart/reset", {})[1] == {"items": [], "count": 0, "total": 0}


def test_order_needs_items_and_gets_a_number(shop):
    order = {"name": "Ada", "address": "1 Analytical Way"}
    assert call(shop, "/api/orders", order)[0] == 409
    call(shop, "/api/cart/add", {"id": "p1"})
    status, placed, _ = call(shop, "/api/orders", order)
    assert status == 201
    assert isinstance(placed["order_number"], int) and placed["count"] == 1
    assert call(shop, "/api/cart")[1]["count"] == 0


def test_login_accepts_demo_and_sets_a_session(server):
    status, body, headers = call(
        server, "/api/login", {"username": "demo", "password": PASSWORD}
    )
    assert (status, body) == (200, {"user": "demo"})
    cookie = headers["Set-Cookie"].split(";")[0]
    assert call(server, "/api/me", headers={"Cookie": cookie})[1] == {"user": "demo"}
    assert call(server, "/api/me")[0] == 401


def test_login_rejects_a_wrong_password(server):
    status, body, headers = call(
        server, "/api/login", {"username": "demo", "password": "hunter2"}
    )
    assert (status, body) == (401, {"error": "Invalid username or password"})
    assert "Set-Cookie" not in headers


def test_chaos_is_off_without_a_seed(server):
    draw = call(server, "/api/chaos")[1]
    assert draw["seed"] is None
    assert (draw["api_latency_ms"], draw["hydration_ms"], draw["scrim_extra_ms"]) == (
        150,
        200,
        0,
    )
    assert draw["order_key"] is None and draw["rerender"] is None


def test_same_seed_gives_the_same_draws_and_other_seeds_differ():
    def draws(seed):
        with FixtureServer(chaos_seed=seed) as srv:
            return [call(srv, "/api/chaos")[1] for _ in range(3)]

    first, again, other = draws(7), draws(7), draws(8)
    assert first == again
    assert [draw["load"] for draw in first] == [1, 2, 3]
    assert all(draw["seed"] == 7 for draw in first)
    assert first != [{**draw, "seed": 7} for draw in other]


def test_chaos_js_hands_out_a_load_as_a_script_with_every_apps_races():
    with FixtureServer(chaos_seed=3) as srv:
        status, script, headers = call(srv, "/api/chaos.js")
        assert status == 200 and headers["Content-Type"].startswith("text/javascript")
        assert script.startswith("window.chaos = ") and script.rstrip().endswith(";")
        draw = json.loads(script.strip()[len("window.chaos = "):-1])
        assert call(srv, f"/api/chaos/{draw['load']}")[1] == draw
    # the shop's knobs are what they were before the other apps had chaos (a second random stream)
    assert (draw["hydration_ms"], draw["scrim_extra_ms"], draw["rerender"]) == (
        1213, 557, {"at_ms": 1236, "positions": [9, 10]})
    assert set(draw) >= {"login", "consent", "frames", "popup"}
    assert 400 <= draw["login"]["hydration_ms"] <= 2500


def test_pins_set_the_seeded_draws_they_name_and_nothing_else():
    with FixtureServer(chaos_seed=3, pins={"hydration_ms": 4000, "frames": {"widget_ms": 5000}}) as srv:
        draw = call(srv, "/api/chaos")[1]
    with FixtureServer(chaos_seed=3) as srv:
        drawn = call(srv, "/api/chaos")[1]
    assert (draw["hydration_ms"], draw["scrim_extra_ms"], draw["rerender"]) == (
        4000, 557, {"at_ms": 1236, "positions": [9, 10]})
    assert draw["frames"] == {**drawn["frames"], "widget_ms": 5000} != drawn["frames"]
    assert draw["login"] == drawn["login"]
    for wrong in ({"hydrate_ms": 1}, {"frames": {"hydrate_ms": 1}}):
        with pytest.raises(ValueError, match="hydrate_ms"):
            FixtureServer(chaos_seed=3, pins=wrong).start()


def test_without_a_seed_every_apps_race_is_over_at_once(server):
    draw = call(server, "/api/chaos")[1]
    assert draw["login"] == {"hydration_ms": 0}
    assert draw["consent"] == {"wall_ms": 0, "hydration_ms": 0}
    assert draw["frames"] == {"payment_hydration_ms": 0, "widget_ms": 0, "widget_hydration_ms": 0}
    assert draw["popup"] == {"list_ms": 0, "order_key": None}


def test_a_page_load_sets_latency_and_card_order_of_its_requests():
    with FixtureServer(chaos_seed=11) as srv:
        draw = call(srv, "/api/chaos")[1]
        assert call(srv, f"/api/chaos/{draw['load']}")[1] == draw
        started = time.monotonic()
        products = call(
            srv, "/api/products", headers={"X-Chaos-Load": str(draw["load"])}
        )[1]
        assert time.monotonic() - started >= draw["api_latency_ms"] / 1000
        assert sorted(products, key=lambda product: int(product["id"][1:])) == PRODUCTS
        assert products != PRODUCTS


def test_static_files_spa_routes_and_refusals(server):
    pages = [
        "/",
        "/shop/",
        "/shop/cart",
        "/shop/checkout",
        "/login/",
        "/login/welcome.html",
        "/consent/",
    ]
    pages += [
        "/frames/",
        "/frames/inner.html",
        "/grid/",
        "/hostile/clean.html",
        "/hostile/hostile.html",
    ]
    for path in pages + ["/aria/", "/huge/", "/banner/"]:
        status, html, headers = call(server, path)
        assert status == 200 and headers["Content-Type"].startswith("text/html"), path
        assert '<html lang="en">' in html and "<title>" in html and "<h1" in html, path
    assert (
        call(server, "/shop?catalog=hostile")[1].count('data-testid="cart-link"') == 1
    )  # redirected
    for path in ["/nope", "/shop/nope", "/%2e%2e/server.py", "/api/nope"]:
        assert call(server, path)[0] == 404, path


def test_many_concurrent_requests_are_served(server):
    with ThreadPoolExecutor(max_workers=40) as pool:
        statuses = list(pool.map(lambda _: call(server, "/api/products")[0], range(80)))
    assert statuses == [200] * 80


def test_a_client_that_hangs_up_leaves_no_traceback(server, capfd):
    for _ in range(5):
        with socket.create_connection(
            (server.host, int(server.url.rsplit(":", 1)[1]))
        ) as sock:
            sock.sendall(b"GET /api/products HTTP/1.1\r\nHost: fixtures\r\n\r\n")
            sock.setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
            )  # close with RST
    time.sleep(0.4)
    assert call(server, "/api/products")[0] == 200
    assert capfd.readouterr().err == ""


def test_a_never_ending_response_blocks_neither_requests_nor_shutdown():
    srv = FixtureServer().start()
    with socket.create_connection((srv.host, int(srv.url.rsplit(":", 1)[1]))) as sock:
        sock.settimeout(5)
        sock.sendall(b"GET /slow/never HTTP/1.1\r\nHost: fixtures\r\n\r\n")
        received = b""
        while b"</p>" not in received:
            received += sock.recv(4096)
        assert received.startswith(b"HTTP/1.1 200") and b"never finishes" in received
        assert call(srv, "/api/products")[0] == 200
        started = time.monotonic()
        srv.stop()
        # stop() ended the held response rather than waiting out its hold (a bound on the logic, not
        # on the machine's speed: the hold is 120 s)
        assert time.monotonic() - started < NEVER_HOLD_SECONDS
        assert sock.recv(4096) == b""  # the held connection was closed


# ---- browser ------------------------------------------------------------------------------------

FIRST_BUTTON_HIT = """() => new Promise((resolve) => {
  const probe = () => {
    const button = document.querySelector("[data-testid='product-card'] button");
    if (!button) return false;
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    resolve(hit === button ? "button" : (hit.closest("[data-testid]") || hit).dataset.testid);
    return true;
  };
  if (probe()) return;
  const observer = new MutationObserver(() => probe() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true });
})"""

BUTTON_HIT = """(button) => {
  const box = button.getBoundingClientRect();
  return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === button;
}"""


def test_scrim_covers_the_buttons_until_the_data_has_arrived(shop, page: Page):
    paused(page)                                  # the scrim stays however slow the machine is
    page.goto(shop.url + "/shop/", wait_until="commit")
    assert page.evaluate(FIRST_BUTTON_HIT) == "loading-scrim"
    page.clock.resume()
    expect(page.get_by_test_id("loading-scrim")).to_be_hidden()
    expect(page.get_by_test_id("product-grid")).to_have_attribute("aria-busy", "false")
    assert page.get_by_role("button", name="Add to Cart").first.evaluate(BUTTON_HIT)


def test_add_to_cart_after_hydration_shows_a_status_and_rerenders_the_card(
    shop, page: Page
):
    page.goto(shop.url + "/shop/")
    expect(page.get_by_test_id("product-grid")).to_have_attribute(
        "data-hydrated", "true"
    )
    expect(page.get_by_test_id("loading-scrim")).to_be_hidden()
    card = page.get_by_test_id("product-card").filter(has_text="Pixel 8")
    old_button = card.get_by_role("button").element_handle()
    card.get_by_role("button", name="Add to Cart").click()
    expect(
        page.get_by_role("status").filter(has_text="Added Pixel 8 to cart")
    ).to_be_visible()
    expect(card).to_contain_text("In cart: 1")
    expect(page.get_by_test_id("cart-link")).to_have_text("Cart (1)")
    assert not old_button.evaluate("(node) => node.isConnected")
    page.get_by_test_id("cart-link").click()
    expect(page).to_have_url(shop.url + "/shop/cart")
    expect(page.get_by_test_id("cart-item")).to_have_text("Pixel 8 × 1 — $699.00")


CLOCK_START = 1_767_225_600_000  # the page's clock (2026-01-01), standing still until the test runs it


def paused(page: Page) -> None:
    """The page's timers stand still until the test runs them (Playwright's clock): what the test does
    before an app's hydration or wall comes before it however slow the machine is."""
    page.clock.install(time=CLOCK_START)
    page.clock.pause_at(CLOCK_START + 1)


def test_clicks_before_hydration_do_nothing(page: Page):
    # a seed whose first page load uncovers the buttons well before their handlers come
    seed = next(s for s in range(1000) if (d := Chaos(s).draw())["hydration_ms"] - d["scrim_extra_ms"] > 900)
    with FixtureServer(chaos_seed=seed) as srv:
        requests = []
        page.on("request", lambda request: requests.append(request.url))
        paused(page)
        with page.expect_response("**/api/chaos") as drawn:
            page.goto(srv.url + "/shop/")
        draw = drawn.value.json()
        grid = page.get_by_test_id("product-grid")
        expect(grid).to_have_attribute("aria-busy", "false")           # the cards are drawn: their timers run
        page.clock.run_for(draw["scrim_extra_ms"] + 300)                 # the scrim leaves and fades out (300 ms)
        expect(page.get_by_test_id("loading-scrim")).to_have_count(0)
        assert grid.get_attribute("data-hydrated") is None
        page.get_by_role("button", name="Add to Cart").first.click()
        page.clock.run_for(draw["hydration_ms"])
        expect(grid).to_have_attribute("data-hydrated", "true")
        assert not any("/api/cart/add" in url for url in requests)
        expect(page.get_by_test_id("cart-link")).to_have_text("Cart (0)")


APP_SEED = 3  # first load: login hydrates at 1822 ms, the wall comes at 1033 ms and is ready 790 ms later,
# "Pay now" answers at 1148 ms (docs/fixtures.md)


def test_login_sign_in_does_nothing_until_the_form_hydrates(page: Page):
    with FixtureServer(chaos_seed=APP_SEED) as srv:
        paused(page)
        page.goto(srv.url + "/login/")
        page.get_by_label("Username").fill("demo")
        page.get_by_label("Password").fill(PASSWORD)
        form = page.get_by_test_id("login-form")
        assert form.get_attribute("data-hydrated") is None
        page.get_by_role("button", name="Sign in").click()
        page.clock.run_for(page.evaluate("chaos.login.hydration_ms"))
        expect(form).to_have_attribute("data-hydrated", "true")
        assert page.url.endswith("/login/")                  # the early click was lost
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Welcome, demo")


def test_the_consent_wall_arrives_late_and_eats_clicks_until_it_is_ready(page: Page):
    with FixtureServer(chaos_seed=APP_SEED) as srv:
        paused(page)
        page.goto(srv.url + "/consent/")
        draw = page.evaluate("chaos.consent")
        wall = page.get_by_test_id("consent-wall")
        expect(wall).to_have_count(0)                          # not there at load
        page.clock.run_for(draw["wall_ms"])
        page.get_by_role("button", name="Accept all").click()  # as soon as it shows
        assert wall.get_attribute("data-ready") is None
        page.clock.run_for(draw["hydration_ms"])
        expect(wall).to_have_attribute("data-ready", "true")
        expect(wall).to_be_visible()                           # the early click was eaten
        page.get_by_role("button", name="Accept all").click()
        expect(page.get_by_role("status")).to_have_text("Preferences saved")
        expect(wall).to_have_count(0)


def test_pay_now_in_the_iframe_does_nothing_until_the_payment_form_hydrates(page: Page):
    with FixtureServer(chaos_seed=APP_SEED) as srv:
        paused(page)
        page.goto(srv.url + "/frames/")
        frame = page.frame_locator('iframe[title="Payment form"]')
        frame.get_by_role("button", name="Pay now").click()
        page.clock.run_for(page.evaluate("chaos.frames.payment_hydration_ms"))
        expect(frame.get_by_test_id("payment-form")).to_have_attribute("data-hydrated", "true")
        expect(frame.get_by_role("status")).to_have_count(0)
        frame.get_by_role("button", name="Pay now").click()
        expect(frame.get_by_role("status")).to_have_text("Paid")


def test_the_guide_list_order_is_the_seeds(page: Page):
    def guides(seed):
        with FixtureServer(chaos_seed=seed) as srv:
            page.goto(srv.url + "/popup/")
            links = page.get_by_test_id("guides").get_by_role("link")
            expect(links).to_have_count(4)
            return links.all_inner_texts()

    default = ["Shipping guide", "Returns policy", "Size chart", "Contact us"]
    assert guides(None) == default
    seeded = guides(APP_SEED)
    assert sorted(seeded) == sorted(default) and seeded != default and guides(APP_SEED) == seeded


def test_hostile_page_renders_what_the_clean_page_renders(server, page: Page):
    rendered = []
    for name in ["clean", "hostile"]:
        page.goto(f"{server.url}/hostile/{name}.html")
        expect(page.get_by_role("listitem")).to_have_count(3)
        rendered.append((page.title(), page.inner_text("body")))
    assert rendered[0] == rendered[1]
    assert "Recent activity" in rendered[0][1]


def test_grid_has_5000_buttons(server, page: Page):
    page.goto(server.url + "/grid/")
    expect(page.get_by_role("button")).to_have_count(5000)
    expect(page.get_by_test_id("card")).to_have_count(500)


def test_never_ending_page_renders_partially_and_blocks_nothing(
    server, page: Page, chromium: Browser
):
    page.goto(server.url + "/slow/never", wait_until="commit")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "This page never finishes loading"
    )
    other = chromium.new_page()
    other.goto(server.url + "/login/")
    expect(other.get_by_role("button", name="Sign in")).to_be_visible()
    other.close()
