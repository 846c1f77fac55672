"""Race preflight against ground truth: each race page reproduces one situation; the tests assert
both the facts verdex reports and the outcome of acting, and that verdex's verdict agrees with
Playwright's own actionability checks.

A page whose situation ends after a while (an overlay removed, a slide-in, a button enabled) is held:
its timers run on Playwright's clock and its CSS animations at DevTools' playback rate 0, standing
still until the test releases them — so what the test looks at is there however slow the machine is,
and a click with ``wait=True`` is seen waiting before the situation ends (as tests/test_race_fixtures.py
does)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager

import anyio
import pytest

from verdex import actions, locators
from verdex.browser.session import Session
from verdex.errors import NotActionable, StaleRef, Timeout
from verdex.preflight import blockers, judge

pytestmark = pytest.mark.anyio

CLOCK_START = 1_767_225_600_000   # a held page's clock (2026-01-01)
HELD_MS = 1500                    # the ?ms= of a held page: how far its clock runs when released
LOOKS_BEFORE_RELEASE = 2          # preflights a waiting click makes (its first, then a poll) before release
RELEASE_BOUND_S = 60              # bound on a held click's looks and on its end after release


async def _open(session, apps, page: str):
    tab = await session.tab()
    await tab.navigate(f"{apps.url}/races/{page}")
    await tab.page.wait_for_load_state("load")
    return tab


@pytest.fixture(scope="module")
async def held_session() -> AsyncIterator[Session]:
    """A browser whose pages' time stands still: Playwright's clock is its context's, installed once and
    paused; each release runs it on by ``HELD_MS``, and it stands still again."""
    async with Session() as held:
        tab = await held.tab()
        await tab.page.clock.install(time=CLOCK_START)
        await tab.page.clock.pause_at(CLOCK_START + 1)
        yield held


@asynccontextmanager
async def _held(session, apps, page: str) -> AsyncIterator:
    """The race page in a tab of its own (closed after), its time standing still until ``_released``."""
    tab = await session.new_tab()
    try:
        # the app's origin first: a navigation from about:blank to it changes the page's renderer process,
        # which starts with the playback rate at 1 again (the animations would run in real time)
        await tab.navigate(f"{apps.url}/races/")
        animations = await tab.page.context.new_cdp_session(tab.page)
        await animations.send("Animation.enable")
        await animations.send("Animation.setPlaybackRate", {"playbackRate": 0})
        await tab.navigate(f"{apps.url}/races/{page}?ms={HELD_MS}")
        await tab.page.wait_for_load_state("load")
        assert await tab.page.evaluate("document.getAnimations().every((a) => !a.currentTime)"), "not held"
        tab.held_animations = animations
        yield tab
    finally:
        await session.close_tab(tab.id)


async def _released(tab, waiting: Awaitable, run_ms: int = HELD_MS):
    """Run ``waiting`` (an action with wait=True) and let the page's time run ``run_ms`` (and its held
    animations at their own pace) once the action has looked at its target ``LOOKS_BEFORE_RELEASE``
    times and is still waiting; returns its result."""
    looked, real_preflight = anyio.Event(), tab.preflight
    looks = 0

    async def counted(ref, **reading):
        nonlocal looks
        facts = await real_preflight(ref, **reading)
        looks += 1
        if looks >= LOOKS_BEFORE_RELEASE:
            looked.set()
        return facts

    tab.preflight = counted
    try:
        action = asyncio.ensure_future(waiting)
        with anyio.fail_after(RELEASE_BOUND_S):
            await looked.wait()
        assert not action.done(), "the action ended while the page's time stood still"
        await tab.page.clock.run_for(run_ms)
        if hasattr(tab, "held_animations"):
            await tab.held_animations.send("Animation.setPlaybackRate", {"playbackRate": 1})
        with anyio.fail_after(RELEASE_BOUND_S):
            return await action
    finally:
        del tab.preflight


async def _ref(tab, pattern: str) -> str:
    text = (await tab.snapshot()).text
    match = re.search(pattern + r".*?\[ref=((?:f\d+)?e\d+)\]", text)
    assert match, f"{pattern!r} not in\n{text}"
    return match.group(1)


async def _status(tab) -> str:
    return await tab.page.get_by_test_id("result").inner_text()


async def _blocked(tab, ref: str, action: str = "click") -> list[str]:
    return judge(await tab.preflight(ref), action).blocking


async def test_an_opaque_overlay_blocks_and_wait_clicks_once_it_is_gone(held_session, apps):
    async with _held(held_session, apps, "overlay-opaque.html") as tab:
        ref = await _ref(tab, r'button "Save"')
        with pytest.raises(NotActionable) as caught:
            await actions.click(tab, ref)
        assert caught.value.facts["blocking"][0].startswith("covered at its centre by div [testid=overlay]")
        result = await _released(tab, actions.click(tab, ref, wait=True))
        assert result.waited.cleared and result.waited.blocking[0].startswith("covered at its centre")
        assert await _status(tab) == "Clicked: Save"


async def test_wait_true_waits_for_the_shops_scrim_then_clicks_and_reports_the_effects(held_session, apps):
    """The shop's loading scrim stays over its cards for 1.5 s after its data came (its timer, held here):
    a click with wait=True waits it out, clicks the card's button and reports what the click did."""
    apps.reset_cart()
    tab = await held_session.new_tab()
    try:
        await tab.page.route("**/api/chaos", lambda route: route.fulfill(json={
            "seed": None, "load": 1, "api_latency_ms": 150, "hydration_ms": 0, "scrim_extra_ms": 1500,
            "toast_ms": 5000, "order_key": None, "rerender": None}))
        await tab.navigate(apps.url + "/shop/")
        await tab.page.wait_for_selector("[data-testid=product-card] button")
        ref = re.search(r'heading "Pixel 8".*?button "Add to Cart" \[ref=(e\d+)\]', (await tab.snapshot()).text,
                        re.S).group(1)
        result = await _released(tab, actions.click(tab, ref, wait=True), run_ms=2000)
        assert result.waited is not None and result.waited.cleared
        assert "loading-scrim" in result.waited.blocking[0]
        assert result.locator.code == ('page.get_by_test_id("product-card").filter(has_text="Pixel 8")'
                                       '.get_by_role("button", name="Add to Cart", exact=True)')
        effects = result.effects
        assert [(r.method, r.url.endswith("/api/cart/add"), r.status) for r in effects.requests] == [
            ("POST", True, 200)]
        assert effects.requests[0].changed_page is True
        assert any("Added Pixel 8 to cart" in a for a in effects.appeared)
        assert any(line.startswith("+") and "Cart (1)" in line for line in effects.interactive_diff)
        assert not effects.no_effect
        text = result.to_text()
        assert re.search(r'^  ~ link "Cart \(0\)" → "Cart \(1\)" \[ref=e\d+\]', text, re.M), text  # renamed: one line
        assert text.count("Added Pixel 8 to cart") == 2, text    # the notice once, and the verify it suggests
    finally:
        await held_session.close_tab(tab.id)


