"""The race pages under fixtures/apps/races/: each situation verdex's preflight reports is checked to
be real with Playwright alone (elementFromPoint, getAnimations, trial clicks, element handles), and
each page's status is checked to show what a real click did."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import (
    Browser,
    Error,
    Locator,
    Page,
    TimeoutError,
    expect,
    sync_playwright,
)

from verdex.fixtures.server import FixtureServer

CHROMIUM = os.environ.get(
    "VERDEX_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell"
)
MS = 1200  # the ?ms= of the timed pages here: long enough to look at the situation, short enough to wait out
SETTLE_TIMEOUT = MS + 4000  # bound on waiting for a timed situation to end
CLOCK_START = 1_767_225_600_000  # a held page's clock (2026-01-01), standing still until released
BLOCKED_TRIAL_TIMEOUT = 300  # how long a trial click on a held situation retries before it counts as blocked
PASSING_TRIAL_TIMEOUT = 30_000  # a trial click that should pass may take this long on a busy machine
PAGES = [
    "overlay-opaque.html",
    "overlay-transparent.html",
    "overlay-passthrough.html",
    "partly-covered.html",
    "fade-in.html",
    "slide-in.html",
    "pulse.html",
    "closed-menu.html",
    "rerender.html",
    "disabled-then-enabled.html",
    "link.html",
    "landing.html",
    "submit.html",
    "slow-save.html",
    "hover-reveal.html",
    "open-select.html",
    "busy.html",
    "offscreen.html",
    "repeated-text.html",
    "dialog.html",
    "crash.html",
]
TIMED = {  # pages whose situation ends after ?ms (data-race-state "pending", then "settled")
    "overlay-opaque.html",
    "overlay-transparent.html",
    "fade-in.html",
    "slide-in.html",
    "disabled-then-enabled.html",
    "busy.html",
}

# What elementFromPoint finds at a point of an element's box (fractions of its width and height, or
# pixels in from the right edge when inset_right is given): "target" for the element itself or a
# descendant, otherwise the test id of the nearest element with one, otherwise the tag name.
HIT = """(el, [fx, fy, insetRight]) => {
    const r = el.getBoundingClientRect();
    const x = insetRight === null ? r.left + r.width * fx : r.right - insetRight;
    const hit = document.elementFromPoint(x, r.top + r.height * fy);
    if (hit === null) return null;
    if (hit === el || el.contains(hit)) return "target";
    const named = hit.closest("[data-testid]");
    return named ? named.dataset.testid : hit.tagName.toLowerCase();
}"""


@pytest.fixture(scope="module")
def server() -> Iterator[FixtureServer]:
    with FixtureServer() as srv:
        yield srv


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    # Our own sync Playwright, stopped with this module: a sync Playwright left running (such as
    # pytest-playwright's session-scoped one) breaks the asyncio-based tests that run after it.
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--disable-quic"]
        )
        yield browser
        browser.close()


@pytest.fixture
def page(chromium: Browser) -> Iterator[Page]:
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(5000)
    context.set_default_navigation_timeout(10000)
    yield context.new_page()
    context.close()


def open_race(page: Page, server: FixtureServer, path: str, *, held: bool = False) -> Page:
    """The race page; ``held``: its time stands still — its timers (Playwright's clock) and its CSS
    animations (DevTools' playback rate 0) — until ``release(page)``, so that what a test looks at
    during the situation is there however slow the machine is."""
    if held:
        page.clock.install(time=CLOCK_START)
        page.clock.pause_at(CLOCK_START + 1)
        page.context.new_cdp_session(page).send("Animation.setPlaybackRate", {"playbackRate": 0})
    response = page.goto(f"{server.url}/races/{path}")
    assert response is not None and response.status == 200
    return page


def race_state(page: Page) -> str:
    return page.evaluate("document.documentElement.dataset.raceState")


def release(page: Page) -> None:
    """Let a held page's time run — its timers past ?ms, its animations at their own pace — until its
    situation is over."""
    page.clock.run_for(MS)
    page.context.new_cdp_session(page).send("Animation.setPlaybackRate", {"playbackRate": 1})
    page.wait_for_function(
        "document.documentElement.dataset.raceState === 'settled'",
        timeout=SETTLE_TIMEOUT,
    )


def hit(
    locator: Locator, fx: float = 0.5, fy: float = 0.5, inset_right: float | None = None
) -> str | None:
    return locator.evaluate(HIT, [fx, fy, inset_right])


def trial_click_passes(locator: Locator) -> bool:
    """Playwright's actionability checks pass: waited for as long as a busy machine needs (they pass as
    soon as they can), so that a slow machine never reads as a blocked element."""
    return _trial_click(locator, PASSING_TRIAL_TIMEOUT)


def trial_click_blocked(locator: Locator) -> bool:
    """Playwright's actionability checks do not pass while the situation holds (its time stands still, or
    it lasts): a short bound is enough, since waiting longer changes nothing."""
    return not _trial_click(locator, BLOCKED_TRIAL_TIMEOUT)


def _trial_click(locator: Locator, timeout: int) -> bool:
    try:
        locator.click(trial=True, timeout=timeout)
    except TimeoutError:
        return False
    return True


def animations(locator: Locator) -> list[str]:
    """Running animations on the element and its ancestors, as 'CSSAnimation' / 'CSSTransition'."""
    return locator.evaluate("""el => { const found = [];
            for (let node = el; node; node = node.parentElement)
                for (const a of node.getAnimations())
                    if (a.playState === "running") found.push(a.constructor.name);
            return found; }""")


def centre(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def result(page: Page) -> Locator:
    return page.get_by_test_id("result")


# ---- every page ---------------------------------------------------------------------------------


def test_page_basics(page: Page, server: FixtureServer) -> None:
    for path in PAGES:
        open_race(page, server, path + "?ms=0")
        assert page.evaluate("document.documentElement.lang") == "en", path
        assert page.title().endswith("– Verdex race fixtures"), path
        expect(page.get_by_role("heading", level=1)).to_have_count(1)
        expect(page.get_by_role("status")).to_have_count(1)
        expect(result(page)).to_have_attribute("role", "status")
        for test_id in [
            "target",
            "target-aria",
            "target-popup",
            "rerender",
            "open-confirm",
            "hang",
        ]:
            for target in page.get_by_test_id(test_id).all():
                expect(target).to_have_accessible_name(re.compile(r"\S"))
        # with ms=0 the timed pages are over by the load event; the others never change
        assert race_state(page) == ("settled" if path in TIMED else "static"), path


def test_index_links_every_race_page(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "")
    expect(page.get_by_role("heading", level=1)).to_have_text("Race pages")
    hrefs = page.locator("main a").evaluate_all("links => links.map(a => a.pathname)")
    assert {f"/races/{path}" for path in PAGES} <= set(hrefs)


def test_default_duration_is_3000_ms(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "overlay-opaque.html", held=True)
    duration = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--race-ms').trim()"
    )
    assert duration == "3000ms"
    assert race_state(page) == "pending"
    assert hit(page.get_by_test_id("target")) == "overlay"


@pytest.mark.parametrize(
    "path",
    [
        "overlay-opaque.html",
        "overlay-transparent.html",
        "fade-in.html",
        "fade-in.html?via=transition",
        "slide-in.html",
        "disabled-then-enabled.html",
        "busy.html",
        "rerender.html?auto=1",
    ],
)
def test_ms_0_resolves_at_once(page: Page, server: FixtureServer, path: str) -> None:
    open_race(page, server, path + ("&" if "?" in path else "?") + "ms=0")
    assert race_state(page) == "settled"
    target = page.get_by_test_id("target")
    expect(page.get_by_test_id("overlay")).to_have_count(0)
    assert animations(target) == []
    assert hit(target) == "target"
    assert trial_click_passes(target)
    assert page.evaluate(
        "document.querySelector('[aria-busy=true], [aria-disabled=true], :disabled') === null"
    )


# ---- overlays -----------------------------------------------------------------------------------


def test_opaque_overlay_covers_the_target_until_ms(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, f"overlay-opaque.html?ms={MS}", held=True)
    target, overlay = page.get_by_test_id("target"), page.get_by_test_id("overlay")
    assert race_state(page) == "pending"
    assert overlay.evaluate("el => getComputedStyle(el).position") == "absolute"
    assert overlay.evaluate("el => getComputedStyle(el).zIndex") == "10"
    assert overlay.evaluate("el => getComputedStyle(el).opacity") == "1"
    assert hit(target) == "overlay"
    assert trial_click_blocked(target)
    assert hit(target) == "overlay"  # still there: the trial click failed because of it
    page.mouse.click(
        *centre(target)
    )  # a click at the target's place lands on the overlay
    expect(result(page)).to_have_text("Clicked: overlay")

    release(page)
    expect(overlay).to_have_count(0)
    assert hit(target) == "target"
    assert trial_click_passes(target)
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")


@pytest.mark.parametrize("kind", ["transparent", "opacity"])
def test_transparent_overlay_catches_the_pointer_until_ms(
    page: Page, server: FixtureServer, kind: str
) -> None:
    open_race(page, server, f"overlay-transparent.html?ms={MS}&kind={kind}", held=True)
    target, overlay = page.get_by_test_id("target"), page.get_by_test_id("overlay")
    style = overlay.evaluate(
        "el => { const s = getComputedStyle(el); return [s.backgroundColor, s.opacity, s.pointerEvents]; }"
    )
    if kind == "transparent":
        assert style == ["rgba(0, 0, 0, 0)", "1", "auto"]
    else:
        assert style[1:] == ["0.01", "auto"]
    expect(target).to_be_visible()
    assert hit(target) == "overlay"
    assert trial_click_blocked(target)
    assert hit(target) == "overlay"
    page.mouse.click(*centre(target))
    expect(result(page)).to_have_text("Clicked: overlay")

    release(page)
    expect(overlay).to_have_count(0)
    assert hit(target) == "target"
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")


def test_passthrough_overlay_lets_clicks_through(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, "overlay-passthrough.html")
    target, overlay = page.get_by_test_id("target"), page.get_by_test_id("overlay")
    expect(overlay).to_be_visible()
    assert overlay.evaluate("el => getComputedStyle(el).pointerEvents") == "none"
    x, y = centre(target)
    box = overlay.bounding_box()
    assert (
        box["x"] < x < box["x"] + box["width"]
        and box["y"] < y < box["y"] + box["height"]
    )
    assert hit(target) == "target"  # elementFromPoint skips pointer-events: none
    assert trial_click_passes(target)
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")


def test_partly_covered_target_has_a_free_centre(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, "partly-covered.html")
    target, banner = page.get_by_test_id("target"), page.get_by_test_id("banner")
    assert hit(target) == "target"
    assert hit(target, fx=0.05) == "target"
    assert hit(target, inset_right=4) == "banner"
    assert hit(target, fy=0.1, inset_right=4) == "banner"
    target_box, banner_box = target.bounding_box(), banner.bounding_box()
    covered = (target_box["x"] + target_box["width"] - banner_box["x"]) / target_box[
        "width"
    ]
    assert 0.25 < covered < 0.35
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")
    page.mouse.click(target_box["x"] + target_box["width"] - 4, centre(target)[1])
    expect(result(page)).to_have_text("Clicked: banner")


# ---- animation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "via, kind", [("animation", "CSSAnimation"), ("transition", "CSSTransition")]
)
def test_fade_in_animates_opacity_for_ms(
    page: Page, server: FixtureServer, via: str, kind: str
) -> None:
    open_race(page, server, f"fade-in.html?ms={MS}&via={via}", held=True)
    target = page.get_by_test_id("target")
    assert race_state(page) == "pending"
    assert animations(target) == [kind]
    assert float(target.evaluate("el => getComputedStyle(el).opacity")) < 0.6
    assert trial_click_passes(
        target
    )  # Playwright itself does not mind a fading element
    release(page)
    assert animations(target) == []
    assert target.evaluate("el => getComputedStyle(el).opacity") == "1"
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")


def test_slide_in_starts_outside_the_viewport(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, f"slide-in.html?ms={MS}", held=True)
    target = page.get_by_test_id("target")
    assert race_state(page) == "pending"
    assert animations(target) == ["CSSAnimation"]
    assert target.bounding_box()["x"] + target.bounding_box()["width"] < 0
    assert trial_click_blocked(target)
    assert animations(target) == [
        "CSSAnimation"
    ]  # still moving when the trial click gave up
    release(page)
    assert animations(target) == []
    box = target.bounding_box()
    assert 0 <= box["x"] and box["x"] + box["width"] <= 1280
    assert target.evaluate("el => getComputedStyle(el).transform") == "none"
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")


# ---- re-render ----------------------------------------------------------------------------------


def test_rerender_now_replaces_the_target(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "rerender.html")
    old = page.get_by_test_id("target").element_handle()
    page.get_by_test_id("rerender").click()
    expect(page.get_by_test_id("render-count")).to_have_text("Render 2")
    assert old.evaluate("el => el.isConnected") is False
    assert old.evaluate(
        "el => el !== document.querySelector('[data-testid=target]') && el.outerHTML === document.querySelector('[data-testid=target]').outerHTML"
    )
    expect(page.get_by_role("button", name="Save", exact=True)).to_have_count(1)
    with pytest.raises(Error, match="not attached"):
        old.click(timeout=1000)
    page.get_by_test_id("target").click()
    expect(result(page)).to_have_text("Clicked: Save")


def test_rerender_auto_replaces_the_target_after_ms(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, f"rerender.html?auto=1&ms={MS}", held=True)
    assert race_state(page) == "pending"
    old = page.get_by_test_id("target").element_handle()
    assert old.evaluate("el => el.isConnected") is True
    release(page)
    assert old.evaluate("el => el.isConnected") is False
    expect(page.get_by_test_id("render-count")).to_have_text("Render 2")


def test_rerender_every_n_ms_keeps_replacing(page: Page, server: FixtureServer) -> None:
    """Held: a loaded machine's click could not land between two real 150 ms re-renders."""
    open_race(page, server, "rerender.html?every=150", held=True)
    old = page.get_by_test_id("target").element_handle()
    page.clock.run_for(600)
    expect(page.get_by_test_id("render-count")).to_have_text("Render 5")
    assert old.evaluate("el => el.isConnected") is False
    page.get_by_test_id("target").click()  # the locator finds the button of the latest render
    expect(result(page)).to_have_text("Clicked: Save")


