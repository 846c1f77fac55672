"""Several roles at once (the short version of bench/load.py): 8 isolated contexts acting concurrently
through verdex, every action done, none lost to another role's work; and the bench's measuring
works (the driver's garbage collection through its inspector, each process's memory found)."""

from __future__ import annotations

import asyncio
import os

import anyio

from verdex.fixtures.server import FixtureServer
from tests.workload import RoleRun, inspectable_driver, memory_mb, role_specs, work_all
from verdex.browser.session import Session

ROLES = 8
ACTIONS = 12


def test_eight_roles_acting_at_once_all_succeed(apps: FixtureServer) -> None:
    """On an event loop of its own, so that the session starts a driver of its own, one that listens for
    its inspector (the suite's loop holds a driver for all its tests: tests/conftest.py)."""
    asyncio.run(_eight_roles(apps.url))


async def _eight_roles(url: str) -> None:
    with anyio.fail_after(240), inspectable_driver() as driver:
        async with Session(roles=role_specs(ROLES)) as session:
            runs = [RoleRun(spec.name) for spec in session.roles_specs()]
            await work_all(session, runs, url, ACTIONS)
            assert [run.done for run in runs] == [ACTIONS] * ROLES
            assert {run.role: dict(run.errors) for run in runs if run.errors} == {}
            values = {run.role: await (await session.tab(run.role)).page.input_value("#email") for run in runs}
            driver_heap = await driver.collect_garbage()
            memory = memory_mb(os.getpid())
    # the last email fill of each role (step 6) is its own: contexts do not leak into one another
    assert values == {run.role: f"{run.role}.6@example.com" for run in runs}
    assert 5 < driver_heap < memory["driver"]           # MB: the driver's V8 heap lives inside its PSS
    assert memory["python"] > 10 and memory["chromium"] > 100
