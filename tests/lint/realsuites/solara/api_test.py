# Excerpt of widgetti/solara tests/integration/api_test.py at commit a3309a244b28eb857033bc2b84643ee01b65c04f
# Licence: MIT (the text is in tests/lint/realsuites/LICENSES/). Copyright (c) 2022 Maarten A. Breddels.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

# tests pages in the api docs
import playwright.sync_api


from playwright.sync_api import expect


def test_api_markdown_editor(page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        page_session.goto(solara_server.base_url + "/documentation/components/")
        page_session.locator(".v-card >> text=Markdown Editor").first.click()  # expect: VDX001 VDX019
        page_session.locator('h1:has-text("Large heading")').wait_for()  # expect: VDX019


def test_api_file_browser(page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        page_session.goto(solara_server.base_url + "/documentation/components/")
        page_session.locator(".v-card >> text=File Browser").first.click()  # expect: VDX001 VDX019
        page_session.locator("text=You are in directory").wait_for()  # expect: VDX019


def test_api_matplotlib(page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        page_session.goto(solara_server.base_url + "/documentation/components/viz/matplotlib")
        page_session.locator("text=Arguments").first.wait_for()  # not VDX001: waits for any one of them: the position does not matter  # expect: VDX019


def test_api_style(page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        page_session.goto(solara_server.base_url + "/documentation/components/advanced/style")
        page_session.locator("text=Add a custom piece of CSS").first.wait_for()  # not VDX001: waits for any one of them: the position does not matter  # expect: VDX019
        expect(page_session.locator(".mybutton")).to_have_css("color", "rgb(76, 175, 80)")

        # disable css
        page_session.locator('_vue=v-checkbox[label="Use CSS"]').click()
        expect(page_session.locator(".mybutton")).to_have_css("color", "rgba(0, 0, 0, 0.87)")

        # enable css again
        page_session.locator('_vue=v-checkbox[label="Use CSS"]').click()
        expect(page_session.locator(".mybutton")).to_have_css("color", "rgb(76, 175, 80)")


def test_dataframe(page_session: playwright.sync_api.Page, solara_server, solara_app):
    with solara_app("solara.website.pages"):
        page_session.goto(solara_server.base_url + "/documentation/components/data/dataframe")
        datatable_value_counts = page_session.locator(".solara-data-table").nth(1)  # expect: VDX001
        datatable_value_counts.wait_for()

        # scroll and wait for stability of test
        datatable_value_counts.locator("th >> text=species_id >> _vue=v-icon").wait_for()  # expect: VDX019
        datatable_value_counts.locator("th >> text=species_id >> _vue=v-icon").scroll_into_view_if_needed()  # expect: VDX019
        page_session.wait_for_timeout(1000)  # expect: VDX004

        # open the species hover menu
        datatable_value_counts.locator("th >> text=species_id >> _vue=v-icon").hover()  # expect: VDX019
        page_session.locator("text=Value counts for species_id").wait_for()  # expect: VDX019
        page_session.locator("text=Name: count").wait_for()  # expect: VDX019

        # open the petal_width hover menu
        datatable_value_counts.locator("th >> text=petal_width >> _vue=v-icon").hover()  # expect: VDX019
        page_session.locator("text=Name species").wait_for(state="detached")  # expect: VDX019
        page_session.locator("text=Value counts for petal_width").wait_for()  # expect: VDX019
        page_session.locator("text=Name: count").wait_for()  # expect: VDX019
