# Excerpt of Avaiga/taipy tests/gui/e2e/test_margin.py at commit 3621961930cec46fd204c2322ff694542b0d85c9
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2021-2024 Avaiga Private Limited.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import inspect


from importlib import util


import pytest


if util.find_spec("playwright"):
    from playwright._impl._page import Page


from taipy.gui import Gui


@pytest.mark.teste2e
def test_margin_1(page: "Page", gui: Gui, helpers):
    page_md = """
<|Just a page|id=text1|>
"""
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="test", page=page_md)
    helpers.run_e2e(gui, dark_mode=False, margin="10rem")
    page.goto("./")
    page.expect_websocket()
    page.wait_for_selector("#text1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    margin = page.evaluate('window.getComputedStyle(document.querySelector("#root"), null).getPropertyValue("margin")')
    assert margin == "160px"


@pytest.mark.teste2e
def test_margin_2(page: "Page", gui: Gui, helpers):
    page_md = """
<|Just a page|id=text1|>
"""
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="test", page=page_md)
    helpers.run_e2e(gui, dark_mode=False)
    page.goto("./")
    page.expect_websocket()
    page.wait_for_selector("#text1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    margin = page.evaluate('window.getComputedStyle(document.querySelector("#root"), null).getPropertyValue("margin")')
    assert margin == "16px"


@pytest.mark.teste2e
def test_margin_3(page: "Page", gui: Gui, helpers):
    page_md = """
<|Just a page|id=text1|>
"""
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="test", page=page_md)
    helpers.run_e2e(gui, dark_mode=False, margin="10rem", stylekit=True)
    page.goto("./")
    page.expect_websocket()
    page.wait_for_selector("#text1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    margin = page.evaluate('window.getComputedStyle(document.querySelector("#root"), null).getPropertyValue("margin")')
    assert margin == "160px"


@pytest.mark.teste2e
def test_margin_4(page: "Page", gui: Gui, helpers):
    page_md = """
<|Just a page|id=text1|>
"""
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="test", page=page_md)
    helpers.run_e2e(gui, dark_mode=False, stylekit={"root_margin": "20rem"})
    page.goto("./")
    page.expect_websocket()
    page.wait_for_selector("#text1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    margin = page.evaluate('window.getComputedStyle(document.querySelector("#root"), null).getPropertyValue("margin")')
    assert margin == "320px"


@pytest.mark.teste2e
def test_margin_5(page: "Page", gui: Gui, helpers):
    page_md = """
<|Just a page|id=text1|>
"""
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="test", page=page_md)
    helpers.run_e2e(gui, dark_mode=False, stylekit={"root_margin": "20rem"}, margin="10rem")
    page.goto("./")
    page.expect_websocket()
    page.wait_for_selector("#text1")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    margin = page.evaluate('window.getComputedStyle(document.querySelector("#root"), null).getPropertyValue("margin")')
    assert margin == "320px"
