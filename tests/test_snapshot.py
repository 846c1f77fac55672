"""browser_snapshot: a lean tree with refs, the page identity, paging, diff, folding, frames and shadow DOM."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from playwright.async_api import Route, expect

from verdex import actions

pytestmark = pytest.mark.anyio


async def _open(session, apps, path: str, ready: str | None = None):
    apps.reset_cart()                                    # other tests add to the shop's cart
    tab = await session.tab()
    await tab.navigate(apps.url + path)
    if ready:
        await tab.page.wait_for_function(ready)
    return tab


GRID_READY = "document.querySelectorAll('button').length >= 5000"
SHOP_READY = ("document.querySelector('[data-testid=product-grid][data-hydrated=true]') !== null"
              " && document.querySelector('[data-testid=loading-scrim]') === null")


async def test_lines_carry_roles_names_refs_test_ids_and_states(session, apps):
    tab = await _open(session, apps, "/shop/", SHOP_READY)
    text = (await tab.snapshot()).text
    assert re.search(r'- article \[testid=product-card\]:\n +- heading "iPhone 15 Pro"', text)
    assert re.search(r'  - heading "iPhone 15 Pro" \[level=3\]', text)
    assert re.search(r'- button "Add to Cart" \[ref=e\d+\]', text)
    assert re.search(r'- link "Cart \(0\)" \[ref=e\d+\] \[testid=cart-link\] \[url=/shop/cart\]', text)
    assert "generic:" not in text          # anonymous wrappers are collapsed


async def test_identity_header_names_url_title_heading_and_lang(session, apps):
    tab = await _open(session, apps, "/shop/", SHOP_READY)
    identity = (await tab.snapshot()).identity
    assert identity.url == apps.url + "/shop/"
    assert identity.title and identity.heading == "Products" and identity.lang == "en"
    assert identity.blockers == [] and identity.busy is False


async def test_the_identity_heading_is_the_pages_not_a_dialogs_drawn_before_it(session, apps):
    """A search dialog in the page's header draws its results' headings before the page's own h1."""
    tab = await _open(session, apps, "/shop/", SHOP_READY)
    await tab.page.evaluate("""() => {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.innerHTML = '<h1>Pixel 8 result</h1>';
      document.body.prepend(dialog);
    }""")
    assert (await tab.snapshot()).identity.heading == "Products"


async def test_identity_reports_the_loading_scrim_while_it_covers_the_grid(session, apps):
    tab = await session.tab()
    await tab.page.route("**/api/products*", lambda route: None)    # the data never arrives
    try:
        await tab.navigate(apps.url + "/shop/")
        identity = (await tab.snapshot()).identity
    finally:
        await tab.page.unroute("**/api/products*")
    assert [b.test_id for b in identity.blockers] == ["loading-scrim"]
    assert identity.blockers[0].kind == "loading"
    assert identity.busy is True
    assert any(item.test_id == "loading-scrim" for item in identity.loading)


async def test_identity_reports_a_cookie_consent_wall_and_its_modal_dialog(session, apps):
    tab = await _open(session, apps, "/consent/")
    await tab.page.context.clear_cookies()
    await tab.reload()
    identity = (await tab.snapshot()).identity
    assert [b.kind for b in identity.blockers] == ["consent"]
    assert identity.blockers[0].viewport_share > 0.9
    assert [(d.name, d.modal) for d in identity.dialogs] == [("Cookie consent", True)]


async def test_identity_reports_alerts_dialogs_and_busy_regions(session, apps):
    tab = await _open(session, apps, "/banner/")
    identity = (await tab.snapshot()).identity
    assert any(n.role == "alert" and "maintenance" in n.text for n in identity.notices)
    assert [d.name for d in identity.dialogs] == ["Tips"]
    assert identity.busy is True
    assert any(item.role == "progressbar" for item in identity.loading)


async def test_default_snapshot_folds_repeated_cards_and_stays_within_budget(session, apps):
    tab = await _open(session, apps, "/grid/", GRID_READY)
    snap = await tab.snapshot()
    assert len(snap.to_text().encode()) <= 24_000
    assert re.search(r'- … 490 more like article \[testid=card\] "Card 11"$', snap.text)
    assert snap.text.count('heading "Card') == 10


