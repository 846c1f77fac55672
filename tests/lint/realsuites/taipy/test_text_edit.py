# Excerpt of Avaiga/taipy tests/gui/e2e/with_action/test_text_edit.py at commit 3621961930cec46fd204c2322ff694542b0d85c9
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


@pytest.mark.teste2e
def test_text_edit(page: "Page", gui: Gui, helpers):
    page_md = """
<|{x}|text|id=text1|>

<|{x}|input|id=input1|>
"""
    x = "Hey"  # noqa: F841
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="test", page=page_md)
    helpers.run_e2e(gui)
    page.goto("./test")
    page.expect_websocket()
    page.wait_for_selector("#text1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    text1 = page.query_selector("#text1")  # expect: VDX007
    assert text1.inner_text() == "Hey"  # expect: VDX006
    page.wait_for_selector("#input1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    page.fill("#input1", "There")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#text1').innerText !== 'Hey'")
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if function_evaluated:
        text1_2 = page.query_selector("#text1")  # expect: VDX007
        assert text1_2.inner_text() == "There"  # expect: VDX006


@pytest.mark.teste2e
def test_number_edit(page: "Page", gui: Gui, helpers):
    page_md = """
<|{x}|text|id=text1|>

<|{x}|number|id=number1|>

"""
    x = 10  # noqa: F841
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="test", page=page_md)
    helpers.run_e2e(gui)
    page.goto("./test")
    page.expect_websocket()
    page.wait_for_selector("#text1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    text1 = page.query_selector("#text1")  # expect: VDX007
    assert text1.inner_text() == "10"  # expect: VDX006
    page.wait_for_selector("#number1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    page.fill("#number1", "20")  # expect: VDX010
    function_evaluated = True
    try:
        page.wait_for_function("document.querySelector('#text1').innerText !== '10'")
        function_evaluated = True
    except Exception as e:
        function_evaluated = False
        logging.getLogger().debug(f"Function evaluation timeout.\n{e}")
    if function_evaluated:
        text1_2 = page.query_selector("#text1")  # expect: VDX007
        assert text1_2.inner_text() == "20"  # expect: VDX006
