import pytest
from playwright.sync_api import Page, expect

from .pages import TodoPage


@pytest.fixture
def todos(page: Page) -> TodoPage:
    todo_page = TodoPage(page)
    todo_page.goto()
    todo_page.add("buy some cheese", "feed the cat", "book a doctors appointment")
    return todo_page


def test_should_allow_me_to_display_active_items(todos: TodoPage, page: Page) -> None:
    todos.complete("feed the cat")
    page.get_by_role("link", name="Active").click()
    expect(todos.items).to_have_count(2)


def test_should_respect_the_back_button(todos, page) -> None:
    todos.complete("feed the cat")
    page.get_by_role("link", name="All").click()
    page.get_by_role("link", name="Completed").click()
    page.go_back()
    expect(page.get_by_role("link", name="All")).to_have_class("selected")
    assert page.url.endswith("#/")  # expect: VDX006


@pytest.mark.parametrize("link,expected", [("All", 3), ("Active", 2), ("Completed", 1)])
def test_filters(todos, page, link: str, expected: int) -> None:
    todos.complete("feed the cat")
    page.click(f"a:has-text('{link}')")  # expect: VDX010, VDX019
    page.wait_for_load_state("networkidle")  # expect: VDX008
    assert len(page.query_selector_all(".todo-list li")) == expected  # expect: VDX006 VDX007


def test_counter_updates(todos: TodoPage) -> None:
    todos.complete("buy some cheese")
    expect(todos.counter).to_have_text("2 items left")
    todos.toggle_all.check()
    assert todos.counter.inner_text() == "0 items left"  # expect: VDX006
