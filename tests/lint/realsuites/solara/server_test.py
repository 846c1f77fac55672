# Excerpt of widgetti/solara tests/integration/server_test.py at commit a3309a244b28eb857033bc2b84643ee01b65c04f
# Licence: MIT (the text is in tests/lint/realsuites/LICENSES/). Copyright (c) 2022 Maarten A. Breddels.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import threading


from pathlib import Path


import playwright


import playwright.sync_api


import pytest


import reacton.ipywidgets as w


import requests


import solara


import solara.server.server


from solara.server import settings


HERE = Path(__file__).parent


def test_large_cookie(browser: playwright.sync_api.Browser, page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        port = solara_server.port
        # more than 8kb of cookies
        for i in range(9):
            browser.contexts[0].add_cookies([{"name": f"a_{i}", "value": "a" * 1024, "url": f"http://localhost:{port}"}])
        page_session.goto(solara_server.base_url)
        page_session.locator("text=Documentation").first.click()  # expect: VDX001 VDX019


def test_docs_basics(page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        page_session.goto(solara_server.base_url)
        page_session.get_by_role("link", name="Documentation").first.click()  # expect: VDX001

        page_session.locator("text=How to use our documentation").wait_for()  # expect: VDX019
        page_session.locator(".docs-card", has_text="Examples").first.click()  # expect: VDX001
        page_session.locator(".v-card >> text=Calculator").first.click()  # expect: VDX001 VDX019
        page_session.locator("text=+/-").wait_for()  # expect: VDX019
        page_session.screenshot(path="tmp/screenshot_calculator.png")

        page_session.locator("text=Libraries").first.click()  # expect: VDX001 VDX019
        page_session.locator("text=Bqplot").first.click()  # expect: VDX001 VDX019
        page_session.locator("text=Exponent").wait_for()  # expect: VDX019
        page_session.screenshot(path="tmp/screenshot_bqplot.png")

        page_session.locator("text=Visualization").first.click()  # expect: VDX001 VDX019
        page_session.locator("text=Scatter plot using Plotly").first.click()  # expect: VDX001 VDX019
        page_session.locator("text=This example shows how to use Plotly").wait_for()  # expect: VDX019
        page_session.screenshot(path="tmp/screenshot_plotly.png")

        page_session.locator("text=Plotly Image Annotator").first.click()  # expect: VDX001 VDX019
        page_session.locator("text=how to annotate images with").first.wait_for()  # not VDX001: waits for any one of them: the position does not matter  # expect: VDX019


def test_docs_routes(page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        page_session.goto(solara_server.base_url + "/documentation/getting_started/tutorials/streamlit")
        page_session.locator("text=Streamlit example").first.wait_for()  # not VDX001: waits for any one of them: the position does not matter  # expect: VDX019

        page_session.goto(solara_server.base_url + "/documentation/api/routing/use_route/")
        page_session.locator("text=Go to fruit/banana").wait_for()  # expect: VDX019

        page_session.goto(solara_server.base_url + "/documentation/api/routing/use_route/fruit/fruit/banana")
        page_session.locator("text=You chose banana").wait_for()  # expect: VDX019

        page_session.locator("text=Wrong fruit").click()  # expect: VDX019
        page_session.locator("text=Fruit not found, go to banana").wait_for()  # expect: VDX019


def test_from_thread(page_session: playwright.sync_api.Page, solara_server, solara_app, extra_include_path):
    with extra_include_path(HERE), solara_app("server_test:ThreadTest"):
        page_session.goto(solara_server.base_url)
        el = page_session.locator(".jupyter-widgets")
        assert el.text_content() == "initial"  # expect: VDX006
        page_session.wait_for_timeout(500)  # expect: VDX004
        el.click()
        page_session.locator("text=from thread").wait_for()  # expect: VDX019


def test_from_thread_two_users(browser: playwright.sync_api.Browser, solara_server, solara_app, extra_include_path):
    with extra_include_path(HERE), solara_app("server_test:ThreadTest"):
        context1 = browser.new_context()
        page1 = context1.new_page()
        context2 = browser.new_context()
        page2 = context2.new_page()

        page1.goto(solara_server.base_url)

        el1 = page1.locator(".jupyter-widgets")
        assert el1.text_content() == "initial"  # expect: VDX006

        page2.goto(solara_server.base_url)
        el2 = page2.locator(".jupyter-widgets")
        assert el2.text_content() == "initial"  # expect: VDX006

        page1.wait_for_timeout(500)  # expect: VDX004
        page1.wait_for_timeout(500)  # expect: VDX004

        el1.click()
        page1.locator("text=from thread").wait_for()  # expect: VDX019

        page2.wait_for_timeout(500)  # not VDX004: checks that nothing happens: page 2 must not be updated
        assert el2.text_content() == "initial"  # expect: VDX006

        el2.click()
        page2.locator("text=from thread").wait_for()  # expect: VDX019
        page1.close()
        page2.close()


def test_run_in_iframe(page_session: playwright.sync_api.Page, solara_server, solara_app, extra_include_path):
    page_session.context.clear_cookies()
    with extra_include_path(HERE), solara_app("server_test:StaticPage"):
        page_session.set_content(
            f"""
            <html>
            <body>
                <iframe name="main" src="{solara_server.base_url}"></iframe>
            </body>
            </html>
        """
        )

        iframe = page_session.frame("main")
        assert iframe is not None
        el = iframe.locator(".jupyter-widgets")
        assert el.text_content() == "Hello world"  # expect: VDX006