# ---- disabled, busy -----------------------------------------------------------------------------


def test_disabled_and_aria_disabled_until_ms(page: Page, server: FixtureServer) -> None:
    open_race(page, server, f"disabled-then-enabled.html?ms={MS}", held=True)
    save, publish = page.get_by_test_id("target"), page.get_by_test_id("target-aria")
    assert race_state(page) == "pending"
    expect(save).to_be_disabled()
    expect(publish).to_have_attribute("aria-disabled", "true")
    expect(publish).to_be_disabled()
    assert trial_click_blocked(save)
    assert trial_click_blocked(publish)
    publish.click(force=True)  # reaches the handler, which ignores it
    expect(result(page)).to_have_text("Ignored: Publish is aria-disabled")
    assert race_state(page) == "pending"

    release(page)
    expect(save).to_be_enabled()
    expect(publish).to_be_enabled()
    expect(publish).not_to_have_attribute("aria-disabled", re.compile(".*"))
    assert trial_click_passes(save)
    save.click()
    expect(result(page)).to_have_text("Clicked: Save")
    publish.click()
    expect(result(page)).to_have_text("Clicked: Publish")


def test_busy_region_until_ms(page: Page, server: FixtureServer) -> None:
    open_race(page, server, f"busy.html?ms={MS}", held=True)
    target, region = page.get_by_test_id("target"), page.get_by_test_id("busy-region")
    expect(region).to_have_attribute("aria-busy", "true")
    assert target.evaluate("el => el.closest('[aria-busy=true]') !== null")
    target.click()  # aria-busy blocks nothing
    expect(result(page)).to_have_text("Clicked: Save while busy")
    release(page)
    expect(region).to_have_attribute("aria-busy", "false")
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")