async def test_a_transparent_overlay_that_takes_pointer_events_blocks(session, apps):
    tab = await _open(session, apps, "overlay-transparent.html")
    ref = await _ref(tab, r'button "Save"')
    facts = await tab.preflight(ref)
    centre = facts.coverage[0].hit
    assert centre.test_id == "overlay" and centre.pointer_events == "auto"
    assert any(b.startswith("covered") for b in judge(facts, "click").blocking)


async def test_an_overlay_with_pointer_events_none_does_not_block(session, apps):
    tab = await _open(session, apps, "overlay-passthrough.html")
    ref = await _ref(tab, r'button "Save"')
    assert await _blocked(tab, ref) == []
    await actions.click(tab, ref)
    assert await _status(tab) == "Clicked: Save"


async def test_a_partly_covered_button_is_advisory(session, apps):
    tab = await _open(session, apps, "partly-covered.html")
    ref = await _ref(tab, r'button "Save')
    verdict = judge(await tab.preflight(ref), "click")
    assert verdict.blocking == [] and any(a.startswith("partly covered at") for a in verdict.advisory)
    await actions.click(tab, ref)
    assert await _status(tab) == "Clicked: Save"


async def test_a_fade_in_is_advisory_and_the_click_lands(session, apps):
    tab = await _open(session, apps, "fade-in.html?ms=6000")
    ref = await _ref(tab, r'button "Save"')
    facts = await tab.preflight(ref)
    assert facts.animations and not any(a.moves for a in facts.animations) and facts.opacity < 1
    result = await actions.click(tab, ref)
    assert any(a.startswith("fading") for a in result.verdict.advisory)
    assert await _status(tab) == "Clicked: Save"


