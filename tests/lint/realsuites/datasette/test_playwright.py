# Excerpt of simonw/datasette tests/test_playwright.py at commit 481df7ff6d78a8ccf919984d27f27201b081bd53
# Licence: Apache-2.0 (the text is in tests/lint/realsuites/LICENSES/). Copyright Simon Willison and the Datasette contributors (no copyright line in LICENSE).
# Changed from the original: only the imports, fixtures, constants and the tests around the findings
# are kept, and each line where a finding is right carries a hand-made label (see README.md).

import base64


import json


import socket


import subprocess


import sys


import time


import httpx


import pytest


from datasette.fixtures import write_fixture_database


from datasette.utils.sqlite import sqlite3


PNG_1X1_BYTES = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+/p9sAAAAASUVORK5CYII="
)


@pytest.fixture
def datasette_server(tmp_path):
    fixtures_db_path = tmp_path / "fixtures.db"
    write_fixture_database(str(fixtures_db_path))
    data_db_path = tmp_path / "data.db"
    write_playwright_database(str(data_db_path))
    config_path = tmp_path / "datasette.json"
    write_playwright_config(config_path)
    plugins_dir = tmp_path / "plugins"
    write_playwright_plugin(plugins_dir)
    port = find_free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "datasette",
            str(fixtures_db_path),
            str(data_db_path),
            "--config",
            str(config_path),
            "--plugins-dir",
            str(plugins_dir),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--setting",
            "num_sql_threads",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_server(process, url)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.mark.playwright
def test_datasette_homepage_contains_datasette(page, datasette_server):
    page.goto(datasette_server)
    assert "Datasette" in page.locator("body").inner_text()  # expect: VDX006


@pytest.mark.playwright
def test_create_table_flow(page, datasette_server):
    page.goto(f"{datasette_server}data")
    page.locator("details.actions-menu-links summary").click()
    page.locator('button[data-database-action="create-table"]').click()

    dialog = page.locator("#table-create-dialog")
    dialog.wait_for()
    assert dialog.locator(".modal-title").inner_text() == "Create a table in data"  # expect: VDX006
    placeholder_select = dialog.locator(".table-create-custom-column-type").nth(0)  # not VDX001: the rows have no other identity; the position is what is meant
    assert placeholder_select.input_value() == ""  # expect: VDX006
    assert (  # expect: VDX006
        placeholder_select.locator("option:checked").inner_text() == "- custom type -"
    )
    assert "table-create-input-placeholder" in placeholder_select.get_attribute("class")  # expect: VDX006
    assert (  # expect: VDX006
        dialog.locator(".table-create-column-name").nth(0).get_attribute("placeholder")  # not VDX001: the rows have no other identity; the position is what is meant
        == "column name"
    )
    assert dialog.locator(".table-create-column-main").first.evaluate(  # not VDX001: checks the layout of the first row, on purpose
        """node => {
            const inputHeight = node.querySelector(
                ".table-create-column-name"
            ).getBoundingClientRect().height;
            const selectHeight = node.querySelector(
                ".table-create-column-type"
            ).getBoundingClientRect().height;
            return Math.abs(inputHeight - selectHeight) <= 1;
        }""")
    dialog.locator('input[name="table"]').fill("playwright_created")
    dialog.locator(".table-create-column-name").nth(1).fill("title")  # not VDX001: the rows have no other identity; the position is what is meant
    dialog.locator(".table-create-more-options").nth(1).click()  # not VDX001: the rows have no other identity; the position is what is meant
    dialog.locator(".table-create-not-null-input").nth(1).check()  # not VDX001: the rows have no other identity; the position is what is meant
    title_defaults = dialog.locator(".table-create-default-options").nth(1)  # not VDX001: the rows have no other identity; the position is what is meant
    assert title_defaults.locator("summary").inner_text() == "Set a default value"  # expect: VDX006
    title_defaults.locator("summary").click()
    assert "or default to a specific value" in title_defaults.inner_text()  # expect: VDX006
    title_default_expr = title_defaults.locator(".table-create-default-expr")
    title_default_input = title_defaults.locator(".table-create-default")
    assert (  # expect: VDX006
        "Current timestamp in UTC, e.g. 2026-05-01 13:34:00"
        in title_default_expr.locator("option").nth(1).inner_text()  # not VDX001: the rows have no other identity; the position is what is meant
    )
    title_default_expr.select_option("current_timestamp")
    assert title_default_input.is_enabled()  # expect: VDX006
    title_default_input.fill("Untitled")
    assert title_default_expr.input_value() == ""  # expect: VDX006
    dialog.locator(".table-create-add-column").click()
    dialog.locator(".table-create-column-name").nth(2).fill("score")  # not VDX001: the rows have no other identity; the position is what is meant
    dialog.locator(".table-create-column-type").nth(2).select_option("integer")  # not VDX001: the rows have no other identity; the position is what is meant
    dialog.locator(".table-create-add-column").click()
    dialog.locator(".table-create-column-name").nth(3).fill("metadata")  # not VDX001: the rows have no other identity; the position is what is meant
    dialog.locator(".table-create-column-type").nth(3).select_option("integer")  # not VDX001: the rows have no other identity; the position is what is meant
    dialog.locator(".table-create-more-options").nth(3).click()  # not VDX001: the rows have no other identity; the position is what is meant
    dialog.locator(".table-create-custom-column-type").nth(3).select_option("json")  # not VDX001: the rows have no other identity; the position is what is meant
    assert dialog.locator(".table-create-column-type").nth(3).input_value() == "text"  # expect: VDX006  # not VDX001: the rows have no other identity; the position is what is meant
    assert "table-create-input-placeholder" not in dialog.locator(  # expect: VDX006
        ".table-create-custom-column-type"
    ).nth(3).get_attribute("class")  # not VDX001: the rows have no other identity; the position is what is meant

    dialog.locator(".table-create-save").click()
    page.wait_for_url("**/data/playwright_created")
    assert "playwright_created" in page.locator("h1").inner_text()  # expect: VDX006

    response = httpx.get(
        f"{datasette_server}data/playwright_created.json?_extra=columns,column_types"
    )
    response.raise_for_status()
    data = response.json()
    assert data["columns"] == [
        "id",
        "title",
        "score",
        "metadata",
    ]
    assert data["column_types"] == {
        "metadata": {"type": "json", "config": None},
    }
    schema_response = httpx.get(
        f"{datasette_server}data/-/query.json",
        params={
            "sql": (
                "select sql from sqlite_master where type = 'table' "
                "and name = 'playwright_created'"
            )
        },
    )
    schema_response.raise_for_status()
    schema = schema_response.json()["rows"][0]["sql"]
    assert "title" in schema
    assert "NOT NULL DEFAULT 'Untitled'" in schema


