from playwright.sync_api import Page, expect

from .pages import TodoPage


def test_should_allow_me_to_edit_an_item(page: Page) -> None:
    todos = TodoPage(page)
    todos.goto()
    todos.add("buy some cheese", "feed the cat", "book a doctors appointment")

    second = todos.items.nth(1)  # expect: VDX001
    second.dblclick()
    second.get_by_role("textbox", name="Edit").fill("buy some sausages")
    second.get_by_role("textbox", name="Edit").press("Enter")

    expect(todos.items).to_have_text(["buy some cheese", "buy some sausages", "book a doctors appointment"])


def test_should_hide_other_controls_when_editing(page: Page) -> None:
    todos = TodoPage(page)
    todos.goto()
    todos.add("buy some cheese")
    todos.item("buy some cheese").dblclick()
    expect(todos.item("buy some cheese").get_by_role("checkbox")).not_to_be_visible()
    assert not page.is_visible(".todo-list li .toggle")  # expect: VDX006 VDX010


def test_should_trim_entered_text(page: Page) -> None:
    todos = TodoPage(page)
    todos.goto()
    todos.add("buy some cheese")
    page.dblclick("ul.todo-list > li:nth-child(1) label")  # expect: VDX010 VDX002
    page.fill(".todo-list li.editing .edit", "    buy some sausages    ")  # expect: VDX010
    page.press(".todo-list li.editing .edit", "Enter")  # expect: VDX010
    expect(todos.item("buy some sausages")).to_be_visible()


def test_should_cancel_edits_on_escape(page: Page) -> None:
    todos = TodoPage(page)
    todos.goto()
    todos.add("feed the cat")
    todos.first_item().dblclick()
    page.keyboard.press("Escape")
    text = todos.first_item().text_content()
    assert text == "feed the cat"  # expect: VDX006
