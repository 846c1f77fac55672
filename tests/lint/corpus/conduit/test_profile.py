import re

from playwright.async_api import Page, expect


async def test_profile_shows_articles(signed_in: Page) -> None:
    await signed_in.get_by_role("link", name="ada").click()
    await expect(signed_in).to_have_url(re.compile(r"/profile/ada$"))
    await expect(signed_in.get_by_role("link", name="My Articles")).to_have_class(re.compile("active"))


async def test_profile_comment_date(signed_in: Page) -> None:
    await signed_in.goto("http://localhost:4100/article/how-to-train-your-dragon")
    await expect(signed_in.get_by_text("January 15, 2024")).to_be_visible()
    await signed_in.get_by_role("link", name="Favorited Articles (3)").click()


async def test_follow_author(signed_in: Page) -> None:
    await signed_in.goto("http://localhost:4100/profile/jake")
    follow = signed_in.get_by_role("button", name=re.compile("Follow jake"))
    await follow.click()
    await expect(follow).to_contain_text("Unfollow")
    handle = await follow.element_handle()  # expect: VDX007
    assert await handle.is_enabled()  # expect: VDX006


async def test_settings_bio(signed_in: Page) -> None:
    await signed_in.get_by_role("link", name="Settings").click()
    bio = signed_in.get_by_placeholder("Short bio about you")
    await bio.fill("Writes tests")
    await signed_in.get_by_role("button", name="Update Settings").click()
    await signed_in.pause()  # expect: VDX014
    assert await bio.input_value() == "Writes tests"  # expect: VDX006
