# Excerpt of Avaiga/taipy tests/gui/e2e/test_accessor_data_format.py at commit 3621961930cec46fd204c2322ff694542b0d85c9
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
def test_accessor_json(page: "Page", gui: Gui, csvdata, helpers):
    table_data = csvdata  # noqa: F841
    gui._set_frame(inspect.currentframe())
    gui.add_page(
        name="test",
        page="<|{table_data}|table|columns=Day;Entity;Code;Daily hospital occupancy|date_format=eee dd MMM yyyy|id=table1|>",  # noqa: E501
    )
    helpers.run_e2e(gui, use_arrow=False)
    page.goto("./test")
    page.expect_websocket()
    page.wait_for_selector("#table1 tr:nth-child(32)")  # wait for data to be loaded (30 rows of skeleton while loading)  # expect: VDX002 VDX021  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale
    assert_table_content(page)


@pytest.mark.teste2e
def test_accessor_arrow(page: "Page", gui: Gui, csvdata, helpers):
    if util.find_spec("pyarrow"):
        table_data = csvdata  # noqa: F841
        gui._set_frame(inspect.currentframe())
        gui.add_page(
            name="test",
            page="<|{table_data}|table|columns=Day;Entity;Code;Daily hospital occupancy|date_format=eee dd MMM yyyy|id=table1|>",  # noqa: E501
        )
        helpers.run_e2e(gui, use_arrow=True)
        page.goto("./test")
        page.expect_websocket()
        page.wait_for_selector(  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021
            "#table1 tr:nth-child(32)"  # expect: VDX002
        )  # wait for data to be loaded (30 rows of skeleton while loading)
        assert_table_content(page)


def assert_table_content(page: "Page"):
    # assert page.query_selector("#table1 tbody tr:nth-child(1) td:nth-child(1)").inner_text() == "Wed 01 Apr 2020"
    assert page.query_selector("#table1 tbody tr:nth-child(1) td:nth-child(2)").inner_text() == "Austria"  # expect: VDX002 VDX006 VDX007
    assert page.query_selector("#table1 tbody tr:nth-child(1) td:nth-child(4)").inner_text() == "856"  # expect: VDX002 VDX006 VDX007