async def test_a_background_drifting_behind_a_form_is_no_fading_and_not_said(session):
    # a login page's gradient, animated for ever by background-position (Homebridge's): it moves nothing and
    # hides nothing, and was said on every action as "fading: gradient (opacity now 1.0)"
    tab = await session.tab()
    await tab.page.set_content("""<style>@keyframes gradient { from { background-position: 0 50%; }
      to { background-position: 100% 50%; } }
      .backdrop { background: linear-gradient(90deg, #fff, #eee); animation: gradient 20s infinite; }</style>
      <div class="backdrop"><form><button type="button">Sign in</button></form></div>""")
    ref = await _ref(tab, r'button "Sign in"')
    facts = await tab.preflight(ref)
    assert [a.name for a in facts.animations] == ["gradient"] and not facts.animations[0].moves
    result = await actions.click(tab, ref)
    assert result.verdict.blocking == [] and not any("fading" in a for a in result.verdict.advisory), result.verdict


async def test_an_element_sliding_in_is_moving_and_outside_the_viewport(held_session, apps):
    async with _held(held_session, apps, "slide-in.html") as tab:
        ref = await _ref(tab, r'button "Save"')
        facts = await tab.preflight(ref)
        assert facts.in_viewport < 1 and any(a.moves for a in facts.animations)
        assert any(b.startswith("moving") for b in judge(facts, "click").blocking)
        result = await _released(tab, actions.click(tab, ref, wait=True))
        assert result.waited.cleared and any(b.startswith("moving") for b in result.waited.blocking)
        assert await _status(tab) == "Clicked: Save"


async def test_a_field_in_a_form_sliding_into_place_takes_keys_while_its_button_waits(held_session, apps):
    """A modal's card entering moves the whole form: keys go to the focused field wherever it is (Playwright
    fills without waiting for it to stand still), so moving is advisory for a fill; a click at a point may
    miss the moving button, so it is blocking there."""
    async with _held(held_session, apps, "slide-in-field.html") as tab:
        field, save = await _ref(tab, r'textbox "Name"'), await _ref(tab, r'button "Save"')
        facts = await tab.preflight(field)
        assert any(a.moves for a in facts.animations)
        assert not any(b.startswith("moving") for b in judge(facts, "fill").blocking)
        filled = await actions.fill(tab, field, "Ada")
        assert any(a.startswith("moving") for a in filled.verdict.advisory)
        assert await tab.page.get_by_label("Name").input_value() == "Ada"
        assert any(b.startswith("moving") for b in await _blocked(tab, save))
        await _released(tab, actions.click(tab, save, wait=True))
        assert await _status(tab) == "Saved: Ada"


async def test_a_re_rendered_button_is_stale(session, apps):
    tab = await _open(session, apps, "rerender.html")
    ref = await _ref(tab, r'button "Save"')
    await actions.click(tab, await _ref(tab, r'button "Re-render now"'))
    with pytest.raises(StaleRef):
        await actions.click(tab, ref)
    await actions.click(tab, await _ref(tab, r'button "Save"'))
    assert await _status(tab) == "Clicked: Save"


async def test_disabled_then_enabled(held_session, apps):
    async with _held(held_session, apps, "disabled-then-enabled.html") as tab:
        save, publish = await _ref(tab, r'button "Save"'), await _ref(tab, r'button "Publish"')
        assert await _blocked(tab, save) == ["disabled"]
        assert await _blocked(tab, publish) == ["aria-disabled=true"]
        result = await _released(tab, actions.click(tab, save, wait=True))
        assert result.waited.blocking == ["disabled"] and result.waited.cleared
        assert await _status(tab) == "Clicked: Save"


