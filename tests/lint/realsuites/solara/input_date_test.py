# Excerpt of widgetti/solara tests/integration/input_date_test.py at commit a3309a244b28eb857033bc2b84643ee01b65c04f
# Licence: MIT (the text is in tests/lint/realsuites/LICENSES/). Copyright (c) 2022 Maarten A. Breddels.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import datetime as dt


import re


from typing import List


from unittest.mock import MagicMock


from playwright.sync_api import Page, expect


from solara.util import IPYVUETIFY_V3


def label_of(page: Page):
    # vuetify 3 renders a floating label and an aria-hidden one; keep the strict
    # locator on vuetify 2, where there is exactly one
    label = page.locator(".test-class label")
    return label.first if IPYVUETIFY_V3 else label  # not VDX001: the comment says why: Vuetify 3 renders two labels, the first is the field's


date = dt.date(2018, 9, 1)


date2 = date + dt.timedelta(days=1)


def test_input_date_single(solara_test, page_session: Page):
    import solara
    from solara.lab import InputDate

    on_value = MagicMock()

    @solara.component
    def Page():
        def update_value(value: dt.date):
            on_value(value)
            set_value(value)

        value, set_value = solara.use_state(date)
        InputDate(value=value, label="label", on_value=update_value, classes=["test-class"])

    solara.display(Page())

    input = page_session.locator(".test-class input")
    expect(input).to_be_visible()
    expect(input).to_have_value(date.strftime("%Y/%m/%d"))
    input.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).to_be_visible()
    today_button = day_button(page_session, date.strftime("%d").lstrip("0"))
    # We click it, but it does not trigger a change, so we don't auto close
    # Do we want to change this behaviour, and still close it?
    today_button.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).to_be_visible()
    tomorrow_button = day_button(page_session, date2.strftime("%d").lstrip("0"))
    tomorrow_button.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).not_to_be_visible()

    input.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).to_be_visible()
    dismiss_menu(page_session)
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).not_to_be_visible()

    page_session.wait_for_timeout(350)  # expect: VDX004
    input.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).to_be_visible()
    page_session.keyboard.press("Tab")
    expect(menu_of(page_session)).not_to_be_visible()


def test_input_date_range(solara_test, page_session: Page):
    import solara
    from solara.lab import InputDateRange

    on_value = MagicMock()

    @solara.component
    def Page():
        def update_value(value: List[dt.date]):
            on_value(value)
            set_value(value)

        value, set_value = solara.use_state([date, date2])
        InputDateRange(value=value, label="label", on_value=update_value, classes=["test-class"])

    solara.display(Page())

    input = page_session.locator(".test-class input")
    expect(input).to_be_visible()
    expect(input).to_have_value(f"{date.strftime('%Y/%m/%d')} - {date2.strftime('%Y/%m/%d')}")
    input.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).to_be_visible()
    today_button = day_button(page_session, date.strftime("%d").lstrip("0"))
    today_button.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(label_of(page_session)).to_contain_text("label (Please select two dates)")
    expect(menu_of(page_session)).to_be_visible()
    tomorrow_button = day_button(page_session, date2.strftime("%d").lstrip("0"))
    tomorrow_button.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(label_of(page_session)).not_to_contain_text("(Please select two dates)")
    expect(menu_of(page_session)).not_to_be_visible()
    input.click()
    dismiss_menu(page_session)
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).not_to_be_visible()

    page_session.wait_for_timeout(350)  # expect: VDX004
    input.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(menu_of(page_session)).to_be_visible()
    page_session.keyboard.press("Tab")
    expect(menu_of(page_session)).not_to_be_visible()
