"""Code that looks like the flagged patterns but is not Playwright doing them."""

import time
from collections import deque

import pytest
from playwright.sync_api import Page, expect


class Playlist:
    def __init__(self, tracks: list[str]) -> None:
        self.tracks = deque(tracks)

    @property
    def first(self) -> str:
        return self.tracks[0]

    def nth(self, index: int) -> str:
        return self.tracks[index]

    def pause(self) -> None:
        time.sleep(0)


@pytest.fixture
def playlist() -> Playlist:
    return Playlist(["intro", "verse", "chorus"])


def test_player_page(page: Page, playlist: Playlist) -> None:
    page.goto("http://localhost:8080/player")
    page.get_by_role("button", name=f"Play {playlist.first}").click()
    expect(page.get_by_role("status")).to_have_text(f"Playing {playlist.nth(0)}")
    playlist.pause()
    assert playlist.first == "intro"


def test_selectors_in_text_are_text(page: Page) -> None:
    page.goto("http://localhost:8080/docs/css")
    expect(page.get_by_role("heading", name="Using :nth-child() in CSS")).to_be_visible()
    page.get_by_role("link", name="XPath basics").click()
    expect(page.get_by_role("code").filter(has_text="//table/tr[3]")).to_be_visible()


def test_waits_are_signals(page: Page) -> None:
    page.goto("http://localhost:8080/upload")
    with page.expect_file_chooser() as chooser_info:
        page.get_by_role("button", name="Upload").click()
    chooser_info.value.set_files("fixtures/report.csv")
    expect(page.get_by_role("progressbar")).to_be_hidden(timeout=15_000)
    page.wait_for_url("**/uploads/*")
    page.wait_for_function("() => window.__uploadsSettled === true")


def test_counts_from_python(page: Page) -> None:
    names = ["ada", "grace", "ada"]
    assert names.count("ada") == 2
    title = "the shop"
    assert title.title() == "The Shop"
    page.goto("http://localhost:8080")
    expect(page).to_have_title("The Shop")


def test_signup_creates_a_user(page: Page, django_user_model) -> None:
    page.goto("http://localhost:8000/signup")
    page.get_by_label("Email").fill("ada@example.com")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Welcome")).to_be_visible()
    assert django_user_model.objects.count() == 1
    assert django_user_model.objects.filter(email="ada@example.com").first().is_active
