"""A literal that holds the recording's ``{unique}`` token holds the test's own value there and nothing else
changes: whatever text surrounds the token (quotes, braces, backslashes, backticks, ``${…}``, line breaks),
the Python literal evaluates and the TypeScript literal runs in Node to the same text with the test's value in
the token's place (generators/unique_literals.py; the flow itself in tests/test_proof.py)."""

from __future__ import annotations

import json
import re
import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

from verdex.generators.targets import python_pytest, typescript
from verdex.generators.unique_literals import unique_token

TOKEN = "3fa2c1d9"
RUN_VALUE = "0b7e44aa"                   # the value a run of the test made
AROUND = st.text(st.characters(exclude_categories=("Cs",)) | st.sampled_from("{}\"'\\`$\n"), max_size=12)
TEXTS = st.lists(AROUND, min_size=2, max_size=4).map(TOKEN.join)


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_a_python_literal_holds_the_runs_value_where_the_recording_had_the_token(text):
    with unique_token(TOKEN):
        written = python_pytest.literal(text)
    assert written.startswith('f"')
    assert eval(written, {}, {"unique": RUN_VALUE}) == text.replace(TOKEN, RUN_VALUE)   # noqa: S307 - our own literal


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["/items/", "-", r"\d+", "(?:a|b)", "x{2}", r"\.", "[{}]"]), max_size=4).map(
    lambda parts: "".join(parts) + TOKEN + "".join(reversed(parts))))
def test_a_python_pattern_holds_the_runs_value_and_means_what_it_meant(pattern):
    with unique_token(TOKEN):
        written = python_pytest.pattern_literal(pattern)
    made = eval(written, {}, {"unique": RUN_VALUE})                                   # noqa: S307 - our own literal
    assert made == pattern.replace(TOKEN, RUN_VALUE)
    re.compile(made)


@settings(max_examples=30, deadline=None)
@given(st.lists(AROUND, min_size=2, max_size=4), st.lists(st.booleans(), min_size=3, max_size=3))
def test_a_literal_holds_the_runs_value_in_capitals_where_the_app_showed_the_token_so(pieces, capitals):
    text = pieces[0] + "".join((TOKEN.upper() if up else TOKEN) + piece for up, piece in zip(capitals, pieces[1:]))
    want = pieces[0] + "".join((RUN_VALUE.upper() if up else RUN_VALUE) + piece
                               for up, piece in zip(capitals, pieces[1:]))
    with unique_token(TOKEN):
        written, spec = python_pytest.literal(text), typescript.literal(text)
    assert eval(written, {}, {"unique": RUN_VALUE}) == want                            # noqa: S307 - our own literal
    script = f"const unique = {json.dumps(RUN_VALUE)};\nconsole.log(JSON.stringify({spec}));"
    ran = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(ran.stdout) == want


def test_without_the_token_a_literal_is_as_it_was():
    with unique_token(TOKEN):
        assert python_pytest.literal("Buy {milk}") == '"Buy {milk}"'
        assert typescript.literal("Buy ${milk}") == '"Buy ${milk}"'
    assert python_pytest.literal(f"Buy {TOKEN}") == f'"Buy {TOKEN}"'               # no token given: none replaced


@settings(max_examples=1, deadline=None)
@given(st.lists(TEXTS, min_size=150, max_size=150))
def test_a_typescript_literal_holds_the_runs_value_where_the_recording_had_the_token(texts):
    with unique_token(TOKEN):
        written = [typescript.literal(text) for text in texts]
    assert all(literal.startswith("`") for literal in written)
    script = f"const unique = {json.dumps(RUN_VALUE)};\nconsole.log(JSON.stringify([{', '.join(written)}]));"
    ran = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(ran.stdout) == [text.replace(TOKEN, RUN_VALUE) for text in texts]
