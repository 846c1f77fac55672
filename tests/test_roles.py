"""Roles: one isolated context each, with optional storage state and default URL; tabs and popups per role."""

from __future__ import annotations

import json

import pytest

from verdex.browser.session import RoleSpec, Session
from verdex.errors import InvalidArgument

pytestmark = pytest.mark.anyio


async def test_each_role_has_its_own_cookies(apps):
    async with Session(roles=[RoleSpec("admin"), RoleSpec("shopper")]) as session:
        admin = await session.tab("admin")
        shopper = await session.tab("shopper")
        await admin.navigate(apps.url + "/consent/")
        await admin.page.context.add_cookies([{"name": "who", "value": "admin", "url": apps.url}])
        await shopper.navigate(apps.url + "/consent/")
        assert await admin.page.evaluate("document.cookie") == "who=admin"
        assert await shopper.page.evaluate("document.cookie") == ""


async def test_a_role_starts_from_its_storage_state_and_default_url(apps, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({"cookies": [{"name": "session", "value": "s3cret", "domain": "127.0.0.1",
                                              "path": "/", "expires": -1, "httpOnly": False, "secure": False,
                                              "sameSite": "Lax"}], "origins": []}))
    async with Session(roles=[RoleSpec("member", str(state), apps.url + "/login/")]) as session:
        tab = await session.tab("member")
        assert tab.page.url == apps.url + "/login/"
        assert await tab.page.evaluate("document.cookie") == "session=s3cret"


async def test_select_role_switches_the_active_role(apps):
    async with Session(roles=[RoleSpec("a"), RoleSpec("b", default_url=apps.url + "/frames/")]) as session:
        await session.tab()
        session.select_role("b")
        tab = await session.tab()
        assert tab.page.url.endswith("/frames/")
        info = await session.info()
        assert [(r.name, r.active, r.started) for r in info.roles] == [("a", False, True), ("b", True, True)]


async def test_a_popup_becomes_a_tab_of_the_role_that_opened_it(apps):
    async with Session() as session:
        tab = await session.tab()
        await tab.page.set_content(f'<a href="{apps.url}/login/" target="_blank">Open login</a>')
        async with tab.page.expect_popup() as popup_info:
            await tab.page.get_by_role("link").click()
        popup = await popup_info.value
        await popup.wait_for_load_state("domcontentloaded")
        info = await session.info()
        tabs = info.roles[0].tabs
        assert [(t.id, t.opener) for t in tabs] == [("t1", None), ("t2", "t1")]
        session.select_role("default", "t2")
        active = await session.tab()
        assert active.page is popup
        assert "Sign in" in (await active.snapshot()).text


def test_unknown_roles_and_bad_storage_state_are_invalid_arguments(tmp_path):
    with pytest.raises(InvalidArgument):
        Session(roles=[RoleSpec("x"), RoleSpec("x")])
    with pytest.raises(InvalidArgument):
        Session(roles=[RoleSpec("x", storage_state=str(tmp_path / "missing.json"))])
    with pytest.raises(InvalidArgument):
        Session().select_role("nobody")
