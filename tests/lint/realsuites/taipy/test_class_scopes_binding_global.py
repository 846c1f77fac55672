# Excerpt of Avaiga/taipy tests/gui/e2e/page_scopes/test_class_scopes_binding_global.py at commit 3621961930cec46fd204c2322ff694542b0d85c9
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


from .assets2_class_scopes.page1 import Page1


from .assets2_class_scopes.page2 import Page2


def helpers_assert_value(page, s1, s2, v1):
    s1_val = page.input_value("#s1 input")  # expect: VDX010
    assert str(s1_val).startswith(s1)  # expect: VDX006
    s2_val = page.input_value("#s2 input")  # expect: VDX010
    assert str(s2_val).startswith(s2)  # expect: VDX006
    val1 = page.query_selector("#v1").inner_text()  # expect: VDX007
    assert str(val1).startswith(v1)  # expect: VDX006


@pytest.mark.timeout(300)
@pytest.mark.teste2e
@pytest.mark.filterwarnings("ignore::Warning")
def test_class_scopes_binding(page: "Page", gui: Gui, helpers):
    gui._set_frame(inspect.currentframe())
    operand_1 = 0  # noqa: F841
    gui.add_page("page1", Page1())
    gui.add_page("page2", Page2())
    helpers.run_e2e(gui)

    page.goto("./page1")
    page.expect_websocket()
    page.wait_for_selector("#s1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    helpers_assert_value(page, "0", "0", "0")
    page.fill("#s1 input", "15")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#v1').innerText !== '0'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    helpers_assert_value(page, "15", "0", "15")
    page.fill("#s2 input", "20")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#v1').innerText !== '15'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    helpers_assert_value(page, "15", "20", "35")

    page.goto("./page2")
    page.expect_websocket()
    page.wait_for_selector("#s1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    helpers_assert_value(page, "15", "0", "0")
    page.fill("#s2 input", "5")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#v1').innerText !== '0'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    helpers_assert_value(page, "15", "5", "75")
    page.fill("#s1 input", "17")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#v1').innerText !== '75'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    helpers_assert_value(page, "17", "5", "85")

    page.goto("./page1")
    page.expect_websocket()
    page.wait_for_selector("#s1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    helpers_assert_value(page, "17", "20", "37")

    page.click("#btn_reset")  # expect: VDX010
    try:
        page.wait_for_function("document.querySelector('#v1').innerText !== '37'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    helpers_assert_value(page, "17", "0", "17")
