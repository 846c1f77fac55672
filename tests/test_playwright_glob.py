"""The generator's mirror of Playwright's URL glob (generators/playwright_glob.py) says what real
Playwright says: for many URL shapes, the globs the generator writes and others, the mirror's verdict
equals whether Playwright's ``page.route(glob)`` took the request — in Python and in Node. And a
response matcher whose glob does not match its recorded URL is never written."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.async_api import async_playwright

from verdex.browser.discovery import find_chromium
from verdex.generators.planner import build_plan
from verdex.generators.playwright_glob import GlobError, glob_matches, glob_to_regex
from verdex.generators.recording import Recording
from verdex.generators.targets import renderer_for
from verdex.generators.waits import url_glob
from verdex.recording_format import STEP, Header

REPO = Path(__file__).resolve().parent.parent
OTHER = "http://other.test:8080"

# URL paths and queries of the shapes real apps send (each also asked on another origin)
SHAPES = ["/api/queue/join?", "/api/queue/join", "/api/queue/join?a=1", "/api/items/42", "/api/items/42?page=2",
          "/api/items/", "/api/items", "/a,b/c", "/files/%7Bx%7D.json", "/p/a+b/$c(1)", "/deep/er/path/x.js",
          "/api/items/9f8e7d6c5b4a39281706?x", "/search?q=a%20b&page=1#frag", "/", "/v2/api/queue/join",
          "/api/queue/joined", "/api/%E2%9C%93/x", "/x;y=1/z", "/api/items/42/", "/a/b?c=d?e"]
GLOBS = ["**/api/queue/join", "**/api/queue/join?**", "**/api/items/*", "**/api/items/*?**", "**/api/items/**",
         "**/a,b/c", "**/a\\,b/c", "**/*.js", "**/{api,v2}/**", "**/p/a+b/$c(1)", "*/api/items/42", "**",
         "**/", "**/search?**", "**/x;y=1/z", "**/files/%7Bx%7D.json", "**/api/items/*/", "**/a/b?c=d?e"]


def _urls(origin: str) -> list[str]:
    return [base + shape for base in (origin, OTHER) for shape in SHAPES]


def _pairs(origin: str) -> list[dict[str, str]]:
    urls = _urls(origin)
    globs = [*GLOBS, *dict.fromkeys(url_glob(url) for url in urls)]
    return [{"glob": glob, "url": url} for url in urls for glob in globs]


def _by_glob(pairs: list[dict[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for pair in pairs:
        grouped.setdefault(pair["glob"], []).append(pair["url"])
    return grouped


def _without_fragment(url: str) -> str:
    return url.split("#", 1)[0]                  # a request never carries its fragment


async def _routed_in_python(origin: str, pairs: list[dict[str, str]]) -> list[bool]:
    cors = {"Access-Control-Allow-Origin": "*"}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=find_chromium().path, args=["--disable-quic"])
        try:
            page = await browser.new_page()
            await page.goto(origin + "/")
            routed: dict[tuple[str, str], bool] = {}
            for glob, urls in _by_glob(pairs).items():          # each glob routed once, its URLs fetched at once
                await page.unroute_all()
                await page.route("**/*", lambda route: route.fulfill(body="other", headers=cors))
                await page.route(glob, lambda route: route.fulfill(body="glob", headers=cors))
                answers = await page.evaluate("us => Promise.all(us.map(u => fetch(u).then(r => r.text())))", urls)
                routed.update({(glob, url): answer == "glob" for url, answer in zip(urls, answers, strict=True)})
            return [routed[pair["glob"], pair["url"]] for pair in pairs]
        finally:
            await browser.close()


def _disagreements(pairs: list[dict[str, str]], verdicts: list[bool]) -> list[str]:
    return [f"{pair['glob']} on {pair['url']}: Playwright {said}, mirror {not said}"
            for pair, said in zip(pairs, verdicts, strict=True)
            if glob_matches(pair["glob"], _without_fragment(pair["url"])) != said]


@pytest.mark.anyio
async def test_the_mirror_routes_what_playwright_for_python_routes(apps):
    pairs = _pairs(apps.url)
    verdicts = await _routed_in_python(apps.url, pairs)
    assert _disagreements(pairs, verdicts) == []
    assert any(verdicts) and not all(verdicts)          # both verdicts occur: the comparison can fail


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_mirror_routes_what_playwright_for_node_routes(apps):
    pairs = _pairs(apps.url)
    done = subprocess.run(["node", str(REPO / "tests" / "route_globs.mjs"), apps.url + "/", find_chromium().path],
                          input=json.dumps(pairs), capture_output=True, text=True, cwd=REPO, timeout=600,
                          check=True)
    assert _disagreements(pairs, json.loads(done.stdout)) == []


def test_an_empty_query_is_still_part_of_the_url_playwright_matches():
    assert not glob_matches("**/api/queue/join", "http://h/api/queue/join?")
    assert glob_matches("**/api/queue/join?**", "http://h/api/queue/join?")
    assert glob_to_regex("**/a/*.js") == r"^(.*/)a/([^/]*)\.js$"


def test_globs_playwright_refuses_are_refused():
    for glob in ("**/{a,{b}}", "**/a}", "**/{a"):
        with pytest.raises(GlobError):
            glob_matches(glob, "http://h/a")
    with pytest.raises(GlobError):
        glob_matches("/api/items", "http://h/api/items")      # resolved against a base URL: not mirrored


def _recording_of_a_post_to(url: str) -> Recording:
    join = {"kind": "role", "steps": [{"method": "get_by_role", "args": ["button"], "kwargs": {"name": "Join", "exact": True}}],
            "score": 100, "matches": 1, "is_target": True}
    steps = [{"tool": "browser_navigate", "tab": "t1", "args": {"url": "http://127.0.0.1:9/app/"}},
             {"tool": "browser_click", "tab": "t1",
              "target": {"role": "button", "name": "Join", "tag": "button", "container": {"tag": "main", "ref": "e1"}},
              "locators": {"chosen": join, "candidates": [join], "code": "page.get_by_role(...)"},
              "effects": {"url_before": "http://127.0.0.1:9/app/", "url_after": "http://127.0.0.1:9/app/",
                          "requests": [{"method": "POST", "url": url, "status": 200, "resource_type": "fetch",
                                        "changed_page": True}]}}]
    return Recording(Header(format=4, started="2026-01-01T00:00:00Z"), [STEP.validate_python(step) for step in steps])


@pytest.mark.parametrize("target", ["python", "typescript"])
def test_a_matcher_that_does_not_match_its_recorded_url_is_never_written(target):
    plan = build_plan(_recording_of_a_post_to("http://127.0.0.1:9/api/queue/join?"), "join")
    response = plan.statements[1].response
    assert response.by_predicate and "does not match the whole recorded URL" in response.reason
    source = renderer_for(target).test_file(plan)
    assert '"**/api/queue/join"' not in source
    assert ("response_to(" if target == "python" else "responseTo(") in source


def test_a_matcher_that_matches_its_recorded_url_stays_a_glob():
    plan = build_plan(_recording_of_a_post_to("http://127.0.0.1:9/api/queue/join?a=1"), "join")
    response = plan.statements[1].response
    assert not response.by_predicate and response.url_glob == "**/api/queue/join?**"
