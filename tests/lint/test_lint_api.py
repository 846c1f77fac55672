"""The Python API that the MCP tool and the CLI share."""

import subprocess
import sys
from pathlib import Path

import verdex.lint
from verdex.lint import Finding, LintConfig, LintResult, fix_source, lint_paths, lint_source

REPO = Path(__file__).resolve().parents[2]

SOURCE = """from playwright.sync_api import Page


def test_buy(page: Page) -> None:
    page.click("#buy")
    page.wait_for_timeout(500)
"""


def test_exported_surface_changes_only_on_purpose() -> None:
    assert verdex.lint.__all__ == [
        "ALL_RULES",
        "ConfigError",
        "Finding",
        "LintConfig",
        "LintResult",
        "SourceError",
        "fix_source",
        "lint_paths",
        "lint_source",
        "load_config",
    ]


def test_lint_source_reports_rule_position_and_fixability() -> None:
    result = lint_source(SOURCE, path="tests/test_buy.py")
    assert result == LintResult(
        path="tests/test_buy.py",
        findings=[
            Finding(
                rule="VDX010",
                message=result.findings[0].message,
                explanation=result.findings[0].explanation,
                path="tests/test_buy.py",
                line=5,
                col=5,
                end_line=5,
                end_col=23,
                fixable=True,
                severity="warning",
                fingerprint=result.findings[0].fingerprint,
            ),
            Finding(
                rule="VDX004",
                message=result.findings[1].message,
                explanation=result.findings[1].explanation,
                path="tests/test_buy.py",
                line=6,
                col=5,
                end_line=6,
                end_col=31,
                fixable=False,
                severity="error",
                fingerprint=result.findings[1].fingerprint,
            ),
        ],
    )


def test_messages_are_one_line_and_explanations_say_why_and_what_instead() -> None:
    wait = lint_source(SOURCE).findings[1]
    assert wait.message == ("Hard wait `page.wait_for_timeout(500)`; wait for the condition;"
                            " if nothing may change, assert it before too")
    assert "fixed time" in wait.explanation and "expect(" in wait.explanation


def test_findings_serialise_for_the_mcp_tool() -> None:
    dumped = lint_source(SOURCE).model_dump(mode="json")
    assert set(dumped) == {"path", "findings", "error", "error_line", "error_col"}
    assert set(dumped["findings"][0]) == {
        "rule",
        "message",
        "explanation",
        "path",
        "line",
        "col",
        "end_line",
        "end_col",
        "fixable",
        "severity",
        "fingerprint",
    }


def test_code_that_does_not_parse_is_an_error_not_an_exception() -> None:
    result = lint_source("def test_x(page):\n    page.click(\n")
    assert result.findings == []
    assert result.error == "syntax error: '(' was never closed"
    assert (result.error_line, result.error_col) == (2, 15)


def test_empty_source_is_clean() -> None:
    assert lint_source("") == LintResult(path="<string>")


def test_files_without_playwright_have_no_findings() -> None:
    assert lint_source("import time\n\ntime.sleep(1)\n").findings == []


def test_fix_source_applies_safe_fixes() -> None:
    fixed = fix_source(SOURCE)
    assert 'page.locator("#buy").click()' in fixed
    assert "page.wait_for_timeout(500)" in fixed  # not provably safe to remove


def test_fix_source_reaches_a_fixed_point_through_dependent_fixes() -> None:
    source = 'def test_toast(page) -> None:\n    assert page.is_visible("#toast")\n'
    assert fix_source(source) == (
        "from playwright.sync_api import expect\n\n\n"
        'def test_toast(page) -> None:\n    expect(page.locator("#toast")).to_be_visible()\n'
    )


def test_fix_source_leaves_noqa_alone() -> None:
    source = 'def test_x(page) -> None:\n    page.click("#buy")  # noqa: VDX010\n'
    assert fix_source(source) == source


def test_lint_paths_lints_a_directory_in_order(tmp_path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "a_test.py").write_text(SOURCE)
    (tmp_path / "b" / "test_b.py").write_text(SOURCE)
    (tmp_path / "notes.txt").write_text("page.click('#x')")
    results = lint_paths([str(tmp_path)])
    assert [r.path for r in results] == [str(tmp_path / "a_test.py"), str(tmp_path / "b" / "test_b.py")]
    assert all(len(r.findings) == 2 for r in results)


def test_lint_paths_honours_config(tmp_path) -> None:
    (tmp_path / "test_x.py").write_text(SOURCE)
    [result] = lint_paths([str(tmp_path)], LintConfig(ignore=("VDX004",)))
    assert [finding.rule for finding in result.findings] == ["VDX010"]


def test_the_linter_never_imports_playwright() -> None:
    # verdex/__init__.py (the browser side) may import Playwright; verdex.lint must not need it.
    code = (
        "import sys, types, pathlib\n"
        "package = types.ModuleType('verdex')\n"
        f"package.__path__ = [{str(REPO / 'verdex')!r}]\n"
        "sys.modules['verdex'] = package\n"
        "import verdex.lint, verdex.lint.cli\n"
        f"verdex.lint.lint_source({SOURCE!r})\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] == 'playwright']\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_bug_in_a_rule_is_an_error_result_not_an_exception(monkeypatch) -> None:
    from verdex.lint.rules.waits import HardWait

    def broken(self, node) -> None:
        raise ValueError("boom")

    monkeypatch.setattr(HardWait, "visit_Call", broken)
    result = lint_source(SOURCE)
    assert result.error == "internal error: ValueError: boom"


def test_lint_paths_takes_one_path_or_path_objects(tmp_path) -> None:
    (tmp_path / "test_x.py").write_text(SOURCE)
    assert lint_paths(tmp_path) == lint_paths(str(tmp_path)) == lint_paths([Path(tmp_path)])


def test_the_process_pool_gives_the_same_results_in_the_same_order(tmp_path, monkeypatch) -> None:
    import concurrent.futures   # the runner imports the pool when it needs one: one file starts faster

    corpus = REPO / "tests" / "lint" / "corpus"
    for copy in range(4):  # enough source for the pool to be used
        for path in sorted(corpus.rglob("*.py")):
            (tmp_path / f"{copy}_{path.parent.name}_{path.name}").write_text(path.read_text())
    (tmp_path / "0_broken.py").write_text("def (:\n")
    pools = []

    class CountingPool(concurrent.futures.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs) -> None:
            pools.append(kwargs["max_workers"])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", CountingPool)
    pooled = lint_paths([str(tmp_path)], jobs=2)
    assert pools == [2]
    assert pooled == lint_paths([str(tmp_path)], jobs=1)
    assert sum(len(result.findings) for result in pooled) > 700
