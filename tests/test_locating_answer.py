"""The bridge's ``locating`` answer (a target's candidates, its containers' ways, its frames and box) is
validated once where it crosses from the page into Python (verdex.facts.Locating): the real bridge's
answer validates, and the same answer broken the ways a drifted page script would break it is a typed
BRIDGE_CONTRACT error, never a KeyError deep inside the locator ranking."""

from __future__ import annotations

import copy
import re

import pytest

from verdex.bridge import from_bridge
from verdex.errors import BridgeContractError
from verdex.facts import Locating, RoleCandidate, ValueCandidate

pytestmark = pytest.mark.anyio

# Three cards with the same button: the button is told apart only by its card, so the answer holds
# candidates, containers and their ways (with a named child) — every part of the shape.
CARDS = """
<main>
  <article><h3>Dune</h3><button>Buy</button></article>
  <article><h3>Emma</h3><button>Buy</button></article>
</main>"""


async def _real_answer(tab) -> dict:
    await tab.page.set_content(CARDS)
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    ref = re.findall(r'button "Buy" \[ref=(e\d+)\]', text)[1]
    answer = await tab.call_bridge_for(ref, "candidates", {"ref": ref})
    answer.pop("next_ref", None)
    return answer


async def test_the_real_bridge_answer_validates_into_typed_candidates_and_ways(session):
    tab = await session.tab()
    locating = from_bridge(Locating, await _real_answer(tab))
    assert any(isinstance(c, RoleCandidate) and c.role == "button" and c.name == "Buy" for c in locating.candidates)
    assert all(isinstance(c, (RoleCandidate, ValueCandidate)) for c in locating.candidates)
    ways = [way for container in locating.containers for way in container.ways]
    assert any(way.has is not None and way.has.name == "Emma" for way in ways), locating
    assert locating.box.width > 0 and locating.tag == "button"


def _without_box(answer: dict) -> None:
    del answer["box"]


def _role_candidate_without_role(answer: dict) -> None:
    next(c for c in answer["candidates"] if c["kind"] == "role").pop("role")


def _unknown_candidate_kind(answer: dict) -> None:
    answer["candidates"][0]["kind"] = "xpath"


def _way_with_unknown_strategy(answer: dict) -> None:
    answer["containers"][0]["ways"][0]["strategy"] = "nearby"


def _way_that_finds_nothing(answer: dict) -> None:
    way = answer["containers"][0]["ways"][0]
    for field in ("test_id", "selector", "role"):
        way.pop(field, None)


def _estimate_as_text(answer: dict) -> None:
    answer["containers"][0]["ways"][0]["estimates"] = {"role:button:Buy": "one"}


def _field_renamed(answer: dict) -> None:
    answer["frame_chain"] = answer.pop("frames")


@pytest.mark.parametrize("breaks", [_without_box, _role_candidate_without_role, _unknown_candidate_kind,
                                    _way_with_unknown_strategy, _way_that_finds_nothing, _estimate_as_text,
                                    _field_renamed])
async def test_a_malformed_locating_answer_is_a_typed_bridge_contract_error(session, breaks):
    tab = await session.tab()
    answer = copy.deepcopy(await _real_answer(tab))
    breaks(answer)
    with pytest.raises(BridgeContractError) as caught:
        from_bridge(Locating, answer)
    assert caught.value.code == "BRIDGE_CONTRACT"
    assert "Locating" in str(caught.value)
