"""Reports page tests recorded with DevTools' "Copy selector" / "Copy XPath" and never cleaned up."""

import re

from playwright.sync_api import Page, expect

REPORTS = "http://localhost:3000/reports"
QUARTER_CELL = "#root > div > div.main > section:nth-child(2) > div > table > tbody > tr:nth-child(3) > td:nth-child(2)"


def test_quarter_total(page: Page) -> None:
    page.goto(REPORTS)
    expect(page.locator(QUARTER_CELL)).to_have_text(re.compile(r"\d"))  # expect: VDX002 VDX013


def test_quarter_total_by_xpath(page: Page) -> None:
    page.goto(REPORTS)
    cell = page.locator('//*[@id="root"]/div/div[2]/section[2]/div/table/tbody/tr[3]/td[2]')  # expect: VDX003
    expect(cell).not_to_be_empty()


def test_export_button_full_xpath(page: Page) -> None:
    page.goto(REPORTS)
    page.locator("xpath=/html/body/div[1]/div/div[2]/header/div/button[3]").click()  # expect: VDX003
    expect(page.get_by_role("dialog", name="Export")).to_be_visible()


def test_filters_panel(page: Page) -> None:
    page.goto(REPORTS)
    page.locator("#root div.main aside.filters form fieldset label input[type=checkbox]").first.check()  # expect: VDX013 VDX001
    page.pause()  # expect: VDX014
    expect(page.get_by_role("table")).to_be_visible()


def test_drilldown_navigation(page: Page) -> None:
    page.goto(REPORTS)
    with page.expect_navigation(wait_until="networkidle"):  # expect: VDX009 VDX008
        page.get_by_role("link", name="Q3 details").click()
    expect(page).to_have_url(re.compile(r"/reports/q3$"))


def test_chart_legend(page: Page) -> None:
    page.goto(REPORTS)
    legend = page.locator("main section .chart-container .recharts-legend-wrapper ul li span")  # expect: VDX013
    expect(legend).to_have_count(4)
    page.locator(".recharts-legend-item >> nth=2").click()  # expect: VDX002
    page.locator(":nth-match(.recharts-legend-item, 3)").click()  # expect: VDX002
