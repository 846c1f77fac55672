# Excerpt of Avaiga/taipy tests/gui/e2e/test_navbar_navigate.py at commit 3621961930cec46fd204c2322ff694542b0d85c9
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2021-2024 Avaiga Private Limited.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import inspect


import re


from importlib import util


import pytest


if util.find_spec("playwright"):
    from playwright._impl._page import Page
    from playwright.sync_api import expect


from taipy.gui import Gui


@pytest.mark.teste2e
def test_navbar_navigate(page: "Page", gui: Gui, helpers):
    gui._set_frame(inspect.currentframe())
    gui.add_page(name="Data", page="<|navbar|id=nav1|> <|Data|id=text-data|>")
    gui.add_page(name="Test", page="<|navbar|id=nav1|> <|Test|id=text-test|>")
    helpers.run_e2e(gui)
    page.goto("./Data")
    page.expect_websocket()
    page.wait_for_selector("#text-data")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    page.click("#nav1 button:nth-child(2)")  # expect: VDX002 VDX010
    page.wait_for_selector("#text-test")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    expect(page).to_have_url(re.compile(".*Test"))
    page.click("#nav1 button:nth-child(1)")  # expect: VDX002 VDX010
    page.wait_for_selector("#text-data")  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
    expect(page).to_have_url(re.compile(".*Data"))
