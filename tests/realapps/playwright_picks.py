"""A pytest plugin for bench/realapps.py: before each action of a generated test, ask Playwright's own
selector generator (``locator.normalize()``, what codegen writes) for the same element, and append its
selector to the file named by VERDEX_PLAYWRIGHT_PICKS. Load it with ``-p tests.realapps.playwright_picks``."""

from __future__ import annotations

import functools
import os
from typing import Any

from playwright.sync_api import Locator

ACTIONS = ("click", "dblclick", "fill", "check", "uncheck", "select_option", "hover", "press", "set_input_files")


def _picking(action: Any) -> Any:
    @functools.wraps(action)
    def act(self: Locator, *args: Any, **kwargs: Any) -> Any:
        try:
            self.wait_for(state="attached")
            picked = self.normalize()._impl_obj._selector
        except Exception as exc:  # the pick is a reading for the bench; the action itself decides the test
            picked = f"(no pick: {type(exc).__name__})"
        with open(os.environ["VERDEX_PLAYWRIGHT_PICKS"], "a", encoding="utf-8") as out:
            out.write(f"{self._impl_obj._selector}\t{picked}\n")
        return action(self, *args, **kwargs)
    return act


def pytest_configure(config: Any) -> None:
    if os.environ.get("VERDEX_PLAYWRIGHT_PICKS"):
        for name in ACTIONS:
            setattr(Locator, name, _picking(getattr(Locator, name)))
