"""The pytest plugin that points pytest-playwright's browser at a remote one: ``pytest
--browser-ws-endpoint ws://grid:3000/`` connects to a Playwright browser server (``playwright
run-server``, a browser grid), ``--browser-cdp-endpoint http://host:9222`` to a running Chromium over
CDP. ``verdex prove --ws-endpoint / --cdp-endpoint`` passes them to every run. Installed with verdex
(entry point ``verdex.remote_browser``); without either option it does nothing.

pytest-playwright reaches a browser through its ``launch_browser`` fixture; when an endpoint is given
this plugin registers, once every plugin is loaded, a ``launch_browser`` of its own that connects
instead (a fixture of a plugin registered later takes the place of an earlier one's). The launch
options the project sets (``browser_type_launch_args``: its Chromium, its flags) go to a Playwright
server in the ``x-playwright-launch-options`` header, as pytest-playwright's own ``connect_options``
does, but named as the server reads them (``executablePath``, not Python's ``executable_path``); a CDP
browser is already running, so they do not apply to it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("verdex remote browser", "run pytest-playwright's browser elsewhere (verdex prove)")
    group.addoption("--browser-ws-endpoint", default=None, metavar="URL",
                    help="connect to this Playwright browser server instead of launching a browser")
    group.addoption("--browser-cdp-endpoint", default=None, metavar="URL",
                    help="connect to this running Chromium over CDP instead of launching a browser")


def pytest_configure(config: pytest.Config) -> None:
    ws = config.getoption("browser_ws_endpoint", None)
    cdp = config.getoption("browser_cdp_endpoint", None)
    if ws and cdp:
        raise pytest.UsageError("--browser-ws-endpoint and --browser-cdp-endpoint: give one of them")
    if ws or cdp:
        config.pluginmanager.register(RemoteBrowser(ws, cdp), "verdex-remote-browser")


class RemoteBrowser:
    def __init__(self, ws_endpoint: str | None, cdp_endpoint: str | None) -> None:
        self.ws_endpoint = ws_endpoint
        self.cdp_endpoint = cdp_endpoint

    @pytest.fixture(scope="session")
    def launch_browser(self, browser_type_launch_args: dict[str, Any], browser_type: Any) -> Callable[..., Any]:
        def connect(**kwargs: Any) -> Any:
            if self.cdp_endpoint:
                return browser_type.connect_over_cdp(self.cdp_endpoint)
            options = {_camel(name): value for name, value in {**browser_type_launch_args, **kwargs}.items()}
            return browser_type.connect(self.ws_endpoint,
                                        headers={"x-playwright-launch-options": json.dumps(options)})
        return connect


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)
