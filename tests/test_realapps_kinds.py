"""The kinds of real app the corpus gained for issue #32, each sampled by one flow as
tests/test_realapps.py samples the others (the same checks: no nth(), no volatile text, the review
checks, the pytest file and the spec once each against fresh copies of the app): an app built
around a code editor (marimo), one whose pages send a strict Content-Security-Policy (I Hate Money),
one in several languages (Node-RED), an admin with a rich-text editor (Wagtail), a component-library
SPA from npm (Element Plus), a data browser with column filters (Datasette), a documentation site whose
search answers key by key from a web worker (MkDocs Material) and a reactive app whose Python side answers
every click over a Jupyter kernel's websocket and whose page reads its own modules from blob: URLs
(Solara)."""

from __future__ import annotations

import pytest

from tests.realapps import proving
from tests.realapps.flows import first_flow_of_each_app

KINDS = ("marimo", "ihatemoney", "node-red", "wagtail", "element-plus", "datasette", "mkdocs-material", "solara")
SAMPLE = [flow for flow in first_flow_of_each_app() if flow.app.name in KINDS]


def test_every_kind_is_an_app_of_the_corpus():
    assert sorted(flow.app.name for flow in SAMPLE) == sorted(KINDS)


@pytest.mark.parametrize("flow", SAMPLE, ids=[flow.key for flow in SAMPLE])
def test_a_flow_recorded_on_a_real_app_of_a_new_kind_gives_tests_that_pass_without_positions(flow, tmp_path):
    proving.check_sampled_flow(flow, tmp_path)
