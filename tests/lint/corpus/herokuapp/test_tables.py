from playwright.sync_api import Page, expect

URL = "https://the-internet.herokuapp.com/tables"


def test_last_name_of_first_row(page: Page) -> None:
    page.goto(URL)
    cell = page.locator("//table[@id='table1']/tbody/tr[1]/td[1]")  # expect: VDX003
    expect(cell).to_have_text("Smith")


def test_due_column_sorted(page: Page) -> None:
    page.goto(URL)
    page.click("xpath=/html/body/div[2]/div/div/table[1]/thead/tr/th[4]/span")  # expect: VDX010 VDX003
    dues = page.locator("#table1 tbody td:nth-child(4)").all_inner_texts()  # not VDX002: the order after a sort is under test
    values = [float(due.lstrip("$")) for due in dues]
    assert values == sorted(values)  # expect: VDX006


def test_email_by_row_content(page: Page) -> None:
    page.goto(URL)
    row = page.locator("#table2 tbody tr").filter(has_text="Conway")
    expect(row.locator("td.email")).to_have_text("tconway@earthlink.net")


def test_edit_link_by_attribute(page: Page) -> None:
    page.goto(URL)
    page.locator("//table[@id='table2']//a[@href='#edit']").filter(has_text="edit").first.click()  # expect: VDX001
    expect(page).to_have_url(f"{URL}#edit")


def test_row_count(page: Page) -> None:
    page.goto(URL)
    rows = page.locator("(//table)[1]//tbody/tr")  # expect: VDX003
    assert rows.count() == 4  # expect: VDX006
