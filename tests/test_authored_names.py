"""A control the page gives no accessible name (a label that is not tied to it) is found by what its
author named it by — its id, a form field's name — before any position; an id or a name a framework made
or counted (``:r1:``, ``mui-42``, ``code_7``) is not one."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from verdex import actions, locators
from verdex.shown_locator import shown_locator
from tests.test_locator_names import _refs

pytestmark = pytest.mark.anyio


async def test_an_unnamed_field_is_found_by_its_id_or_its_name_and_a_made_one_is_not_used(session):
    tab = await session.tab()
    await tab.page.set_content(
        '<form><p><label>Email Address</label> <input id="email" name="email"></p>'
        '<p><label>Password</label> <input type="password" name="password"></p>'
        '<p><label>Code</label> <input id=":r1:" name="code_7"></p>'
        '<p><label>Other</label> <input id="mui-42"></p></form>')
    codes = [(await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code
             for ref in await _refs(tab, r"- textbox")]
    assert codes[:2] == ['page.locator("#email")', 'page.locator("input[name=\\"password\\"]")'], codes
    assert all("#" not in code and "name=" not in code for code in codes[2:]), codes


ICON_ROWS = """<style>a {{ cursor: pointer }}</style>
<div class="modebar"><a class="modebar-btn" data-title="Zoom in"><svg class="icon"><path d="M0 0"/></svg></a>
<a class="modebar-btn" data-title="Zoom out"><svg class="icon"><path d="M0 0"/></svg></a></div>
<ul>{rows}</ul>"""
ROW = ("<li><span>{name}</span> <button><svg data-testid='EditIcon' aria-hidden='true'><path d='M0 0'/></svg></button>"
       " <button><i class='fa-solid fa-trash'></i></button></li>")


async def test_a_control_with_no_name_is_shown_and_found_by_its_icon_or_its_tooltip(session):
    """Material UI's icon buttons (``<svg data-testid="EditIcon">``), Font Awesome's (``fa-trash``) and
    Plotly's toolbar (``data-title``, a script's tooltip) have no accessible name: the snapshot says what
    the icon or the tooltip says, and the locator finds the control by it (in its row when the rows repeat
    it), never by a position."""
    tab = await session.tab()
    await tab.page.set_content(ICON_ROWS.format(rows="".join(ROW.format(name=n) for n in ("Alpha", "Beta"))))
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    assert text.count("button [ref=") == 4 and text.count("[icon=Edit]") == 2 and text.count("[icon=trash]") == 2, text
    assert 'clickable "Zoom in"' in text and 'clickable "Zoom out"' in text, text
    codes = {}
    for pattern in (r"icon=Edit", r"icon=trash", r'clickable "Zoom in"'):
        refs = await _refs(tab, pattern)
        choice = await locators.choose(tab.page, await tab.candidates(refs[-1]), tab.test_id_attribute)
        assert not choice.fallback, choice.code
        codes[pattern] = choice.code
    assert codes["icon=Edit"].endswith('.locator("button:has(svg[data-testid=\\"EditIcon\\"])")'), codes
    assert "Beta" in codes["icon=Edit"] and "Beta" in codes["icon=trash"], codes
    assert codes["icon=trash"].endswith('.locator("button:has(.fa-trash)")'), codes
    assert codes['clickable "Zoom in"'] == 'page.locator("a[data-title=\\"Zoom in\\"]")', codes


async def test_a_test_id_that_names_the_kind_of_element_comes_after_its_role_and_name(session):
    """Gradio puts data-testid="checkbox" on every checkbox and "textbox" on every textbox: that names what
    kind of element it is, not which one, and a second checkbox makes it ambiguous; the role and name come
    first. A test id that names the one element (``save-draft``) still comes before anything else."""
    tab = await session.tab()
    await tab.page.set_content('<label><input type="checkbox" data-testid="checkbox"> Shout</label>'
                               '<button data-testid="save-draft">Save</button>')
    codes = [(await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code
             for ref in await _refs(tab, r"- (checkbox|button) ")]
    assert codes == ['page.get_by_role("checkbox", name="Shout", exact=True)', 'page.get_by_test_id("save-draft")'], codes


async def test_a_field_named_only_by_the_controls_its_label_holds_is_found_by_its_placeholder(session):
    """Fava's narration field: its label holds a "Narration:" hidden on a desktop and an "Add metadata"
    button "m". Chromium and Playwright name the field "m", the button's text, which goes when the button
    does: the field is found by its placeholder. A label with text of its own still names its field."""
    tab = await session.tab()
    await tab.page.set_content(
        '<label><span style="display:none">Narration:</span> <input placeholder="Narration">'
        ' <button type="button" title="Add metadata">m</button></label>'
        '<label>Payee <input placeholder="Who paid"> <button type="button">?</button></label>')
    assert await tab.page.get_by_role("textbox", name="m", exact=True).count() == 1
    codes = [(await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code
             for ref in await _refs(tab, r"- textbox")]
    assert codes == ['page.get_by_placeholder("Narration", exact=True)',
                     'page.get_by_role("textbox", name="Payee ?", exact=True)'], codes


CARD = """<article{hidden}><h3>{title}</h3>
    <div class="url-input-wrapper"><input data-name="url" value="{url}" readonly></div>
    <span>Read-only free/busy calendar</span>
    <div class="url-input-wrapper"><input data-name="freebusy-url" value="{url}?view=freebusy" readonly></div>
  </article>"""
CARD_FIELDS = ("<main>" + CARD.format(hidden=" hidden", title="Title", url="")
               + CARD.format(hidden="", title="Team contacts", url="http://127.0.0.1/alice/27bce695/") + "</main>")


async def test_an_unnamed_field_is_found_by_the_data_attribute_its_author_named_it_by(session):
    """Radicale's collection card shows its address and its free/busy address in two read-only fields with no label,
    each named by its author in a data attribute (``data-name="url"``), and the app keeps a hidden template of the
    card beside it: found by that attribute in the card its heading tells apart, never by a position (it was
    ``get_by_role("textbox").nth(0)``)."""
    tab = await session.tab()
    await tab.page.set_content(CARD_FIELDS)
    codes = [(await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)).code
             for ref in await _refs(tab, r"- textbox")]
    card = 'page.get_by_role("article").filter(has=page.get_by_role("heading", name="Team contacts", exact=True))'
    assert codes == [card + '.locator("[data-name=\\"url\\"]")',
                     card + '.locator("[data-name=\\"freebusy-url\\"]")'], codes


async def test_a_graph_node_is_found_by_the_data_attribute_that_names_it_not_the_one_that_names_its_kind(session, apps):
    """Kedro-Viz's flowchart draws each node as an svg ``<g>`` whose name is in a ``<text>`` and carries two data
    attributes: ``data-node-type="task"`` (its kind) and ``data-node-fullname`` (which one). With a tag filter
    showing one task node, its kind was unique too and, the first attribute, was chosen: the exported check
    found every task node on a fresh run, before the filter had redrawn the graph. The attribute whose value
    is the node's own text comes first, and finds that node alone whatever the graph shows: alone, not inside a
    container told apart by that same text."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/pipeline.html?tags=reporting")
    refs = await _refs(tab, r'clickable "compare_passenger_capacity_node"')
    choice = await locators.choose(tab.page, await tab.candidates(refs[-1]), tab.test_id_attribute)
    assert choice.code == 'page.locator("[data-node-fullname=\\"compare_passenger_capacity_node\\"]")', choice.code
    await tab.navigate(apps.url + "/aria/pipeline.html")             # the whole graph: three task nodes
    refs = await _refs(tab, r'clickable "compare_passenger_capacity_node"')
    assert (await locators.choose(tab.page, await tab.candidates(refs[-1]), tab.test_id_attribute)).code == choice.code


