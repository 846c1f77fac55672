"""Async component objects for the Conduit editor, composed and inherited within one module."""

import re

import pytest
from playwright.async_api import Locator, Page, expect


class Component:
    def __init__(self, root: Locator) -> None:
        self.root = root

    async def expect_visible(self) -> None:
        await expect(self.root).to_be_visible()


class TagList(Component):
    @property
    def tags(self) -> Locator:
        return self.root.locator(".tag-pill")

    async def remove_last(self) -> None:
        await self.tags.last.locator(".ion-close-round").click()  # expect: VDX001

    async def tag_names(self) -> list[str]:
        return await self.tags.all_inner_texts()


class EditorForm(Component):
    @classmethod
    def on(cls, page: Page) -> "EditorForm":
        return cls(page.locator("form.editor"))

    def field(self, placeholder: str) -> Locator:
        return self.root.get_by_placeholder(placeholder)

    @property
    def tag_list(self) -> TagList:
        return TagList(self.root.locator(".tag-list"))


@pytest.fixture
async def editor(signed_in: Page) -> EditorForm:
    await signed_in.goto("http://localhost:4100/editor")
    return EditorForm.on(signed_in)


async def test_add_and_remove_tags(editor: EditorForm) -> None:
    tags = editor.field("Enter tags")
    for name in ("playwright", "testing", "flaky"):
        await tags.fill(name)
        await tags.press("Enter")
    await editor.tag_list.remove_last()
    await expect(editor.tag_list.tags).to_have_text(["playwright", "testing"])


async def test_tag_names(editor: EditorForm) -> None:
    await editor.field("Enter tags").fill("python")
    await editor.field("Enter tags").press("Enter")
    names = await editor.tag_list.tag_names()
    assert names == ["python"]  # expect: VDX006


async def test_first_tag_is_visible(editor: EditorForm) -> None:
    await editor.field("Enter tags").fill("python")
    await editor.field("Enter tags").press("Enter")
    assert await editor.tag_list.tags.first.is_visible()  # expect: VDX001 VDX006


async def test_title_validation(editor: EditorForm, signed_in: Page) -> None:
    await editor.root.get_by_role("button", name="Publish Article").click()
    await expect(signed_in.locator(".error-messages")).to_contain_text(re.compile("title can't be blank"))
    await editor.expect_visible()