# ---- navigation ---------------------------------------------------------------------------------


def test_link_navigates_to_landing(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "link.html")
    link = page.get_by_test_id("target")
    expect(link).to_have_attribute("href", "/races/landing.html")
    assert link.get_attribute("target") is None
    link.click()
    page.wait_for_url("**/races/landing.html")
    expect(page.get_by_role("heading", level=1)).to_have_text("Landing")
    expect(result(page)).to_have_text("Arrived. Query: (none)")


def test_blank_target_link_opens_a_popup(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "link.html")
    link = page.get_by_role("link", name="Open in new tab")
    expect(link).to_have_attribute("target", "_blank")
    with page.expect_popup(timeout=5000) as popup_info:
        link.click()
    popup = popup_info.value
    popup.wait_for_load_state()
    assert popup.url == f"{server.url}/races/landing.html"
    expect(popup.get_by_role("heading", level=1)).to_have_text("Landing")
    assert page.url == f"{server.url}/races/link.html"


def test_submit_button_sends_the_form(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "submit.html")
    send = page.get_by_role("button", name="Send")
    assert send.evaluate(
        "b => [b.type, b.form.method, new URL(b.form.action).pathname]"
    ) == [
        "submit",
        "get",
        "/races/landing.html",
    ]
    page.get_by_label("Message").fill("hello world")
    send.click()
    page.wait_for_url("**/races/landing.html?message=hello+world")
    expect(result(page)).to_have_text("Arrived. Query: message=hello world")


