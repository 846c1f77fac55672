"""`verdex lint` as CI and pre-commit run it: a subprocess, its output and its exit status."""

import json
from importlib.metadata import version
from pathlib import Path

BAD = """from playwright.sync_api import Page


def test_cart(page: Page) -> None:
    page.click("#add")
    page.wait_for_timeout(500)
    assert page.locator(".badge").is_visible()
"""
GOOD = """from playwright.sync_api import Page, expect


def test_cart(page: Page) -> None:
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_test_id("badge")).to_have_text("1")
"""


def project(tmp_path: Path, **files: str) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_clean_files_exit_zero(lint, tmp_path: Path) -> None:
    result = lint(".", cwd=project(tmp_path, **{"test_good.py": GOOD}))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "All checks passed!\n"


def test_findings_print_path_line_col_code_and_exit_one(lint, tmp_path: Path) -> None:
    result = lint("test_bad.py", cwd=project(tmp_path, **{"test_bad.py": BAD}))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "test_bad.py:5:5: VDX010 [*] Page-level action with a selector string; act through a locator"
    assert lines[1] == ("test_bad.py:6:5: VDX004 Hard wait `page.wait_for_timeout(500)`; wait for the condition;"
                        " if nothing may change, assert it before too")
    assert lines[2].startswith("test_bad.py:7:5: VDX006 [*] ")
    assert all(len(line.split(": ", 1)[1]) <= 120 for line in lines[:3])
    assert lines[3:] == ["Found 3 findings in 1 file.", "[*] 2 fixable with the `--fix` option."]


def test_default_path_is_the_current_directory(lint, tmp_path: Path) -> None:
    result = lint(cwd=project(tmp_path, **{"tests/test_bad.py": BAD}))
    assert result.returncode == 1
    assert result.stdout.startswith("tests/test_bad.py:5:5: VDX010")


def test_exit_zero(lint, tmp_path: Path) -> None:
    result = lint("--exit-zero", cwd=project(tmp_path, **{"test_bad.py": BAD}))
    assert result.returncode == 0
    assert "Found 3 findings" in result.stdout


def test_select_and_ignore(lint, tmp_path: Path) -> None:
    root = project(tmp_path, **{"test_bad.py": BAD})
    selected = lint("--select", "VDX004,VDX006", "--ignore", "VDX006", cwd=root)
    assert [line.split()[1] for line in selected.stdout.splitlines()[:-1]] == ["VDX004"]


def test_unknown_rule_is_a_usage_error(lint, tmp_path: Path) -> None:
    result = lint("--select", "VDX999", cwd=project(tmp_path, **{"test_bad.py": BAD}))
    assert result.returncode == 2
    assert "unknown rule code or prefix 'VDX999'" in result.stderr
    assert result.stdout == ""


def test_unknown_option_is_a_usage_error(lint, tmp_path: Path) -> None:
    result = lint("--frobnicate", cwd=tmp_path)
    assert result.returncode == 2
    assert "unrecognized arguments: --frobnicate" in result.stderr


def test_pyproject_configuration_is_read(lint, tmp_path: Path) -> None:
    root = project(
        tmp_path,
        **{"pyproject.toml": '[tool.verdex.lint]\nignore = ["VDX010", "VDX006"]\n', "tests/test_bad.py": BAD},
    )
    result = lint("tests", cwd=root)
    assert [line.split()[1] for line in result.stdout.splitlines()[:-1]] == ["VDX004"]


def test_explicit_config_file_and_bad_config(lint, tmp_path: Path) -> None:
    root = project(tmp_path, **{"lint.toml": "[tool.verdex.lint]\nselect = 3\n", "test_bad.py": BAD})
    result = lint("--config", "lint.toml", cwd=root)
    assert result.returncode == 2
    assert "lint.toml: [tool.verdex.lint]: select" in result.stderr


def test_fix_rewrites_files_and_reports_what_is_left(lint, tmp_path: Path) -> None:
    root = project(tmp_path, **{"test_bad.py": BAD})
    result = lint("--fix", cwd=root)
    assert result.returncode == 1
    assert (root / "test_bad.py").read_text() == BAD.replace(
        'page.click("#add")', 'page.locator("#add").click()'
    ).replace('assert page.locator(".badge").is_visible()', 'expect(page.locator(".badge")).to_be_visible()').replace(
        "import Page\n", "import Page, expect\n"
    )
    assert result.stdout.splitlines() == [
        result.stdout.splitlines()[0],
        "Fixed 2 findings.",
        "Found 1 finding in 1 file.",
    ]
    assert result.stdout.startswith("test_bad.py:6:5: VDX004")


