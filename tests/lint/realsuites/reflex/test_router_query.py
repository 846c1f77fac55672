# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_router_query.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from __future__ import annotations


import re


from collections.abc import Generator


import pytest


from playwright.sync_api import Page, expect


from reflex.testing import AppHarness


@pytest.fixture(scope="module")
def router_query_app(
    app_harness_env: type[AppHarness],
    tmp_path_factory: pytest.TempPathFactory,
) -> Generator[AppHarness, None, None]:
    """Start the RouterQueryApp in dev or prod mode.

    Args:
        app_harness_env: AppHarness (dev) or AppHarnessProd (prod).
        tmp_path_factory: pytest fixture for creating temporary directories.

    Yields:
        Running AppHarness instance.
    """
    name = f"routerquery_{app_harness_env.__name__.lower()}"
    with app_harness_env.create(
        root=tmp_path_factory.mktemp(name),
        app_name=name,
        app_source=RouterQueryApp,
    ) as harness:
        assert harness.app_instance is not None, "app is not running"
        yield harness


def test_replace_state_is_not_reactive_but_next_event_syncs(
    router_query_app: AppHarness, page: Page
):
    """history.replaceState changes the URL without firing any event; the next
    event observes the updated query.
    """
    _load(router_query_app, page)
    expect(page.locator("#name-param")).to_have_value("")

    # replaceState updates the browser URL but is not a navigation.
    page.click("#set-name-test")  # expect: VDX010
    expect(page).to_have_url(re.compile(r".*\?name=test$"))

    # No event was triggered: on_load did not fire and the router did not change.
    expect(page.locator("#load-count")).to_have_value("1")
    expect(page.locator("#name-param")).to_have_value("")
    expect(page.locator("#query-str")).to_have_value("")

    # The next event (a plain, non-navigation event) carries the updated URL,
    # so the router-dependent computed vars recompute - without on_load firing.
    page.click("#ping")  # expect: VDX010
    expect(page.locator("#ping-count")).to_have_value("1")
    expect(page.locator("#name-param")).to_have_value("test")
    expect(page.locator("#query-str")).to_have_value("name=test")
    expect(page.locator("#load-count")).to_have_value("1")


def test_redirect_navigates_pushes_and_updates_router_reactively(
    router_query_app: AppHarness, page: Page
):
    """rx.redirect performs a client-side push navigation, fires on_load, and
    updates the router reactively without further interaction.
    """
    _load(router_query_app, page)

    # Redirect updates the URL and the router with no extra interaction.
    page.click("#redirect-one")  # expect: VDX010
    expect(page).to_have_url(re.compile(r".*\?name=one$"))
    expect(page.locator("#name-param")).to_have_value("one")
    expect(page.locator("#load-count")).to_have_value("2")

    # A second redirect pushes another history entry.
    page.click("#redirect-two")  # expect: VDX010
    expect(page).to_have_url(re.compile(r".*\?name=two$"))
    expect(page.locator("#name-param")).to_have_value("two")
    expect(page.locator("#load-count")).to_have_value("3")

    # Because redirect pushes, going back returns to the previous entry.
    page.go_back()
    expect(page).to_have_url(re.compile(r".*\?name=one$"))
    expect(page.locator("#name-param")).to_have_value("one")
    expect(page.locator("#load-count")).to_have_value("4")


def test_redirect_replace_replaces_history_entry(
    router_query_app: AppHarness, page: Page
):
    """rx.redirect(replace=True) updates the router reactively and fires
    on_load, but replaces the current history entry instead of pushing.
    """
    base = _load(router_query_app, page)

    # Push ?name=one, then replace it with ?name=two.
    page.click("#redirect-one")  # expect: VDX010
    expect(page).to_have_url(re.compile(r".*\?name=one$"))
    expect(page.locator("#name-param")).to_have_value("one")

    page.click("#redirect-replace-two")  # expect: VDX010
    expect(page).to_have_url(re.compile(r".*\?name=two$"))
    expect(page.locator("#name-param")).to_have_value("two")
    # replace=True still navigates, so on_load fires (1 initial + 2 redirects).
    expect(page.locator("#load-count")).to_have_value("3")

    # The ?name=two entry replaced ?name=one, so going back lands on "/" with no
    # query - not on ?name=one (which would indicate a push).
    page.go_back()
    expect(page).to_have_url(f"{base}/")
    expect(page.locator("#name-param")).to_have_value("")
    expect(page.locator("#query-str")).to_have_value("")
