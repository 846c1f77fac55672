# Excerpt of rio-labs/rio rio/testing/browser_client.py at commit 2ffd7767f34bfea5ba72e5933f4ea9df4594d938
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright rio-labs (no copyright line in LICENSE.txt).
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

from __future__ import annotations


import asyncio


import contextlib


import sys


import typing as t


import asyncio_atexit


import introspection


import playwright.async_api


import uvicorn


import rio.app_server


from rio.app_server import FastapiServer


from rio.components.component import Key


from rio.components.text import Text


from rio.debug.layouter import Layouter, UnittestComponentLayout


from rio.transports import FastapiWebsocketTransport, MultiTransport


from rio.utils import choose_free_port


from .base_client import BaseClient


__all__ = ["BrowserClient", "prepare_browser_client"]


DEBUGGER_ACTIVE = debugger_active()


server_manager: ServerManager | None = None


class BrowserClient(BaseClient):
    def __post_init__(self) -> None:
        self._page: playwright.async_api.Page | None = None
        self._page_closed_event = asyncio.Event()

    @property
    def playwright_page(self) -> playwright.async_api.Page:
        assert self._page is not None
        return self._page

    @property
    def window_width_in_pixels(self) -> int:
        assert self._page is not None
        assert self._page.viewport_size is not None

        return self._page.viewport_size["width"]

    @property
    def window_height_in_pixels(self) -> int:
        assert self._page is not None
        assert self._page.viewport_size is not None

        return self._page.viewport_size["height"]

    async def get_window_width(self) -> float:
        return self.window_width_in_pixels / await self._get_pixels_per_rem()

    async def get_window_height(self) -> float:
        return self.window_height_in_pixels / await self._get_pixels_per_rem()

    async def _get_pixels_per_rem(self) -> float:
        assert self._page is not None
        return await self._page.evaluate("globalThis.pixelsPerRem")

    def _get_component(
        self,
        component_or_type: rio.Component | type[rio.Component] = rio.Component,
        /,
        key: Key | None = None,
    ) -> rio.Component:
        if isinstance(component_or_type, rio.Component):
            return component_or_type

        return self.get_component(component_or_type, key=key)

    @introspection.set_parameters(_get_component)
    async def get_component_layout(
        self, *args, **kwargs
    ) -> UnittestComponentLayout:
        assert self._page is not None

        layouter = await Layouter.create(self.session)

        component = self._get_component(*args, **kwargs)
        return layouter._layouts_are[component._id_]

    async def get_dev_tools_sidebar_width(self) -> float:
        if not self._debug_mode:
            return 0

        assert self._page is not None

        return await self._page.locator(".rio-dev-tools-container").evaluate(
            "e => e.clientWidth / globalThis.pixelsPerRem"
        )

    @introspection.set_parameters(_get_component)
    async def wait_for_component_to_exist(self, *args, **kwargs) -> None:
        assert self._page is not None

        component = self._get_component(*args, **kwargs)
        await self._page.wait_for_selector(f'[dbg-id="{component._id_}"]')  # not VDX007: a wait whose handle is discarded: it retries, nothing goes stale  # expect: VDX021

    async def click(
        self,
        x: float,
        y: float,
        *,
        button: t.Literal["left", "middle", "right"] = "left",
        sleep: float = 0.1,
    ) -> None:
        assert self._page is not None

        if isinstance(x, float) and x <= 1:
            x = round(x * self.window_width_in_pixels)

        if isinstance(y, float) and y <= 1:
            y = round(y * self.window_height_in_pixels)

        if DEBUGGER_ACTIVE:
            await self.execute_js(f"""
                const marker = document.createElement('div');
                marker.style.pointerEvents = 'none';
                marker.style.background = 'red';
                marker.style.borderRadius = '50%';
                marker.style.position = 'absolute';
                marker.style.zIndex = '9999';
                marker.style.width = '10px';
                marker.style.height = '10px';
                marker.style.left = `{x}px`;
                marker.style.top = `{y}px`;
                marker.style.transform = 'translate(-50%, -50%)';
                document.body.appendChild(marker);

                setTimeout(() => {{
                    marker.remove();
                }}, {sleep} * 1000);
            """)

        await self._page.mouse.click(x, y, button=button)
        await asyncio.sleep(sleep)

    async def double_click(
        self,
        x: float,
        y: float,
        *,
        button: t.Literal["left", "middle", "right"] = "left",
        sleep: float = 0.1,
    ) -> None:
        await self.click(x, y, button=button, sleep=0.1)
        await self.click(x, y, button=button, sleep=sleep)

    async def execute_js(self, js: str) -> t.Any:
        assert self._page is not None
        return await self._page.evaluate(js)

    async def _get_app_server(self) -> rio.app_server.AbstractAppServer:
        manager = await _get_server_manager()
        return manager.app_server

    async def _recreate_session(self):
        """
        Close the current session and create a new one. Useful for testing
        UserSettings.
        """
        assert self._session is not None

        # Temporarily open a new tab so that the browser remains open after we
        # close the session
        manager = await _get_server_manager()
        temp_page = await manager.new_page()

        await self._close()

        self._session = await self._create_session()

        await temp_page.close()

    async def _create_session(self) -> rio.Session:
        manager = await _get_server_manager()

        assert not manager.app_server.sessions, (
            f"App server still has sessions?! {manager.app_server.sessions}"
        )

        manager.app = self._app
        manager.app_server._transport_factory = (
            lambda websocket: MultiTransport(
                FastapiWebsocketTransport(websocket),
                self._recorder_transport,
            )
        )

        self._page = await manager.new_page()
        self._page.on("close", lambda _: self._page_closed_event.set())

        await self._page.goto(f"http://localhost:{manager.port}")

        while True:
            try:
                return manager.app_server.sessions[0]
            except IndexError:
                await asyncio.sleep(0.1)

    async def __aexit__(self, *args: t.Any) -> None:
        if DEBUGGER_ACTIVE:
            await self._page_closed_event.wait()

        await self._close()

    async def _close(self):
        if self._page is not None:
            await self._page.close()

        await super().__aexit__()

        manager = await _get_server_manager()
        while manager.app_server.sessions:
            await asyncio.sleep(0.1)