def test_fix_keeps_crlf_line_endings(lint, tmp_path: Path) -> None:
    path = tmp_path / "test_crlf.py"
    path.write_bytes(b'def test_x(page):\r\n    page.click("#a")\r\n')
    assert lint("--fix", cwd=tmp_path).returncode == 0
    assert path.read_bytes() == b'def test_x(page):\r\n    page.locator("#a").click()\r\n'


def test_diff_prints_fixes_without_writing(lint, tmp_path: Path) -> None:
    root = project(tmp_path, **{"test_bad.py": BAD})
    result = lint("--diff", cwd=root)
    assert result.returncode == 1
    assert (root / "test_bad.py").read_text() == BAD
    assert result.stdout.startswith("--- a/test_bad.py\n+++ b/test_bad.py\n")
    assert '+    page.locator("#add").click()\n' in result.stdout
    assert "Would fix 1 file." in result.stderr


def test_diff_with_nothing_to_fix_exits_zero(lint, tmp_path: Path) -> None:
    result = lint("--diff", cwd=project(tmp_path, **{"test_good.py": GOOD}))
    assert result.returncode == 0
    assert result.stdout == ""


def test_statistics(lint, tmp_path: Path) -> None:
    result = lint("--statistics", cwd=project(tmp_path, **{"a.py": BAD, "b.py": BAD}))
    assert result.stdout.splitlines()[:3] == [
        "    2\tVDX004\thard-wait",
        "    2\tVDX006\t[*] non-retrying-assertion",
        "    2\tVDX010\t[*] page-level-action",
    ]


def test_json_format(lint, tmp_path: Path) -> None:
    result = lint("--format", "json", cwd=project(tmp_path, **{"test_bad.py": BAD}))
    document = json.loads(result.stdout)
    assert [f["rule"] for f in document["findings"]] == ["VDX010", "VDX004", "VDX006"]
    assert document["findings"][0] | {"explanation": "", "fingerprint": ""} == {
        "rule": "VDX010",
        "message": "Page-level action with a selector string; act through a locator",
        "explanation": "",
        "path": "test_bad.py",
        "line": 5,
        "col": 5,
        "end_line": 5,
        "end_col": 23,
        "fixable": True,
        "severity": "warning",
        "fingerprint": "",
    }
    assert document["findings"][0]["explanation"].startswith("A page-level action such as")
    assert document["errors"] == []