async def test_a_button_the_form_enables_once_it_has_checked_the_name_is_clicked_without_wait(held_session, apps,
                                                                                            monkeypatch):
    """Create is enabled a moment after the last key (a debounced check): the click right after the fill
    gives it DISABLED_GRACE_S to be enabled, as Playwright's click would, instead of refusing at once. The
    page's clock, held, decides when; the grace is made long enough that the machine's speed does not."""
    monkeypatch.setattr(actions, "DISABLED_GRACE_S", RELEASE_BOUND_S)
    async with _held(held_session, apps, "enabled-after-typing.html") as tab:
        name, create = await _ref(tab, r'textbox "Project name"'), await _ref(tab, r'button "Create"')
        await actions.fill(tab, name, "Apollo")
        result = await _released(tab, actions.click(tab, create))
        assert result.waited.blocking == ["disabled"] and result.waited.cleared
        assert await _status(tab) == "Created: Apollo"


async def test_a_button_that_stays_disabled_is_refused_once_the_grace_is_over(held_session, apps, monkeypatch):
    monkeypatch.setattr(actions, "DISABLED_GRACE_S", 0.3)
    async with _held(held_session, apps, "enabled-after-typing.html") as tab:
        with pytest.raises(NotActionable, match="would not land: disabled"):
            await actions.click(tab, await _ref(tab, r'button "Create"'))
        assert await _status(tab) == "No action yet."


async def test_a_disabled_button_that_takes_no_pointer_events_is_disabled_not_covered_by_its_row(held_session, apps):
    """Component libraries style a disabled button ``pointer-events: none``: a point on it finds its row.
    That row is no cover: the one blocking fact is "disabled", no blocker is named (a test would wait for
    the row to go), and the click waits for the button to be enabled."""
    async with _held(held_session, apps, "pointer-through.html") as tab:
        save = await _ref(tab, r'button "Save"')
        facts = await tab.preflight(save)
        assert facts.coverage[0].hit.test_id == "actions" and facts.coverage[0].hit.contains_target
        assert judge(facts, "click").blocking == ["disabled"] and blockers(facts) == []
        result = await _released(tab, actions.click(tab, save, wait=True))
        assert result.waited.blocking == ["disabled"] and result.waited.cleared
        assert await _status(tab) == "Clicked: Save"


async def test_a_button_that_takes_no_pointer_events_says_so_and_a_containers_pseudo_element_cover_is_a_cover(session, apps):
    tab = await _open(session, apps, "pointer-through.html?ms=600000")
    archive, export = await _ref(tab, r'button "Archive"'), await _ref(tab, r'button "Export"')
    assert await _blocked(tab, archive) == [
        "takes no pointer events (pointer-events: none): a click at its centre lands on its container "
        f"div [testid=actions] [ref={(await tab.preflight(archive)).coverage[0].hit.ref}]"]
    covered = await tab.preflight(export)
    assert judge(covered, "click").blocking[0].startswith("covered at its centre by span [testid=loading]")
    assert [b["by"].split(" [ref=")[0] for b in blockers(covered)] == ["span [testid=loading]"]


async def test_a_link_that_navigates(session, apps):
    tab = await _open(session, apps, "link.html")
    result = await actions.click(tab, await _ref(tab, r'link "Go to landing"'))
    assert any(a.startswith("navigates to") and a.endswith("/races/landing.html") for a in result.verdict.advisory)
    assert result.effects.navigated and result.effects.url_after.endswith("/races/landing.html")


async def test_a_link_whose_click_the_page_takes_is_said_to_stay(session, apps):
    """``<a href="">`` whose handler prevents the browser's default (AngularJS's): its note says what happened,
    not "navigates to" the page itself (Syncthing's Settings item)."""
    tab = await _open(session, apps, "link.html")
    result = await actions.click(tab, await _ref(tab, r'link "Settings"'))
    assert not result.effects.navigated and not result.effects.moved
    assert not any(a.startswith("navigates to") for a in result.verdict.advisory), result.verdict.advisory
    assert any(a.startswith("a link to ") and a.endswith("/races/link.html, whose click did not navigate: the page's "
                                                         "script took it") for a in result.verdict.advisory)