# ---- hidden until hovered, covered by an open dropdown, below the fold ----------------------------


def test_hover_reveals_the_row_button(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "hover-reveal.html")
    bob, alice = page.get_by_test_id("delete-bob"), page.get_by_test_id("delete-alice")
    assert bob.evaluate("el => getComputedStyle(el).visibility") == "hidden"
    expect(bob).to_be_hidden()
    assert hit(bob) == "row-bob"  # a hidden button is not hit; its row is
    assert trial_click_blocked(bob)
    page.get_by_test_id("row-bob").hover()
    expect(bob).to_be_visible()
    expect(alice).to_be_hidden()
    assert hit(bob) == "target"
    bob.click()
    expect(result(page)).to_have_text("Clicked: Delete Bob")
    page.get_by_test_id("row-alice").hover()
    expect(bob).to_be_hidden()
    expect(alice).to_be_visible()


def test_open_dropdown_covers_apply(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "open-select.html?open=1")
    apply, listbox = page.get_by_test_id("target"), page.get_by_role(
        "listbox", name="Fruits"
    )
    expect(listbox).to_be_visible()
    expect(page.get_by_test_id("select-trigger")).to_have_attribute(
        "aria-expanded", "true"
    )
    assert hit(apply).startswith("option-")
    assert apply.evaluate(
        "el => { const r = el.getBoundingClientRect(); return document.querySelector('[role=listbox]').contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }"
    )
    assert trial_click_blocked(apply)
    page.keyboard.press("Escape")
    expect(listbox).to_be_hidden()
    expect(page.get_by_test_id("select-trigger")).to_have_attribute(
        "aria-expanded", "false"
    )
    assert hit(apply) == "target"
    apply.click()
    expect(result(page)).to_have_text("Clicked: Apply (fruit: none)")