def test_sarif_format(lint, tmp_path: Path) -> None:
    result = lint("--format", "sarif", cwd=project(tmp_path, **{"test_bad.py": BAD, "test_broken.py": "def (:\n"}))
    run = json.loads(result.stdout)["runs"][0]
    assert {rule["id"] for rule in run["tool"]["driver"]["rules"]} >= {"VDX001", "VDX014"}
    first = run["results"][0]
    assert first["ruleId"] == "VDX010" and first["level"] == "warning"
    assert first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "test_bad.py"
    assert first["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 5,
        "startColumn": 5,
        "endLine": 5,
        "endColumn": 23,
    }
    [notification] = run["invocations"][0]["toolExecutionNotifications"]
    assert notification["message"]["text"] == "syntax error: invalid syntax"
    assert notification["locations"][0]["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 5}


def test_sarif_names_the_tool_version_and_explains_each_rule(lint, tmp_path: Path) -> None:
    run = json.loads(lint("--format", "sarif", cwd=project(tmp_path, **{"test_bad.py": BAD})).stdout)["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["version"] == version("verdex") and driver["informationUri"].endswith("docs/lint.md")
    rule = next(rule for rule in driver["rules"] if rule["id"] == "VDX010")
    assert rule["shortDescription"]["text"] == "Page-level action with a selector string; act through a locator"
    assert rule["help"]["text"].startswith("A page-level action") and rule["help"]["markdown"]
    assert rule["helpUri"].endswith("docs/lint.md#vdx010")
    assert all(set(result["partialFingerprints"]) == {"verdexFindingHash/v1"} for result in run["results"])


def test_sarif_fingerprints_survive_lines_moving_and_tell_identical_lines_apart(lint, tmp_path: Path) -> None:
    def fingerprints(source: str) -> list[str]:
        (tmp_path / "test_bad.py").write_text(source)
        results = json.loads(lint("--format", "sarif", cwd=tmp_path).stdout)["runs"][0]["results"]
        return [result["partialFingerprints"]["verdexFindingHash/v1"] for result in results]

    twice = BAD + "\n\ndef test_again(page: Page) -> None:\n    page.wait_for_timeout(500)\n"
    before = fingerprints(twice)
    after = fingerprints(twice.replace("def test_cart", "# a comment\n\n\ndef test_cart"))
    assert before == after and len(set(before)) == len(before) == 4


def test_github_format(lint, tmp_path: Path) -> None:
    result = lint("--format", "github", cwd=project(tmp_path, **{"test_bad.py": BAD}))
    lines = result.stdout.splitlines()
    assert lines[0].startswith(
        "::warning file=test_bad.py,line=5,col=5,endLine=5,endColumn=23,title=VDX010 page-level-action::"
    )
    assert lines[1].startswith("::error file=test_bad.py,line=6,col=5,")
    assert len(lines) == 3


def test_module_and_help(lint, tmp_path: Path) -> None:
    result = lint("--help", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: verdex lint")


def test_pre_commit_hook_points_at_the_module() -> None:
    hooks = (Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text()
    assert "id: verdex-lint\n" in hooks
    assert "entry: python -m verdex.lint\n" in hooks
    assert "types: [python]" in hooks


def test_no_python_files_is_a_warning(lint, tmp_path: Path) -> None:
    result = lint(cwd=project(tmp_path, **{"README.md": "# nothing to lint\n"}))
    assert result.returncode == 0
    assert result.stderr == "verdex lint: warning: no Python files found in .\n"


# ------------------------------------------------------------- ruff's and eslint's conventions
def test_the_default_set_is_the_recommended_one_and_all_adds_the_opt_in_rules(lint, tmp_path) -> None:
    (tmp_path / "test_rows.py").write_text("def test_rows(page):\n    page.get_by_role('row').nth(2).click()\n")
    assert lint(".", cwd=tmp_path).returncode == 0                            # VDX001 is opt-in, as in eslint
    everything = lint(".", "--select", "ALL", cwd=tmp_path)
    assert everything.returncode == 1 and "VDX001" in everything.stdout


def test_fail_on_error_lets_warnings_pass_and_errors_fail(lint, tmp_path) -> None:
    (tmp_path / "test_x.py").write_text("def test_x(page):\n    page.locator('#a > div > span').click()\n")
    assert lint(".", "--fail-on", "error", cwd=tmp_path).returncode == 0      # VDX002 is a warning
    (tmp_path / "test_y.py").write_text("def test_y(page):\n    page.wait_for_timeout(500)\n")
    assert lint(".", "--fail-on", "error", cwd=tmp_path).returncode == 1      # VDX004 is an error


def test_output_format_is_the_option_and_format_its_alias(lint, tmp_path) -> None:
    (tmp_path / "test_y.py").write_text("def test_y(page):\n    page.wait_for_timeout(500)\n")
    long, short = lint(".", "--output-format", "json", cwd=tmp_path), lint(".", "--format", "json", cwd=tmp_path)
    assert json.loads(long.stdout) == json.loads(short.stdout) and json.loads(long.stdout)["findings"]


def test_explain_and_version(lint, tmp_path) -> None:
    explained = lint("--explain", "vdx004", cwd=tmp_path)
    assert explained.returncode == 0 and explained.stdout.startswith("VDX004 (") and "Flagged:" in explained.stdout
    assert lint("--explain", "VDX999", cwd=tmp_path).returncode == 2
    assert lint("--version", cwd=tmp_path).stdout.startswith("verdex lint ")


def test_settings_are_found_from_the_linted_path_not_the_current_directory(lint, tmp_path) -> None:
    project = tmp_path / "project"
    (project / "tests").mkdir(parents=True)
    (project / "pyproject.toml").write_text('[tool.verdex.lint]\nselect = ["ALL"]\n')
    (project / "tests" / "test_rows.py").write_text("def test_rows(page):\n    page.get_by_role('row').nth(2).click()\n")
    result = lint("project/tests", cwd=tmp_path)                               # run from outside the project
    assert result.returncode == 1 and "VDX001" in result.stdout
