"""Reading a page through the MCP tools: browser_extract (markdown, text, structured; main landmark,
hidden content skipped, secrets redacted; paged) and browser_find (context, nearest ref, paged)."""

from __future__ import annotations

import json
import re

import anyio
import pytest
from mcp import Client
from playwright.async_api import async_playwright

from verdex import reading
from verdex.browser.discovery import LAUNCH_ARGS, require_chromium
from verdex.browser.tab import Tab
from verdex.server import build_server

pytestmark = pytest.mark.anyio


@pytest.fixture
async def client():
    async with Client(build_server(caps=("read",))) as c:
        yield c


async def _extract(client, **args):
    result = await client.call_tool("browser_extract", args)
    assert not result.is_error, result.content[0].text
    return result.structured_content


async def test_reading_tools_are_behind_the_read_group():
    async with Client(build_server(caps=("read",))) as c:
        names = {t.name for t in (await c.list_tools()).tools}
    assert {"browser_extract", "browser_find"} <= names
    async with Client(build_server()) as c:
        assert not {"browser_extract", "browser_find"} & {t.name for t in (await c.list_tools()).tools}


async def test_markdown_keeps_headings_lists_links_tables_and_code(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    page = await _extract(client)
    md = page["content"]
    assert md.startswith("# Release notes\n")
    assert "## Highlights" in md and "## Benchmarks" in md
    assert f"[upgrade guide]({apps.url}/reading/guide.html)" in md
    assert "- Incremental compiler\n  - Caches per module\n- New `--watch` flag" in md
    assert "1. Install\n2. Migrate" in md
    assert "| Project | Before | After |\n|---|---|---|\n| Small | 4 s | 1 s |\n| Large \\| monorepo | 90 s | 20 s |" in md
    assert "```bash\npip install tool==2.0\ntool build --watch\n```" in md
    assert "> It is twice as fast." in md


async def test_hidden_content_scripts_and_chrome_are_skipped_and_said(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    result = await client.call_tool("browser_extract", {"format": "text"})
    text = result.structured_content["content"]
    for absent in ("Hidden by display none", "Hidden from the accessibility tree", "Hidden by visibility",
                   "script text", "Site banner text", "Log in", "Footer text"):
        assert absent not in text
    assert result.structured_content["main_only"] is True
    assert set(result.structured_content["skipped_landmarks"]) == {"banner", "navigation", "contentinfo"}
    assert "main landmark only (skipped: banner, navigation, contentinfo)" in result.content[0].text


async def test_secret_field_values_are_redacted_in_every_format(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    for format in ("markdown", "text", "structured"):
        content = (await _extract(client, format=format))["content"]
        assert "ada@example.com" in content
        for secret in ("hunter2-secret", "4111111111111111", "918273"):
            assert secret not in content, (format, secret)
        assert "[redacted]" in content


async def test_structured_gives_a_heading_tree_links_tables_as_rows_forms_and_landmarks(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    page = await _extract(client, format="structured")
    records = page["records"]
    assert [json.loads(line) for line in page["content"].splitlines()] == records
    kinds = {r["kind"] for r in records}
    assert {"heading", "link", "table", "form", "landmark", "frame"} <= kinds
    benchmarks = next(r for r in records if r["kind"] == "heading" and r["text"] == "Benchmarks")
    assert benchmarks == {"kind": "heading", "level": 2, "text": "Benchmarks", "path": ["Release notes"]}
    table = next(r for r in records if r["kind"] == "table")
    assert table["caption"] == "Build times" and table["header"] is True
    assert table["rows"][2] == ["Large | monorepo", "90 s", "20 s"]
    form = next(r for r in records if r["kind"] == "form")
    fields = {f["name"]: f for f in form["fields"]}
    assert form["name"] == "Account" and form["method"] == "post"
    assert fields["email"]["value"] == "ada@example.com" and re.fullmatch(r"e\d+", fields["email"]["ref"])
    assert {fields[n]["value"] for n in ("password", "card", "otp")} == {"[redacted]"}
    assert fields["terms"]["value"] == "checked"
    assert {"role": "navigation", "name": "Site"} in [{k: r[k] for k in ("role", "name")} for r in records
                                                      if r["kind"] == "landmark"]


async def test_scope_reads_only_that_element(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    found = await client.call_tool("browser_find", {"query": "Weekly digest"})
    paragraph = found.structured_content["matches"][0]["element"]["ref"]
    page = await _extract(client, scope=paragraph)
    assert page["content"] == "Weekly digest of changes."
    assert page["main_only"] is False and page["scope"] == paragraph


async def test_paging_is_bounded_stable_and_says_how_much_is_left(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/long.html"})
    first = await _extract(client, max_chars=2000)
    assert first["pages"] > 5 and len(first["content"]) <= 2000
    assert first["chars_left"] == first["total_chars"] - len(first["content"])
    seen = [first["content"]]
    page = first
    while page["next_cursor"]:
        page = await _extract(client, cursor=page["next_cursor"])
        assert len(page["content"]) <= 2000
        seen.append(page["content"])
    assert page["chars_left"] == 0 and len(seen) == first["pages"]
    paragraphs = re.findall(r"^Paragraph (\d+):", "\n".join(seen), re.M)
    assert paragraphs == [str(i) for i in range(1, 401)]           # nothing lost, nothing repeated, no line cut
    again = await _extract(client, cursor=first["next_cursor"])      # the same cursor gives the same page
    assert again["content"] == seen[1]


async def test_a_bad_cursor_is_an_invalid_argument(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    for cursor in ("nonsense", "x999:1", "m1:0"):
        result = await client.call_tool("browser_extract", {"cursor": cursor})
        assert result.is_error and "INVALID_ARGUMENT: " in result.content[0].text, cursor


async def test_find_gives_context_and_the_nearest_ref_to_act_on(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    result = await client.call_tool("browser_find", {"query": "weekly DIGEST", "context_chars": 20})
    data = result.structured_content
    assert data["total"] == 1
    match = data["matches"][0]
    assert match["text"] == "Weekly digest" and match["after"].startswith(" of changes.")
    assert match["interactive"] is False and match["element"]["role"] == "paragraph"
    assert match["nearest_interactive"]["role"] == "button" and match["nearest_interactive"]["name"] == "Subscribe"
    assert f"[ref={match['nearest_interactive']['ref']}]" in result.content[0].text
    inside = (await client.call_tool("browser_find", {"query": "upgrade guide"})).structured_content["matches"][0]
    assert inside["interactive"] is True and inside["element"]["role"] == "link"


async def test_a_text_found_in_a_row_is_its_own_element_not_the_rows_centre(client, apps):
    """A row holds a text per cell, and the one found is what the agent means (a data grid's header row,
    each column's name opening its menu): that text's element gets the ref, the row is the nearest control."""
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    match = (await client.call_tool("browser_find", {"query": "90 s"})).structured_content["matches"][0]
    assert match["interactive"] is False and match["element"]["role"] == "cell" and match["element"]["ref"], match
    assert match["nearest_interactive"]["role"] == "row", match


async def test_find_skips_hidden_text_and_secret_values(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    for query in ("Hidden by", "hunter2", "secretScriptText"):
        assert (await client.call_tool("browser_find", {"query": query})).structured_content["total"] == 0


async def test_find_by_regex_and_a_bad_regex_is_an_invalid_argument(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    found = await client.call_tool("browser_find", {"query": r"\d+ s\b", "regex": True})
    assert [m["text"] for m in found.structured_content["matches"]] == ["4 s", "1 s", "90 s", "20 s"]
    across = await client.call_tool("browser_find", {"query": r"\s+Weekly", "regex": True})
    assert across.structured_content["matches"][0]["nearest_interactive"]["name"] == "Subscribe"
    bad = await client.call_tool("browser_find", {"query": "([a-z", "regex": True})
    assert bad.is_error and "INVALID_ARGUMENT: " in bad.content[0].text
    assert not (await client.call_tool("browser_find", {"query": "Release"})).is_error     # still serving


async def test_find_pages_its_matches(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/long.html"})
    first = (await client.call_tool("browser_find", {"query": "lazy dog", "max_results": 150})).structured_content
    assert first["total"] == 400 and first["pages"] == 3 and len(first["matches"]) == 150
    second = (await client.call_tool("browser_find", {"cursor": first["next_cursor"]})).structured_content
    last = (await client.call_tool("browser_find", {"cursor": second["next_cursor"]})).structured_content
    assert len(second["matches"]) == 150 and len(last["matches"]) == 100 and last["next_cursor"] is None
    assert last["matches"][-1]["before"].endswith("Paragraph 400: the quick brown fox jumps over the ")


async def test_same_origin_frame_content_is_read_and_found_with_frame_refs(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/reading/"})
    with anyio.fail_after(10):
        while "[frame loading " in (md := (await _extract(client))["content"]):   # an agent reads again
            await anyio.sleep(0.1)
    assert f'[frame "Same-origin note" {apps.url}/reading/note.html]\n\nNote inside a same-origin frame.' in md
    match = (await client.call_tool("browser_find", {"query": "inside a same-origin"})).structured_content["matches"][0]
    assert re.fullmatch(r"f\d+e\d+", match["nearest_interactive"]["ref"])
    clicked = await client.call_tool("browser_snapshot", {})
    assert match["nearest_interactive"]["ref"] in clicked.content[0].text


async def test_cross_origin_frame_content_is_read_and_found(client, apps, other_origin):
    await client.call_tool("browser_navigate", {"url": f"{apps.url}/reading/cross-origin.html?other={other_origin.url}"})
    await client.call_tool("browser_wait_for", {"text": "Frames from two origins"})
    with anyio.fail_after(30):                            # the cross-origin frame is added by script
        while "Partner offer" not in (md := (await _extract(client))["content"]):
            await anyio.sleep(0.1)
    assert f'[frame cross-origin "Partner widget" {other_origin.url}/reading/partner.html]\n\n## Partner offer' in md
    assert "Free shipping on partner orders." in md and "Coupon [SAVE10]" in md
    found = (await client.call_tool("browser_find", {"query": "free shipping"})).structured_content
    assert found["total"] == 1
    assert found["matches"][0]["frame"] == f"{other_origin.url}/reading/partner.html"


async def test_a_ref_inside_a_cross_origin_frame_is_acted_on_through_the_frame(client, apps, other_origin):
    await client.call_tool("browser_navigate", {"url": f"{apps.url}/reading/cross-origin.html?other={other_origin.url}"})
    with anyio.fail_after(10):
        while not (found := (await client.call_tool("browser_find", {"query": "Claim offer"})).structured_content)["total"]:
            await anyio.sleep(0.05)
    button = found["matches"][0]["element"]
    assert button["role"] == "button" and re.fullmatch(r"f1\d\de\d+", button["ref"])     # the frame's own prefix
    clicked = await client.call_tool("browser_click", {"ref": button["ref"]})
    assert not clicked.is_error, clicked.content[0].text
    steps = clicked.structured_content["locator"]["chosen"]["steps"]
    assert steps[0] == {"method": "frame_locator", "args": ['iframe[title="Partner widget"]'], "kwargs": {}}
    partner = f"{other_origin.url}/reading/partner.html"
    assert f"appeared: in frame {partner}: paragraph: Offer claimed" in clicked.content[0].text   # its effect
    assert (await client.call_tool("browser_find", {"query": "Offer claimed"})).structured_content["total"] == 1
    snapshot = (await client.call_tool("browser_snapshot", {})).content[0].text
    assert re.search(r'- iframe "Partner widget" \[ref=e\d+\] \[cross-origin\]:\n'
                     r'(\s+- .*\n)*?\s+- button "Claim offer" \[ref=' + button["ref"] + r'\]', snapshot), snapshot
    unknown = await client.call_tool("browser_click", {"ref": button["ref"].replace("e", "e9999")})
    assert unknown.is_error and ("UNKNOWN_REF" in unknown.content[0].text)


async def test_an_out_of_process_cross_origin_frame_is_read_through_its_own_session(apps, other_origin):
    """With site isolation Chromium runs the cross-origin frame in another process, with its own CDP
    session; the frame's bridge is installed there."""
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=require_chromium().path,
                                          args=[*LAUNCH_ARGS, "--site-per-process"])
        try:
            page = await browser.new_page()

            async def closed() -> None:
                return None

            tab = Tab("t1", page, opener=None, test_id_attribute="data-testid", navigation_timeout=15,
                      on_browser_closed=closed)
            await tab.navigate(f"{apps.url}/reading/cross-origin.html?other={other_origin.url}")
            partner = None
            with anyio.fail_after(10):
                while partner is None:
                    partner = next((f for f in page.frames if f.url.startswith(other_origin.url)), None)
                    await anyio.sleep(0.05)
                await partner.wait_for_load_state("domcontentloaded")
            await page.context.new_cdp_session(partner)          # it is out of process: it has a session of its own
            content = (await reading.extract(tab, format="text")).content
            assert "Partner offer\nFree shipping on partner orders." in content
            found = await reading.find(tab, "free shipping")
            assert [m.frame for m in found.matches] == [partner.url]
        finally:
            await browser.close()
