"""A hash-routed app keeps its route in the fragment, and a route may hold a query of its own
(``/#/buildrequests/5?redirect_to_build=true``, Buildbot's page for a build it has just been asked for):

- the generator's URL check tells the route's path from its query, as it does the URL's, so the id the
  server made before the ``?`` is any id (it read ``1?redirect_to_build=true`` as one literal segment, and
  every fresh run, with the next number, failed the check);
- proving's looser URL check keeps the route: "the path alone" of such a URL is ``/``, a pattern that holds
  on every page of the app (``/(?:[?#].*)?$``), a check that proved nothing.

Real Chromium on ``/queue/`` of tests/generation_apps.py, exported and proven by pytest."""

from __future__ import annotations

import re

import pytest

from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.facts import url_moved
from verdex.generators.revisions import looser_url_pattern
from verdex.generators.waits import url_pattern

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]
PROVED_3 = re.compile(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)")
URL_CHECK = re.compile(r'to_have_url\(\s*re\.compile\(((?:\s*r"[^"]*")+)\s*\)')


def url_checks(source: str) -> list[str]:
    """The patterns of the test's URL checks, each joined from the pieces it is written in."""
    return ["".join(re.findall(r'r"([^"]*)"', found)) for found in URL_CHECK.findall(source)]


def test_a_routes_id_before_its_query_is_any_id_and_its_query_is_kept():
    before, after = "http://h/#/builders/1/force/force", "http://h/#/buildrequests/1?redirect_to_build=true"
    pattern = url_pattern(before, after)
    assert pattern == r"/#/buildrequests/[^/]*\?(?=(?:[^#]*&)?redirect_to_build=true(?:[&#]|$))[^#]*$"
    assert re.search(pattern, "http://h/#/buildrequests/27?redirect_to_build=true")
    assert not re.search(pattern, "http://h/#/buildrequests/27") and not re.search(pattern, before)
    assert url_pattern("http://h/#/a", "http://h/#/a?") == r"/#/a\?$"
    assert url_pattern("http://h/#/a?tab=1", "http://h/#/a?tab=1&x=2") == \
        r"/#/a\?(?=(?:[^#]*&)?x=2(?:[&#]|$))[^#]*$"


def test_a_looser_url_pattern_of_a_hash_routed_app_keeps_its_route():
    url = "http://h/#/buildrequests/1?redirect_to_build=true"
    first = looser_url_pattern(url, 1)
    assert first == r"/(?:\?[^#]*)?#/buildrequests/[^/]+(?:\?.*)?$", first
    assert re.search(first, url) and not re.search(first, "http://h/#/builders/1")
    lane = "http://h/queue/#/lanes/amber"
    assert looser_url_pattern(lane, 2) == r"/queue/(?:\?[^#]*)?#/lanes/[^/]+(?:\?.*)?$"
    assert looser_url_pattern("http://h/docs/x#top", 1) == r"/docs/x(?:[?#].*)?$"     # an anchor: no route


async def _record_and_export(tmp_path, button: str, shown: str):
    test_file = tmp_path / "test_queue.py"
    with generation_apps() as (url, _apps):
        async with recording_client(tmp_path / "queue.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/queue/")
            await agent.click("button", button, expect_text=shown)
            answer = await agent.must("export_test", target="python", path=str(test_file), name="queue")
    return answer.text, test_file.read_text(encoding="utf-8")


async def test_a_route_holding_the_id_the_server_made_before_its_own_query_is_proven_as_written(tmp_path):
    said, source = await _record_and_export(tmp_path, "Queue job", "Following job")
    assert PROVED_3.search(said) and "revised" not in said, said + source
    assert url_checks(source) == [r"/queue/#/jobs/[^/]*\?(?=(?:[^#]*&)?follow=true(?:[&#]|$))[^#]*$"], source