def test_choosing_an_option_closes_the_dropdown(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, "open-select.html")
    apply, listbox = page.get_by_test_id("target"), page.get_by_test_id("listbox")
    expect(listbox).to_be_hidden()
    assert hit(apply) == "target"
    page.get_by_role("button", name="Choose a fruit").click()
    expect(listbox).to_be_visible()
    assert hit(apply).startswith("option-")
    page.get_by_role("option", name="Banana").click()
    expect(listbox).to_be_hidden()
    expect(page.get_by_test_id("choice")).to_have_text("Chosen: Banana")
    apply.click()
    expect(result(page)).to_have_text("Clicked: Apply (fruit: Banana)")


def test_offscreen_target_is_static_and_reached_by_scrolling(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, "offscreen.html")
    target = page.get_by_test_id("target")
    assert page.evaluate("scrollY") == 0
    assert target.bounding_box()["y"] > 720 + 2000
    assert hit(target) is None  # outside the viewport, elementFromPoint finds nothing
    assert animations(target) == []
    assert page.evaluate("document.getAnimations().length") == 0
    target.click()
    expect(result(page)).to_have_text("Clicked: Save")
    assert page.evaluate("scrollY") > 2000


# ---- dialogs and misbehaving handlers -----------------------------------------------------------


def test_native_dialogs_report_their_answers(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "dialog.html")
    seen = []

    def answer(response):
        def handler(dialog):
            seen.append((dialog.type, dialog.message))
            response(dialog)

        return handler

    page.once("dialog", answer(lambda d: d.accept()))
    page.get_by_test_id("open-confirm").click()
    expect(result(page)).to_have_text("Confirm answered: OK")
    page.once("dialog", answer(lambda d: d.dismiss()))
    page.get_by_role("button", name="Delete everything").click()
    expect(result(page)).to_have_text("Confirm answered: Cancel")
    page.once("dialog", answer(lambda d: d.accept()))
    page.get_by_test_id("open-alert").click()
    expect(result(page)).to_have_text("Alert closed")
    page.once("dialog", answer(lambda d: d.accept("Grace")))
    page.get_by_test_id("open-prompt").click()
    expect(result(page)).to_have_text("Prompt answered: Grace")
    page.once("dialog", answer(lambda d: d.dismiss()))
    page.get_by_test_id("open-prompt").click()
    expect(result(page)).to_have_text("Prompt cancelled")
    assert seen == [
        ("confirm", "Delete everything?"),
        ("confirm", "Delete everything?"),
        ("alert", "Saved!"),
        ("prompt", "What is your name?"),
        ("prompt", "What is your name?"),
    ]


