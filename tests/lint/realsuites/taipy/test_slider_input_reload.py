# Excerpt of Avaiga/taipy tests/gui/e2e/with_action/test_slider_input_reload.py at commit 3621961930cec46fd204c2322ff694542b0d85c9
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2021-2024 Avaiga Private Limited.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import inspect


import logging


from importlib import util


import pytest


if util.find_spec("playwright"):
    from playwright._impl._page import Page


from taipy.gui import Gui


def edit_and_assert_page(page: "Page"):
    assert_input(page, "0")

    page.fill("#input2 input", "20")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#val1').innerText !== '0'")
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    assert_input(page, "20")

    page.fill("#input1", "30")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#val1').innerText !== '20'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if not function_evaluated:
        return
    assert_input(page, "30")


def assert_input(page: "Page", val: str):
    val1 = page.query_selector("#val1").inner_text()  # expect: VDX007
    assert str(val1).startswith(val)  # expect: VDX006
    val2 = page.query_selector("#val2").inner_text()  # expect: VDX007
    assert str(val2).startswith(f"Val: {val}")  # expect: VDX006
    inp1 = page.input_value("input#input1")  # expect: VDX010
    assert str(inp1).startswith(val)  # expect: VDX006
    inp2 = page.input_value("#input2 input")  # expect: VDX010
    assert str(inp2).startswith(val)  # expect: VDX006


@pytest.mark.filterwarnings("ignore::Warning")
@pytest.mark.teste2e
def test_slider_input_reload(page: "Page", gui: Gui, helpers):
    page_md = """
#Test Multi Number

<|{val}|id=val1|>

<|Val: {val}|id=val2|>

<|{val}|number|id=input1|>

<|{val}|slider|id=input2|>
"""
    val = 0  # noqa: F841
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="page1", page=page_md)
    helpers.run_e2e_multi_client(gui)
    page.goto("./page1")
    page.expect_websocket()
    page.wait_for_selector("#val1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    edit_and_assert_page(page)

    page.reload()
    page.expect_websocket()
    page.wait_for_selector("#val1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert_input(page, "30")

    page.evaluate("window.localStorage.removeItem('TaipyClientId')")

    page.reload()
    page.expect_websocket()
    page.wait_for_selector("#val1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    assert_input(page, "0")
