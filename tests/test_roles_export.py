"""Roles become browser contexts in the exported test: a session with a buyer and a second user exports
one test that opens one context per role (from its storage state when it had one) and switches between
their pages in the order the agent did, in pytest (fixtures over pytest-playwright's ``browser``) and
Playwright Test (``browser.newContext()``). The tests are recorded over MCP by the scripted agent, on the
fixture shop, and the generated tests run for real against a fresh copy of it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from mcp import Client

from tests.flows import checkout, login
from tests.flows.agent import Agent
from tests.flows.runner import exported_spec, export_python, run_pytest, run_typescript
from verdex.browser.session import RoleSpec, Session
from verdex.fixtures.server import FixtureServer
from verdex.generators import read_recording
from verdex.server import build_server

pytestmark = pytest.mark.anyio
CAPS = ("test", "more", "roles")


class Shop:
    """A fresh fixture shop per run of a generated test, counting the orders it took."""

    def __init__(self) -> None:
        self.orders: list[int] = []

    @contextmanager
    def serve(self, seed: int | None) -> Iterator[str]:
        with FixtureServer(chaos_seed=seed) as server:
            yield server.url
            self.orders.append(server.orders_placed)


async def _buyer_and_member(base_url: str, path: Path) -> None:
    """The buyer browses the shop (the cart, back, reload); the member signs in and buys a Pixel 8."""
    roles = [RoleSpec("buyer", default_url=base_url + "/shop/"), RoleSpec("member", default_url=base_url + "/login/")]
    async with Client(build_server(roles=roles, caps=CAPS, record=path)) as client:
        agent = Agent(client)
        await agent.click("link", "Cart (0)")
        await agent.verify_url("/shop/cart")
        await agent.must("browser_back")
        await agent.must("browser_reload")
        await agent.verify_url("/shop/")
        await agent.must("select_role", name="member")            # its default URL: the login page
        await agent.fill("textbox", "Username", login.USER)
        await agent.fill("textbox", "Password", login.PASSWORD)
        await agent.click("button", "Sign in")
        await agent.verify_url("/login/welcome.html")
        await agent.navigate(base_url + "/shop/")
        await checkout.buy(agent)


@pytest.fixture(scope="module")
async def two_roles(tmp_path_factory) -> Path:
    """The buyer-and-member session, recorded once on a fresh shop."""
    path = tmp_path_factory.mktemp("roles") / "roles.jsonl"
    with FixtureServer() as server:
        await _buyer_and_member(server.url, path)
    return path


def test_every_step_is_recorded_in_the_role_it_ran_in(two_roles):
    steps = [step for step in read_recording(two_roles).records if not step.tool.startswith("verify_")]
    assert [(step.role, step.tool) for step in steps[:6]] == [
        ("buyer", "browser_navigate"), ("buyer", "browser_click"), ("buyer", "browser_back"),
        ("buyer", "browser_reload"), ("member", "select_role"), ("member", "browser_navigate")]
    assert steps[0].args.url.endswith("/shop/") and steps[5].args.url.endswith("/login/")   # the default URLs
    assert steps[2].url.endswith("/shop/cart") and steps[2].url_after.endswith("/shop/")
    assert {step.role for step in steps[5:]} == {"member"} and steps[5].tab != steps[0].tab


def test_the_pytest_export_opens_a_context_per_role_and_the_second_roles_purchase_lands_once(two_roles, tmp_path):
    test_file = export_python(two_roles, tmp_path, "buyer_and_member")
    source = test_file.read_text()
    assert "def buyer_context(browser: Browser, browser_context_args: dict)" in source, source
    assert "def test_buyer_and_member(buyer_context: BrowserContext, member_context: BrowserContext)" in source
    assert source.index("buyer_page = buyer_context.new_page()") < source.index("buyer_page.go_back()") \
        < source.index("buyer_page.reload()") < source.index("member_page = member_context.new_page()")
    assert "page.goto" not in source.replace("buyer_page.goto", "").replace("member_page.goto", "")
    shop = Shop()
    run = run_pytest(test_file, None, serve=shop.serve)
    assert run.passed, run.tail()
    assert shop.orders == [1]


def test_the_playwright_test_export_opens_a_context_per_role_and_the_second_roles_purchase_lands_once(two_roles):
    shop = Shop()
    with exported_spec(two_roles, "buyer_and_member") as spec:
        source = spec.read_text()
        assert 'async ({ browser, baseURL, locale, timezoneId })' in source, source   # the config pins the recording's
        assert "const buyerContext = await browser.newContext({ baseURL, locale, timezoneId });" in source
        assert source.index("await buyerPage.goBack();") < source.index("await buyerPage.reload();") \
            < source.index("const memberPage = await memberContext.newPage();")
        run = run_typescript(spec.parent, serve=shop.serve)
    assert run.passed, run.tail()
    assert shop.orders == [1]


async def test_a_role_started_on_its_default_url_that_fills_a_field_exports_a_test(apps, tmp_path):
    """``--role alice - URL``: the role's default-URL navigation is the test's first step."""
    path = tmp_path / "alice.jsonl"
    async with Client(build_server(roles=[RoleSpec("alice", default_url=apps.url + "/login/")], caps=CAPS,
                                   record=path)) as client:
        agent = Agent(client)
        await agent.fill("textbox", "Username", login.USER)
        files = await agent.export("python", tmp_path / "test_alice.py", "alice")
    source = files[0].read_text()
    assert source.index('page.goto("/login/")') < source.index(".fill(\"demo\")"), source
    run = run_pytest(files[0], None)
    assert run.passed, run.tail()


async def _signed_in_state(base_url: str, path: Path) -> None:
    """A storage state whose session cookie the shop knows: signed in as the demo user."""
    async with Session(record=False) as session:
        tab = await session.tab()
        await tab.navigate(base_url + "/login/")
        await tab.page.get_by_label("Username").fill(login.USER)
        await tab.page.get_by_label("Password").fill(login.PASSWORD)
        await tab.page.get_by_role("button", name="Sign in").click()
        await tab.page.wait_for_url("**/welcome.html")
        await session.save_state(path)


async def test_a_role_with_a_storage_state_starts_its_context_from_it_in_both_targets(apps, tmp_path):
    """The welcome page greets only a signed-in user: the generated test passes only if its context
    really starts from the role's storage state (run against the server that knows its session)."""
    state = tmp_path / "signed-in.json"
    await _signed_in_state(apps.url, state)
    path = tmp_path / "member.jsonl"
    roles = [RoleSpec("member", str(state), apps.url + "/login/welcome.html")]
    async with Client(build_server(roles=roles, caps=CAPS, record=path)) as client:
        await Agent(client).verify_text(f"Welcome, {login.USER}")
    test_file = export_python(path, tmp_path, "member")
    source = test_file.read_text()
    assert "storage_state=os.environ.get(" in source and '"VERDEX_STORAGE_STATE_MEMBER"' in source, source
    assert f'"{state}"' in source

    @contextmanager
    def same_server(seed: int | None) -> Iterator[str]:
        yield apps.url

    run = run_pytest(test_file, None, serve=same_server)
    assert run.passed, run.tail()
    with exported_spec(path, "member") as spec:
        spec_source = spec.read_text()
        assert 'process.env["VERDEX_STORAGE_STATE_MEMBER"] ??' in spec_source and "storageState:" in spec_source
        assert f'"{state}"' in spec_source
        run = run_typescript(spec.parent, serve=same_server)
    assert run.passed, run.tail()
