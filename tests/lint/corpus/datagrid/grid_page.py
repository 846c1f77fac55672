"""Page object for an AG Grid based orders table."""

from playwright.sync_api import Locator, Page, expect

GRID = "[role=grid]"


class OrdersGrid:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.grid = page.locator(GRID)
        self.rows = self.grid.locator(".ag-center-cols-container [role=row]")
        self.header = self.grid.locator(".ag-header-row-column")
        self.quick_filter = page.get_by_placeholder("Filter orders...")

    def column_header(self, col_id: str) -> Locator:
        return self.header.locator(f"[col-id={col_id}]")

    def cell(self, row: Locator, col_id: str) -> Locator:
        return row.locator(f"[col-id={col_id}]")

    def row_for(self, order_id: str) -> Locator:
        return self.rows.filter(has=self.page.locator(f"[col-id=orderId]:text-is('{order_id}')"))  # expect: VDX019

    def row_at(self, index: int) -> Locator:
        return self.rows.nth(index)  # expect: VDX001

    def row_by_index_attribute(self, index: int) -> Locator:
        return self.grid.locator(f".ag-center-cols-container [row-index='{index}']")

    def sort_by(self, col_id: str) -> None:
        self.column_header(col_id).click()
        self.page.wait_for_timeout(200)  # expect: VDX004

    def visible_values(self, col_id: str) -> list[str]:
        return self.grid.locator(f".ag-center-cols-container [col-id={col_id}]").all_inner_texts()

    def expect_row_count(self, count: int) -> None:
        expect(self.rows).to_have_count(count)

    def open_column_menu(self, col_id: str) -> None:
        self.column_header(col_id).hover()
        self.column_header(col_id).locator(".ag-header-cell-menu-button").click(force=True)  # expect: VDX005
