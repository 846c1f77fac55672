"""The bridge runs in an isolated world: page scripts can neither see nor break it."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.anyio


async def test_hostile_page_gives_exactly_the_clean_page_snapshot(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/hostile/clean.html")
    clean = await tab.snapshot(mode="full", max_bytes=None)
    await tab.navigate(apps.url + "/hostile/hostile.html")
    hostile = await tab.snapshot(mode="full", max_bytes=None)

    assert clean.total_lines > 10
    # refs differ (they never repeat in a tab); everything else is identical
    assert _without_refs(hostile.text) == _without_refs(clean.text)
    assert hostile.identity.model_dump(exclude={"url"}) == _refless(clean.identity.model_dump(exclude={"url"}),
                                                                   hostile.identity.model_dump(exclude={"url"}))


async def test_hostile_page_really_overrides_the_builtins_in_its_own_world(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/hostile/hostile.html")
    cdp = await tab.page.context.new_cdp_session(tab.page)   # the page's main world, like its own scripts
    probes = {
        "map": "[1, 2].map(x => x).join()",
        "stringify": "JSON.stringify({a: 1})",
        "querySelectorAll": "document.querySelectorAll('*').length",
        "getBoundingClientRect": "document.body.getBoundingClientRect().width",
        "getComputedStyle": "getComputedStyle(document.body).display",
    }
    seen = {}
    for name, expression in probes.items():
        answer = await cdp.send("Runtime.evaluate", {"expression": f"(() => {{ try {{ return '' + ({expression}); }}"
                                                                  " catch (e) { return 'threw'; } })()",
                                                    "returnByValue": True})
        seen[name] = answer["result"].get("value")
    assert seen["map"] != "1,2"
    assert seen["stringify"] != '{"a":1}'
    assert seen["getComputedStyle"] != "block"
    assert seen["querySelectorAll"] == "threw" or int(seen["querySelectorAll"]) < 5


async def test_page_never_sees_a_verdex_global_or_attribute(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/shop/")
    await tab.page.wait_for_selector("[data-testid=product-card] button")
    snap = await tab.snapshot()
    await tab.ancestors(_first_ref(snap.text))
    seen = await tab.page.evaluate("""() => ({
        global: typeof globalThis.__verdex,
        attributes: [...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.name))
            .filter(n => n.includes('verdex') || n.includes('vdx')),
    })""")
    assert seen == {"global": "undefined", "attributes": []}


async def test_bridge_is_reinstalled_after_navigation(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/login/")
    first = await tab.snapshot()
    await tab.navigate(apps.url + "/consent/")
    second = await tab.snapshot()
    assert "Sign in" in first.text
    assert "Accept all" in second.text
    assert tab.refs.current_document is not None


def _first_ref(text: str) -> str:
    import re
    return re.search(r"\[ref=(e\d+)\]", text).group(1)


def _without_refs(text: str) -> str:
    import re
    return re.sub(r"\[ref=(f\d+)?e\d+\]", "[ref]", text)


def _refless(clean: dict, hostile: dict) -> dict:
    """The clean identity with the hostile run's refs, so that only facts are compared."""
    import json
    import re
    text = re.sub(r'"ref": "(f\d+)?e\d+"', '"ref": "REF"', json.dumps(clean))
    hostile_text = re.sub(r'"ref": "(f\d+)?e\d+"', '"ref": "REF"', json.dumps(hostile))
    assert text == hostile_text
    return hostile