async def test_full_snapshot_pages_through_every_line_exactly_once(session, apps):
    tab = await _open(session, apps, "/grid/", GRID_READY)
    whole = await tab.snapshot(mode="full", max_bytes=None)
    assert whole.text.count('button "Action') == 5000 and not whole.has_more
    pages = [await tab.snapshot(mode="full", max_items=1500, max_bytes=None)]
    while pages[-1].has_more:
        pages.append(await tab.snapshot(cursor=pages[-1].next_cursor, max_items=1500, max_bytes=None))
    assert len(pages) == -(-whole.total_lines // 1500)
    assert "\n".join(p.text for p in pages) == whole.text      # refs are stable across observations
    assert not any(p.stale_refs for p in pages) and "stale" not in pages[-1].to_text()


async def test_a_page_of_an_observation_the_page_redrew_since_says_its_refs_are_stale(session, apps):
    """Paging goes on through the observation the cursor names, as it was; when the page has drawn its controls
    anew since (a React list re-rendered), the refs of the lines paged are stale, and the page says so before the
    agent acts on one (JupyterHub's admin list, paged after a filter: every ref of the second page was)."""
    tab = await _open(session, apps, "/grid/", GRID_READY)
    first = await tab.snapshot(mode="full", max_items=1500, max_bytes=None)
    await tab.page.evaluate("document.querySelectorAll('button').forEach((b) => b.replaceWith(b.cloneNode(true)))")
    follow = await tab.snapshot(cursor=first.next_cursor, max_items=1500, max_bytes=None)
    refs = len(re.findall(r"\[ref=", follow.text))
    assert follow.stale_refs == refs > 1000, (follow.stale_refs, refs)
    assert (f"note: {refs} refs of these lines are stale: the page has drawn them anew since {first.observation_id}; "
            "take a new snapshot") in follow.to_text()


async def test_pages_are_cut_at_the_byte_budget(session, apps):
    tab = await _open(session, apps, "/grid/", GRID_READY)
    snap = await tab.snapshot(mode="full")
    assert snap.has_more and len(snap.text.encode()) <= 24_000
    follow = await tab.snapshot(cursor=snap.next_cursor, mode="full")
    assert follow.offset == snap.text.count("\n") + 1


async def test_diff_returns_only_what_changed(session, apps):
    tab = await _open(session, apps, "/shop/", SHOP_READY)
    await tab.snapshot()
    unchanged = await tab.snapshot(diff=True)
    assert unchanged.diff == []
    await tab.page.get_by_test_id("product-card").filter(has_text="Pixel 8").get_by_role("button").click()
    await tab.page.get_by_role("status").filter(has_text="Added Pixel 8").wait_for()
    changed = await tab.snapshot(diff=True)
    assert changed.diff and len(changed.diff) < 20
    assert any(line.startswith("+") and "Added Pixel 8 to cart" in line for line in changed.diff)
    assert any(line.startswith("+") and "Cart (1)" in line for line in changed.diff)
    assert any(line.startswith("-") and "Cart (0)" in line for line in changed.diff)


async def test_scope_and_depth_limit_the_tree(session, apps):
    tab = await _open(session, apps, "/shop/", SHOP_READY)
    snap = await tab.snapshot()
    ref = re.search(r'button "Add to Cart" \[ref=(e\d+)\]', snap.text).group(1)
    card = (await tab.ancestors(ref)).ancestors[0]
    scoped = await tab.snapshot(scope=card.ref)
    assert scoped.text.splitlines()[0].startswith('- article "iPhone 15 Pro" [ref=')
    assert 'heading "iPhone 15 Pro"' in scoped.text
    assert "Pixel 8" not in scoped.text
    shallow = await tab.snapshot(depth=2)
    assert "Add to Cart" not in shallow.text and "- main" in shallow.text, shallow.text


async def test_same_origin_iframe_and_open_shadow_roots_are_in_the_tree(session, apps):
    tab = await _open(session, apps, "/frames/")
    await tab.page.frame_locator("iframe").get_by_role("button", name="Pay now").wait_for()
    text = (await tab.snapshot()).text
    assert re.search(r'- iframe "Payment form" \[ref=e\d+\]:', text)
    assert re.search(r'- button "Pay now" \[ref=f1e\d+\]', text)
    assert re.search(r'- textbox "Email address" \[ref=e\d+\] \[testid=newsletter-email\]', text)
    assert re.search(r'- button "Nested action" \[ref=e\d+\]', text)


async def test_password_values_never_appear(session, apps):
    tab = await _open(session, apps, "/login/")
    await tab.page.get_by_label("Password").fill("correct horse battery staple")
    snap = await tab.snapshot()
    assert "correct horse" not in snap.to_text()
    assert re.search(r'textbox "Password" \[ref=e\d+\]: "\[redacted\]"', snap.text)



@pytest.mark.parametrize("path", ["/grid/", "/huge/", "/shop/?catalog=hostile", "/aria/"])
async def test_what_the_agent_receives_stays_within_24_kilobytes(session, apps, path):
    tab = await _open(session, apps, path)
    await tab.page.wait_for_load_state("load")
    snap = await tab.snapshot()
    assert len(snap.to_text().encode("utf-8")) <= 24_000


async def test_a_server_still_computing_is_a_loading_hint_and_a_live_region_of_content_is_no_notice(session, apps):
    """A Shiny app's root says its server computes (html.shiny-busy, each output .recalculating): the
    snapshot says so while it does. Its outputs are all aria-live: the number is a notice, its data table
    is content, not a notice (its whole text was one)."""
    tab = await session.tab()
    held: list[Route] = []
    await tab.page.route("**/live/slug*", lambda route: held.append(route))    # the server is computing
    try:
        await tab.navigate(apps.url + "/settling/outputs.html")
        computing = (await tab.snapshot()).identity
        assert ("document", "app-busy") in [(item.role, item.name) for item in computing.loading], computing.loading
        async with asyncio.timeout(10):
            while not held:                     # the page asked as it loaded; the handler may come after the load
                await asyncio.sleep(0.05)
        await held[0].continue_()
    finally:
        await tab.page.unroute("**/live/slug*")
    await expect(tab.page.get_by_role("cell", name="16.99")).to_be_visible()
    drawn = await tab.snapshot()
    assert drawn.identity.loading == [] and [n.text for n in drawn.identity.notices] == ["244"], drawn.identity
    dinner = re.search(r'button "Dinner only" \[ref=(e\d+)\]', drawn.text).group(1)
    said = (await actions.click(tab, dinner)).to_text()
    assert 'appeared: status "176"' in said and "toast" not in said, said          # the table is no toast
    assert "generic [ref=" not in said, said      # the outputs it marked busy got no refs to show in the diff


SHAPES_OF_TEXT = """<main>
<pre><span>{</span><span>"item"</span><span>:</span> <span>"gamma"</span><span>,</span> <span>"ok"</span><span>:</span><span>true</span><span>}</span></pre>
<p>Price<span>€</span><span>12</span>.<span>50</span> and <b>Total:</b> 3 items</p>
<div><div>Name</div><div>Ada</div><span style="display:inline-block">Left</span><span style="display:inline-block">Right</span></div>
<p>Hello,<br>world</p>
</main>"""


async def test_every_text_line_is_the_text_the_agent_can_check_as_it_stands(session):
    """A line of text is the page's text as Playwright reads it (getByText, which verify_text uses): a space
    only where the page has white space — a token drawn per span (a JSON viewer's) is not pulled apart — and
    a box's edge or a line break ends the line. Copied from the snapshot into a check, it is found."""
    tab = await session.tab()
    await tab.page.set_content(SHAPES_OF_TEXT)
    text = (await tab.snapshot(mode="full")).text
    shown = [json.loads(said) if said.startswith('"') else said
             for said in re.findall(r"^\s*- (?:text|paragraph): (.+)$", text, re.MULTILINE)]
    assert shown == ['{"item": "gamma", "ok":true}', "Price€12.50 and Total: 3 items", "Name", "Ada", "Left",
                     "Right", "Hello,", "world"], text
    for said in shown:
        assert await tab.page.get_by_text(said).count() >= 1, said


async def test_a_sticky_sidebar_in_its_own_place_is_no_blocker_and_a_sticky_bar_stuck_over_the_page_is(
        session, apps):
    """A package page's sidebar stays in view (``position: sticky``) beside the readme and lies over nothing
    but its own ancestors: no overlay, though it covers 28 % of the viewport (Verdaccio's every package page
    said "blockers: div … [testid=sidebar] [overlay, covers 23% of the viewport]"). A promotion stuck to
    the viewport's bottom over the readme's paragraphs still is one."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/reading/sticky.html")
    identity = (await tab.snapshot()).identity
    assert [(b.test_id, b.kind) for b in identity.blockers] == [("promo", "overlay")]


async def test_a_loader_kept_on_the_page_with_nothing_drawn_in_it_is_not_said_to_load(session, apps):
    """Kedro-Viz keeps its loader's wrapper over the flowchart and hides only its icon (opacity 0): the
    header said "loading: div" on every snapshot, and an agent told that the page is not ready while the
    header lists loading waited for ever. A loader counts while it draws something: its icon, or a spinner
    drawn by its pseudo-element alone."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/banner/kept-loader.html")
    loading = (await tab.snapshot()).identity.loading
    assert len(loading) == 2 and all(item.role == "div" for item in loading), loading
    await tab.page.get_by_role("button", name="Draw the chart").click()
    assert (await tab.snapshot()).identity.loading == []


async def test_a_button_marked_aria_live_is_a_control_and_no_notice(session, apps):
    """Kedro-Viz's theme button is aria-live, so that its new label is read out: the header listed it among the
    notices ("notices: button "Toggle theme"") on every snapshot, a message no one had put up. A control is no
    notice; the status region beside it still is."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/banner/announcing-button.html")
    assert (await tab.snapshot()).identity.notices == []
    theme = re.search(r'button "Change to light theme" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1)
    said = (await actions.click(tab, theme)).to_text()
    assert [n.text for n in (await tab.snapshot()).identity.notices] == ["Theme saved"]
    assert "Toggle theme" not in said, said
