"""Random and malformed tool calls through the SDK's in-memory client (tests/fuzzing.py; bench/fuzz.py makes
over 10,000): the server never crashes, every failure is a typed error, and a good call works afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verdex.fixtures.server import FixtureServer
from tests.fuzzing import FuzzTarget, fuzz_target, tool_calls

SAMPLE = 150                    # derandomized: the same calls every run; bench/fuzz.py makes the volume


@pytest.fixture(scope="module")
def target() -> Iterator[FuzzTarget]:
    with fuzz_target() as fuzzed:
        yield fuzzed


@settings(max_examples=SAMPLE, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_random_call_gets_a_result_or_a_typed_error(target: FuzzTarget, apps: FixtureServer, data: st.DataObject) -> None:
    tool, arguments = data.draw(tool_calls(target.tools, apps.url, target.workdir), label="call")
    outcome = target.call(tool, arguments)
    assert not outcome.startswith("FAILURE"), target.tally.failures[-1]


def test_after_the_random_calls_the_server_still_serves_a_good_call(target: FuzzTarget, apps: FixtureServer) -> None:
    assert target.tally.calls >= SAMPLE, "runs after the random calls"
    assert target.still_serves(apps.url)
    assert target.tally.outcomes["INVALID_ARGUMENT"] > 0 and target.tally.outcomes["ok"] > 0, target.tally.outcomes


# ------------------------------------------------------------------- what the fuzzer found, kept as specs
def test_several_schema_violations_at_once_carry_invalid_argument(target: FuzzTarget) -> None:
    assert target.call("select_role", {"tab": False}) == "INVALID_ARGUMENT"     # name missing, tab not a string


def test_an_empty_role_name_selects_the_active_role_and_breaks_nothing(target: FuzzTarget, apps: FixtureServer) -> None:
    assert target.call("select_role", {"name": ""}) == "ok"
    assert target.call("browser_navigate", {"url": apps.url + "/login/"}) == "ok"


def test_an_unknown_key_is_invalid_argument(target: FuzzTarget) -> None:
    assert target.call("browser_press", {"key": "NoSuchKey"}) == "INVALID_ARGUMENT"