async def test_a_link_whose_click_the_page_turns_elsewhere_says_where_the_url_went(session, apps):
    """A tab drawn as ``<a href="#graph0">`` whose handler moves the URL itself (Prometheus's graph tabs put
    ``?g0.tab=0`` in it): its note says where the URL went, not "navigates to …#graph0"."""
    tab = await _open(session, apps, "link.html")
    result = await actions.click(tab, await _ref(tab, r'link "Graph"'))
    assert result.effects.moved and result.effects.url_after.endswith("/races/link.html?g0.tab=0")
    assert not any(a.startswith("navigates to") for a in result.verdict.advisory), result.verdict.advisory
    assert any(a.startswith("a link to ") and a.endswith("/races/link.html#graph0, whose click the page's script "
                                                         "took: the URL went to " + result.effects.url_after)
               for a in result.verdict.advisory), result.verdict.advisory


async def test_a_hover_over_a_link_says_nothing_of_where_a_click_would_go(session, apps):
    """A hover follows no link: its answer neither says the link navigates nor, once done, that "its click did
    not navigate" (WordPress's admin menu item "Posts", hovered to show its flyout)."""
    tab = await _open(session, apps, "link.html")
    result = await actions.hover(tab, await _ref(tab, r'link "Go to landing"'))
    assert not any("navigates to" in a or "click" in a for a in result.verdict.advisory), result.verdict.advisory


async def test_a_target_blank_link_opens_a_popup_tab(session, apps):
    tab = await _open(session, apps, "link.html")
    result = await actions.click(tab, await _ref(tab, r'link "Open in new tab"'))
    assert any("in a new tab" in a for a in result.verdict.advisory)
    assert len(result.effects.new_tabs) == 1
    assert not result.effects.navigated


async def test_a_submit_button_reports_its_form(session, apps):
    tab = await _open(session, apps, "submit.html")
    await actions.fill(tab, await _ref(tab, r'textbox "Message"'), "hello world")
    result = await actions.click(tab, await _ref(tab, r'button "Send"'))
    assert any(a.startswith("submits a form: GET") and a.endswith("/races/landing.html") for a in result.verdict.advisory), \
        result.verdict.advisory
    assert result.effects.url_after.endswith("/races/landing.html?message=hello+world")


async def test_a_form_the_pages_script_submits_itself_is_not_said_to_be_submitted(session):
    # an Angular form (Homebridge's Add User): its Save is a submit button, and its handler posts the data
    # itself, so no navigation comes; "submits a form: GET …/users" named a submission that never happened
    tab = await session.tab()
    await tab.page.set_content("""<form action="/users"><input name="user"><button>Save</button></form><p></p>
      <script>document.querySelector("form").addEventListener("submit", (event) => {
        event.preventDefault();
        document.querySelector("p").textContent = "Saved";
      });</script>""")
    result = await actions.click(tab, await _ref(tab, r'button "Save"'))
    assert not any(a.startswith("submits a form") for a in result.verdict.advisory), result.verdict.advisory
    assert any(a.startswith("its form's submission was handled by the page (no navigation): GET")
               for a in result.verdict.advisory), result.verdict.advisory


async def test_a_button_shown_only_on_hover(session, apps):
    tab = await _open(session, apps, "hover-reveal.html")
    row = await _ref(tab, r'row "Bob Editor')
    assert 'button "Delete"' not in (await tab.snapshot()).text        # hidden until hovered
    await actions.hover(tab, row)
    await actions.click(tab, await _ref(tab, r'row "Bob Editor[^\n]*\n(?:.*\n)*?\s+- button "Delete"'))
    assert await _status(tab) == "Clicked: Delete Bob"


async def test_an_open_dropdown_covers_the_button_below_it(session, apps):
    tab = await _open(session, apps, "open-select.html?open=1")
    apply = await _ref(tab, r'button "Apply"')
    blocked = await _blocked(tab, apply)
    assert blocked and blocked[0].startswith("covered at its centre by li [testid=option-")
    pressed = await actions.press(tab, "Escape")
    assert pressed.to_text().startswith("press Escape on the focused element\n"), pressed.to_text()
    await actions.click(tab, apply)
    assert (await _status(tab)).startswith("Clicked: Apply")