@pytest.mark.playwright
def test_create_table_foreign_key_selection_updates_column_type(page, datasette_server):
    page.goto(f"{datasette_server}data")
    page.locator("details.actions-menu-links summary").click()
    page.locator('button[data-database-action="create-table"]').click()

    dialog = page.locator("#table-create-dialog")
    dialog.wait_for()
    dialog.locator(".table-create-more-options").nth(1).click()  # not VDX001: the rows have no other identity; the position is what is meant

    column_name = dialog.locator(".table-create-column-name").nth(1)  # not VDX001: the rows have no other identity; the position is what is meant
    type_select = dialog.locator(".table-create-column-type").nth(1)  # not VDX001: the rows have no other identity; the position is what is meant
    foreign_key_select = dialog.locator(".table-create-foreign-key-target").nth(1)  # not VDX001: the rows have no other identity; the position is what is meant
    assert column_name.input_value() == ""  # expect: VDX006
    assert type_select.input_value() == "text"  # expect: VDX006

    foreign_key_select.select_option("projects\u001fid")
    assert column_name.input_value() == "projects_id"  # expect: VDX006
    assert type_select.input_value() == "integer"  # expect: VDX006
    assert foreign_key_select.input_value() == "projects\u001fid"  # expect: VDX006


@pytest.mark.playwright
def test_alter_table_review_rename_table(page, datasette_server):
    page.goto(f"{datasette_server}data/projects")
    page.locator("details.actions-menu-links summary").click()
    page.locator('button[data-table-action="alter-table"]').click()

    dialog = page.locator("#table-alter-dialog")
    dialog.wait_for()
    save = dialog.locator(".table-alter-save")
    rename_details = dialog.locator(".table-alter-table-options")
    assert rename_details.locator("summary").inner_text() == "Rename table"  # expect: VDX006
    assert not dialog.locator(".table-alter-table-name").is_visible()  # expect: VDX006
    assert save.is_disabled()  # expect: VDX006

    rename_details.locator("summary").click()
    table_name = dialog.locator(".table-alter-table-name")
    assert table_name.input_value() == "projects"  # expect: VDX006
    assert table_name.get_attribute("placeholder") == "table name"  # expect: VDX006
    table_name.fill("projects_archive")
    assert save.is_enabled()  # expect: VDX006
    save.click()

    review = dialog.locator(".table-alter-review")
    review.wait_for()
    assert "Rename table to projects_archive." in review.inner_text()  # expect: VDX006
    assert dialog.locator(".table-alter-review-name").all_inner_texts() == [  # expect: VDX006
        "projects_archive",
    ]


