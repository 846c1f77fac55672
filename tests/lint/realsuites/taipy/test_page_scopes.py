# Excerpt of Avaiga/taipy tests/gui/e2e/page_scopes/test_page_scopes.py at commit 3621961930cec46fd204c2322ff694542b0d85c9
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2021-2024 Avaiga Private Limited.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import inspect


import logging


from importlib import util


import pytest


from taipy.gui import Gui


if util.find_spec("playwright"):
    from playwright._impl._page import Page


from .assets.page1 import page as page1


from .assets.page2 import page as page2


from .assets.page3 import page as page3


@pytest.mark.timeout(300)
@pytest.mark.teste2e
def test_page_scopes(page: "Page", gui: Gui, helpers):
    gui._set_frame(inspect.currentframe())

    def on_change(state, var, val, module):
        if var == "x" and "page3" in module:
            state.y = val * 10

    gui.add_page("page1", page1)
    gui.add_page("page2", page2)
    gui.add_page("page3", page3)
    helpers.run_e2e(gui)

    page.goto("./page1")
    page.expect_websocket()
    page.wait_for_selector("#x1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert page.query_selector("#x1").inner_text() == "10"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "20"  # expect: VDX006 VDX007
    assert page.query_selector("#y1").inner_text() == "20"  # expect: VDX006 VDX007
    assert page.query_selector("#y2").inner_text() == "40"  # expect: VDX006 VDX007

    page.goto("./page2")
    page.expect_websocket()
    page.wait_for_selector("#x1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert page.query_selector("#x1").inner_text() == "20"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "40"  # expect: VDX006 VDX007
    assert page.query_selector("#y1").inner_text() == "10"  # expect: VDX006 VDX007
    assert page.query_selector("#y2").inner_text() == "20"  # expect: VDX006 VDX007

    page.goto("./page3")
    page.expect_websocket()
    page.wait_for_selector("#x1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert page.query_selector("#x1").inner_text() == "50"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "100"  # expect: VDX006 VDX007

    page.goto("./page1")
    page.expect_websocket()
    page.wait_for_selector("#x1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    page.fill("#xinput", "15")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#y2').innerText !== '40'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    assert page.query_selector("#x1").inner_text() == "15"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "30"  # expect: VDX006 VDX007
    assert page.query_selector("#y1").inner_text() == "45"  # expect: VDX006 VDX007
    assert page.query_selector("#y2").inner_text() == "90"  # expect: VDX006 VDX007

    page.goto("./page2")
    page.expect_websocket()
    page.wait_for_selector("#x1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert page.query_selector("#x1").inner_text() == "45"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "90"  # expect: VDX006 VDX007
    assert page.query_selector("#y1").inner_text() == "15"  # expect: VDX006 VDX007
    assert page.query_selector("#y2").inner_text() == "30"  # expect: VDX006 VDX007
    page.fill("#xinput", "37")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#y2').innerText !== '30'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    assert page.query_selector("#x1").inner_text() == "37"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "74"  # expect: VDX006 VDX007
    assert page.query_selector("#y1").inner_text() == "185"  # expect: VDX006 VDX007
    assert page.query_selector("#y2").inner_text() == "370"  # expect: VDX006 VDX007

    page.goto("./page1")
    page.expect_websocket()
    page.wait_for_selector("#x1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert page.query_selector("#x1").inner_text() == "185"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "370"  # expect: VDX006 VDX007
    assert page.query_selector("#y1").inner_text() == "37"  # expect: VDX006 VDX007
    assert page.query_selector("#y2").inner_text() == "74"  # expect: VDX006 VDX007

    page.goto("./page3")
    page.expect_websocket()
    page.wait_for_selector("#x1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert page.query_selector("#x1").inner_text() == "50"  # expect: VDX006 VDX007
    assert page.query_selector("#x2").inner_text() == "100"  # expect: VDX006 VDX007