async def test_busy_and_offscreen_are_advisory(session, apps):
    tab = await _open(session, apps, "busy.html?ms=6000")
    result = await actions.click(tab, await _ref(tab, r'button "Save"'))
    assert any(a.startswith("inside aria-busy=true") for a in result.verdict.advisory)
    tab = await _open(session, apps, "offscreen.html")
    result = await actions.click(tab, await _ref(tab, r'button "Save"'))
    assert any("inside the viewport" in a for a in result.verdict.advisory)
    assert await _status(tab) == "Clicked: Save"


async def _shop_in_its_hydration_gap(session, apps):
    """The shop with its cards on screen and no scrim, 5 s before its handlers are attached."""
    apps.reset_cart()
    tab = await session.tab()
    await tab.page.route("**/api/chaos", lambda route: route.fulfill(json={
        "seed": None, "load": 1, "api_latency_ms": 50, "hydration_ms": 5000, "scrim_extra_ms": 0,
        "toast_ms": 3000, "order_key": None, "rerender": None}))
    await tab.navigate(apps.url + "/shop/")
    await tab.page.wait_for_selector("[data-testid=loading-scrim]", state="detached")
    return tab


async def test_the_shop_hydration_gap_has_no_blocking_fact_and_no_effect(session, apps):
    tab = await _shop_in_its_hydration_gap(session, apps)
    result = await actions.click(tab, await _ref(tab, r'button "Add to Cart"'))
    assert result.verdict.blocking == [] and result.effects.no_effect


async def test_a_click_lost_in_the_gap_has_no_effect_even_when_the_app_hydrates_right_after(session, apps):
    tab = await _shop_in_its_hydration_gap(session, apps)
    ref = await _ref(tab, r'button "Add to Cart"')
    # the app says it is ready 50 ms after the click went into the void: its own news, not the click's
    await tab.page.evaluate("setTimeout(() => { document.querySelector('[data-testid=product-grid]')"
                            ".dataset.hydrated = 'true'; }, 50)")
    result = await actions.click(tab, ref)
    assert result.effects.no_effect
    assert await tab.page.get_by_test_id("cart-link").inner_text() == "Cart (0)"


async def test_an_app_that_says_it_is_not_ready_yet_gets_an_advisory(session, apps):
    tab = await _shop_in_its_hydration_gap(session, apps)
    # the shop's gap is silent; many apps mark it: data-hydrated="false" until their handlers are attached
    await tab.page.evaluate("document.querySelector('[data-testid=product-grid]').dataset.hydrated = 'false'")
    facts = await tab.preflight(await _ref(tab, r'button "Add to Cart"'))
    verdict = judge(facts, "click")
    assert verdict.blocking == []
    assert "not ready yet: [product-grid] data-hydrated='false' (its handlers may not be attached)" in verdict.advisory


async def test_a_handler_that_hangs_the_page_is_bounded_and_the_tab_replaced(session, apps):
    tab = await _open(session, apps, "crash.html")
    with pytest.raises(Timeout) as caught:
        await actions.click(tab, await _ref(tab, r'button "Hang the page'))
    assert "stopped responding" in caught.value.message
    fresh = await session.tab()
    assert fresh is not tab
    await fresh.navigate(f"{apps.url}/races/overlay-passthrough.html")
    assert "Save" in (await fresh.snapshot()).text


async def test_a_web_component_buttons_slotted_label_is_the_button_not_a_cover(session, apps):
    # the label is light DOM slotted into the shadow <button>: what the point hits is inside the button in
    # the composed tree, where a click goes; a text slotted straight in is hit where it is drawn, in the
    # button, not at its light-DOM parent, the host around the button
    tab = await _open(session, apps, "slotted-label.html")
    for label, hit in (("Save", "span.label"), ("Cancel", "span.slot-container")):
        ref = await _ref(tab, f'button "{label}"')
        facts = await tab.preflight(ref)
        centre = facts.coverage[0].hit
        assert f"{centre.tag}.{centre.classes[0]}" == hit and centre.inside_target, centre
        assert judge(facts, "click").blocking == []
        await actions.click(tab, ref)
        assert await _status(tab) == f"Clicked: {label}"


