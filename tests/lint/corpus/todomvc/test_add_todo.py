import re

import pytest
from playwright.sync_api import Page, expect

from .pages import TODO_URL

TODO_ITEMS = ["buy some cheese", "feed the cat", "book a doctors appointment"]


@pytest.fixture(autouse=True)
def open_app(page: Page) -> None:
    page.goto(TODO_URL)


def create_default_todos(page: Page) -> None:
    for item in TODO_ITEMS:
        page.get_by_placeholder("What needs to be done?").fill(item)
        page.get_by_placeholder("What needs to be done?").press("Enter")


def test_should_allow_me_to_add_todo_items(page: Page) -> None:
    new_todo = page.get_by_placeholder("What needs to be done?")
    new_todo.fill(TODO_ITEMS[0])
    new_todo.press("Enter")
    expect(page.get_by_test_id("todo-title")).to_have_text([TODO_ITEMS[0]])

    new_todo.fill(TODO_ITEMS[1])
    new_todo.press("Enter")
    expect(page.get_by_test_id("todo-title")).to_have_text([TODO_ITEMS[0], TODO_ITEMS[1]])


def test_should_clear_text_input_field_when_an_item_is_added(page: Page) -> None:
    new_todo = page.get_by_placeholder("What needs to be done?")
    new_todo.fill(TODO_ITEMS[0])
    new_todo.press("Enter")
    assert new_todo.input_value() == ""  # expect: VDX006


def test_should_append_new_items_to_the_bottom_of_the_list(page: Page) -> None:
    create_default_todos(page)
    todo_count = page.get_by_test_id("todo-count")
    expect(todo_count).to_have_text(re.compile("3"))
    assert page.locator(".todo-list li").count() == 3  # expect: VDX006
    assert page.locator(".todo-list li").last.inner_text() == TODO_ITEMS[2]  # expect: VDX001 VDX006


def test_should_show_counter(page: Page) -> None:
    create_default_todos(page)
    page.wait_for_timeout(300)  # expect: VDX004
    expect(page.get_by_text("3 items left")).to_be_visible()


def test_new_todo_is_focused(page: Page) -> None:
    assert page.evaluate("document.activeElement.className") == "new-todo"
    expect(page.get_by_placeholder("What needs to be done?")).to_be_focused()