def test_uncaught_error_and_navigation_to_blank(
    page: Page, server: FixtureServer
) -> None:
    open_race(page, server, "crash.html")
    with page.expect_event("pageerror", timeout=5000) as error_info:
        page.get_by_role("button", name="Throw an uncaught error").click()
    assert "Boom from the race fixture" in error_info.value.message
    expect(result(page)).to_have_text("Clicked: Throw an uncaught error")
    page.get_by_test_id("blank").click()
    page.wait_for_url("about:blank")


def test_block_for_ms_then_recovers(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "crash.html?ms=600")
    page.get_by_test_id("block").click()
    expect(result(page)).to_have_text(re.compile(r"Blocked for \d+ ms"))
    blocked = int(re.search(r"\d+", result(page).inner_text()).group())
    assert blocked >= 600            # no upper bound: a busy machine may deschedule the loop for seconds
    assert page.evaluate("1 + 1") == 2   # and then it answers again


def test_hang_button_freezes_the_page(page: Page, server: FixtureServer) -> None:
    open_race(page, server, "crash.html")
    # each call ends on its own timeout (no bound on the machine's speed: the two timeouts are the proof)
    with pytest.raises(TimeoutError):
        page.get_by_test_id("hang").click(
            timeout=1000
        )  # the click is never acknowledged
    with pytest.raises(TimeoutError):
        page.wait_for_function("true", timeout=1000)  # no script runs any more
    # the page fixture closes the context, which ends the hung renderer
