import pytest
from playwright.async_api import Page, expect

TODO_URL = "https://demo.playwright.dev/todomvc"


@pytest.fixture
async def filled(page: Page) -> Page:
    await page.goto(TODO_URL)
    for title in ("buy some cheese", "feed the cat"):
        await page.get_by_placeholder("What needs to be done?").fill(title)
        await page.get_by_placeholder("What needs to be done?").press("Enter")
    return page


async def test_should_persist_its_data(filled: Page) -> None:
    todo = filled.get_by_test_id("todo-item").nth(0)  # expect: VDX001
    await todo.get_by_role("checkbox").check()
    await filled.reload(wait_until="networkidle")  # expect: VDX008
    await expect(todo.get_by_role("checkbox")).to_be_checked()
    assert await filled.get_by_test_id("todo-item").count() == 2  # expect: VDX006


async def test_local_storage_holds_todos(filled: Page) -> None:
    stored = await filled.evaluate("() => JSON.parse(localStorage['react-todos'])")
    assert [item["title"] for item in stored] == ["buy some cheese", "feed the cat"]


async def test_clear_completed(filled: Page) -> None:
    await filled.get_by_test_id("todo-item").filter(has_text="feed the cat").get_by_role("checkbox").check()
    await filled.get_by_role("button", name="Clear completed").click()
    await expect(filled.get_by_test_id("todo-item")).to_have_count(1)
    assert not await filled.get_by_role("button", name="Clear completed").is_visible()  # expect: VDX006