async def test_a_graph_node_a_filter_took_away_is_checked_gone_by_its_whole_text(session, apps):
    """A check that a graph node is gone, once a tag filter took it off the page, finds it by its class and the
    text it showed: as a part of the text, ``model_input_table`` is also in ``create_model_input_table_node``,
    and on a fresh run, before the filter had redrawn the graph, the check found two elements and failed at
    once. It is matched whole: one node, the one the agent saw go."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/pipeline.html")
    gone = (await _refs(tab, r'clickable "model_input_table"'))[-1]
    await tab.page.get_by_role("checkbox", name="Reporting").check()
    choice = await shown_locator(tab, gone)
    assert choice is not None and choice.code.startswith('page.locator("g.pipeline-node").filter(has_text='), choice
    await tab.page.get_by_role("checkbox", name="Reporting").uncheck()            # the whole graph again
    assert await locators.build(tab.page, choice.chosen.steps).count() == 1


async def test_a_click_on_a_graph_node_says_what_the_snapshot_called_it(session, apps):
    """An svg ``<g>`` has no role: the answer to a click on Kedro-Viz's graph node said "Click g [ref=e139]" (here,
    where the click lands on the node's ``<text>``, "click text"), and not which of the eighteen nodes. It says
    what the snapshot showed: clickable 'train_model_node'."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/pipeline.html")
    node = (await _refs(tab, r'clickable "train_model_node"'))[-1]
    said = (await actions.click(tab, node)).to_text()
    assert said.splitlines()[0].endswith(f"clickable 'train_model_node' [ref={node}]"), said
    await expect(tab.page.get_by_text("Selected train_model_node")).to_be_visible()