# ------------------------------------------------------------------ agreement with Playwright
SITUATIONS = [
    ("overlay-opaque.html", r'button "Save"'), ("overlay-transparent.html", r'button "Save"'),
    ("overlay-passthrough.html", r'button "Save"'), ("partly-covered.html", r'button "Save'),
    ("fade-in.html", r'button "Save"'), ("slide-in.html", r'button "Save"'),
    ("disabled-then-enabled.html", r'button "Save"'), ("disabled-then-enabled.html", r'button "Publish"'),
    ("pointer-through.html", r'button "Save"'), ("pointer-through.html", r'button "Archive"'),
    ("pointer-through.html", r'button "Export"'),
    ("link.html", r'link "Go to landing"'), ("link.html", r'link "Open in new tab"'),
    ("submit.html", r'button "Send"'), ("open-select.html?open=1", r'button "Apply"'),
    ("busy.html", r'button "Save"'), ("offscreen.html", r'button "Save"'), ("rerender.html", r'button "Save"'),
    ("slotted-label.html", r'button "Save"'), ("slotted-label.html", r'button "Add entity"'),
    ("slotted-label.html", r'button "Cancel"'),
]
ADVISORY_BY_DESIGN: set[str] = set()   # blocking facts Playwright does not check for; none so far
SITUATION_MS = 30_000                  # how long each situation lasts: longer than any test of it takes


@pytest.mark.parametrize("page,target", SITUATIONS)
async def test_verdict_agrees_with_playwrights_actionability(session, apps, page, target):
    # the situation lasts SITUATION_MS from the page's load, however slow the machine; a trial click that
    # must fail gets 1 s to, one that must pass as long as a loaded machine may need (scrolling, stability)
    tab = await _open(session, apps, page + ("&" if "?" in page else "?") + f"ms={SITUATION_MS}")
    ref = await _ref(tab, target)
    blocking = await _blocked(tab, ref)
    choice = await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    try:
        await locators.build(tab.page, choice.chosen.steps).click(trial=True, timeout=1000 if blocking else 15_000)
        trial_ok = True
    except Exception:
        trial_ok = False
    if not blocking:
        assert trial_ok, f"{page}: no blocking fact, yet Playwright's trial click failed"
    else:
        assert not trial_ok or set(blocking) <= ADVISORY_BY_DESIGN, f"{page}: {blocking} but the trial click passed"


async def test_with_preflight_off_for_a_role_blocking_facts_ride_along(apps):
    """The overlay's time stands still (Playwright's clock) until the click has read its facts, so it
    covers the button when they are read however slow the machine is (at real time, a loaded machine's
    snapshot came after the overlay had gone); then it runs on, and Playwright's click waits it out."""
    from verdex.browser.session import RoleSpec, Session
    async with Session(roles=[RoleSpec("fast", preflight=False)]) as session:
        tab = await session.tab()
        await tab.page.clock.install(time=CLOCK_START)
        await tab.page.clock.pause_at(CLOCK_START + 1)
        tab = await _open(session, apps, "overlay-opaque.html?ms=2000")
        ref = await _ref(tab, r'button "Save"')
        read, real_read = anyio.Event(), tab.preflight_and_candidates

        async def reading(*args, **kwargs):
            answer = await real_read(*args, **kwargs)
            read.set()
            return answer

        tab.preflight_and_candidates = reading
        click = asyncio.ensure_future(actions.click(tab, ref, effects=False))
        with anyio.fail_after(RELEASE_BOUND_S):
            await read.wait()
        await tab.page.clock.run_for(2000)
        with anyio.fail_after(RELEASE_BOUND_S):
            result = await click
    # no NOT_ACTIONABLE: Playwright's own click waited out the overlay, the covering fact rode along
    assert result.verdict.blocking == [] and result.verdict.advisory[0].startswith("covered at its centre")
