# Excerpt of h2oai/wave e2e/test_by_name_updates.py at commit b4746712feca35d9351bd294c8e7bbd8a2e2310e
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright 2020 H2O.ai, Inc. (NOTICE).
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import os


import signal


from utils import start_waved, AppRunner


import pytest


from playwright.sync_api import Page, expect


@pytest.fixture(scope='module', autouse=True)
def setup_teardown():
    waved_p = None
    expect.set_options(timeout=10_000)
    try:
        waved_p = start_waved()
        yield
    finally:
        if waved_p:
            os.killpg(os.getpgid(waved_p.pid), signal.SIGTERM)


def test_by_name_updates_card_commands(page: Page):
    code = '''
from h2o_wave import main, app, Q, ui


@app('/')
async def serve(q: Q):
    q.page['form'] = ui.form_card(
        box='1 1 3 3',
        items=[],
        commands=[
            ui.command(name='step1', label='Step 1'),
        ]
    )
    q.page['form'].step1.label = 'New text'
    await q.page.save()
'''
    with AppRunner(code):
        page.goto('http://localhost:10101')
        page.click('[data-test="form"]:nth-child(2) > div')  # expect: VDX002 VDX010  # not VDX018: data-test is not the default test-id attribute
        expect(page.get_by_text("New text")).to_be_visible()