@pytest.mark.playwright
def test_alter_table_cancel_skips_discard_prompt(page, datasette_server):
    def open_alter_dialog():
        page.locator("details.actions-menu-links").evaluate("node => node.open = true")  # expect: VDX020  # opens the menu through the DOM instead of clicking its summary
        page.locator('button[data-table-action="alter-table"]').click()
        dialog = page.locator("#table-alter-dialog")
        dialog.wait_for()
        return dialog

    page.goto(f"{datasette_server}data/projects")
    page.evaluate("""
        () => {
            window.__discardConfirmMessages = [];
            window.confirm = (message) => {
                window.__discardConfirmMessages.push(message);
                return false;
            };
        }
        """)

    dialog = open_alter_dialog()
    dialog.locator(".table-alter-add-column").click()
    dialog.locator(".table-alter-column-name").last.fill("cancel_me")  # not VDX001: the row just added is the last one, on purpose
    dialog.locator(".table-alter-cancel").click()
    assert dialog.evaluate("node => node.open") is False
    assert page.evaluate("() => window.__discardConfirmMessages") == []

    dialog = open_alter_dialog()
    dialog.locator(".table-alter-add-column").click()
    dialog.locator(".table-alter-column-name").last.fill("escape_me")  # not VDX001: the row just added is the last one, on purpose
    page.keyboard.press("Escape")
    assert page.evaluate("() => window.__discardConfirmMessages") == [
        "Discard table changes?"
    ]
    assert dialog.evaluate("node => node.open") is True

    page.evaluate("() => window.__discardConfirmMessages = []")
    dialog.evaluate(  # expect: VDX020
        """node => node.dispatchEvent(new MouseEvent("click", {bubbles: true}))"""
    )
    assert page.evaluate("() => window.__discardConfirmMessages") == [
        "Discard table changes?"
    ]
    assert dialog.evaluate("node => node.open") is True


@pytest.mark.playwright
def test_bulk_insert_preview_inserts_rows(page, datasette_server):
    page.goto(f"{datasette_server}data/projects")
    page.locator('button[data-table-action="insert-row"]').click()

    dialog = page.locator("#row-edit-dialog")
    dialog.wait_for()
    dialog.locator(".row-edit-bulk-insert").click()
    dialog.locator(".row-edit-bulk-textarea").fill(
        json.dumps(
            {
                "metadata": [{"title": "Ignored", "metadata": "{}"}],
                "projects": [
                    {"title": "Bulk one", "metadata": "{}"},
                    {"title": "Bulk two", "metadata": "{}"},
                ],
            }
        )
    )
    dialog.locator(".row-edit-save").click()
    assert dialog.locator(".row-edit-save").inner_text() == "Insert these rows"  # expect: VDX006
    dialog.locator(".row-edit-save").click()
    dialog.locator(
        ".row-edit-bulk-progress-status", has_text="2 rows inserted."  # not VDX012: the count is exactly what the test waits for
    ).wait_for()
    assert dialog.locator(".row-edit-cancel").inner_text() == "Close and view table"  # expect: VDX006
    dialog.locator(".row-edit-cancel").click()
    page.wait_for_load_state("domcontentloaded")
    assert page.url == f"{datasette_server}data/projects"  # expect: VDX006

    assert project_rows(datasette_server, title="Bulk one")
    assert project_rows(datasette_server, title="Bulk two")


@pytest.mark.playwright
def test_bulk_insert_live_validation_reports_unknown_columns(page, datasette_server):
    dialog = open_bulk_insert_dialog(page, f"{datasette_server}data/projects")
    textarea = dialog.locator(".row-edit-bulk-textarea")
    error = dialog.locator(".row-edit-error")
    save = dialog.locator(".row-edit-save")

    textarea.fill(json.dumps([{"id2": 1, "title": "Unknown column"}]))
    error.wait_for()
    assert error.inner_text() == "JSON row 1 has unknown column id2."  # expect: VDX006
    assert save.is_disabled()  # expect: VDX006
    assert textarea.evaluate("node => document.activeElement === node")

    textarea.fill("id2,title\n1,Unknown column")
    assert error.inner_text() == "Unknown column id2 in header row."  # expect: VDX006
    assert save.is_disabled()  # expect: VDX006

    textarea.fill("[")
    assert error.is_hidden()  # expect: VDX006
    assert not save.is_disabled()  # expect: VDX006

    textarea.fill(json.dumps([{"id": 1, "title": "Known column"}]))
    assert error.is_hidden()  # expect: VDX006
    assert not save.is_disabled()  # expect: VDX006
    assert dialog.locator(".row-edit-bulk-conflict").is_visible()  # expect: VDX006
    assert dialog.locator(".row-edit-bulk-conflict-mode").input_value() == "ignore"  # expect: VDX006


