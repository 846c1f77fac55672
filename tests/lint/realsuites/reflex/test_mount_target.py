# Excerpt of reflex-dev/reflex tests/integration/tests_playwright/test_mount_target.py at commit d86f167bce73d4ec4ded9b4a77296955142ef019
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2023, Pynecone, Inc.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from __future__ import annotations


from collections.abc import Generator


from pathlib import Path


import pytest


from playwright.sync_api import Page, expect


from reflex_base import constants as base_constants


import reflex.constants


from reflex.testing import AppHarnessProd


from reflex.utils.prerequisites import get_web_dir


@pytest.fixture(scope="module")
def mount_target_app(
    tmp_path_factory: pytest.TempPathFactory,
) -> Generator[AppHarnessProd, None, None]:
    """Start MountTargetApp in prod mode with mount_target set.

    Args:
        tmp_path_factory: Pytest fixture.

    Yields:
        Running harness.
    """
    with AppHarnessProd.create(
        root=tmp_path_factory.mktemp("mount_target_app"),
        app_source=MountTargetApp,
    ) as harness:
        assert harness.app_instance is not None, "app is not running"
        yield harness


def test_in_widget_navigation_keeps_host_url(
    mount_target_app: AppHarnessProd, page: Page
):
    """Clicking a Reflex link routes inside the widget; host URL stays put."""
    static = _static_dir(mount_target_app)
    _write_host(static)

    base = mount_target_app.frontend_url
    assert base is not None
    host_url = f"{base.rstrip('/')}/host.html"
    page.goto(host_url)

    expect(page.locator("#reflex-root #index-marker")).to_be_visible()

    page.locator("#reflex-root #link-about").click()

    expect(page.locator("#reflex-root #about-marker")).to_be_visible()
    # Host URL must not have changed despite the in-widget navigation.
    assert page.url == host_url  # expect: VDX006
    # The about page's on_load handler writes the path it observed; the
    # backend's route matcher only resolves the on_load if router_data.pathname
    # is the in-widget URL "/about" (not the host's "/host.html").
    expect(page.locator("#reflex-root #loaded-path")).to_have_text("loaded: /about")
