"""``verdex heal TEST_FILE``: repair a generated test whose locator no longer matches or whose action
hits an element it does not wait for, from fresh facts and without a model (docs/heal.md).

    from verdex.heal import heal
    report = heal("tests/test_shop.py", "recordings/shop.jsonl", base_url="http://127.0.0.1:8765")

    runner.py     run the test with pytest, read where it failed (probe.py, a pytest plugin)
    source.py     the test's actions, their locators and waits, read with libcst
    identity.py   a recorded target's identity, found again in a fresh snapshot
    diagnosis.py  replay up to the failing action and name the fix
    patch.py      write the fix with libcst, formatting kept
    healer.py     the loop: run, diagnose, patch, run again
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verdex.heal.diagnosis import Fix
    from verdex.heal.healer import HealReport, heal

__all__ = ["Fix", "HealReport", "heal"]

# Imported when first asked for: the test run heal watches loads this package's probe plugin (``-p
# verdex.heal.probe``), and the healer's replay, libcst and locators cost that run half a second of CPU
_HOMES = {"Fix": "verdex.heal.diagnosis", "HealReport": "verdex.heal.healer", "heal": "verdex.heal.healer"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