async def test_a_route_loosened_by_proving_still_names_the_route(tmp_path):
    """The lane's word came in a GET's answer after the change, so the generator writes it as it was; every
    run the server moves to the next lane, and proving loosens the check — down to the route, not to ``/``."""
    said, source = await _record_and_export(tmp_path, "Open lane", "Lane")
    assert PROVED_3.search(said), said + source
    pattern = url_checks(source)[-1]
    assert re.search(pattern, "http://h/queue/#/lanes/cedar"), source
    assert not re.search(pattern, "http://h/queue/") and not re.search(pattern, "http://h/queue/#/jobs/2"), source


async def test_an_agents_url_check_holding_the_number_the_server_made_is_unproven_saying_so(tmp_path):
    """The agent wrote out the URL the page moved on to (``/queue/#/runs/1``), number and all: proving never
    loosens the agent's check, and the answer says why it cannot hold (Buildbot's ``…/builds/1`` checked by
    ``wait-for-url``: "the agent asserted this" alone left the agent guessing)."""
    test_file = tmp_path / "test_queue.py"
    with generation_apps() as (url, _apps):
        async with recording_client(tmp_path / "queue.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/queue/")
            await agent.click("button", "Run job", expect_text="Run 1")
            await agent.must("browser_wait_for_url", url=url + "/queue/#/runs/1")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="queue")
    assert answer.error and "the agent asserted this" in answer.text, answer.text
    assert re.search(r"it differs from the URL a fresh run was at \(http://[^)]*/queue/#/runs/\d+\) "
                     r"in its numbers alone", answer.text), answer.text


def test_a_hash_with_nothing_after_it_is_the_same_place():
    assert not url_moved("http://h/queue/", "http://h/queue/#") and not url_moved("http://h/a?q=1#", "http://h/a?q=1")
    assert url_moved("http://h/queue/#/jobs/1", "http://h/queue/#") and url_moved("http://h/a#top", "http://h/a#")
    assert url_pattern("http://h/queue/#/jobs/1", "http://h/queue/#") == "/queue/#?$"


async def test_a_link_to_a_hash_alone_is_no_navigation_and_no_url_check(tmp_path):
    """A link to "#" whose script handles the click (the help it shows) leaves the URL with a ``#`` and nothing
    after it: the same document at the same place, so its preflight says so (not "navigates to …#"), the click's
    effects say no navigation and the test checks no URL (it checked ``/queue/$``, which the URL ending in ``#``
    never matched, so every run failed there). From a route (``#/jobs/1?follow=true``) the same link goes to the
    page's first route: that is checked, as the same place with its ``#`` or without it."""
    test_file = tmp_path / "test_queue.py"
    with generation_apps() as (url, _apps):
        async with recording_client(tmp_path / "queue.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/queue/")
            help_shown = await agent.click("link", "Show help", expect_text="Jobs run in the order they were queued")
            assert "navigated" not in help_shown.text, help_shown.text
            # nor said to navigate before it (django-oscar's dropdown toggles: "navigates to …/dashboard/#")
            assert 'note: a link to "#" alone: no navigation' in help_shown.text, help_shown.text
            assert "navigates to" not in help_shown.text, help_shown.text
            await agent.click("button", "Queue job", expect_text="Following job")
            routed_back = await agent.click("link", "Show help", expect_text="Nothing queued")
            assert re.search(r"note: navigates to \S+/queue/#$", routed_back.text, re.M), routed_back.text
            assert re.search(r"navigated: \S+/queue/#/jobs/\d+\?follow=true → \S+/queue/#$", routed_back.text, re.M), \
                routed_back.text
            assert "verify: url ends with /queue/#" in routed_back.text, routed_back.text     # where the page is
            answer = await agent.must("export_test", target="python", path=str(test_file), name="queue")
    source = test_file.read_text(encoding="utf-8")
    assert PROVED_3.search(answer.text) and "revised" not in answer.text, answer.text + source
    assert url_checks(source) == [r"/queue/#/jobs/[^/]*\?(?=(?:[^#]*&)?follow=true(?:[&#]|$))[^#]*$",
                                  "/queue/#?$"], source
