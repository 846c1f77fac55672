"""Async page objects for the RealWorld "Conduit" demo."""

from dataclasses import dataclass

from playwright.async_api import Locator, Page, expect


@dataclass
class Article:
    title: str
    description: str
    body: str
    tags: tuple[str, ...] = ()


class Header:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.new_article = page.get_by_role("link", name="New Article")
        self.settings = page.get_by_role("link", name="Settings")

    def profile_link(self, username: str) -> Locator:
        return self.page.get_by_role("link", name=username)


class EditorPage:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.header = Header(page)
        self.title = page.get_by_placeholder("Article Title")
        self.description = page.get_by_placeholder("What's this article about?")
        self.body = page.get_by_placeholder("Write your article (in markdown)")
        self.tags = page.get_by_placeholder("Enter tags")
        self.publish = page.get_by_role("button", name="Publish Article")

    async def write(self, article: Article) -> None:
        await self.header.new_article.click()
        await self.title.fill(article.title)
        await self.description.fill(article.description)
        await self.body.fill(article.body)
        for tag in article.tags:
            await self.tags.fill(tag)
            await self.tags.press("Enter")
        await self.publish.click()
        await self.page.wait_for_url("**/article/**")


class ArticlePage:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.comments = page.locator("div.card")

    async def add_comment(self, text: str) -> None:
        await self.page.get_by_placeholder("Write a comment...").fill(text)
        await self.page.get_by_role("button", name="Post Comment").click()

    async def delete_latest_comment(self) -> None:
        await self.comments.first.locator("i.ion-trash-a").click()  # expect: VDX001

    async def expect_comment(self, text: str) -> None:
        await expect(self.comments.filter(has_text=text)).to_be_visible()

    async def comment_dates(self) -> list[str]:
        return await self.page.locator("span.date-posted").all_inner_texts()

    async def favorite_count(self) -> str:
        await self.page.wait_for_timeout(250)  # expect: VDX004
        return await self.page.inner_text("button.btn-outline-primary span.counter")  # expect: VDX010
