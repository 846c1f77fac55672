"""An ``<svg>`` is an image, one leaf line, unless it draws content: HTML in its ``<foreignObject>``s (a
graph's nodes, as dagster-webserver draws its asset lineage: a link to each asset, when it was
materialized), text of its own, an ``<a>``. Then its content is listed under its ``img`` line, as
Chromium's accessibility tree and Playwright's aria snapshot list it, and its links get refs, are
clicked by ref and are found by a plain role locator. An icon (shapes and a title; a foreignObject that
holds nothing shown) stays one ``img`` line. The page: fixtures/apps/aria/graph.html."""

from __future__ import annotations

import re

import pytest

from verdex import actions

pytestmark = pytest.mark.anyio

REF = r"\[ref=(e\d+)\]"


async def _graph(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/graph.html")
    return tab, (await tab.snapshot(mode="full", max_bytes=None)).text


async def test_the_links_and_text_of_an_svgs_foreign_objects_are_listed_under_its_image(session, apps):
    _, text = await _graph(session, apps)
    assert re.search(r'- img:\n'
                     r' +- text: feeds\n'
                     r' +- link "raw_orders" \[ref=e\d+\] \[url=#/assets/raw_orders\]\n'
                     r' +- text: 3 minutes ago\n'
                     r' +- link "orders" \[ref=e\d+\] \[url=#/assets/orders\]\n'
                     r' +- text: Materialized$', text, re.M), text
    for undrawn in (".edge", "Assets, and", "stale"):        # its <style>, its <desc>, a <symbol> in its <defs>
        assert undrawn not in text, text


async def test_an_icon_svg_stays_one_image_line(session, apps):
    _, text = await _graph(session, apps)
    assert re.search(r'^ +- button "Reload" ' + REF + '$', text, re.M), text     # named by its icon's title
    assert re.search(r'^ +- img "Healthy"$', text, re.M), text
    # the svg whose foreignObject holds an empty box: nothing to list
    assert len(re.findall(r'^ +- img$', text, re.M)) == 1, text


@pytest.mark.parametrize(("name", "route"), [("raw_orders", "#/assets/raw_orders"), ("Overview", "#/overview")],
                         ids=["html-in-a-foreign-object", "the-svgs-own-a"])
async def test_a_link_inside_an_svg_is_clicked_by_ref_through_its_role_locator(session, apps, name, route):
    tab, text = await _graph(session, apps)
    ref = re.search(rf'- link "{name}" ' + REF, text).group(1)
    result = await actions.click(tab, ref)
    assert result.locator.code == f'page.get_by_role("link", name="{name}", exact=True)'
    assert result.locator.fallback is False
    assert tab.page.url.endswith("/aria/graph.html" + route)
