"""Page object for the TodoMVC demo app (https://demo.playwright.dev/todomvc)."""

from playwright.sync_api import Locator, Page, expect

TODO_URL = "https://demo.playwright.dev/todomvc"


class TodoPage:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.new_todo = page.get_by_placeholder("What needs to be done?")
        self.items = page.get_by_test_id("todo-item")
        self.counter = page.get_by_test_id("todo-count")
        self.toggle_all = page.get_by_label("Mark all as complete")

    def goto(self) -> None:
        self.page.goto(TODO_URL)

    def add(self, *titles: str) -> None:
        for title in titles:
            self.new_todo.fill(title)
            self.new_todo.press("Enter")

    def item(self, title: str) -> Locator:
        return self.items.filter(has_text=title)

    def first_item(self) -> Locator:
        return self.items.first  # expect: VDX001

    def complete(self, title: str) -> None:
        self.item(title).get_by_role("checkbox").check()

    def remove_last(self) -> None:
        last = self.items.last  # expect: VDX001
        last.hover()
        last.get_by_role("button", name="Delete").click(force=True)  # expect: VDX005

    def expect_count(self, count: int) -> None:
        expect(self.items).to_have_count(count)
