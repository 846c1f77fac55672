import asyncio
import uuid

import pytest
from playwright.async_api import Page, expect

from .pages import Article, ArticlePage, EditorPage

BASE_URL = "http://localhost:4100"


@pytest.fixture
def article() -> Article:
    suffix = uuid.uuid4().hex[:8]
    return Article(f"Testing flaky selectors {suffix}", "How to stop guessing", "Use locators.", ("playwright",))


async def test_publish_article(signed_in: Page, article: Article) -> None:
    editor = EditorPage(signed_in)
    await editor.write(article)
    await expect(signed_in.get_by_role("heading", name=article.title)).to_be_visible()


async def test_article_appears_in_global_feed(signed_in: Page, article: Article) -> None:
    await EditorPage(signed_in).write(article)
    await signed_in.goto(BASE_URL)
    await signed_in.get_by_text("Global Feed").click()
    await asyncio.sleep(2)  # expect: VDX004
    first_preview = signed_in.locator(".article-preview").nth(0)  # expect: VDX001
    await expect(first_preview.get_by_role("heading")).to_have_text(article.title)


async def test_tag_filter(signed_in: Page) -> None:
    await signed_in.goto(BASE_URL)
    await signed_in.locator(".sidebar .tag-list a").filter(has_text="playwright").click()
    await expect(signed_in.locator(".feed-toggle .nav-link.active")).to_contain_text("playwright")


async def test_comment_on_article(signed_in: Page, article: Article) -> None:
    await EditorPage(signed_in).write(article)
    article_page = ArticlePage(signed_in)
    await article_page.add_comment("Great read")
    await article_page.expect_comment("Great read")
    await article_page.delete_latest_comment()
    await expect(article_page.comments.filter(has_text="Great read")).to_have_count(0)


async def test_favorite(signed_in: Page) -> None:
    await signed_in.goto(BASE_URL)
    await signed_in.locator("app-favorite-button button").first.click()  # expect: VDX001
    assert await ArticlePage(signed_in).favorite_count() == "1"  # expect: VDX006
