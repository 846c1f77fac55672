"""A text longer than a line of a test. pretix's order page says "Your order has been placed successfully. See
below for details." and, in bold in the same paragraph, "Please note that we still await your payment to complete
the process."; the agent checked the first sentence, and the test checks the element's whole text, one string of
133 characters: a line of 148 columns, where a generated line has at most 100 (black and prettier split no
string). A long text is written a piece a line (``text_pieces``, generators/waits.py), each target joining its
pieces as its language does; in Real Chromium a page with such a notice (tests/generation_apps.py ``/placed/``) is
recorded, exported, checked for its lines and run by pytest. A long text with a number in it is checked as a
pattern, its number as any number (django-oscar's order confirmation, "… your order number is 100017. Please make a
note …": one line of 321 columns): a long pattern is cut after a ``\\s+`` into pieces as a text is
(``pattern_pieces``)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generated_style import style_problems
from tests.generation_apps import generation_apps
from verdex.generators.waits import LONG_TEXT, TEXT_PIECE, pattern_pieces, text_pieces


@given(st.text(st.characters(exclude_categories=("Cs",)) | st.sampled_from(" \n\t"), max_size=400))
def test_the_pieces_of_a_text_join_to_it_and_fit_a_line_unless_one_word_is_longer(text):
    pieces = text_pieces(text)
    assert "".join(pieces) == text and (len(pieces) == 1 or len(text) > LONG_TEXT)
    assert all(len(piece) <= TEXT_PIECE or len(piece.split()) <= 1 for piece in pieces)


@pytest.mark.anyio
async def test_a_text_longer_than_a_line_is_written_a_piece_a_line_and_still_matched_whole(tmp_path):
    recording = tmp_path / "placed.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/placed/")
            await agent.click("button", "Place order")
            await agent.verify_text("Your order has been placed successfully.")
            await agent.verify_text("A confirmation email has been sent")
        python = runner.export_python(recording, tmp_path, "placed")
        spec = runner.export_typescript(recording, tmp_path, "placed")
        assert style_problems(python) == [] and style_problems(spec) == [], python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{python.read_text(encoding='utf-8')}\n{done.tail()}"
    assert '"Your order has been placed successfully. See below for details. "' in python.read_text(encoding="utf-8")
    # the notice with a number is checked as a pattern, its number as any number, a piece a line too
    assert r'r"^\s*A\s+confirmation\s+email\s+has\s+been\s+sent\s+\-\s+your\s+"' \
        in python.read_text(encoding="utf-8"), python.read_text(encoding="utf-8")


def _ends_on_a_space(piece: str) -> bool:
    """Ends on ``\\s+`` itself, not on an escaped backslash's ``s+`` (an even run of backslashes before it)."""
    head = piece.removesuffix(r"\s+")
    return head != piece and (len(head) - len(head.rstrip("\\"))) % 2 == 0


@given(st.lists(st.sampled_from(["word", "Ünïcode", r"\d+", r"\.", r"\\", r"\s+", r"\s*", "(?:a|b)"]), max_size=80))
def test_the_pieces_of_a_pattern_join_to_it_and_cut_only_after_a_space(parts):
    pattern = "".join(parts)
    pieces = pattern_pieces(pattern)
    assert "".join(pieces) == pattern
    assert all(_ends_on_a_space(piece) for piece in pieces[:-1]), pieces
    assert all(len(piece) <= TEXT_PIECE or r"\s+" not in piece[:-3] for piece in pieces), pieces