@pytest.mark.playwright
def test_bulk_insert_omits_columns_absent_from_pasted_input(page, datasette_server):
    page.goto(f"{datasette_server}data/bulk_defaults")
    page.locator('button[data-table-action="insert-row"]').click()

    dialog = page.locator("#row-edit-dialog")
    dialog.wait_for()
    dialog.locator(".row-edit-bulk-insert").click()
    dialog.locator(".row-edit-bulk-textarea").fill("title\nOnly title")
    dialog.locator(".row-edit-save").click()

    assert dialog.locator(".row-edit-save").inner_text() == "Insert these rows"  # expect: VDX006
    preview_text = dialog.locator(".row-edit-bulk-preview-table").inner_text()
    assert "Only title" in preview_text  # expect: VDX006
    assert "undefined" not in preview_text  # expect: VDX006
    assert dialog.locator(".row-edit-bulk-preview-auto").inner_text() == "auto"  # expect: VDX006

    dialog.locator(".row-edit-save").click()
    dialog.locator(
        ".row-edit-bulk-progress-status", has_text="1 row inserted."  # not VDX012: the count is exactly what the test waits for
    ).wait_for()

    rows = bulk_default_rows(datasette_server, title="Only title")
    assert rows == [
        {
            "id": 1,
            "title": "Only title",
            "status": "todo",
            "score": 5,
        }
    ]


@pytest.mark.playwright
def test_edit_row_flow_validates_json_and_saves_changes(page, datasette_server):
    page.goto(f"{datasette_server}data/projects")
    page.locator('tr[data-row="1"] button[data-row-action="edit"]').click()

    dialog = page.locator("#row-edit-dialog")
    dialog.wait_for()
    assert dialog.locator(".row-edit-bulk-insert").is_hidden()  # expect: VDX006
    assert dialog.locator(".row-edit-single-insert").is_hidden()  # expect: VDX006
    assert dialog.locator(".row-edit-bulk").is_hidden()  # expect: VDX006
    title = dialog.locator('input[name="title"]')
    title.wait_for()
    title.fill("Build Datasette, edited")

    metadata = dialog.locator('textarea[name="metadata"]')
    metadata.fill("{")
    dialog.locator(
        ".row-edit-field-validation-error", has_text="Invalid JSON"
    ).wait_for()
    dialog.locator(".row-edit-save").click()
    assert dialog.evaluate("node => node.open")
    assert project_row(datasette_server, 1)["title"] == "Build Datasette"

    metadata.fill('{"ok": true, "edited": true}')
    dialog.locator(
        ".row-edit-field-validation-error", has_text="Invalid JSON"
    ).wait_for(state="hidden")
    dialog.locator('textarea[name="notes"]').fill("Edited from Playwright")
    asset = dialog.locator(".playwright-asset-picker")
    asset.wait_for()
    assert asset.get_attribute("data-mode") == "edit"  # expect: VDX006
    asset.locator(".playwright-asset-select").click()

    dialog.locator(".row-edit-save").click()
    page.locator(".row-mutation-status", has_text="Updated row 1").wait_for()
    row = page.locator('tr[data-row="1"]')
    assert "Build Datasette, edited" in row.inner_text()  # expect: VDX006

    data = project_row(datasette_server, 1)
    assert data["title"] == "Build Datasette, edited"
    assert data["metadata"] == '{"ok": true, "edited": true}'
    assert data["logo"] == "asset-from-plugin"
    assert data["notes"] == "Edited from Playwright"


@pytest.mark.playwright
def test_delete_row_flow_removes_row(page, datasette_server):
    page.goto(f"{datasette_server}data/projects")
    page.locator('tr[data-row="1"] button[data-row-action="delete"]').click()

    dialog = page.locator("#row-delete-dialog")
    dialog.wait_for()
    assert "Delete row 1" in dialog.inner_text()  # expect: VDX006
    dialog.locator(".row-delete-confirm").click()

    page.locator(".row-mutation-status", has_text="Deleted row 1").wait_for()
    page.locator('tr[data-row="1"]').wait_for(state="detached")
    assert project_rows(datasette_server, id=1) == []
