# Excerpt of widgetti/solara tests/integration/menu_test.py at commit a3309a244b28eb857033bc2b84643ee01b65c04f
# Licence: MIT (the text is in tests/lint/realsuites/LICENSES/). Copyright (c) 2022 Maarten A. Breddels.
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import pytest


from playwright.sync_api import Page, expect


# Tests rendering of menus, as well as click functionality on child element
@pytest.mark.parametrize("test_type", ["Menu", "ClickMenu", "ContextMenu"])
def test_menus_playwright(test_type, solara_test, page_session: Page, assert_solara_snapshot):
    import solara
    from solara.lab import ClickMenu, ContextMenu, Menu

    @solara.component
    def Page():
        # without height dropdown menu won't be visible in screenshots
        with solara.Column(classes=["test-class-container"], style="height:300px; width: 400px;"):
            text = solara.use_reactive("pre-test")

            def on_click():
                text.set("Works!")

            solara.Text(text.value, classes=["test-class-text"])

            menu_activator = solara.Button("activator")
            menu_child = solara.Button("child", on_click=on_click, classes=["test-class-child"])

            if test_type == "Menu":
                Menu(activator=menu_activator, children=[menu_child])
            elif test_type == "ClickMenu":
                ClickMenu(activator=menu_activator, children=[menu_child])
            else:
                ContextMenu(activator=menu_activator, children=[menu_child])

    solara.display(Page())

    text_el = page_session.locator(".test-class-text")
    expect(text_el).to_contain_text("pre-test")
    activator_button = page_session.locator("text=activator")  # expect: VDX019
    expect(page_session.locator(".test-class-child")).to_have_count(0)
    if test_type == "ContextMenu":
        activator_button.click(button="right")
    else:
        activator_button.click()

    child_button = page_session.locator("text=child")  # expect: VDX019
    page_session.wait_for_timeout(350)  # Wait for any animations after click  # expect: VDX004
    expect(page_session.locator(".test-class-child")).to_be_visible()
    child_button.click()
    page_session.wait_for_timeout(350)  # expect: VDX004
    expect(text_el).to_contain_text("Works!")


# Tests successive click behaviour of menus
@pytest.mark.parametrize("test_type", ["Menu", "ClickMenu", "ContextMenu"])
def test_menus_successive(test_type, solara_test, page_session: Page):
    import solara
    from solara.lab import ClickMenu, ContextMenu, Menu

    @solara.component
    def Page():
        menu_activator = solara.Div(style="height: 200px; width: 400px;", classes=["test-class-activator"])
        menu_child = solara.Div(classes=["test-class-menu"], style="height: 100px; width: 50px;")

        if test_type == "Menu":
            Menu(activator=menu_activator, children=[menu_child])
        elif test_type == "ClickMenu":
            ClickMenu(activator=menu_activator, children=[menu_child])
        else:
            ContextMenu(activator=menu_activator, children=[menu_child])

    solara.display(Page())

    activator_el = page_session.locator(".test-class-activator")
    expect(page_session.locator(".test-class-menu")).to_have_count(0)  # Menu should not exist yet
    if test_type == "ContextMenu":
        activator_el.click(button="right")
    else:
        activator_el.click()

    page_session.wait_for_timeout(350)  # Wait for any animations after click  # expect: VDX004
    expect(page_session.locator(".test-class-menu")).to_be_in_viewport()  # Menu should be visible now

    if test_type == "ContextMenu":
        activator_el.click(button="right")
        page_session.wait_for_timeout(350)  # expect: VDX004
        expect(page_session.locator(".test-class-menu")).to_be_in_viewport()
    else:
        activator_el.click()
        page_session.wait_for_timeout(350)  # expect: VDX004
        expect(page_session.locator(".test-class-menu")).not_to_be_in_viewport()  # After second click, Menu and ClickMenu should disappear
